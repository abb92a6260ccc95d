import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a caller, a configuration or a server supplies is checked before it reaches the wire or a log.
@Suite("Client hardening")
struct HardeningTests {
    /// An interceptor that sets a header the plain way.
    struct HeaderSetter: RequestInterceptor {
        var name: String
        var value: String
        func adapt(_ request: URLRequest) async throws -> URLRequest {
            var request = request
            try request.setCheckedHeader(value, for: name)
            return request
        }
    }

    /// Expects `result` to be an `invalidRequest` whose text names `header`, and the transport to have seen
    /// nothing.
    func expectRefused(
        _ result: Result<some Any, any Error>, naming header: String, _ transport: StubTransport,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard case .failure(ClientError.client(let failure)) = result else {
            Issue.record("not a client failure: \(result)", sourceLocation: sourceLocation)
            return
        }
        #expect(failure.kind == .invalidRequest, sourceLocation: sourceLocation)
        #expect("\(failure)".contains(header), "\(failure)", sourceLocation: sourceLocation)
        #expect(transport.requests.isEmpty, "the request was sent", sourceLocation: sourceLocation)
    }

    @Test(
        "a header value with CR, LF or NUL is refused, from a parameter, the configuration, an interceptor or a token",
        arguments: ["a\r\nX-Injected: yes", "a\nb", "a\rb", "a\u{0}b"])
    func headerValues(value: String) async {
        let transport = StubTransport(status: 200, json: "{}")
        let parameter = Endpoint<JSONValue, any Error & Sendable>(
            method: .get, path: "/", headers: [Parameter("X-Trace", value)])
        expectRefused(await Result.of { try await client(transport).send(parameter) }, naming: "X-Trace", transport)

        let plain = Endpoint<JSONValue, any Error & Sendable>(method: .get, path: "/")
        let configured = APIClient(
            configuration: .init(baseURL: baseURL, headers: ["X-Tenant": value], transport: transport))
        expectRefused(await Result.of { try await configured.send(plain) }, naming: "X-Tenant", transport)

        let intercepted = APIClient(
            configuration: .init(
                baseURL: baseURL, transport: transport, interceptors: [HeaderSetter(name: "X-Signed", value: value)]))
        expectRefused(await Result.of { try await intercepted.send(plain) }, naming: "X-Signed", transport)

        let authorized = AuthorizedClient<Scope.User>(
            client: client(transport), credentials: Credentials(provider: { "t0ken" + value }))
        let scoped = AuthorizedEndpoint<Scope.User, JSONValue, any Error & Sendable>(plain)
        expectRefused(await Result.of { try await authorized.send(scoped) }, naming: "Authorization", transport)
    }

    @Test(
        "a header name that is not a token is refused", arguments: ["X Space", "X:Colon", "", "X-A\r\nX-B: c", "Ünï"])
    func headerNames(name: String) async {
        let transport = StubTransport(status: 200, json: "{}")
        let endpoint = Endpoint<JSONValue, any Error & Sendable>(
            method: .get, path: "/", headers: [Parameter(name, "v")])
        expectRefused(
            await Result.of { try await client(transport).send(endpoint) }, naming: "cannot be sent", transport)
        let configured = APIClient(configuration: .init(baseURL: baseURL, headers: [name: "v"], transport: transport))
        expectRefused(
            await Result.of {
                try await configured.send(Endpoint<JSONValue, any Error & Sendable>(method: .get, path: "/"))
            },
            naming: "cannot be sent",
            transport)
    }

    @Test("a stored validator with a line break (a tampered cache) is refused, not sent")
    func storedValidator() async throws {
        let transport = StubTransport(status: 200, json: "{}")
        let store = InMemoryConditionalStore()
        await store.store(
            StoredResponse(etag: "\"v1\"\r\nX-Injected: yes", lastModified: nil, body: Data("{}".utf8)),
            for: URL(string: "https://api.example.com/v1/feed")!)
        let api = APIClient(configuration: .init(baseURL: baseURL, transport: transport, conditionalStore: store))
        let feed = Endpoint<JSONValue, any Error & Sendable>(method: .get, path: "/feed")
        expectRefused(await Result.of { try await api.send(feed) }, naming: "If-None-Match", transport)
    }

    struct ProviderDown: Error {}

    @Test("a token provider or refresher that throws is an authentication failure keeping the error, in every style")
    func authenticationFailures() async throws {
        let transport = StubTransport(status: 401, json: "{}")
        let endpoint = AuthorizedEndpoint<Scope.User, JSONValue, any Error & Sendable>(
            Endpoint(method: .get, path: "/me"))
        let failing = AuthorizedClient<Scope.User>(
            client: client(transport), credentials: Credentials(provider: { throw ProviderDown() }))
        let refreshFails = AuthorizedClient<Scope.User>(
            client: client(transport), credentials: Credentials(token: "old", refresh: { _ in throw ProviderDown() }))
        for authorized in [failing, refreshFails] {
            for result in [
                await Result.of { try await authorized.send(endpoint) },
                await Result.of { try await authorized.request(endpoint).value },
                await Result.of { try await authorized.result(endpoint).value ?? .null },
            ] {
                guard case .failure(ClientError.client(let failure)) = result else {
                    Issue.record("not a client failure: \(result)")
                    continue
                }
                #expect(failure.kind == .authentication)
                #expect((failure.underlying as? SendableError)?.typeName == "ProviderDown")
            }
        }
    }

    @Test("configured credential headers are redacted in the log and its cURL line, with the default list and more")
    func redaction() async throws {
        let logs = Locked<[RequestLog]>([])
        let transport = StubTransport(status: 200, json: "{}")
        var configuration = APIClient.Configuration(
            baseURL: baseURL,
            headers: ["X-Api-Key": "k3y", "Cookie": "session=c00kie", "X-Tenant-Secret": "t3nant", "X-Visible": "yes"],
            transport: transport, logger: { log in logs.withLock { $0.append(log) } })
        configuration.sensitiveHeaders.insert("x-tenant-secret")
        _ = try await APIClient(configuration: configuration).send(
            Endpoint<JSONValue, any Error & Sendable>(method: .get, path: "/"))
        let log = try #require(logs.withLock { $0.first })
        for secret in ["k3y", "c00kie", "t3nant"] {
            #expect(!log.curl.contains(secret), "\(log.curl)")
            #expect(!log.headers.contains { $0.value.contains(secret) })
        }
        #expect(log.curl.contains("'X-Api-Key: <redacted>'"))
        #expect(log.curl.contains("'X-Visible: yes'"))
        #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Api-Key") == "k3y")
    }

    @Test("a redirect to another host drops every sensitive header; the same origin keeps them")
    func redirectPolicy() {
        let options = TransportOptions(
            maximumResponseSize: 1, sensitiveHeaders: ["Authorization", "X-Api-Key", "Cookie"])
        var request = URLRequest(url: URL(string: "https://evil.example.net/steal")!)
        for name in ["Authorization", "x-api-key", "Cookie", "X-Visible"] {
            request.setValue("v", forHTTPHeaderField: name)
        }
        let original = URL(string: "https://api.example.com/v1/me")!
        let redirected = RedirectPolicy.redirect(request, from: original, options: options)
        #expect(redirected.allHTTPHeaderFields == ["X-Visible": "v"])
        var same = request
        same.url = URL(string: "https://api.example.com/v2/me")
        #expect(RedirectPolicy.redirect(same, from: original, options: options).allHTTPHeaderFields?.count == 4)
    }

    @Test("an error keeps at most 64 KiB of a body, and says how large it was")
    func errorBodyCap() async {
        let big = String(repeating: "x", count: 1 << 20)
        let transport = StubTransport(status: 500, json: big)
        let result = await Result.of { try await client(transport).send(profile) }
        guard case .failure(ClientError.unexpected(let response, _)) = result else {
            Issue.record("not unexpected: \(result)")
            return
        }
        #expect(response.body.count == HTTPResponseInfo.maximumKeptBodySize)
        #expect(response.bodySize == 1 << 20)
    }

    @Test("an in-memory transport's body over the limit is a responseTooLarge failure")
    func inMemoryLimit() async {
        let transport = StubTransport(status: 200, json: "[" + String(repeating: "1,", count: 1000) + "1]")
        let api = APIClient(configuration: .init(baseURL: baseURL, transport: transport, maximumResponseSize: 100))
        expectClientFailure(
            await Result.of { try await api.send(Endpoint<[Int], any Error & Sendable>(method: .get, path: "/")) },
            .responseTooLarge)
    }

    @Test("a Retry-After too large for Int counts as the longest wait, not as 'soon'")
    func hugeRetryAfter() async {
        let policy = RetryPolicy(maxDelay: .seconds(30), jitter: { _ in .zero })
        for value in ["99999999999999999999999", "9223372036854775807", "Fri, 31 Dec 9999 23:59:59 GMT"] {
            let response = HTTPResponseInfo(
                endpoint: "GET /", url: nil, status: 503, headers: ["Retry-After": value], body: Data())
            let request = URLRequest(url: baseURL)
            let decision = await policy.retry(request, attempt: 1, outcome: .response(response))
            #expect(decision == .retry(after: .seconds(30)), "\(value)")
        }
    }
}
