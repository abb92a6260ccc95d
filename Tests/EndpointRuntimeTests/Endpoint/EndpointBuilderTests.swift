@_spi(Generated) import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A second error model, and an enum over both as generated code declares it.
private struct Conflict: Codable, Error, Sendable, Equatable {
    var reason: String
}

private enum ProfileFailure: DeclaredFailure, Equatable {
    case problem(Problem)
    case conflict(Conflict)

    init?(declared: any Error & Sendable) {
        switch declared {
        case let problem as Problem: self = .problem(problem)
        case let conflict as Conflict: self = .conflict(conflict)
        default: return nil
        }
    }
}

private let errors = ErrorSchema([.code(404): .json(Problem.self), .code(409): .json(Conflict.self)])

@Suite("The builders generated factories call: json, empty, reading")
struct EndpointBuilderTests {
    /// Answers 200 with a profile, 404 with a problem, 409 with a conflict, 500 with nothing declared.
    let transport = StubTransport { request in
        switch request.url?.lastPathComponent {
        case "404": (404, [:], Data(#"{"message":"gone"}"#.utf8))
        case "409": (409, [:], Data(#"{"reason":"taken"}"#.utf8))
        case "500": (500, [:], Data("oops".utf8))
        default: (200, ["X-Count": "3"], Data(#"{"name":"Ada"}"#.utf8))
        }
    }

    func json<Failure>(_ status: String, as failure: Failure.Type) -> Endpoint<Profile, Failure> {
        .json(
            method: .put, path: "/profiles/\(status, named: "status")",
            query: [Parameter("dry", true)], headers: [Parameter("X-Trace", "t1")], body: .json(Profile(name: "Ada")),
            errors: errors)
    }

    @Test("json builds the request the initializer builds and decodes the response")
    func sameRequest() async throws {
        let built = json("200", as: (any Error & Sendable).self)
        let initialized = Endpoint<Profile, any Error & Sendable>(
            method: .put, path: "/profiles/{status}", pathParameters: ["status": "200"],
            query: [Parameter("dry", true)], headers: [Parameter("X-Trace", "t1")], body: .json(Profile(name: "Ada")),
            errors: errors)
        let request = try built.urlRequest(baseURL: baseURL)
        let expected = try initialized.urlRequest(baseURL: baseURL)
        #expect(request.url == expected.url)
        #expect(request.httpMethod == "PUT")
        #expect(request.allHTTPHeaderFields == expected.allHTTPHeaderFields)
        #expect(request.httpBody == expected.httpBody)
        #expect(try await client(transport).send(built) == Profile(name: "Ada"))
    }

    @Test("a declared error comes back as the one model, as the enum's case, or as itself")
    func failures() async throws {
        let client = client(transport)
        #expect(
            try await client.result(json("404", as: Problem.self)).error(as: Problem.self) == Problem(message: "gone"))
        guard case .failure(let conflict, let info) = try await client.result(json("409", as: ProfileFailure.self))
        else {
            Issue.record("409 is declared")
            return
        }
        #expect(conflict == .conflict(Conflict(reason: "taken")))
        #expect(info.status == 409)
        guard case .failure(let problem, _) = try await client.result(json("404", as: ProfileFailure.self)) else {
            Issue.record("404 is declared")
            return
        }
        #expect(problem == .problem(Problem(message: "gone")))
        let untyped = try await client.result(json("409", as: (any Error & Sendable).self))
        #expect(untyped.error(as: Conflict.self) == Conflict(reason: "taken"))
        guard case .unexpected(let undeclared, _) = try await client.result(json("500", as: Problem.self)) else {
            Issue.record("500 is not declared")
            return
        }
        #expect(undeclared.status == 500)
    }

    @Test("a model the failure type does not take is an unexpected response, never a wrong value")
    func mismatchedFailure() async throws {
        // 409 decodes into a Conflict, which the endpoint's Failure (Problem) is not.
        guard case .unexpected(let info, _) = try await client(transport).result(json("409", as: Problem.self)) else {
            Issue.record("a Conflict is not a Problem")
            return
        }
        #expect(info.status == 409)
        let never = Endpoint<Profile, Never>.json(method: .get, path: "/409", errors: errors)
        guard case .unexpected = try await client(transport).result(never) else {
            Issue.record("an endpoint that declares no errors has none")
            return
        }
    }

    @Test("empty reads no body; reading reads the whole response")
    func emptyAndReading() async throws {
        let client = client(transport)
        let empty = Endpoint<Void, Problem>.empty(method: .delete, path: "/profiles/me", errors: errors)
        try await client.send(empty)
        let count = Endpoint<Int, Problem>.reading(method: .get, path: "/count", errors: errors) { response, _ in
            Int(response.value(forHeader: "x-count") ?? "") ?? -1
        }
        #expect(try await client.send(count) == 3)
        #expect(
            try await client.result(Endpoint<Int, Problem>.reading(method: .get, path: "/404") { _, _ in 0 }).value
                == nil)
        #expect(transport.requests.map(\.httpMethod) == ["DELETE", "GET", "GET"])
    }

    @Test("the authorized builders and modifiers keep the scope and change the endpoint as the plain ones do")
    func authorized() throws {
        let uploads = Server(name: "uploads", url: URL(string: "https://uploads.example.com/v1")!)
        let endpoint = AuthorizedEndpoint<Scope.User, Profile, Problem>.json(
            method: .get, path: "/files/\("a/b.txt", named: "path")", errors: errors
        )
        .onServer(uploads).allowingSlashes(in: ["path"]).limitingResponseSize(to: 1_024)
        #expect(endpoint.endpoint.server == uploads)
        #expect(endpoint.endpoint.path.components.last == .value("a/b.txt", name: "path", spansSegments: true))
        #expect(endpoint.endpoint.maximumResponseSize == 1_024)
        #expect(try endpoint.endpoint.urlRequest(baseURL: baseURL).url?.path == "/v1/files/a/b.txt")
        let empty = AuthorizedEndpoint<Scope.User, Void, Never>.empty(method: .delete, path: "/files")
        #expect(empty.endpoint.method == .delete)
        let reading = AuthorizedEndpoint<Scope.User, Data, Never>.reading(method: .get, path: "/raw") {
            response, _ in response.body
        }
        #expect(reading.endpoint.path == "/raw")
    }
}
