import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Authorization")
struct AuthorizationTests {
    let endpoint = AuthorizedEndpoint<Scope.User, Profile, any Error & Sendable>(Endpoint(method: .get, path: "/me"))

    /// 401 unless the request carries `Bearer <valid>`.
    static func server(valid: @escaping @Sendable () -> String) -> StubTransport {
        StubTransport { request in
            request.value(forHTTPHeaderField: "Authorization") == "Bearer \(valid())"
                ? (200, [:], Data(#"{"name":"me"}"#.utf8)) : (401, [:], Data())
        }
    }

    @Test("the token provider supplies the first token")
    func provider() async throws {
        let transport = Self.server(valid: { "fresh" })
        let authorized = AuthorizedClient<Scope.User>(
            client: client(transport), credentials: Credentials(provider: { "fresh" }))
        #expect(try await authorized.send(endpoint) == Profile(name: "me"))
    }

    @Test("on 401 the client refreshes once and retries once")
    func refreshOnce() async throws {
        let refreshes = Locked(0)
        let transport = Self.server(valid: { "new" })
        let credentials = Credentials(
            token: "old",
            refresh: { rejected in
                #expect(rejected == "old")
                refreshes.withLock { $0 += 1 }
                return "new"
            })
        let authorized = AuthorizedClient<Scope.User>(client: client(transport), credentials: credentials)
        #expect(try await authorized.send(endpoint) == Profile(name: "me"))
        #expect(refreshes.withLock { $0 } == 1)
        #expect(
            transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer old", "Bearer new"])
    }

    @Test("when the retry fails again, the 401 is reported (unexpected, as the endpoint declares no 401)")
    func refreshFails() async {
        let transport = Self.server(valid: { "never" })
        let authorized = AuthorizedClient<Scope.User>(
            client: client(transport), credentials: Credentials(token: "old", refresh: { _ in "new" }))
        do {
            _ = try await authorized.send(endpoint)
            Issue.record("no error")
        } catch ClientError.unexpected(let response, _) {
            #expect(response.status == 401)
        } catch {
            Issue.record("wrong error: \(error)")
        }
        #expect(transport.requests.count == 2)
    }

    @Test("20 requests failing with 401 at once trigger exactly one refresh, and all retry with its token")
    func singleFlight() async throws {
        let refreshes = Locked(0)
        let valid = Locked("old-expired")
        let transport = Self.server(valid: { valid.withLock { $0 } })
        let credentials = Credentials(
            token: "old",
            refresh: { _ in
                refreshes.withLock { $0 += 1 }
                try await Task.sleep(nanoseconds: 20_000_000)
                valid.withLock { $0 = "new" }
                return "new"
            })
        let authorized = AuthorizedClient<Scope.User>(client: client(transport), credentials: credentials)
        let results = try await withThrowingTaskGroup(of: Profile.self) { group in
            for _ in 0..<20 { group.addTask { try await authorized.send(endpoint) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(refreshes.withLock { $0 } == 1)
    }

    @Test("a redirect to another host drops the Authorization header; the same origin keeps it")
    func redirects() {
        var request = URLRequest(url: URL(string: "https://evil.example.net/steal")!)
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        let original = URL(string: "https://api.example.com/v1/me")!
        #expect(RedirectPolicy.redirect(request, from: original).value(forHTTPHeaderField: "Authorization") == nil)
        var same = URLRequest(url: URL(string: "https://api.example.com/v2/me")!)
        same.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        #expect(RedirectPolicy.redirect(same, from: original).value(forHTTPHeaderField: "Authorization") == "Bearer t")
        var downgraded = URLRequest(url: URL(string: "http://api.example.com/v1/me")!)
        downgraded.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        #expect(RedirectPolicy.redirect(downgraded, from: original).value(forHTTPHeaderField: "Authorization") == nil)
    }
}
