import EndpointRuntime
import FlyingFox
import Foundation
import GitHubEventsAPI
import TestSupport
import Testing

/// The generated GitHub API against an in-process server that pages the way GitHub does: absolute `Link` URLs,
/// rate-limit headers on every response, five pages of events.
@Suite("Paging through generated APIs", .transportUnderTest)
struct PagingScenarioTests {
    static let pageCount = 5

    /// Serves `/repos/o/r/events?page=N`: one event per page whose id is the page number; page `slowPage` takes
    /// ten seconds.
    static func server(hits: Hits, slowPage: Int? = nil, slowAnswered: Locked<Bool>? = nil) async throws -> TestServer {
        let base = Locked<URL?>(nil)
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /repos/:owner/:repo/events") { request in
                hits.increment()
                let page = Int(request.query["page"] ?? "1") ?? 1
                if page == slowPage {
                    try await Task.sleep(for: .seconds(10))
                    slowAnswered?.withLock { $0 = true }
                }
                if request.headers[HTTPHeader("If-None-Match")] == #"W/"page-\#(page)""# {
                    // As GitHub does: the 304 carries the validator, not the Link header.
                    let validator: HTTPHeaders = [HTTPHeader("ETag"): #"W/"page-\#(page)""#]
                    return HTTPResponse(statusCode: .notModified, headers: validator)
                }
                var headers: HTTPHeaders = [
                    HTTPHeader("X-RateLimit-Limit"): "60", HTTPHeader("X-RateLimit-Remaining"): "\(60 - page)",
                    HTTPHeader("X-RateLimit-Reset"): "1798761600", HTTPHeader("ETag"): #"W/"page-\#(page)""#,
                ]
                if page < pageCount, let root = base.withLock({ $0 }) {
                    let next = "\(root.absoluteString)/repos/o/r/events?page=\(page + 1)&per_page=1"
                    let last = "\(root.absoluteString)/repos/o/r/events?page=\(pageCount)&per_page=1"
                    headers[HTTPHeader("Link")] = #"<\#(next)>; rel="next", <\#(last)>; rel="last""#
                }
                return TestServer.json(.ok, Self.events(id: page), headers: headers)
            }
        }
        base.withLock { $0 = server.url }
        return server
    }

    static func events(id: Int) -> String {
        #"""
        [{"id": "\#(id)", "type": "WatchEvent", "public": true, "created_at": "2026-10-21T07:28:00Z", "payload": {},
          "actor": {"id": 1, "login": "octocat", "url": "https://api.github.com/users/octocat",
                    "avatar_url": "https://avatars.githubusercontent.com/u/1"},
          "repo": {"id": 2, "name": "o/r", "url": "https://api.github.com/repos/o/r"}}]
        """#
    }

    @Test("all pages with their rate-limit headers, in order; the sequence stops after the last")
    func allPages() async throws {
        let hits = Hits()
        let server = try await Self.server(hits: hits)
        defer { Task { await server.stop() } }
        let feed = AuthorizedClient<GitHub.Scope.Public>(
            client: APIClient(baseURL: server.url), credentials: Credentials(token: "p"))
        var ids: [String] = []
        var remaining: [Int] = []
        for try await page in feed.pages(GitHub.Repos.events(owner: "o", repo: "r", perPage: 1)) {
            ids += page.body.map(\.id)
            remaining.append(page.headers.rateLimitRemaining)
            #expect(page.headers.rateLimitReset == Date(timeIntervalSince1970: 1_798_761_600))
            #expect(page.headers.etag?.hasPrefix("W/") == true)
            #expect(page.status == 200)
        }
        #expect(ids == ["1", "2", "3", "4", "5"])
        #expect(remaining == [59, 58, 57, 56, 55])
        #expect(hits.count == Self.pageCount)
    }

    @Test("polling with conditional requests: pages answered 304 keep their stored Link and headers")
    func notModifiedPages() async throws {
        let hits = Hits()
        let server = try await Self.server(hits: hits)
        defer { Task { await server.stop() } }
        let feed = AuthorizedClient<GitHub.Scope.Public>(
            client: APIClient(configuration: .init(baseURL: server.url, conditionalStore: InMemoryConditionalStore())),
            credentials: Credentials(token: "p"))
        for round in 1...2 {
            var ids: [String] = []
            for try await page in feed.pages(GitHub.Repos.events(owner: "o", repo: "r", perPage: 1)) {
                ids += page.body.map(\.id)
                #expect(page.headers.rateLimit == 60, "round \(round)")
            }
            #expect(ids == ["1", "2", "3", "4", "5"], "round \(round)")
        }
        #expect(hits.count == 2 * Self.pageCount)
    }

    @Test("the next page by hand: page(_:) hands back a request of the same scope")
    func nextByHand() async throws {
        let server = try await Self.server(hits: Hits())
        defer { Task { await server.stop() } }
        let feed = AuthorizedClient<GitHub.Scope.Public>(
            client: APIClient(baseURL: server.url), credentials: Credentials(token: "p"))
        let first = try await feed.page(GitHub.Repos.events(owner: "o", repo: "r"))
        let next:
            AuthorizedEndpoint<
                GitHub.Scope.Public, Reply<[GitHub.Models.Event], GitHub.Repos.EventsHeaders>, GitHub.Models.GitHubError
            > = try #require(first.next)
        let second = try await feed.send(next)
        #expect(first.value.body.map(\.id) == ["1"])
        #expect(second.body.map(\.id) == ["2"])
    }

    @Test("cancelling the task while a page is loading cancels that request and fetches no more")
    func cancelMidway() async throws {
        let hits = Hits()
        let slowAnswered = Locked(false)
        let server = try await Self.server(hits: hits, slowPage: 3, slowAnswered: slowAnswered)
        defer { Task { await server.stop() } }
        let feed = AuthorizedClient<GitHub.Scope.Public>(
            client: APIClient(baseURL: server.url), credentials: Credentials(token: "p"))
        let received = Locked<[String]>([])
        let task = Task {
            for try await page in feed.pages(GitHub.Repos.events(owner: "o", repo: "r")) {
                received.withLock { $0 += page.body.map(\.id) }
            }
        }
        #expect(await Eventually.holds { hits.count >= 3 })
        task.cancel()
        let result = await task.result
        // Ordering, not a wall-clock bound: the slow page had not been answered when the loop ended.
        #expect(!slowAnswered.withLock { $0 }, "the loop waited for the page it was cancelled during")
        guard case .failure(ClientError.client(let failure)) = result else {
            Issue.record("not a cancellation: \(result)")
            return
        }
        #expect(failure.kind == .cancelled)
        #expect(received.withLock { $0 } == ["1", "2"])
        try await Task.sleep(for: .milliseconds(200))
        #expect(hits.count == 3)
    }

    @Test("an Observable of pages, as an RxSwift user writes it; disposing after two pages stops the rest")
    func observable() async throws {
        let hits = Hits()
        let server = try await Self.server(hits: hits)
        defer { Task { await server.stop() } }
        let feed = AuthorizedClient<GitHub.Scope.Public>(
            client: APIClient(baseURL: server.url), credentials: Credentials(token: "p"))
        let counts = try await feed.requestPages(GitHub.Repos.events(owner: "o", repo: "r"))
            .map { $0.body.count }
            .toArray()
            .value
        #expect(counts == [1, 1, 1, 1, 1])

        let before = hits.count
        let firstTwo = try await feed.requestPages(GitHub.Repos.events(owner: "o", repo: "r"))
            .take(2)
            .toArray()
            .value
        #expect(firstTwo.flatMap { $0.body.map(\.id) } == ["1", "2"])
        try await Task.sleep(for: .milliseconds(200))
        #expect(hits.count - before <= 3, "\(hits.count - before) requests for two pages")
    }
}
