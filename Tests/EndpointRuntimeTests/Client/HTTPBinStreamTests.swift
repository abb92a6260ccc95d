@_spi(Generated) import EndpointRuntime
import Foundation
import TestSupport
import Testing

/// JSON Lines from a server nobody here wrote: httpbin's `/stream/{n}` sends n JSON objects, one per line.
@Suite(
    "Streamed JSON Lines against httpbin",
    .enabled(if: HTTPBin.url != nil, "HTTPBIN_URL is not set; .ci/run starts httpbin and sets it"), .transportUnderTest)
struct HTTPBinStreamTests {
    struct Line: Decodable, Sendable {
        var id: Int
        var url: String
    }

    @Test("/stream/5 arrives as five values, in order, decoded one line at a time")
    func jsonLines() async throws {
        let api = APIClient(configuration: .init(baseURL: try #require(HTTPBin.url), timeout: 10))
        let endpoint = Endpoint<EventStream<Line>, any Error & Sendable>.events(
            method: .get, path: "/stream/\(5, named: "n")", format: .jsonLines)
        var ids: [Int] = []
        for try await line in try await api.send(endpoint) { ids.append(line.id) }
        #expect(ids == [0, 1, 2, 3, 4])
        let values = try await api.requestEvents(endpoint).map(\.id).toArray().value
        #expect(values == [0, 1, 2, 3, 4])
    }
}
