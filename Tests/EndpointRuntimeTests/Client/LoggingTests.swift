#if Logging
import EndpointRuntime
import EndpointRuntimeLogging
import Foundation
import Logging
import Testing

/// The request log to swift-log, with a handler that keeps what it is given.
@Suite("Request log to a swift-log Logger")
struct LoggingTests {
    /// Keeps every entry.
    struct Recording: LogHandler {
        let entries: Locked<[(level: Logger.Level, message: String, metadata: Logger.Metadata)]>
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            entries.withLock { $0.append((event.level, event.message.description, event.metadata ?? [:])) }
        }
    }

    @Test("each exchange is one entry: method, host, path, status, attempt, duration; credentials never appear")
    func entries() async throws {
        let entries = Locked<[(level: Logger.Level, message: String, metadata: Logger.Metadata)]>([])
        let logger = Logger(label: "api") { _ in Recording(entries: entries) }
        let transport = StubTransport(status: 503)
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.example.com/v1")!, headers: ["Authorization": "Bearer s3cret"],
                transport: transport, logger: APIClient.Configuration.logging(to: logger)))
        let endpoint = Endpoint<Void, any Error & Sendable>(
            method: .get, path: "/items/{id}", pathParameters: ["id": "7"], query: [Parameter("api_key", "k3y")])
        _ = try? await client.send(endpoint)
        let entry = try #require(entries.withLock { $0 }.first)
        #expect(entry.level == .warning, "a 5xx is a warning")
        #expect(entry.message == "GET api.example.com/v1/items/7 → 503")
        #expect(entry.metadata["http.method"] == "GET")
        #expect(entry.metadata["http.host"] == "api.example.com")
        #expect(entry.metadata["http.path"] == "/v1/items/7")
        #expect(entry.metadata["http.status"] == "503")
        #expect(entry.metadata["attempt"] == "1")
        #expect(entry.metadata["duration_ms"] != nil)
        let everything = "\(entry.message) \(entry.metadata)"
        #expect(!everything.contains("s3cret") && !everything.contains("k3y"))
    }
}
#endif
