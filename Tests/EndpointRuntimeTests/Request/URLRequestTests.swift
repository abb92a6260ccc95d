import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Endpoint → URLRequest")
struct URLRequestTests {
    private let base = URL(string: "https://api.example.com/v1")!

    private func url(_ endpoint: Endpoint<Void, any Error & Sendable>, base: URL? = nil) throws -> String {
        try endpoint.urlRequest(baseURL: base ?? self.base).url?.absoluteString ?? ""
    }

    @Test(
        "path parameters are one segment each, whatever they contain",
        arguments: [
            ("octocat", "octocat"), ("../admin", "..%2Fadmin"), ("a/b?c#d", "a%2Fb%3Fc%23d"), ("..", "%2E%2E"),
            (".", "%2E"), ("100%", "100%25"), ("ä b", "%C3%A4%20b"), ("", ""), ("😀", "%F0%9F%98%80"),
            ("a&=+,;:@!$'()*~", "a&=+,;:@!$'()*~"), ("tab\tline\n", "tab%09line%0A"),
        ])
    func pathSegments(value: String, encoded: String) throws {
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .get, path: "/repos/{owner}/events", pathParameters: ["owner": value])
        #expect(try url(endpoint) == "https://api.example.com/v1/repos/\(encoded)/events")
    }

    @Test("a base URL with or without a trailing slash joins the same way")
    func baseURLSlash() throws {
        let endpoint = Endpoint<Void, any Error & Sendable>(method: .get, path: "/items")
        #expect(
            try url(endpoint, base: URL(string: "https://api.example.com/v1/")!) == "https://api.example.com/v1/items")
        #expect(try url(endpoint, base: URL(string: "https://api.example.com")!) == "https://api.example.com/items")
    }

    @Test("query items: nil values left out, lists repeated or comma-joined, reserved characters escaped")
    func query() throws {
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .get, path: "/search",
            query: [
                Parameter("q", "a&b=c d+e#"), Parameter("page", Int?.none), Parameter("tag", ["x", "y"]),
                Parameter("codes", ["DEU", "FRA", "a,b"], arrayFormat: .comma), Parameter("none", [String]?.none),
                Parameter("on", true),
            ])
        #expect(
            try url(endpoint)
                == "https://api.example.com/v1/search?q=a%26b%3Dc%20d%2Be%23&tag=x&tag=y&codes=DEU,FRA,a%2Cb&on=true")
    }

    @Test("headers, method and Accept are set")
    func headers() throws {
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .delete, path: "/session",
            headers: [Parameter("X-Request-ID", "42"), Parameter("X-None", String?.none)])
        let request = try endpoint.urlRequest(baseURL: base)
        #expect(request.httpMethod == "DELETE")
        #expect(request.value(forHTTPHeaderField: "X-Request-ID") == "42")
        #expect(request.value(forHTTPHeaderField: "X-None") == nil)
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test("a declared Accept or Content-Type is sent as declared, not replaced by the defaults")
    func declaredMediaTypes() throws {
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .patch, path: "/issues/1",
            headers: [
                Parameter("Accept", "application/vnd.github.raw+json"),
                Parameter("Content-Type", "application/merge-patch+json"),
            ],
            body: .jsonFields([("title", "x")]))
        let request = try endpoint.urlRequest(baseURL: base)
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/vnd.github.raw+json")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
    }

    @Test("an optional response reads an empty success body as nil; a non-optional one still fails on it")
    func emptyOptionalResponse() throws {
        let optional = Endpoint<[String: Int]?, any Error & Sendable>(method: .get, path: "/me/player")
        func response(_ body: String, status: Int = 200) -> ReceivedResponse {
            ReceivedResponse(status: status, body: Data(body.utf8))
        }
        #expect(try optional.readResponse(response("", status: 204), JSONCoding.makeDecoder()) == nil)
        #expect(try optional.readResponse(response(#"{"a":1}"#), JSONCoding.makeDecoder()) == ["a": 1])
        let required = Endpoint<[String: Int], any Error & Sendable>(method: .get, path: "/me/player")
        #expect(throws: DecodingError.self) { try required.readResponse(response(""), JSONCoding.makeDecoder()) }
    }

    @Test("a JSON-fields body encodes dates as ISO 8601 and leaves nil fields out")
    func jsonFields() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .post, path: "/events",
            body: .jsonFields([("name", "launch"), ("at", date), ("note", String?.none), ("tags", ["a"])]))
        let request = try endpoint.urlRequest(baseURL: base)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let body = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
        #expect(body == #"{"at":"2023-11-14T22:13:20Z","name":"launch","tags":["a"]}"#)
    }

    @Test("a form body is URL-encoded with + for spaces; comma lists keep literal separators")
    func form() throws {
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .post, path: "/login",
            body: .form([
                Parameter("user", "a b&c"), Parameter("remember", Bool?.none), Parameter("n", [1, 2]),
                Parameter("ids", ["1", "2,3"], arrayFormat: .comma),
            ]))
        let request = try endpoint.urlRequest(baseURL: base)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(String(decoding: request.httpBody ?? Data(), as: UTF8.self) == "user=a+b%26c&n=1&n=2&ids=1,2%2C3")
    }

    @Test("a missing path parameter is an error that names the endpoint")
    func missingPathParameter() {
        let endpoint = Endpoint<Void, any Error & Sendable>(method: .get, path: "/items/{id}")
        let error = #expect(throws: RequestBuildError.self) { try endpoint.urlRequest(baseURL: base) }
        #expect(
            error?.description == "cannot build the request for GET /items/{id}: no value for the path parameter 'id'")
    }
}

@Suite("JSON coding")
struct JSONCodingTests {
    @Test(
        "ISO 8601 dates decode with and without fractional seconds and offsets",
        arguments: [
            ("2023-11-14T22:13:20Z", 1_700_000_000.0), ("2023-11-14T22:13:20.250Z", 1_700_000_000.25),
            ("2023-11-15T00:13:20+02:00", 1_700_000_000.0),
        ])
    func dates(text: String, seconds: Double) throws {
        let date = try JSONCoding.makeDecoder().decode([Date].self, from: Data("[\"\(text)\"]".utf8))[0]
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.001)
    }

    @Test("dates encode without a fraction unless they have one")
    func encodeDates() throws {
        let encoder = JSONCoding.makeEncoder()
        let whole = String(decoding: try encoder.encode([Date(timeIntervalSince1970: 1_700_000_000)]), as: UTF8.self)
        let fraction = String(
            decoding: try encoder.encode([Date(timeIntervalSince1970: 1_700_000_000.5)]), as: UTF8.self)
        #expect(whole == #"["2023-11-14T22:13:20Z"]"#)
        #expect(fraction == #"["2023-11-14T22:13:20.500Z"]"#)
    }

    @Test("a bad date is a decoding error, not a crash")
    func badDate() {
        #expect(throws: DecodingError.self) {
            try JSONCoding.makeDecoder().decode([Date].self, from: Data(#"["yesterday"]"#.utf8))
        }
    }

    @Test("JSONValue round-trips any JSON")
    func jsonValue() throws {
        let text = #"{"a":[1,true,null,"x",{"b":2.5}]}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["a"] == .array([.number(1), .bool(true), .null, .string("x"), .object(["b": .number(2.5)])]))
        let again = try JSONDecoder().decode(JSONValue.self, from: try JSONCoding.makeEncoder().encode(value))
        #expect(again == value)
    }

    @Test("error schemas prefer the exact status, then the class, then default")
    func errorSchema() throws {
        struct A: Error, Decodable {}
        struct B: Error, Decodable {}
        struct C: Error, Decodable {}
        let schema = ErrorSchema([.code(404): .json(A.self), .range(4): .json(B.self), .default: .json(C.self)])
        let decoder = JSONDecoder()
        #expect(try schema.decoder(for: 404)?.decode(Data("{}".utf8), decoder) is A)
        #expect(try schema.decoder(for: 422)?.decode(Data("{}".utf8), decoder) is B)
        #expect(try schema.decoder(for: 500)?.decode(Data("{}".utf8), decoder) is C)
        #expect(ErrorSchema().decoder(for: 500) == nil)
        #expect(try schema.merging([.code(500): .empty]).decoder(for: 500)?.decode(Data(), decoder) is EmptyErrorBody)
    }
}
