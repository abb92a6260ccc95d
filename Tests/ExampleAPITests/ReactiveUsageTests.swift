import CountriesAPI
import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import GitHubEventsAPI
import Testing

/// The README's reactive examples, compiled and run. Until the HTTP client arrives, functions returning
/// `Single` stand in for `client.request(...)`.
@Suite("README: reactive usage")
struct ReactiveUsageTests {
    typealias Country = RestCountries.Models.Country

    static let world: [String: Country] = [
        "Germany": country("Germany", "DEU", borders: ["AUT", "FRA"]),
        "France": country("France", "FRA", borders: ["DEU"]),
        "Austria": country("Austria", "AUT", borders: ["DEU"]),
    ]

    static func country(_ name: String, _ code: String, borders: [String]) -> Country {
        Country(
            name: .init(common: name, official: name), cca3: code, region: "Europe", population: 1, borders: borders)
    }

    func country(named name: String) -> Single<Country> {
        Single.deferred {
            guard let country = Self.world[name] else { throw LookupError.notFound(name) }
            return .just(country)
        }
    }

    func countries(codes: [String]) -> Single<[Country]> {
        .just(Self.world.values.filter { codes.contains($0.cca3) }.sorted { $0.cca3 < $1.cca3 })
    }

    enum LookupError: Error { case notFound(String) }

    @Test("chain with flatMap, combine with combineLatest, dispose with a DisposeBag")
    func rx() {
        let bag = DisposeBag()
        let neighbours = Locked<[String]>([])
        let pairs = Locked<[String]>([])

        country(named: "Germany")
            .flatMap { germany in self.countries(codes: germany.borders ?? []) }
            .subscribe(
                onSuccess: { found in neighbours.withLock { $0 = found.map(\.name.common) } },
                onFailure: { error in print("lookup failed: \(error)") }
            )
            .disposed(by: bag)

        Observable.combineLatest(
            country(named: "France").asObservable(), country(named: "Austria").asObservable()
        ) { france, austria in "\(france.cca3)+\(austria.cca3)" }
        .subscribe(onNext: { pair in pairs.withLock { $0.append(pair) } })
        .disposed(by: bag)

        #expect(neighbours.withLock { $0 } == ["Austria", "France"])
        #expect(pairs.withLock { $0 } == ["FRA+AUT"])
    }

    @Test("the same with await")
    func await() async throws {
        let germany = try await country(named: "Germany").value
        let neighbours = try await countries(codes: germany.borders ?? []).value
        #expect(neighbours.map(\.cca3) == ["AUT", "FRA"])
        await #expect(throws: LookupError.self) { try await country(named: "Atlantis").value }
    }

    /// The README's Swift 6 collecting snippet, against two stubbed pages.
    @MainActor final class FeedModel { var ids: [String] = [] }

    @Test("collecting values under Swift 6: toArray, and handing pages to the main actor")
    @MainActor
    func collecting() async throws {
        let stubs = StubbedTransport(baseURL: GitHub.baseURL)
        let limits: HeaderFields = [
            "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "59", "X-RateLimit-Reset": "1798761600",
        ]
        var first = limits
        first["Link"] = "<https://api.github.com/repos/o/r/events?page=2>; rel=\"next\""
        let scoped = stubs.scope(GitHub.Scope.Public.self)
        scoped.stub(GitHub.Repos.events(owner: "o", repo: "r"), matching: .request, .success([], headers: first))
        scoped.stub(
            GitHub.Repos.events(owner: "o", repo: "r", page: 2), matching: .request, .success([], headers: limits))
        let feed = AuthorizedClient<GitHub.Scope.Public>(
            client: APIClient(configuration: .init(baseURL: GitHub.baseURL, transport: stubs)),
            credentials: Credentials(token: "t"))
        let bag = DisposeBag()

        // Let the pipeline collect: every page's event ids, as one array of pages.
        let ids = try await feed.requestPages(GitHub.Repos.events(owner: "o", repo: "r")).map { $0.body.map(\.id) }
            .toArray().value
        #expect(ids == [[], []])

        // Or hand each value to the main actor, which owns the screen's state.
        let model = FeedModel()
        let pages = Locked(0)
        feed.requestPages(GitHub.Repos.events(owner: "o", repo: "r"))
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { page in
                MainActor.assumeIsolated { model.ids += page.body.map(\.id) }
                pages.withLock { $0 += 1 }
            })
            .disposed(by: bag)
        for _ in 0..<1000 where pages.withLock({ $0 }) < 2 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(pages.withLock { $0 } == 2 && model.ids.isEmpty)
    }
}
