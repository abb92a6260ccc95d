import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Structures in forms and queries as bracketed keys, byte for byte.
@Suite("Nested objects, lists of objects and maps in forms and queries")
struct NestedFieldsTests {
    private let base = URL(string: "https://api.example.com/v1")!

    struct Address: Codable, Sendable {
        var line1: String?
        var city: String
        var postalCode: String?

        // Declared order, as generated models write it: line1, city, postal_code.
        enum CodingKeys: String, CodingKey {
            case line1, city
            case postalCode = "postal_code"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(line1, forKey: .line1)
            try container.encode(city, forKey: .city)
            try container.encodeIfPresent(postalCode, forKey: .postalCode)
        }
    }

    enum Kind: String, Codable, Sendable, ParameterValue {
        case euVAT = "eu_vat"
    }

    struct TaxID: Codable, Sendable {
        var type: Kind
        var value: String
        var tags: [String]
        var since: Date?
    }

    private func form(_ fields: [Parameter]) throws -> String {
        let body = try RequestBody.form(fields).encoded(with: JSONCoding.makeEncoder())
        #expect(body.contentType == "application/x-www-form-urlencoded")
        return String(decoding: body.data, as: UTF8.self)
    }

    @Test("an object: one key per property in declared order, nil properties left out, reserved characters escaped")
    func object() throws {
        let address = Address(line1: "1 Main St & Co", city: "Zürich", postalCode: nil)
        #expect(
            try form([Parameter("email", "a+b@example.com"), Parameter("address", nested: address)])
                == "email=a%2Bb%40example.com&address%5Bline1%5D=1+Main+St+%26+Co&address%5Bcity%5D=Z%C3%BCrich")
        #expect(try form([Parameter("address", nested: Address?.none)]).isEmpty)
    }

    @Test("a map: keys sorted, so the bytes never depend on hashing; reserved characters in keys and values escaped")
    func map() throws {
        let metadata = ["order_id": "6735", "a key=with&stuff": "x/y?z", "Ä": "ö"]
        #expect(
            try form([Parameter("metadata", nested: metadata)])
                == "metadata%5Ba+key%3Dwith%26stuff%5D=x%2Fy%3Fz&metadata%5Border_id%5D=6735&metadata%5B%C3%84%5D=%C3%B6"
        )
        #expect(try form([Parameter("metadata", nested: [String: String]())]).isEmpty)
    }

    @Test("a list of objects is indexed, lists inside objects too; enums and dates as text")
    func listOfObjects() throws {
        let since = Date(timeIntervalSince1970: 1_694_038_270)
        let ids = [
            TaxID(type: .euVAT, value: "DE123", tags: ["a", "b"], since: since),
            TaxID(type: .euVAT, value: "FR9", tags: [], since: nil),
        ]
        #expect(
            try form([Parameter("tax_id_data", nested: ids)])
                == "tax_id_data%5B0%5D%5Btype%5D=eu_vat&tax_id_data%5B0%5D%5Bvalue%5D=DE123"
                + "&tax_id_data%5B0%5D%5Btags%5D%5B0%5D=a&tax_id_data%5B0%5D%5Btags%5D%5B1%5D=b"
                + "&tax_id_data%5B0%5D%5Bsince%5D=2023-09-06T22%3A11%3A10Z"
                + "&tax_id_data%5B1%5D%5Btype%5D=eu_vat&tax_id_data%5B1%5D%5Bvalue%5D=FR9")
        #expect(
            try form([Parameter("grid", nested: [[1, 2], [3]])])
                == "grid%5B0%5D%5B0%5D=1&grid%5B0%5D%5B1%5D=2&grid%5B1%5D%5B0%5D=3")
    }

    @Test("a map key with a bracket is refused before anything is sent, naming the key")
    func bracketInKey() throws {
        let parameter = Parameter("metadata", nested: ["a]b": "1"])
        #expect(throws: Error.self) { try form([parameter]) }
        do {
            _ = try form([parameter])
        } catch {
            #expect("\(error)".contains("the key 'a]b' under 'metadata' cannot be sent"))
        }
        let endpoint = Endpoint<Void, any Error & Sendable>(method: .get, path: "/search", query: [parameter])
        #expect(throws: RequestBuildError.self) { try endpoint.urlRequest(baseURL: base) }
    }

    @Test("in the query: created[gte]=… beside plain items, and a value that is one piece of text under its name")
    func query() throws {
        struct Range: Codable, Sendable {
            var gte: Int?
            var lt: Int?
        }
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .get, path: "/customers",
            query: [
                Parameter("limit", 3), Parameter("created", nested: Range(gte: 1_694_038_270, lt: nil)),
                Parameter("exact", nested: 5),
            ])
        #expect(
            try endpoint.urlRequest(baseURL: base).url?.absoluteString
                == "https://api.example.com/v1/customers?limit=3&created%5Bgte%5D=1694038270&exact=5")
    }

    @Test("a list of text with brackets: the key with [] once per element, in the query and in a form")
    func brackets() throws {
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .get, path: "/items", query: [Parameter("expand", ["customer", "a&b"], arrayFormat: .brackets)])
        #expect(
            try endpoint.urlRequest(baseURL: base).url?.query == "expand%5B%5D=customer&expand%5B%5D=a%26b")
        #expect(try form([Parameter("types", ["card"], arrayFormat: .brackets)]) == "types%5B%5D=card")
        #expect(try form([Parameter("types", [String]?.none, arrayFormat: .brackets)]).isEmpty)
        #expect(Parameter("types", ["a", "b"], arrayFormat: .brackets).pairs.map(\.name) == ["types[]", "types[]"])
    }

    @Test("the generated form spreads a model, a map and a list of models; the query a union")
    func pairsAreReadable() throws {
        let parameter = Parameter("address", nested: Address(line1: nil, city: "Bern", postalCode: "3000"))
        #expect(parameter.pairs.map(\.name) == ["address[city]", "address[postal_code]"])
        #expect(parameter.pairs.map(\.value) == ["Bern", "3000"])
    }
}
