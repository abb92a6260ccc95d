import CountriesAPI
import EndpointRuntime
import FlyingFox
import Foundation
import GitHubEventsAPI
import LoginAPI
import ShopAPI
import TestSupport
import Testing

@Suite("Scenarios through generated APIs against an in-process server", .transportUnderTest)
struct ScenarioTests {
    @Test("login: a declared failure is category 2, a 500 HTML page category 3, no server category 1")
    func loginCategories() async throws {
        let server = try await TestServer.start { server in
            await server.appendRoute("POST /login") { request in
                let credentials = try JSONDecoder().decode(
                    Auth.Models.Credentials.self, from: try await request.bodyData)
                switch credentials.password {
                case "right": return TestServer.json(.ok, #"{"user_id": 7, "token": "t"}"#)
                case "boom": return HTTPResponse(statusCode: .internalServerError, body: Data("<html>oops</html>".utf8))
                default: return TestServer.json(.unauthorized, #"{"error_message": "Wrong password"}"#)
                }
            }
        }
        let api = APIClient(baseURL: server.url)
        let login = { (password: String) in
            Auth.Session.login(body: Auth.Models.Credentials(username: "ada", password: password))
        }

        #expect(try await api.send(login("right")).userId == 7)

        func category(_ password: String, on client: APIClient) async -> String {
            do {
                _ = try await client.send(login(password))
                return "success"
            } catch let error as ClientError {
                switch error {
                case .client(let failure): return "client \(failure.kind)"
                case .api(let failure as Auth.Models.LoginFailure, let response):
                    return "api \(response.status) \(failure.message)"
                case .api: return "api other"
                case .unexpected(let response, _): return "unexpected \(response.status)"
                }
            } catch {
                return "other"
            }
        }
        #expect(await category("wrong", on: api) == "api 401 Wrong password")
        #expect(await category("boom", on: api) == "unexpected 500")
        await server.stop()
        #expect(await category("right", on: api) == "client noConnection")
    }

    @Test("two independent requests combined with combineLatest")
    func combined() async throws {
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /name/:name") { request in
                let name = request.routeParameters["name"] ?? "?"
                return TestServer.json(
                    .ok,
                    #"[{"name":{"common":"\#(name)","official":"\#(name)"},"cca3":"\#(name.prefix(3).uppercased())","region":"Europe","population":1}]"#
                )
            }
        }
        defer { Task { await server.stop() } }
        let api = APIClient(baseURL: server.url)
        let pair = try await Observable.combineLatest(
            api.request(RestCountries.Countries.byName(name: "France")).asObservable(),
            api.request(RestCountries.Countries.byName(name: "Austria")).asObservable()
        ) { france, austria in "\(france[0].cca3)+\(austria[0].cca3)" }
        .take(1).asSingle().value
        #expect(pair == "FRA+AUS")
    }

    @Test("a profile read chained into a patch with flatMap, as a customer")
    func chained() async throws {
        let patched = Locked<String?>(nil)
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /customer/profile") { _ in TestServer.json(.ok, Self.customer(name: "Ada")) }
            await server.appendRoute("PATCH /customer/profile") { request in
                let body = try JSONSerialization.jsonObject(with: try await request.bodyData) as? [String: String]
                patched.withLock { $0 = body?["first_name"] }
                return TestServer.json(.ok, Self.customer(name: body?["first_name"] ?? "?"))
            }
        }
        defer { Task { await server.stop() } }
        let customer = AuthorizedClient<Shop.Scope.Customer>(baseURL: server.url, token: "c")
        let result = try await customer.request(Shop.Customer.get())
            .flatMap { profile in
                customer.request(Shop.Customer.patch(firstName: profile.firstName + "!", lastName: profile.lastName))
            }
            .value
        #expect(result.firstName == "Ada!")
        #expect(patched.withLock { $0 } == "Ada!")
    }

    @Test("autocomplete with flatMapLatest: a superseded request is cancelled and its response never delivered")
    func autocomplete() async throws {
        let slowReleased = AsyncStream<Void>.makeStream()
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /name/:name") { request in
                let name = request.routeParameters["name"] ?? "?"
                if name == "Fr" {
                    // The stale query answers only after the newer one has been delivered.
                    for await _ in slowReleased.stream { break }
                }
                return TestServer.json(
                    .ok,
                    #"[{"name":{"common":"\#(name)","official":"\#(name)"},"cca3":"X","region":"R","population":1}]"#)
            }
        }
        defer { Task { await server.stop() } }
        let api = APIClient(baseURL: server.url)
        let text = PublishSubject<String>()
        let delivered = Locked<[String]>([])
        let latest = AsyncStream<Void>.makeStream()
        let subscription =
            text
            .flatMapLatest { query in api.request(RestCountries.Countries.byName(name: query)).asObservable() }
            .subscribe(onNext: { countries in
                delivered.withLock { $0.append(countries[0].name.common) }
                latest.continuation.yield()
            })
        text.onNext("Fr")
        text.onNext("France")
        var iterator = latest.stream.makeAsyncIterator()
        _ = await iterator.next()
        slowReleased.continuation.yield()
        // Ask once more, through the same chain, so that anything stale would have arrived before this.
        text.onNext("Austria")
        _ = await iterator.next()
        subscription.dispose()
        #expect(delivered.withLock { $0 } == ["France", "Austria"])
    }

    @Test("typed errors: the value style hands back each declared error as its own case, no cast anywhere")
    func typedErrors() async throws {
        let server = try await TestServer.start { server in
            await server.appendRoute("PATCH /customer/profile") { request in
                let body = try? JSONDecoder().decode([String: String].self, from: await request.bodyData)
                switch body?["first_name"] {
                case "":
                    return TestServer.json(
                        .unprocessableContent, #"{"message":"invalid","fields":{"first_name":"empty"}}"#)
                case "down": return TestServer.json(.serviceUnavailable, #"{"error_message":"maintenance"}"#)
                case "teapot": return HTTPResponse(statusCode: .teapot, body: Data("<html>".utf8))
                default: return TestServer.json(.ok, Self.customer(name: body?["first_name"] ?? "?"))
                }
            }
        }
        defer { Task { await server.stop() } }
        let customer = AuthorizedClient<Shop.Scope.Customer>(
            client: APIClient(baseURL: server.url), credentials: Credentials(token: "c"))

        func outcome(_ firstName: String) async throws -> String {
            switch try await customer.result(Shop.Customer.patch(firstName: firstName, lastName: "L")) {
            case .success(let profile): "saved \(profile.firstName)"
            case .failure(.validationProblem(let problem), let response): "422 \(problem.fields) \(response.status)"
            case .failure(.errorMessage(let message), _): "error \(message.message)"
            case .unexpected(let response, _): "unexpected \(response.status)"
            }
        }
        #expect(try await outcome("Ada") == "saved Ada")
        #expect(try await outcome("") == #"422 ["first_name": "empty"] 422"#)
        #expect(try await outcome("down") == "error maintenance")
        #expect(try await outcome("teapot") == "unexpected 418")

        // One declared model is the failure type itself; none is Never.
        let events: ApiResult<[GitHub.Models.Event], GitHub.Models.GitHubError> = .failure(
            GitHub.Models.GitHubError(message: "Not Found", documentationURL: nil),
            HTTPResponseInfo(endpoint: "GET /x", url: nil, status: 404, headers: [:], body: Data()))
        if case .failure(let error, _) = events { #expect(error.message == "Not Found") }
    }

    @Test("a feed refreshed with 304: the second fetch reuses the stored events, with the 304's rate limit")
    func feed() async throws {
        let hits = Hits()
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /repos/:owner/:repo/events") { request in
                hits.increment()
                var limits: HTTPHeaders = [
                    HTTPHeader("X-RateLimit-Limit"): "60", HTTPHeader("X-RateLimit-Remaining"): "59",
                    HTTPHeader("X-RateLimit-Reset"): "1798761600",
                ]
                if request.headers[HTTPHeader("If-Modified-Since")] == "Wed, 21 Oct 2026 07:28:00 GMT" {
                    limits[HTTPHeader("X-RateLimit-Remaining")] = "58"
                    return HTTPResponse(statusCode: .notModified, headers: limits)
                }
                limits[HTTPHeader("Last-Modified")] = "Wed, 21 Oct 2026 07:28:00 GMT"
                return TestServer.json(.ok, Self.events, headers: limits)
            }
        }
        defer { Task { await server.stop() } }
        let api = APIClient(configuration: .init(baseURL: server.url, conditionalStore: InMemoryConditionalStore()))
        let feed = AuthorizedClient<GitHub.Scope.Public>(client: api, credentials: Credentials(token: "p"))
        let first = try await feed.send(GitHub.Repos.events(owner: "apple", repo: "swift"))
        let second = try await feed.send(GitHub.Repos.events(owner: "apple", repo: "swift"))
        #expect(first.body == second.body)
        #expect(first.body.first?.actor.login == "octocat")
        #expect([first.headers.rateLimitRemaining, second.headers.rateLimitRemaining] == [59, 58] as [Int])
        #expect(second.headers.lastModified == first.headers.lastModified)
        #expect(second.status == 200)
        #expect(hits.count == 2)
    }

    @Test("share(replay: 1): one HTTP request for two subscribers; with .forever, late ones get the replay")
    func shared() async throws {
        let hits = Hits()
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /alpha") { _ in
                hits.increment()
                return TestServer.json(.ok, "[]")
            }
        }
        defer { Task { await server.stop() } }
        let api = APIClient(baseURL: server.url)
        let request = api.request(RestCountries.Countries.byCodes(codes: ["DEU"])).asObservable()
        let shared = request.share(replay: 1)
        let both = try await Observable.zip(shared, shared) { $0.count + $1.count }.take(1).asSingle().value
        #expect(both == 0)
        #expect(hits.count == 1)

        // With .forever the response is kept: a subscriber after completion gets it without a request.
        let kept = request.share(replay: 1, scope: .forever)
        _ = try await kept.asSingle().value
        _ = try await kept.asSingle().value
        #expect(hits.count == 2)
    }

    @Test("20 concurrent requests hitting 401 cause exactly one refresh")
    func refreshStorm() async throws {
        let valid = Locked("old")
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /customer/profile") { request in
                guard request.headers[.authorization] == "Bearer \(valid.withLock { $0 })" else {
                    return HTTPResponse(statusCode: .unauthorized)
                }
                return TestServer.json(.ok, Self.customer(name: "Ada"))
            }
        }
        defer { Task { await server.stop() } }
        valid.withLock { $0 = "new" }
        let refreshes = Hits()
        let credentials = Credentials(
            token: "old",
            refresh: { _ in
                refreshes.increment()
                return "new"
            })
        let customer = AuthorizedClient<Shop.Scope.Customer>(
            client: APIClient(baseURL: server.url), credentials: credentials)
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await customer.send(Shop.Customer.get()).firstName } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names == Array(repeating: "Ada", count: 20))
        #expect(refreshes.count == 1)
    }

    static func customer(name: String) -> String {
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","first_name":"\#(name)","last_name":"L","email":"e","tier":"gold","created_at":"2026-01-02T03:04:05Z"}"#
    }

    static let events = #"""
        [{"id":"1","type":"PushEvent","public":true,"created_at":"2026-01-02T03:04:05Z","payload":{},
          "actor":{"id":1,"login":"octocat","url":"https://api.github.com/users/octocat","avatar_url":"https://a.example/1"},
          "repo":{"id":2,"name":"apple/swift","url":"https://api.github.com/repos/apple/swift"}}]
        """#
}
