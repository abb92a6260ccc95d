import EdgeCasesAPI
import EndpointRuntime
import Foundation
import ShopAPI
import StorageAPI
import Testing

/// The generator writes `init(from:)`, `encode(to:)` and `==` out (against `ModelCodingKey`), where the compiler
/// would otherwise synthesize them. Each model here is compared with a mirror that declares the same properties
/// and JSON keys and lets the compiler synthesize all three: same values or same errors when decoding, the same
/// bytes when encoding, the same answers from `==` and the same hash values.
@Suite("Written-out Codable and == behave as the synthesized ones")
struct WrittenOutCodingTests {
    private struct SynthesizedCustomer: Codable, Hashable {
        var id: UUID
        var firstName: String
        var lastName: String
        var email: String
        var avatarId: String?
        var tier: Shop.Models.Tier
        var createdAt: Date

        enum CodingKeys: String, CodingKey {
            case id, firstName = "first_name", lastName = "last_name", email, avatarId = "avatar_id", tier
            case createdAt = "created_at"
        }
    }

    private struct SynthesizedOwner: Codable, Hashable {
        var login: String
        var visibility: Storage.Models.Visibility
        var bio: String??
    }

    /// What decoding gave: the value encoded again, or the error's kind, path and key, which is what a caller
    /// can act on (the error's text names the key's type, which differs).
    private func outcome<Model: Codable>(_ type: Model.Type, _ json: String) -> String {
        do {
            let value = try JSONCoding.makeDecoder().decode(Model.self, from: Data(json.utf8))
            return "value " + String(decoding: try JSONCoding.makeEncoder().encode(value), as: UTF8.self)
        } catch let error as DecodingError {
            func path(_ context: DecodingError.Context) -> String {
                context.codingPath.map(\.stringValue).joined(separator: ".")
            }
            switch error {
            case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at [\(path(context))]"
            case .valueNotFound(_, let context): return "valueNotFound at [\(path(context))]"
            case .typeMismatch(_, let context): return "typeMismatch at [\(path(context))]"
            case .dataCorrupted(let context): return "dataCorrupted at [\(path(context))]"
            @unknown default: return "\(error)"
            }
        } catch {
            return "\(error)"
        }
    }

    static let customers = [
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","first_name":"Ada","last_name":"Lovelace","email":"a@b.c","avatar_id":"x","tier":"gold","created_at":"2024-05-01T12:30:00.250Z"}"#,
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","first_name":"Ada","last_name":"L","email":"e","tier":"new","created_at":"2024-05-01T12:30:00Z","extra":[1]}"#,
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","first_name":"Ada","last_name":"L","email":"e","avatar_id":null,"tier":"gold","created_at":"2024-05-01T12:30:00Z"}"#,
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","first_name":"Ada","last_name":"L","tier":"gold","created_at":"2024-05-01T12:30:00Z"}"#,
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","first_name":"Ada","last_name":"L","email":null,"tier":"gold","created_at":"2024-05-01T12:30:00Z"}"#,
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","first_name":"Ada","last_name":"L","email":7,"tier":"gold","created_at":"2024-05-01T12:30:00Z"}"#,
        #"{"id":"not a uuid","first_name":"Ada","last_name":"L","email":"e","tier":"gold","created_at":"2024-05-01T12:30:00Z"}"#,
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","first_name":"Ada","last_name":"L","email":"e","avatar_id":5,"tier":"gold","created_at":"2024-05-01T12:30:00Z"}"#,
        #"["not", "an", "object"]"#,
        #"{}"#,
    ]

    @Test("decoding: the same values and the same errors", arguments: customers)
    func decodingCustomers(json: String) {
        #expect(outcome(Shop.Models.Customer.self, json) == outcome(SynthesizedCustomer.self, json))
    }

    @Test(
        "a nullable property: absent and null both decode as nil; nil is left out and .some(nil) is written as null",
        arguments: [
            #"{"login":"a","visibility":"private"}"#, #"{"login":"a","visibility":"private","bio":null}"#,
            #"{"login":"a","visibility":"private","bio":"b"}"#, #"{"login":"a","visibility":"private","bio":1}"#,
        ])
    func nullable(json: String) throws {
        #expect(outcome(Storage.Models.Owner.self, json) == outcome(SynthesizedOwner.self, json))
        let encoder = JSONCoding.makeEncoder()
        for bio: String?? in [nil, .some(nil), "b"] {
            let generated = try encoder.encode(Storage.Models.Owner(login: "a", visibility: .private, bio: bio))
            let synthesized = try encoder.encode(SynthesizedOwner(login: "a", visibility: .private, bio: bio))
            #expect(generated == synthesized)
        }
        let null = try encoder.encode(Storage.Models.Owner(login: "a", visibility: .private, bio: .some(nil)))
        #expect(String(decoding: null, as: UTF8.self).contains(#""bio":null"#))
    }

    @Test("== and hash(into:) answer as the synthesized ones, property by property")
    func equalityAndHashing() throws {
        let base = SynthesizedCustomer(
            id: UUID(), firstName: "Ada", lastName: "Lovelace", email: "a@b.c", avatarId: nil, tier: .gold,
            createdAt: Date(timeIntervalSince1970: 1))
        var variants = [base]
        for change in 0..<7 {
            var other = base
            switch change {
            case 0: other.id = UUID()
            case 1: other.firstName = "Grace"
            case 2: other.lastName = "Hopper"
            case 3: other.email = "g@h.i"
            case 4: other.avatarId = "x"
            case 5: other.tier = .unknown("platinum")
            default: other.createdAt = Date(timeIntervalSince1970: 2)
            }
            variants.append(other)
        }
        func generated(_ mirror: SynthesizedCustomer) -> Shop.Models.Customer {
            Shop.Models.Customer(
                id: mirror.id, firstName: mirror.firstName, lastName: mirror.lastName, email: mirror.email,
                avatarId: mirror.avatarId, tier: mirror.tier, createdAt: mirror.createdAt)
        }
        for lhs in variants {
            #expect(generated(lhs).hashValue == lhs.hashValue)
            for rhs in variants {
                #expect((generated(lhs) == generated(rhs)) == (lhs == rhs))
            }
        }
        #expect(Set(variants.map(generated)).count == variants.count)
    }

    @Test("recursive models: the box is coded as the value it holds, a nullable one keeps null apart from absent")
    func recursive() throws {
        typealias Node = EdgeCases.Models.Node
        let json = #"{"children":[],"parent":{"children":[{"children":[]}]},"previous":{"children":[]}}"#
        let node = try JSONCoding.makeDecoder().decode(Node.self, from: Data(json.utf8))
        #expect(node.parent?.children.count == 1)
        #expect(node.previous??.children == [])
        var detached = node
        detached.previous = .some(nil)
        let encoded = String(decoding: try JSONCoding.makeEncoder().encode(detached), as: UTF8.self)
        #expect(encoded.contains(#""previous":null"#))
        #expect(detached != node)
        detached.previous = nil
        #expect(!String(decoding: try JSONCoding.makeEncoder().encode(detached), as: UTF8.self).contains("previous"))
    }
}
