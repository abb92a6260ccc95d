import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import GitHubEventsAPI
import ShopAPI
import StorageAPI
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// App code tested against stubs matched by generated endpoint, as an app's own tests would.
@Suite("StubbedTransport answers generated endpoints without a network")
struct StubbedTransportTests {
    /// Generated from the spec's `example:` values: no hand-written fixture.
    static let customer = Shop.Models.Customer.example

    func customerClient(_ stubs: StubbedTransport) -> AuthorizedClient<Shop.Scope.Customer> {
        AuthorizedClient(
            client: APIClient(configuration: .init(baseURL: Shop.baseURL, transport: stubs)),
            credentials: Credentials(token: "t"))
    }

    @Test("a model, a declared error with its status, a client failure, an empty success; requests recorded")
    func answers() async throws {
        let stubs = StubbedTransport(baseURL: Shop.baseURL)
        let scoped = stubs.scope(Shop.Scope.Customer.self)
        scoped.stub(Shop.Customer.get(), with: .success(Self.customer))
        scoped.stub(
            Shop.Customer.patch(),
            with: .failure(Shop.Models.ValidationProblem(message: "no", fields: [:]), status: 422))
        scoped.stub(Shop.Resources.upload(image: Upload(data: Data())), with: .clientFailure(.notConnectedToInternet))
        let customer = customerClient(stubs)

        #expect(try await customer.send(Shop.Customer.get()) == Self.customer)
        #expect(Self.customer.firstName == "Ada" && Self.customer.tier == .gold)
        #expect(Self.customer.createdAt == Date(timeIntervalSince1970: 1_714_566_600))
        switch try await customer.result(Shop.Customer.patch(firstName: "A")) {
        case .failure(.validationProblem(let problem), let response):
            #expect(problem.message == "no" && response.status == 422)
        default: Issue.record("not the declared 422")
        }
        do {
            _ = try await customer.send(Shop.Resources.upload(image: Upload(data: Data([1]))))
            Issue.record("no failure")
        } catch ClientError.client(let failure) {
            #expect(failure.kind == .noConnection)
        }
        #expect(stubs.requests.count == 3)
        #expect(scoped.requests(for: Shop.Customer.patch()).count == 1)
        #expect(
            scoped.requests(for: Shop.Customer.patch()).first?.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(scoped.requests(for: Shop.Customer.get()).count == 1)
    }

    @Test("a route matches any parameter values; .request only the request the endpoint builds; the newest wins")
    func matching() async throws {
        let stubs = StubbedTransport(baseURL: Storage.baseURL)
        let embed = stubs.scope(Storage.Scope.Embed.self)
        let entry = Storage.Models.Entry(path: "a", kind: .file, size: 1)
        embed.stub(Storage.Contents.list(owner: "o", repo: "r", path: "x"), with: .success([entry]))
        let special = Storage.Models.Entry(path: "docs/a b/c.md", kind: .dir, size: 2)
        embed.stub(
            Storage.Contents.list(owner: "o", repo: "r", path: "docs/a b", perPage: 5), matching: .request,
            with: .success([special]))
        let reader = AuthorizedClient<Storage.Scope.Embed>(
            client: APIClient(configuration: .init(baseURL: Storage.baseURL, transport: stubs)),
            credentials: Credentials(token: "k"))
        #expect(try await reader.send(Storage.Contents.list(owner: "x", repo: "y", path: "deep/er/path")) == [entry])
        #expect(
            try await reader.send(Storage.Contents.list(owner: "o", repo: "r", path: "docs/a b", perPage: 5)) == [
                special
            ])
        #expect(
            try await reader.send(Storage.Contents.list(owner: "o", repo: "r", path: "docs/a b", perPage: 6)) == [entry]
        )
        // Another method on the same path is another endpoint.
        let writer = AuthorizedClient<Storage.Scope.Admin>(
            client: APIClient(configuration: .init(baseURL: Storage.baseURL, transport: stubs)),
            credentials: try .basic(username: "a", password: "b"))
        await #expect(throws: ClientError.self) {
            _ = try await writer.send(
                Storage.Contents.put(owner: "o", repo: "r", path: "p", message: "m", content: Upload(data: Data())))
        }
        #expect(embed.requests(for: Storage.Contents.list(owner: "", repo: "", path: "")).count == 3)
    }

    @Test("no stub: a client failure naming the request, or the fallback; a delay is cancelled with the task")
    func unmatchedAndDelayed() async throws {
        let strict = StubbedTransport()
        let client = customerClient(strict)
        do {
            _ = try await client.send(Shop.Customer.get())
            Issue.record("no failure")
        } catch ClientError.client(let failure) {
            #expect("\(failure)".contains("no stub for GET https://api.shop.example/v1/customer/profile"), "\(failure)")
        }
        let lenient = customerClient(StubbedTransport(fallback: .empty()))
        try await lenient.send(Shop.Feedback.post(email: "e", message: "m"))

        let slow = StubbedTransport()
        slow.scope(Shop.Scope.Customer.self).stub(
            Shop.Customer.get(), with: StubResponse.success(Self.customer).delayed(by: .seconds(30)))
        let task = Task { try await customerClient(slow).send(Shop.Customer.get()) }
        #expect(await Eventually.holds { !slow.requests.isEmpty })
        task.cancel()
        guard case .failure(ClientError.client(let failure)) = await task.result else {
            Issue.record("the delayed request was not cancelled")
            return
        }
        #expect(failure.kind == .cancelled)
    }

    @Test("typed stubs: the endpoint's own model, a case of its failures enum, an empty success, a client failure")
    func typedStubs() async throws {
        let stubs = StubbedTransport(baseURL: Shop.baseURL)
        let scoped = stubs.scope(Shop.Scope.Customer.self)
        // `.example` is looked up on the endpoint's response type: a wrong model does not compile (see below).
        scoped.stub(Shop.Customer.get(), .success(.example))
        scoped.stub(
            Shop.Customer.patch(), .failure(.validationProblem(.init(message: "no", fields: ["x": "y"])), status: 422))
        scoped.stub(Shop.Resources.upload(image: Upload(data: Data())), .clientFailure(.timedOut))
        scoped.stub(Shop.Feedback.post(email: "e", message: "m"), .empty(headers: ["X-Trace": "t1"]))
        let customer = customerClient(stubs)

        #expect(try await customer.send(Shop.Customer.get()) == Self.customer)
        switch try await customer.result(Shop.Customer.patch(firstName: "A")) {
        case .failure(.validationProblem(let problem), let response):
            #expect(problem.fields == ["x": "y"] && response.status == 422)
        default: Issue.record("not the declared 422")
        }
        do {
            _ = try await customer.send(Shop.Resources.upload(image: Upload(data: Data([1]))))
            Issue.record("no failure")
        } catch ClientError.client(let failure) {
            #expect(failure.kind == .timeout)
        }
        try await customer.send(Shop.Feedback.post(email: "e", message: "m"))
    }

    @Test("typed stubs of a paged endpoint with declared headers: two pages linked by Link, headers typed")
    func typedPagedStubs() async throws {
        let stubs = StubbedTransport(baseURL: GitHub.baseURL)
        let feed = stubs.scope(GitHub.Scope.Public.self)
        func event(_ id: String) -> GitHub.Models.Event {
            GitHub.Models.Event(
                id: id, type: .pushEvent,
                actor: .init(
                    id: 1, login: "octocat", url: URL(string: "https://a")!, avatarURL: URL(string: "https://b")!),
                repo: .init(id: 2, name: "o/r", url: URL(string: "https://c")!), payload: .object([:]), isPublic: true,
                createdAt: Date(timeIntervalSince1970: 1_798_761_600))
        }
        let limits: HeaderFields = [
            "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "59", "X-RateLimit-Reset": "1798761600",
        ]
        var first = limits
        first["Link"] = "<https://api.github.com/repos/o/r/events?page=2>; rel=\"next\""
        // The route matches both pages; `.request` tells them apart by the query the endpoint builds.
        feed.stub(
            GitHub.Repos.events(owner: "o", repo: "r"), matching: .request, .success([event("1")], headers: first))
        feed.stub(
            GitHub.Repos.events(owner: "o", repo: "r", page: 2), matching: .request,
            .success([event("2")], headers: limits))
        let client = AuthorizedClient<GitHub.Scope.Public>(
            client: APIClient(configuration: .init(baseURL: GitHub.baseURL, transport: stubs)),
            credentials: Credentials(token: "t"))
        var ids: [String] = []
        for try await page in client.pages(GitHub.Repos.events(owner: "o", repo: "r")) {
            ids += page.body.map(\.id)
            #expect(page.headers.rateLimitRemaining == 59)
        }
        #expect(ids == ["1", "2"])
        #expect(feed.requests(for: GitHub.Repos.events(owner: "o", repo: "r")).count == 2)
    }

    @Test("a typed stub of the wrong model does not compile, and the compiler names the endpoint's type")
    func typedStubRefusesWrongModel() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("Snippet.swift")
        try """
        import EndpointRuntime
        import EndpointRuntimeTesting
        import ShopAPI

        func stubs(_ transport: StubbedTransport) {
            transport.scope(Shop.Scope.Customer.self).stub(
                Shop.Customer.get(), .success(Shop.Models.ValidationProblem(message: "", fields: [:])))
        }
        """.write(to: source, atomically: true, encoding: .utf8)
        let result = try await TypeChecker.typeCheck([source], modulesDirectory: ScopeGuaranteeTests.modulesDirectory)
        #expect(result.status != 0)
        #expect(result.output.contains("Shop.Models.Customer"), "\(result.output)")
    }
}
