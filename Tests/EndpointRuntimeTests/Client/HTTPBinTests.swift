import EndpointRuntime
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client through a real transport (URLSession, or AsyncHTTPClient: see `TransportUnderTest`) against httpbin,
/// a server nobody here wrote, served by gunicorn on 127.0.0.1. `.ci/run` starts it and sets HTTPBIN_URL; without
/// it these tests are skipped.
@Suite(
    "The transport under test against httpbin",
    .enabled(if: HTTPBin.url != nil, "HTTPBIN_URL is not set; .ci/run starts httpbin and sets it"), .transportUnderTest)
struct HTTPBinTests {
    let api = APIClient(configuration: .init(baseURL: HTTPBin.url ?? baseURL, timeout: 10))

    /// What httpbin's /anything and /headers echo back.
    struct Echo: Decodable, Sendable {
        var args: [String: JSONValue]?
        var form: [String: String]?
        var json: JSONValue?
        var headers: [String: String]
        var method: String?
    }

    @Test("statuses: 2xx succeeds with an empty body, others are unexpected API errors", arguments: [200, 204])
    func success(status: Int) async throws {
        try await api.send(
            Endpoint<Void, any Error & Sendable>(
                method: .get, path: "/status/{code}", pathParameters: ["code": "\(status)"]))
    }

    @Test("a 500 keeps its status", arguments: [404, 418, 500, 503])
    func failures(status: Int) async {
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .get, path: "/status/{code}", pathParameters: ["code": "\(status)"])
        do {
            try await api.send(endpoint)
            Issue.record("no error")
        } catch ClientError.unexpected(let response, _) {
            #expect(response.status == status)
        } catch {
            Issue.record("wrong error: \(error)")
        }
    }

    @Test("/anything echoes query, form and JSON bodies exactly, unicode and reserved characters included")
    func roundTrip() async throws {
        let tricky = "ä ö/?&=#+%20 \"quoted\" 日本 🚀"
        let query = try await api.send(
            Endpoint<Echo, any Error & Sendable>(
                method: .get, path: "/anything", query: [Parameter("q", tricky), Parameter("n", [1, 2])]))
        #expect(query.args?["q"] == .string(tricky))
        #expect(query.args?["n"] == .array([.string("1"), .string("2")]))
        let form = try await api.send(
            Endpoint<Echo, any Error & Sendable>(
                method: .post, path: "/anything", body: .form([Parameter("text", tricky)])))
        #expect(form.form?["text"] == tricky)
        let json = try await api.send(
            Endpoint<Echo, any Error & Sendable>(
                method: .put, path: "/anything", body: .jsonFields([("text", tricky), ("count", 3)])))
        #expect(json.json == .object(["text": .string(tricky), "count": .number(3)]))
        #expect(json.method == "PUT")
    }

    @Test("/cookies: cookie parameters reach the server as cookies, values decoded back exactly")
    func cookies() async throws {
        struct Cookies: Decodable, Sendable { var cookies: [String: String] }
        let tricky = "dark mode; €,\"x\"\\%"
        let endpoint = Endpoint<Cookies, any Error & Sendable>(
            method: .get, path: "/cookies",
            headers: [.cookies([Parameter("theme", tricky), Parameter("lang", "en"), Parameter("gone", String?.none)])])
        let echoed = try await api.send(endpoint).cookies
        #expect(echoed["lang"] == "en" && echoed["gone"] == nil, "\(echoed)")
        #expect(echoed["theme"]?.removingPercentEncoding == tricky, "\(echoed)")
    }

    @Test("a path parameter with slashes and dots stays one segment")
    func pathSegment() async throws {
        let echo = try await api.send(
            Endpoint<Echo, any Error & Sendable>(
                method: .get, path: "/anything/{id}", pathParameters: ["id": "../a/b?c#d"]))
        #expect(echo.method == "GET")
    }

    @Test("/bearer: the client's token is sent as a bearer token; without one httpbin answers 401")
    func bearer() async throws {
        struct Bearer: Decodable, Sendable { var authenticated: Bool; var token: String }
        let endpoint = AuthorizedEndpoint<Scope.User, Bearer, any Error & Sendable>(
            Endpoint(method: .get, path: "/bearer"))
        let authorized = AuthorizedClient<Scope.User>(client: api, credentials: Credentials(token: "abc"))
        let answer = try await authorized.send(endpoint)
        #expect(answer.authenticated && answer.token == "abc")
        await #expect(throws: ClientError.self) { _ = try await api.send(endpoint.endpoint) }
    }

    @Test("/basic-auth: a 401 with a Basic challenge comes back as a 401, promptly, never a hang")
    func basicChallenge() async {
        // Left to URLSession, FoundationNetworking on Linux stalls on this response, ignoring the timeout.
        let client = APIClient(configuration: .init(baseURL: HTTPBin.url ?? baseURL, timeout: 5))
        let start = ContinuousClock.now
        do {
            try await client.send(Endpoint<Void, any Error & Sendable>(method: .get, path: "/basic-auth/ada/lovelace"))
            Issue.record("no error")
        } catch ClientError.unexpected(let response, _) {
            #expect(response.status == 401)
            #expect(response.headers["www-authenticate"] != nil)
        } catch {
            Issue.record("wrong error: \(error)")
        }
        // Generous: other tests may hold the cooperative threads; the failure this guards against is for ever.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test("/delay: a slow response times out as a client-side failure")
    func timeout() async {
        let impatient = APIClient(configuration: .init(baseURL: HTTPBin.url ?? baseURL, timeout: 1))
        do {
            try await impatient.send(Endpoint<Void, any Error & Sendable>(method: .get, path: "/delay/3"))
            Issue.record("no error")
        } catch ClientError.client(let failure) {
            #expect(failure.kind == .timeout)
        } catch {
            Issue.record("wrong error: \(error)")
        }
    }

    @Test("/delay: cancelling the task cancels the request long before the response")
    func cancellation() async {
        // httpbin answers /delay/10 after 10 s (its maximum). A witness request sent first is still waiting for
        // its answer when the cancelled one has ended: ordering, not a wall-clock bound, so a machine too busy
        // to run this task on time (under AddressSanitizer, say) cannot fail it.
        let patient = APIClient(configuration: .init(baseURL: HTTPBin.url ?? baseURL, timeout: 60))
        let delayed = Endpoint<Void, any Error & Sendable>(method: .get, path: "/delay/10")
        let witnessDone = Locked(false)
        let witness = Task {
            _ = try? await patient.send(delayed)
            witnessDone.withLock { $0 = true }
        }
        try? await Task.sleep(nanoseconds: 100_000_000)
        let task = Task { try await patient.send(delayed) }
        try? await Task.sleep(nanoseconds: 200_000_000)
        let start = ContinuousClock.now
        task.cancel()
        expectClientFailure(await task.result, .cancelled)
        #expect(!witnessDone.withLock { $0 }, "the cancelled request lasted until the server answered")
        witness.cancel()
        // On a quiet machine it ends at once; logged, not asserted.
        print("cancelled /delay/10 answered \(ContinuousClock.now - start) after cancel()")
    }

    @Test("/redirect-to another host: no credential-bearing header is forwarded, configured ones included")
    func redirectDropsCredentials() async throws {
        guard let url = HTTPBin.url, let port = url.port else { return }
        // 127.0.0.1 and localhost are different hosts to the client.
        let target = "http://localhost:\(port)/headers"
        let endpoint = AuthorizedEndpoint<Scope.User, Echo, any Error & Sendable>(
            Endpoint(method: .get, path: "/redirect-to", query: [Parameter("url", target)]))
        let secrets = [
            "Cookie": "session=s3cret", "Proxy-Authorization": "Basic czNjcmV0", "X-Api-Key": "k3y",
            "X-Tenant-Secret": "t3nant",
        ]
        var configuration = APIClient.Configuration(
            baseURL: url, headers: HeaderFields(secrets.merging(["X-Visible": "yes"]) { a, _ in a }))
        configuration.sensitiveHeaders.insert("x-tenant-secret")
        let client = APIClient(configuration: configuration)
        let authorized = AuthorizedClient<Scope.User>(client: client, credentials: Credentials(token: "s3cret"))
        let echo = try await authorized.send(endpoint)
        for name in ["Authorization"] + secrets.keys {
            #expect(echo.headers[name] == nil, "\(name) was forwarded: \(echo.headers)")
        }
        #expect(echo.headers["X-Visible"] == "yes")
        #expect(echo.headers["Host"] == "localhost:\(port)")
    }

    @Test("/redirect-to the same origin keeps the credentials")
    func redirectKeepsCredentialsOnSameOrigin() async throws {
        guard let url = HTTPBin.url else { return }
        let endpoint = Endpoint<Echo, any Error & Sendable>(
            method: .get, path: "/redirect-to", query: [Parameter("url", "/headers")])
        let client = APIClient(configuration: .init(baseURL: url, headers: ["X-Api-Key": "k3y"]))
        #expect(try await client.send(endpoint).headers["X-Api-Key"] == "k3y")
    }

    @Test("/status/204 into an optional response is nil; /headers sees a declared Accept as declared")
    func emptyBodyAndAccept() async throws {
        let empty = Endpoint<Echo?, any Error & Sendable>(
            method: .get, path: "/status/{code}", pathParameters: ["code": "204"])
        #expect(try await api.send(empty) == nil)
        let html = Endpoint<Echo, any Error & Sendable>(
            method: .get, path: "/headers", headers: [Parameter("Accept", "text/html")])
        #expect(try await api.send(html).headers["Accept"] == "text/html")
    }

    @Test("/response-headers: a Link and a rate-limit header come back through readResponse")
    func responseHeaders() async throws {
        struct Page: Sendable {
            var next: URL?
            var remaining: Int?
        }
        let endpoint = Endpoint<Page, any Error & Sendable>(
            method: .get, path: "/response-headers",
            query: [
                Parameter("Link", #"</items?page=3>; rel="next", </items?page=1>; rel="first""#),
                Parameter("X-RateLimit-Remaining", "42"),
            ]
        ) { response, _ in
            Page(
                next: response.link("next", relativeTo: HTTPBin.url),
                remaining: response.value(forHeader: "x-ratelimit-remaining").flatMap { Int($0) })
        }
        let page = try await api.send(endpoint)
        #expect(page.next?.path == "/items")
        #expect(page.next?.query == "page=3")
        #expect(page.remaining == 42)
    }

    struct RateLimitHeaders: ResponseHeaders, Equatable {
        var remaining: Int
        var reset: Date
        var etag: String?
        var location: URL?
        var allow: [String]

        init(from response: ReceivedResponse) throws {
            remaining = try response.header("X-RateLimit-Remaining")
            reset = try response.header("X-RateLimit-Reset")
            etag = try response.header("ETag")
            location = try response.header("Location")
            allow = try response.header("X-Allow")
        }
    }

    @Test("/response-headers: typed headers with the body through withHeaders(); a relative Location resolves")
    func typedResponseHeaders() async throws {
        let endpoint = Endpoint<JSONValue, any Error & Sendable>(
            method: .get, path: "/response-headers",
            query: [
                Parameter("X-RateLimit-Remaining", "4999"),
                Parameter("X-RateLimit-Reset", "Sun, 06 Nov 1994 08:49:37 GMT"),
                Parameter("Location", "/items/7"), Parameter("X-Allow", "GET, HEAD"),
            ])
        let reply = try await api.send(endpoint.withHeaders(RateLimitHeaders.self))
        #expect(reply.status == 200)
        #expect(reply.headers.remaining == 4999)
        #expect(reply.headers.reset == Date(timeIntervalSince1970: 784_111_777))
        #expect(reply.headers.etag == nil)
        #expect(reply.headers.location?.path == "/items/7")
        #expect(reply.headers.location?.host == HTTPBin.url?.host)
        #expect(reply.headers.allow == ["GET", "HEAD"])
        #expect(reply.body["X-Allow"] == .string("GET, HEAD"))

        let broken = endpoint.withHeaders(RateLimitHeaders.self)
        var malformed = broken
        malformed.query = [Parameter("X-RateLimit-Remaining", "many"), Parameter("X-RateLimit-Reset", "0")]
        let result = await Result.of { try await api.send(malformed) }
        guard case .failure(ClientError.client(let failure)) = result else {
            Issue.record("not a client failure: \(result)")
            return
        }
        #expect(failure.kind == .undecodableResponse)
        #expect("\(failure)".contains("'X-RateLimit-Remaining' is 'many', which is not Int"))
    }

    @Test("/bytes, /image/png and /html: raw bytes and text with the declared Accept, as generated code reads them")
    func nonJSONBodies() async throws {
        let bytes = try await api.send(
            Endpoint<Data, any Error & Sendable>(method: .get, path: "/bytes/{n}", pathParameters: ["n": "4096"]) {
                response, _ in
                response.body
            })
        #expect(bytes.count == 4096)
        let png = try await api.send(
            Endpoint<Data, any Error & Sendable>(
                method: .get, path: "/image/png", headers: [Parameter("Accept", "image/png")]
            ) {
                response, _ in response.body
            })
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let html = try await api.send(
            Endpoint<String, any Error & Sendable>(
                method: .get, path: "/html", headers: [Parameter("Accept", "text/html")]
            ) { response, _ in
                try response.text()
            })
        #expect(html.contains("Herman Melville"))
        let utf8 = try await api.send(
            Endpoint<String, any Error & Sendable>(method: .get, path: "/encoding/utf8") { response, _ in
                try response.text()
            })
        #expect(utf8.contains("∮ E⋅da = Q"))
    }

    @Test("/stream-bytes: a chunked body downloaded to a file with progress")
    func streamDownload() async throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: target) }
        let updates = Locked(0)
        let file = try await api.download(
            Endpoint<Void, any Error & Sendable>(
                method: .get, path: "/stream-bytes/{n}", pathParameters: ["n": "90000"]), to: target
        ) { _ in updates.withLock { $0 += 1 } }
        #expect(file.byteCount == 90_000)
        #expect(try Data(contentsOf: target).count == 90_000)
        #expect(updates.withLock { $0 } >= 2)
    }

    @Test("/headers: default headers and Accept arrive")
    func headers() async throws {
        let client = APIClient(
            configuration: .init(baseURL: HTTPBin.url ?? baseURL, headers: ["X-Client": "endpointgen-tests"]))
        let echo = try await client.send(Endpoint<Echo, any Error & Sendable>(method: .get, path: "/headers"))
        #expect(echo.headers["X-Client"] == "endpointgen-tests")
        #expect(echo.headers["Accept"] == "application/json")
    }
}

enum HTTPBin {
    static let url: URL? = ProcessInfo.processInfo.environment["HTTPBIN_URL"].flatMap(URL.init(string:))
}

/// The 304 flow against httpbin's own ETag and Last-Modified handling.
@Suite(
    "Conditional requests against httpbin",
    .enabled(if: HTTPBin.url != nil, "HTTPBIN_URL is not set; .ci/run starts httpbin and sets it"), .transportUnderTest)
struct HTTPBinConditionalTests {
    struct Echo: Decodable, Sendable, Equatable { var url: String }

    @Test("/etag/{etag}: the second request sends If-None-Match, gets 304, and returns the stored body")
    func etag() async throws {
        let logs = Locked<[Int]>([])
        let api = APIClient(
            configuration: .init(
                baseURL: HTTPBin.url ?? baseURL, conditionalStore: InMemoryConditionalStore(),
                logger: { log in logs.withLock { $0.append(log.status ?? 0) } }))
        let endpoint = Endpoint<Echo, any Error & Sendable>(
            method: .get, path: "/etag/{etag}", pathParameters: ["etag": "v1"])
        let first = try await api.send(endpoint)
        let second = try await api.send(endpoint)
        #expect(first == second)
        #expect(logs.withLock { $0 } == [200, 304])
    }

    @Test("/cache: the second request sends If-Modified-Since and gets 304")
    func lastModified() async throws {
        let logs = Locked<[Int]>([])
        let api = APIClient(
            configuration: .init(
                baseURL: HTTPBin.url ?? baseURL, conditionalStore: InMemoryConditionalStore(),
                logger: { log in logs.withLock { $0.append(log.status ?? 0) } }))
        let endpoint = Endpoint<Echo, any Error & Sendable>(method: .get, path: "/cache")
        _ = try await api.send(endpoint)
        _ = try await api.send(endpoint)
        #expect(logs.withLock { $0 } == [200, 304])
    }
}
