import EndpointRuntime
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport for app tests and previews: it answers generated endpoints from stubs instead of the network,
/// and records every request it was sent.
///
/// Stubs are matched by endpoint, not by hand-written URLs: `stub(Shop.Customer.get(), …)` answers every
/// `GET /customer/profile`, and an endpoint with path parameters matches its route whatever their values
/// (`.route`), or only the request it builds itself (`.request`: same path, the query items it sets, same
/// body). Paths are compared below `baseURL`'s path when the transport is given one, else by their end (so
/// `/v1/customer/profile` is `/customer/profile`). The newest matching stub wins, so a test can override a
/// default set up earlier. A request no stub matches fails with `URLError(.unsupportedURL)` naming it, a
/// client-side failure, unless the transport was made with a fallback.
///
/// ```swift
/// let stubs = StubbedTransport(baseURL: Shop.baseURL)
/// let customer = stubs.scope(Shop.Scope.Customer.self)
/// customer.stub(Shop.Customer.get(), .success(.example))          // typed by the endpoint (``EndpointStub``)
/// customer.stub(Shop.Customer.patch(), .failure(.validationProblem(problem), status: 422))
/// customer.stub(Shop.Resources.upload(image: anyImage), .clientFailure(.notConnectedToInternet))
/// let client = APIClient(configuration: .init(baseURL: Shop.baseURL, transport: stubs))
/// // … run the app code …
/// #expect(customer.requests(for: Shop.Customer.patch()).count == 1)
/// ```
public final class StubbedTransport: HTTPTransport, Sendable {
    /// How a stub decides that a request is the endpoint's.
    public enum Matching: Sendable {
        /// The same method and path template; path parameters, query and body may be anything.
        case route
        /// The same method, path, query and body as the request the endpoint builds.
        case request
    }

    private struct Stub: Sendable {
        var method: String
        var route: Route
        /// The request the endpoint builds, when matching `.request`.
        var exact: Exact?
        var response: StubResponse
    }

    /// The parts of a built request that `.request` compares.
    private struct Exact: Sendable {
        var path: String
        var query: String
        var body: Data?

        func matches(path requestPath: String, query requestQuery: String, body requestBody: Data?) -> Bool {
            // A credential sent in the query (an API key) comes after the endpoint's own items.
            requestPath.hasSuffix(path) && (requestQuery == query || requestQuery.hasPrefix(query + "&"))
                && requestBody == body
        }
    }

    private let stubs = Locked<[Stub]>([])
    private let recorded = Locked<[URLRequest]>([])
    private let basePath: [String]?
    private let fallback: StubResponse?

    /// A transport with no stubs. With `baseURL`, routes are compared below its path exactly; without it, by the
    /// end of the request's path. A request no stub matches gets `fallback`, or fails when there is none.
    public init(baseURL: URL? = nil, fallback: StubResponse? = nil) {
        self.basePath = baseURL.map { Route.segments(of: $0) }
        self.fallback = fallback
    }

    /// Answers `endpoint`'s requests with `response` from now on: a plain ``Endpoint`` or an
    /// ``AuthorizedEndpoint`` (for a generated scoped factory, through ``scope(_:)``, which names the token).
    public func stub(
        _ endpoint: some EndpointProtocol, matching: Matching = .route, with response: StubResponse
    ) {
        let endpoint = endpoint.endpoint
        var exact: Exact?
        if matching == .request, let request = try? endpoint.urlRequest(baseURL: Self.placeholderBase) {
            let components = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
            exact = Exact(
                path: components?.percentEncodedPath ?? "", query: components?.percentEncodedQuery ?? "",
                body: request.httpBody)
        }
        let stub = Stub(
            method: endpoint.method.rawValue,
            route: Route(endpoint.path), exact: exact,
            response: response)
        stubs.withLock { $0.append(stub) }
    }

    /// Stubs and requests of scoped endpoints, seen with a token of `scope`: the generated factories are generic
    /// over the caller's token, which this names (`stubs.scope(Shop.Scope.Customer.self).stub(Shop.Customer.get(),
    /// with: …)`).
    public func scope<Scope: AuthorizationScope>(_ scope: Scope.Type) -> ScopedStubs<Scope> {
        ScopedStubs(transport: self)
    }

    /// Every request sent so far, in order.
    public var requests: [URLRequest] { recorded.withLock { $0 } }

    /// The requests sent so far that `endpoint`'s route matches.
    public func requests(for endpoint: some EndpointProtocol) -> [URLRequest] {
        let endpoint = endpoint.endpoint
        let route = Route(endpoint.path)
        return requests.filter {
            $0.httpMethod == endpoint.method.rawValue && $0.url.map { route.matches($0, below: basePath) } == true
        }
    }

    /// Forgets the stubs and the recorded requests.
    public func reset() {
        stubs.withLock { $0.removeAll() }
        recorded.withLock { $0.removeAll() }
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        recorded.withLock { $0.append(request) }
        let components = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        let path = components?.percentEncodedPath ?? ""
        let query = components?.percentEncodedQuery ?? ""
        let stub = stubs.withLock { stubs in
            stubs.last { stub in
                stub.method == request.httpMethod && request.url.map { stub.route.matches($0, below: basePath) } == true
                    && stub.exact.map { $0.matches(path: path, query: query, body: request.httpBody) } ?? true
            }
        }
        guard let response = stub?.response ?? fallback else {
            throw URLError(
                .unsupportedURL,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "no stub for \(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")"
                ])
        }
        return try await response.answer(request)
    }

    private static let placeholderBase = URL(string: "https://stub.invalid")!
}

/// A ``StubbedTransport`` seen with a token of `Scope`, so that generated factories of scoped endpoints need no
/// type annotation.
public struct ScopedStubs<Scope: AuthorizationScope>: Sendable {
    let transport: StubbedTransport

    /// Answers `endpoint`'s requests with `response` from now on.
    public func stub<Response, Failure>(
        _ endpoint: AuthorizedEndpoint<Scope, Response, Failure>, matching: StubbedTransport.Matching = .route,
        with response: StubResponse
    ) {
        transport.stub(endpoint, matching: matching, with: response)
    }

    /// The requests sent so far that `endpoint`'s route matches.
    public func requests<Response, Failure>(
        for endpoint: AuthorizedEndpoint<Scope, Response, Failure>
    ) -> [URLRequest] {
        transport.requests(for: endpoint)
    }
}

/// What a stub answers.
public struct StubResponse: Sendable {
    private let make: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    private init(_ make: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)) {
        self.make = make
    }

    func answer(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await make(request)
    }

    /// A success with `model` as JSON (the generated models' coding: ISO 8601 dates).
    public static func success(
        _ model: some Encodable & Sendable, status: Int = 200, headers: HeaderFields = [:]
    ) -> StubResponse {
        json(model, status: status, headers: headers)
    }

    /// A success without a body (`204 No Content` by default).
    public static func empty(status: Int = 204, headers: HeaderFields = [:]) -> StubResponse {
        body(Data(), status: status, headers: headers)
    }

    /// An error status with an error model as JSON: the endpoint's declared error, when it declares that status.
    public static func failure(
        _ model: some Encodable & Sendable, status: Int, headers: HeaderFields = [:]
    ) -> StubResponse {
        json(model, status: status, headers: headers)
    }

    /// Any status, headers and body as they are.
    public static func body(_ data: Data, status: Int, headers: HeaderFields = [:]) -> StubResponse {
        StubResponse { request in
            let response = HTTPURLResponse(
                url: request.url ?? URL(string: "https://stub.invalid")!, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: headers.dictionary)
            guard let response else { throw URLError(.badServerResponse) }
            return (data, response)
        }
    }

    /// No response at all: the client reports a client-side failure (`.notConnectedToInternet` is
    /// `noConnection`, `.timedOut` is `timeout`).
    public static func clientFailure(_ code: URLError.Code) -> StubResponse {
        StubResponse { _ in throw URLError(code) }
    }

    /// This response after `delay` of real time; cancelling the request ends the wait as a cancellation.
    public func delayed(by delay: Duration) -> StubResponse {
        let make = self.make
        return StubResponse { request in
            try await Task.sleep(for: delay)
            return try await make(request)
        }
    }

    /// `model` as JSON, encoded now as the generated models encode themselves, `Content-Type` set unless given;
    /// an encoding failure fails the request it answers.
    static func json(_ model: any Encodable, status: Int, headers: HeaderFields) -> StubResponse {
        let encoded = Result { try JSONCoding.makeEncoder().encode(model) }
        var headers = headers
        if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
        return StubResponse { [headers] request in
            try await body(try encoded.get(), status: status, headers: headers).answer(request)
        }
    }
}

/// An endpoint's path as a matcher: literal segments must be equal, a value matches one segment (or several, for
/// a value that spans segments), whatever it is.
struct Route: Sendable {
    private enum Segment: Sendable, Equatable {
        case literal(String)
        case one
        case many
    }

    private let segments: [Segment]

    init(_ path: EndpointPath) {
        // The path cut at its `/`s: a segment of literal text must be equal; one with a value in it matches any
        // segment (or, when the value spans segments, any run of them).
        var segments: [Segment] = []
        var text = ""
        var value: Segment?
        func endSegment() {
            if let value {
                segments.append(value)
            } else if !text.isEmpty {
                segments.append(.literal(text))
            }
            text = ""
            value = nil
        }
        for component in path.components {
            switch component {
            case .literal(let literal):
                for character in literal {
                    if character == "/" { endSegment() } else { text.append(character) }
                }
            case .value(_, _, let spans):
                value = spans || value == .many ? .many : .one
            }
        }
        endSegment()
        self.segments = segments
    }

    /// A URL's path segments, percent-decoded.
    static func segments(of url: URL) -> [String] {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
        return path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
    }

    /// Whether `url`'s path is this route below `basePath`, or, without one, ends with it.
    func matches(_ url: URL, below basePath: [String]?) -> Bool {
        let parts = Self.segments(of: url)
        if let basePath {
            return parts.starts(with: basePath) && matches(parts[basePath.count...], from: 0)
        }
        return (0...parts.count).contains { matches(parts[$0...], from: 0) }
    }

    private func matches(_ parts: ArraySlice<String>, from index: Int) -> Bool {
        guard index < segments.count else { return parts.isEmpty }
        switch segments[index] {
        case .literal(let text):
            return parts.first == text && matches(parts.dropFirst(), from: index + 1)
        case .one:
            return !parts.isEmpty && matches(parts.dropFirst(), from: index + 1)
        case .many:
            guard !parts.isEmpty else { return false }
            return (1...parts.count).contains { matches(parts.dropFirst($0), from: index + 1) }
        }
    }
}
