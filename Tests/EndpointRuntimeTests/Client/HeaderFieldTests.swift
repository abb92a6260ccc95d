import Foundation
import Testing

@testable import EndpointRuntime

/// Header names are compared ignoring ASCII case, by the one lookup every part of the runtime uses.
@Suite("Header fields: one case-insensitive lookup")
struct HeaderFieldTests {
    @Test("a name matches whatever its letters' case, and nothing else")
    func lookup() {
        let headers: HeaderFields = ["ETag": "\"v1\"", "retry-after": "7", "X-Rate{": "brace"]
        #expect(headers["ETag"] == "\"v1\"")
        #expect(headers["etag"] == "\"v1\"")
        #expect(headers["Retry-After"] == "7")
        #expect(headers["Retry-Afte"] == nil)
        // `[` and `{` differ only in the bit that makes a letter small: not letters, so not the same.
        #expect(headers["X-Rate["] == nil)
        #expect(headers["x-rate{"] == "brace")
        #expect(!HeaderField.sameName("Straße", "STRASSE") && HeaderField.sameName("Content-Type", "content-TYPE"))
        #expect(ReceivedResponse(status: 200, headers: headers, body: Data()).value(forHeader: "RETRY-AFTER") == "7")
    }

    @Test("HeaderFields: set and remove by any case, order kept, equal ignoring case and order, coded as an object")
    func headerFields() throws {
        var fields: HeaderFields = ["Content-Type": "text/plain", "X-Trace": "a", "ETag": "\"1\""]
        fields["content-type"] = "application/json"
        fields["x-trace"] = nil
        fields["Link"] = "<https://x>; rel=\"next\""
        #expect(fields.map(\.name) == ["Content-Type", "ETag", "Link"])
        #expect(fields["CONTENT-TYPE"] == "application/json" && fields.count == 3)
        #expect(fields == ["link": "<https://x>; rel=\"next\"", "etag": "\"1\"", "content-type": "application/json"])
        #expect(fields != ["ETag": "\"2\"", "Content-Type": "application/json", "Link": "<https://x>; rel=\"next\""])
        #expect(
            Set([fields, ["etag": "\"1\"", "LINK": "<https://x>; rel=\"next\"", "Content-type": "application/json"]])
                .count == 1)
        // A literal that names a field twice keeps the last value, in the first one's place.
        let twice: HeaderFields = ["A": "1", "B": "2", "a": "3"]
        #expect(twice.map(\.name) == ["A", "B"] && twice["a"] == "3")
        // Stored responses wrote a JSON object of names and values; the type reads and writes the same.
        let json = Data(#"{"ETag":"\"1\"","X-Rate":"5"}"#.utf8)
        let decoded = try JSONDecoder().decode(HeaderFields.self, from: json)
        #expect(decoded == ["etag": "\"1\"", "x-rate": "5"] && decoded.map(\.name) == ["ETag", "X-Rate"])
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? [String: String]
        #expect(encoded == ["ETag": "\"1\"", "X-Rate": "5"])
        #expect(HeaderFields(["b": "2", "a": "1"]).map(\.name) == ["a", "b"] && decoded.dictionary["X-Rate"] == "5")
    }

    @Test("credential headers: the names the spec refuses as constants are the ones the client redacts")
    func credentials() {
        for name in ["Authorization", "proxy-authorization", "Cookie", "X-Api-Key", "api-key", "X-Auth-Token"] {
            #expect(TransportOptions(maximumResponseSize: 1).isSensitive(header: name), "\(name)")
        }
        #expect(HeaderField.isCredentialLike("X-Shop-Key") && HeaderField.isCredentialLike("x-session-id"))
        #expect(!HeaderField.isCredentialLike("Stripe-Version") && !HeaderField.isCredentialLike("Accept"))
    }
}
