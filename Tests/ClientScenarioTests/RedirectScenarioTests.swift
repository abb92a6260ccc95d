@_spi(Generated) import EndpointRuntime
import FlyingFox
import Foundation
import GitHubEventsAPI
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An endpoint that reads its redirect (GitHub's tarball link) against a real server on 127.0.0.1, beside one that
/// follows it, through the URLSession transport.
@Suite("Redirects read as the response, or followed", .transportUnderTest)
struct RedirectScenarioTests {
    static func server(_ hits: Hits) async throws -> TestServer {
        try await TestServer.start { server in
            await server.appendRoute("GET /repos/o/r/tarball/main") { _ in
                var headers = HTTPHeaders()
                headers[HTTPHeader("Location")] = "/archive/o-r-main.tar.gz?token=abc"
                return HTTPResponse(statusCode: .found, headers: headers)
            }
            await server.appendRoute("GET /archive/o-r-main.tar.gz") { request in
                hits.increment()
                // Nothing of the client's credential follows, even on the same origin, unless the client sends it.
                return HTTPResponse(statusCode: .ok, body: Data("tar".utf8))
            }
        }
    }

    @Test("the tarball endpoint answers with its Location, typed, and nothing is fetched from there")
    func readsRedirect() async throws {
        let hits = Hits()
        let server = try await Self.server(hits)
        defer { Task { await server.stop() } }
        let client = AuthorizedClient<GitHub.Scope.Public>(
            client: APIClient(baseURL: server.url), credentials: Credentials(token: "t"))
        let reply = try await client.send(GitHub.Repos.tarball(owner: "o", repo: "r", ref: "main"))
        #expect(reply.status == 302)
        #expect(reply.headers.location.absoluteString.hasSuffix("/archive/o-r-main.tar.gz?token=abc"))
        #expect(reply.headers.location.host == "127.0.0.1")
        #expect(hits.count == 0)
    }

    @Test("an endpoint that does not read redirects follows them, as before")
    func follows() async throws {
        let hits = Hits()
        let server = try await Self.server(hits)
        defer { Task { await server.stop() } }
        let endpoint = Endpoint<Data, Never>.reading(
            method: .get, path: "/repos/o/r/tarball/main", readResponse: { response, _ in response.body })
        let body = try await APIClient(baseURL: server.url).send(endpoint)
        #expect(String(decoding: body, as: UTF8.self) == "tar")
        #expect(hits.count == 1)
    }
}
