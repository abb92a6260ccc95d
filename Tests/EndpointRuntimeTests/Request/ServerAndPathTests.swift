import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Another server per endpoint; path parameters that span segments")
struct ServerAndPathTests {
    let base = URL(string: "https://api.example.com/v2")!

    func contents(_ path: String) -> Endpoint<Void, any Error & Sendable> {
        Endpoint<Void, any Error & Sendable>(
            method: .get, path: "/repos/{repo}/contents/{path}", pathParameters: ["repo": "a/b", "path": path]
        )
        .allowingSlashes(in: ["path"])
    }

    @Test("slashes stay separators, every segment is escaped on its own, other parameters stay one segment")
    func slashes() throws {
        let url = try contents("docs/ä b/read me.md").urlRequest(baseURL: base).url
        #expect(url?.absoluteString == "https://api.example.com/v2/repos/a%2Fb/contents/docs/%C3%A4%20b/read%20me.md")
        #expect(try contents("a?b#c/d").urlRequest(baseURL: base).url?.path.hasSuffix("/contents/a?b#c/d") == true)
        #expect(try contents("file").urlRequest(baseURL: base).url?.absoluteString.hasSuffix("/contents/file") == true)
    }

    @Test(
        "a value that would leave its place is refused",
        arguments: ["../etc", "a/../../b", "./a", "a/.", "/abs", "a//b", "a/", ""])
    func escaping(value: String) {
        #expect(throws: RequestBuildError.self) { try contents(value).urlRequest(baseURL: base) }
    }

    @Test("an endpoint on another server goes there, or where the configuration moves it")
    func server() async throws {
        let uploads = Server(name: "uploads", url: URL(string: "https://uploads.example.com/v2")!)
        let endpoint = Endpoint<Void, any Error & Sendable>(method: .post, path: "/assets").onServer(uploads)
        let transport = StubTransport(status: 204)
        try await client(transport).send(endpoint)
        var configuration = APIClient.Configuration(baseURL: baseURL, transport: transport)
        configuration.servers = ["uploads": URL(string: "http://127.0.0.1:9/up")!]
        try await APIClient(configuration: configuration).send(endpoint)
        #expect(
            transport.requests.map { $0.url?.absoluteString } == [
                "https://uploads.example.com/v2/assets", "http://127.0.0.1:9/up/assets",
            ])
    }
}
