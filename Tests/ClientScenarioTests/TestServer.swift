import EndpointRuntime
import FlyingFox
import Foundation

/// An HTTP server in this process on 127.0.0.1 (a free port), with scripted routes; stopped by `stop()`.
final class TestServer: Sendable {
    let server: HTTPServer
    let url: URL
    private let task: Task<Void, any Error>

    private init(server: HTTPServer, url: URL, task: Task<Void, any Error>) {
        self.server = server
        self.url = url
        self.task = task
    }

    static func start(_ routes: (HTTPServer) async -> Void) async throws -> TestServer {
        let server = HTTPServer(
            address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        await routes(server)
        let task = Task { try await server.run() }
        // A limit against a hang, not a measure: under a loaded machine the pool may be busy with other tests
        // for many seconds before the server's task runs (FlyingFox's default of 5 s failed a CI run that way).
        try await server.waitUntilListening(timeout: 120)
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw URLError(.cannotConnectToHost) }
        return TestServer(server: server, url: URL(string: "http://127.0.0.1:\(port)")!, task: task)
    }

    func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }

    static func json(_ status: HTTPStatusCode = .ok, _ body: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var headers = headers
        headers[.contentType] = "application/json"
        return HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8))
    }
}

/// Counts calls from any task.
final class Hits: Sendable {
    private let value = Locked(0)
    @discardableResult func increment() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }
    var count: Int { value.withLock { $0 } }
}
