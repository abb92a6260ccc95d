import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("EndpointPath: a path split by the compiler, its values in place")
struct EndpointPathTests {
    let base = URL(string: "https://api.example.com/v1")!

    func url(_ path: EndpointPath) throws -> String? {
        var endpoint = Endpoint<Void, any Error & Sendable>(method: .get, path: "/")
        endpoint.path = path
        return try endpoint.urlRequest(baseURL: base).url?.absoluteString
    }

    @Test("an interpolated path is literal text and named values; its description is the template")
    func pieces() {
        let owner = "apple"
        let path: EndpointPath = "/repos/\(owner, named: "owner")/pulls/\(42, named: "number")"
        #expect(
            path.components == [
                .literal("/repos/"), .value("apple", name: "owner", spansSegments: false), .literal("/pulls/"),
                .value("42", name: "number", spansSegments: false),
            ])
        #expect(path.description == "/repos/{owner}/pulls/{number}")
        #expect(path.values == ["owner": "apple", "number": "42"])
        #expect(
            path == EndpointPath(template: "/repos/{owner}/pulls/{number}", values: ["owner": "apple", "number": "42"]))
        let plain: EndpointPath = "/feed"
        #expect(plain.components == [.literal("/feed")])
    }

    @Test("each value is exactly one segment, whatever it holds", arguments: ["../admin", "a/b?c#d", "%2F", ".", ".."])
    func oneSegment(value: String) throws {
        let sent = try #require(try url("/files/\(value, named: "name")/meta"))
        #expect(sent.hasPrefix("https://api.example.com/v1/files/"))
        #expect(sent.hasSuffix("/meta"))
        let segment = sent.dropFirst("https://api.example.com/v1/files/".count).dropLast("/meta".count)
        #expect(!segment.contains("/") && !segment.contains("?") && !segment.contains("#"))
        #expect(segment != "." && segment != "..")
        #expect(segment.removingPercentEncoding == value)
    }

    @Test("a value placed with spanning: keeps its slashes and may not leave its place")
    func spanning() throws {
        #expect(
            try url("/contents/\(spanning: "docs/read me.md", named: "path")")
                == "https://api.example.com/v1/contents/docs/read%20me.md")
        for value in ["../etc", "a//b", "a/", "/abs", "a/./b"] {
            #expect(throws: RequestBuildError.self) { try url("/contents/\(spanning: value, named: "path")") }
        }
        let marked = EndpointPath(template: "/c/{path}", values: ["path": "a/b"]).spanningSegments(["path"])
        #expect(try url(marked) == "https://api.example.com/v1/c/a/b")
    }

    @Test("a template without a value for a placeholder, or with an unclosed '{', fails the request and says why")
    func templateProblems() {
        let missing = #expect(throws: RequestBuildError.self) {
            try url(EndpointPath(template: "/users/{id}", values: [:]))
        }
        #expect(missing?.endpoint == "GET /users/{id}")
        #expect(missing?.reason == "no value for the path parameter 'id'")
        let unclosed = #expect(throws: RequestBuildError.self) {
            try url(EndpointPath(template: "/users/{id", values: ["id": "1"]))
        }
        #expect(unclosed?.reason == "the path has an unclosed '{'")
    }

    @Test("a stub for an interpolated path matches its route whatever the values")
    func stubbedRoute() async throws {
        let stubs = StubbedTransport(baseURL: base)
        func contents(_ owner: String, _ file: String) -> Endpoint<Void, any Error & Sendable> {
            var endpoint = Endpoint<Void, any Error & Sendable>(method: .get, path: "/")
            endpoint.path = "/repos/\(owner, named: "owner")/contents/\(spanning: file, named: "path")"
            return endpoint
        }
        stubs.stub(contents("x", "y"), with: .empty())
        let client = APIClient(configuration: .init(baseURL: base, transport: stubs))
        try await client.send(contents("apple", "docs/guide/intro.md"))
        try await client.send(contents("a b", "f"))
        #expect(stubs.requests(for: contents("", "")).count == 2)
        var other = Endpoint<Void, any Error & Sendable>(method: .get, path: "/")
        other.path = "/repos/\("apple", named: "owner")/issues"
        #expect(stubs.requests(for: other).isEmpty)
    }
}
