import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import GitHubEventsAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One endpoint offered in several media types (`alternatives`), and a union of a list and a model, as GitHub's
/// contents endpoint answers.
@Suite("Response alternatives: the same request under another media type, read as its own type")
struct MediaAlternativeTests {
    typealias Public = GitHub.Scope.Public

    @Test("each alternative sends its own Accept and keeps every parameter")
    func requests() throws {
        let object: AuthorizedEndpoint<Public, GitHub.Models.Contents, GitHub.Models.GitHubError> =
            GitHub.Repos.contents(owner: "o", repo: "r", path: "docs/a.md", ref: "main")
        let raw: AuthorizedEndpoint<Public, Data, GitHub.Models.GitHubError> =
            GitHub.Repos.contentsRaw(owner: "o", repo: "r", path: "docs/a.md", ref: "main")
        let html: AuthorizedEndpoint<Public, String, GitHub.Models.GitHubError> =
            GitHub.Repos.contentsHtml(owner: "o", repo: "r", path: "docs/a.md")
        for (request, accept) in [
            (try object.endpoint.urlRequest(baseURL: GitHub.baseURL), "application/vnd.github.object+json"),
            (try raw.endpoint.urlRequest(baseURL: GitHub.baseURL), "application/vnd.github.raw"),
            (try html.endpoint.urlRequest(baseURL: GitHub.baseURL), "application/vnd.github.html"),
        ] {
            #expect(request.value(forHTTPHeaderField: "Accept") == accept)
            #expect(request.url?.path == "/repos/o/r/contents/docs/a.md")
        }
        #expect(try raw.endpoint.urlRequest(baseURL: GitHub.baseURL).url?.query == "ref=main")
    }

    @Test("the raw alternative reads bytes as they are, the object one a listing or a file")
    func reading() async throws {
        let stubs = StubbedTransport(baseURL: GitHub.baseURL)
        let scoped = stubs.scope(Public.self)
        let bytes = Data([0x00, 0xFF, 0x7B])
        scoped.stub(
            GitHub.Repos.contentsRaw(owner: "o", repo: "r", path: "a.bin"), matching: .request,
            with: .body(bytes, status: 200))
        scoped.stub(
            GitHub.Repos.contents(owner: "o", repo: "r", path: "dir"), matching: .request,
            with: .body(Data(#"[{"name":"a.md","path":"dir/a.md","type":"file","size":3}]"#.utf8), status: 200))
        let client = AuthorizedClient<Public>(
            client: APIClient(configuration: .init(baseURL: GitHub.baseURL, transport: stubs)),
            credentials: Credentials(token: "t"))
        #expect(try await client.send(GitHub.Repos.contentsRaw(owner: "o", repo: "r", path: "a.bin")) == bytes)
        let listing = try await client.send(GitHub.Repos.contents(owner: "o", repo: "r", path: "dir"))
        guard case .contentEntryList(let entries) = listing else {
            Issue.record("not a listing: \(listing)")
            return
        }
        #expect(entries.map(\.path) == ["dir/a.md"])
    }
}
