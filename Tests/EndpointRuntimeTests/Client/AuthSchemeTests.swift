import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Scopes of every scheme, as generated code declares them.
enum Schemes {
    enum Bearer: AuthorizationScope {}
    enum Basic: AuthorizationScope { static let authScheme: AuthScheme = .basic }
    enum HeaderKey: AuthorizationScope { static let authScheme: AuthScheme = .apiKey(name: "X-Shop-Key", in: .header) }
    enum QueryKey: AuthorizationScope { static let authScheme: AuthScheme = .apiKey(name: "api key", in: .query) }
    enum CookieKey: AuthorizationScope { static let authScheme: AuthScheme = .apiKey(name: "sid", in: .cookie) }
    enum Anonymous: AuthorizationScope { static let authScheme: AuthScheme = .none }
}

@Suite("Auth schemes: how each credential travels, and where it never goes")
struct AuthSchemeTests {
    let endpoint = Endpoint<Void, any Error & Sendable>(method: .get, path: "/me", query: [Parameter("page", 2)])

    func sent<Scope: AuthorizationScope>(
        _ scope: Scope.Type, credentials: Credentials, headers: HeaderFields = [:]
    ) async throws -> URLRequest {
        let transport = StubTransport(status: 204)
        let api = APIClient(configuration: .init(baseURL: baseURL, headers: headers, transport: transport))
        try await AuthorizedClient<Scope>(client: api, credentials: credentials).send(
            AuthorizedEndpoint<Scope, Void, any Error & Sendable>(endpoint))
        return try #require(transport.requests.first)
    }

    @Test("bearer, basic, an API key in a header, a query item or a cookie, and nothing for an anonymous scope")
    func schemes() async throws {
        let bearer = try await sent(Schemes.Bearer.self, credentials: Credentials(token: "t0k"))
        #expect(bearer.value(forHTTPHeaderField: "Authorization") == "Bearer t0k")

        let basic = try await sent(Schemes.Basic.self, credentials: try .basic(username: "ada", password: "pa:ss wörd"))
        #expect(
            basic.value(forHTTPHeaderField: "Authorization")
                == "Basic " + Data("ada:pa:ss wörd".utf8).base64EncodedString())

        let header = try await sent(Schemes.HeaderKey.self, credentials: Credentials(token: "k3y"))
        #expect(header.value(forHTTPHeaderField: "X-Shop-Key") == "k3y")
        #expect(header.value(forHTTPHeaderField: "Authorization") == nil)

        let query = try await sent(Schemes.QueryKey.self, credentials: Credentials(token: "a&b=c d"))
        #expect(query.url?.absoluteString == "https://api.example.com/v1/me?page=2&api%20key=a%26b%3Dc%20d")

        let cookie = try await sent(
            Schemes.CookieKey.self, credentials: Credentials(token: "s3ss"), headers: ["Cookie": "theme=dark"])
        #expect(cookie.value(forHTTPHeaderField: "Cookie") == "theme=dark; sid=s3ss")

        let anonymous = try await sent(Schemes.Anonymous.self, credentials: Credentials())
        #expect(anonymous.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(anonymous.url?.query == "page=2")
    }

    @Test("cookie parameters share one Cookie header with the configuration's cookies and the API key, encoded")
    func cookieParameters() async throws {
        let transport = StubTransport(status: 204)
        let api = APIClient(
            configuration: .init(baseURL: baseURL, headers: ["Cookie": "theme=dark"], transport: transport))
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .get, path: "/me",
            headers: [
                .cookies([
                    Parameter("lang", "en"), Parameter("skipped", String?.none),
                    Parameter("note", "a b;c=d,\"e\"%ü"), Parameter("odd name", 1),
                ])
            ])
        try await AuthorizedClient<Schemes.CookieKey>(client: api, credentials: Credentials(token: "s3ss")).send(
            AuthorizedEndpoint<Schemes.CookieKey, Void, any Error & Sendable>(endpoint))
        let request = try #require(transport.requests.first)
        #expect(
            request.value(forHTTPHeaderField: "Cookie")
                == "lang=en; note=a%20b%3Bc=d%2C%22e%22%25%C3%BC; odd%20name=1; theme=dark; sid=s3ss")
        let none = Parameter.cookies([Parameter("gone", String?.none)])
        let empty = Parameter.cookies([])
        #expect(none.values.isEmpty && empty.values.isEmpty)
    }

    @Test("no credential for a scheme that needs one fails as authentication, before anything is sent")
    func missingCredential() async {
        let transport = StubTransport(status: 204)
        let api = APIClient(configuration: .init(baseURL: baseURL, transport: transport))
        let user = AuthorizedClient<Schemes.Bearer>(client: api)
        expectClientFailure(
            await outcome {
                try await user.send(AuthorizedEndpoint<Schemes.Bearer, Void, any Error & Sendable>(endpoint))
            }, .authentication)
        #expect(transport.requests.isEmpty)
        #expect(throws: InvalidCredentialError.self) { try Credentials.basic(username: "a:b", password: "c") }
    }

    @Test(
        "a credential that cannot travel by its scheme is refused before sending, never echoed",
        arguments: [
            "a\r\nX-Injected: 1", "semi;colon", "",
        ])
    func invalidCredential(value: String) async {
        let transport = StubTransport(status: 204)
        let api = APIClient(configuration: .init(baseURL: baseURL, transport: transport))
        let cookie = AuthorizedClient<Schemes.CookieKey>(client: api, credentials: Credentials(token: value))
        let result = await outcome {
            try await cookie.send(AuthorizedEndpoint<Schemes.CookieKey, Void, any Error & Sendable>(endpoint))
        }
        expectClientFailure(result, .invalidRequest)
        if case .failure(let error) = result, !value.isEmpty { #expect(!"\(error)".contains(value)) }
        #expect(transport.requests.isEmpty)
    }

    @Test("a header credential outside visible ASCII is refused; basic encodes any text")
    func nonASCIIHeader() async throws {
        let transport = StubTransport(status: 204)
        let api = APIClient(configuration: .init(baseURL: baseURL, transport: transport))
        for token in ["k3y-ä", "tab\there"] {
            let key = AuthorizedClient<Schemes.HeaderKey>(client: api, credentials: Credentials(token: token))
            expectClientFailure(
                await outcome {
                    try await key.send(AuthorizedEndpoint<Schemes.HeaderKey, Void, any Error & Sendable>(endpoint))
                },
                .invalidRequest)
        }
        #expect(transport.requests.isEmpty)
        _ = try await sent(Schemes.Basic.self, credentials: try .basic(username: "jürgen", password: "ä"))
    }

    @Test("refresh after a 401 works for an API key as for a bearer token, single-flight")
    func refreshAPIKey() async throws {
        let transport = StubTransport { request in
            request.value(forHTTPHeaderField: "X-Shop-Key") == "new" ? (204, [:], Data()) : (401, [:], Data())
        }
        let api = APIClient(configuration: .init(baseURL: baseURL, transport: transport))
        let refreshes = Locked(0)
        let credentials = Credentials(
            token: "old",
            refresh: { _ in
                refreshes.withLock { $0 += 1 }
                return "new"
            })
        let client = AuthorizedClient<Schemes.HeaderKey>(client: api, credentials: credentials)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await client.send(AuthorizedEndpoint<Schemes.HeaderKey, Void, any Error & Sendable>(endpoint))
                }
            }
            try await group.waitForAll()
        }
        #expect(refreshes.withLock { $0 } == 1)
    }

    @Test("the log redacts every scheme's credential: a custom header, a query item, a cookie")
    func logRedaction() async throws {
        let logs = Locked<[RequestLog]>([])
        let transport = StubTransport(status: 204)
        let api = APIClient(
            configuration: .init(
                baseURL: baseURL, headers: ["X-Tenant-Token": "t3nant"], transport: transport,
                sensitiveHeaders: [], logger: { log in logs.withLock { $0.append(log) } }))
        try await AuthorizedClient<Schemes.HeaderKey>(client: api, credentials: Credentials(token: "k3y")).send(
            AuthorizedEndpoint<Schemes.HeaderKey, Void, any Error & Sendable>(endpoint))
        try await AuthorizedClient<Schemes.QueryKey>(client: api, credentials: Credentials(token: "q3y")).send(
            AuthorizedEndpoint<Schemes.QueryKey, Void, any Error & Sendable>(endpoint))
        try await AuthorizedClient<Schemes.CookieKey>(client: api, credentials: Credentials(token: "c00kie")).send(
            AuthorizedEndpoint<Schemes.CookieKey, Void, any Error & Sendable>(endpoint))
        let text = logs.withLock { $0 }.map { "\($0) \($0.headers) \($0.curl) \($0.url?.absoluteString ?? "")" }
        #expect(text.count == 3)
        for secret in ["k3y", "q3y", "c00kie", "t3nant"] {
            #expect(!text.joined().contains(secret), "\(secret) is in the log")
        }
        #expect(logs.withLock { $0[1].url?.query } == "page=2&api%20key=%3Credacted%3E")
    }

    @Test("a redirect to another host drops a scheme's custom header and credential-like configured headers")
    func redirect() {
        let options = TransportOptions(maximumResponseSize: 1, sensitiveHeaders: ["x-shop-key"])
        var request = URLRequest(url: URL(string: "https://elsewhere.example.net/")!)
        for name in ["X-Shop-Key", "X-Session-Id", "X-Tenant-Secret", "Idempotency-Key", "X-Request-Id"] {
            request.setValue("v", forHTTPHeaderField: name)
        }
        let redirected = RedirectPolicy.redirect(
            request, from: URL(string: "https://api.example.com/v1"), options: options)
        #expect(redirected.allHTTPHeaderFields == ["X-Request-Id": "v"])
    }
}
