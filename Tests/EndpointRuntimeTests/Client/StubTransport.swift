import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from a script and records what it was sent.
final class StubTransport: HTTPTransport {
    typealias Reply = (status: Int, headers: [String: String], body: Data)

    private let handler: @Sendable (URLRequest) async throws -> Reply
    private let recorded = Locked<[URLRequest]>([])

    init(_ handler: @escaping @Sendable (URLRequest) async throws -> Reply) {
        self.handler = handler
    }

    /// Always the same reply.
    convenience init(status: Int, json: String = "", headers: [String: String] = [:]) {
        self.init { _ in (status, headers, Data(json.utf8)) }
    }

    var requests: [URLRequest] { recorded.withLock { $0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        recorded.withLock { $0.append(request) }
        let reply = try await handler(request)
        let response = HTTPURLResponse(
            url: request.url!, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: reply.headers)!
        return (reply.body, response)
    }
}

struct Profile: Codable, Sendable, Equatable {
    var name: String
}

struct Problem: Codable, Error, Sendable, Equatable {
    var message: String
}

enum Scope {
    enum User: AuthorizationScope {}
}

let baseURL = URL(string: "https://api.example.com/v1")!

func client(_ transport: StubTransport, logger: (@Sendable (RequestLog) -> Void)? = nil) -> APIClient {
    APIClient(
        configuration: .init(baseURL: baseURL, headers: ["X-App": "test"], transport: transport, logger: logger))
}

let profile = Endpoint<Profile, any Error & Sendable>(
    method: .get, path: "/profile", errors: ErrorSchema([.code(404): .json(Problem.self)]))

/// Expects a task's result to be a client-side failure of `kind`.
func expectClientFailure<Value>(
    _ result: Result<Value, any Error>, _ kind: ClientFailure.Kind,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    guard case .failure(ClientError.client(let failure)) = result else {
        Issue.record("not a client failure: \(result)", sourceLocation: sourceLocation)
        return
    }
    #expect(failure.kind == kind, sourceLocation: sourceLocation)
}
