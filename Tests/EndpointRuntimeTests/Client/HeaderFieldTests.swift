import Foundation
import Testing

@testable import EndpointRuntime

/// Header names are compared ignoring ASCII case, by the one lookup every part of the runtime uses.
@Suite("Header fields: one case-insensitive lookup")
struct HeaderFieldTests {
    @Test("a name matches whatever its letters' case, and nothing else")
    func lookup() {
        let headers = ["ETag": "\"v1\"", "retry-after": "7", "X-Rate{": "brace"]
        #expect(HeaderField.value(named: "ETag", in: headers) == "\"v1\"")
        #expect(HeaderField.value(named: "etag", in: headers) == "\"v1\"")
        #expect(HeaderField.value(named: "Retry-After", in: headers) == "7")
        #expect(HeaderField.value(named: "Retry-Afte", in: headers) == nil)
        // `[` and `{` differ only in the bit that makes a letter small: not letters, so not the same.
        #expect(HeaderField.value(named: "X-Rate[", in: headers) == nil)
        #expect(HeaderField.value(named: "x-rate{", in: headers) == "brace")
        #expect(!HeaderField.sameName("Straße", "STRASSE") && HeaderField.sameName("Content-Type", "content-TYPE"))
        #expect(ReceivedResponse(status: 200, headers: headers, body: Data()).value(forHeader: "RETRY-AFTER") == "7")
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
