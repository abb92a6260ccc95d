import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Paging by the id of the last item while `has_more` is true, as Stripe's lists page.
@Suite("Paging by the last item")
struct LastItemPagingTests {
    struct Customer: Codable, Sendable, Equatable {
        var id: String
    }

    struct CustomerList: Codable, Sendable {
        var data: [Customer]
        var hasMore: Bool?

        enum CodingKeys: String, CodingKey {
            case data
            case hasMore = "has_more"
        }
    }

    /// Seven customers, `cus_1` … `cus_7`, three to a page after `starting_after`.
    static func server(hasMore: @escaping @Sendable (Bool) -> String = { $0 ? "true" : "false" }) -> StubTransport {
        StubTransport { request in
            let query = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let after = query.first { $0.name == "starting_after" }?.value.flatMap { Int($0.dropFirst(4)) } ?? 0
            let ids = Array((after + 1)...min(after + 3, 7))
            let data = ids.map { #"{"id":"cus_\#($0)"}"# }.joined(separator: ",")
            return (200, [:], Data(#"{"data":[\#(data)],"has_more":\#(hasMore(ids.last! < 7))}"#.utf8))
        }
    }

    let list = Endpoint<CustomerList, any Error & Sendable>(
        method: .get, path: "/customers", query: [Parameter("limit", 3)]
    )
    .paged(by: .afterLastItem("starting_after", items: { $0.data }, field: { $0.id }, while: { $0.hasMore }))

    @Test("each request carries the last id of the page before, until has_more is false")
    func pages() async throws {
        let transport = Self.server()
        var seen: [String] = []
        for try await page in client(transport).pages(list) { seen += page.data.map(\.id) }
        #expect(seen == (1...7).map { "cus_\($0)" })
        #expect(
            transport.requests.map { $0.url!.query ?? "" } == [
                "limit=3", "limit=3&starting_after=cus_3", "limit=3&starting_after=cus_6",
            ])
    }

    @Test("has_more missing or null is the last page; so is an empty list")
    func stops() async throws {
        let missing = Self.server(hasMore: { _ in "null" })
        var pages = 0
        for try await _ in client(missing).pages(list) { pages += 1 }
        #expect(pages == 1)

        let empty = StubTransport(status: 200, json: #"{"data":[],"has_more":true}"#)
        var count = 0
        for try await page in client(empty).pages(list) { count += page.data.count }
        #expect(count == 0 && empty.requests.count == 1)
    }

    @Test("without 'while', paging goes on while a page has items")
    func untilEmpty() async throws {
        let transport = StubTransport { request in
            let query = request.url?.query ?? ""
            let body = query.contains("starting_after=b") ? #"{"data":[]}"# : #"{"data":[{"id":"a"},{"id":"b"}]}"#
            return (200, [:], Data(body.utf8))
        }
        let endpoint = Endpoint<CustomerList, any Error & Sendable>(method: .get, path: "/customers")
            .paged(by: .afterLastItem("starting_after", items: { $0.data }, field: { $0.id }))
        var seen: [String] = []
        for try await page in client(transport).pages(endpoint) { seen += page.data.map(\.id) }
        #expect(seen == ["a", "b"] && transport.requests.count == 2)
    }
}
