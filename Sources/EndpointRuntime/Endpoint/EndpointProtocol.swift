import Foundation

/// What ``Endpoint`` and ``AuthorizedEndpoint`` share: an endpoint, and the scope of the client that may perform
/// it. The builders and modifiers below, and every call style of ``EndpointClient``, are written once against it.
///
/// App code rarely names it; it is why `client.send(_:)` takes a plain endpoint and `customer.send(_:)` a scoped
/// one of the customer's scope, with one declaration each.
public protocol EndpointProtocol<Response, Failure>: Sendable {
    /// What a successful response reads as.
    associatedtype Response: Sendable
    /// The type the endpoint's declared errors come back as (see ``ApiResult``).
    associatedtype Failure: Sendable
    /// The scope a client needs to perform it: ``NoScope`` for an ``Endpoint``, which an ``APIClient`` performs.
    associatedtype Authorization

    /// The endpoint itself, without its scope.
    var endpoint: Endpoint<Response, Failure> { get }

    /// `endpoint` with this type's scope.
    init(_ endpoint: Endpoint<Response, Failure>)
}

/// The scope of endpoints that need no credential: a plain ``APIClient`` performs them, with nothing added.
///
/// A scoped endpoint handed to an `APIClient` does not compile, and the compiler names this type: the endpoint
/// wants an ``AuthorizedClient`` of a scope that may call it.
public enum NoScope {}

extension Endpoint: EndpointProtocol {
    public typealias Authorization = NoScope

    /// The endpoint itself.
    public var endpoint: Endpoint { self }

    /// The same endpoint.
    public init(_ endpoint: Endpoint) {
        self = endpoint
    }
}

// MARK: Builders

@_spi(Generated)
extension EndpointProtocol {
    /// An endpoint whose response decodes from JSON, its declared errors typed as `Failure`.
    ///
    /// Generated factories build their endpoints with this, `empty` or `reading`: one call whose type the
    /// factory's return type fixes, which the compiler checks faster than an initializer followed by
    /// `declaringErrors()`. `Failure` may be a ``DeclaredFailure`` enum, one error model, `Never` or
    /// `any Error & Sendable`. The builders are for generated code (`@_spi(Generated) import EndpointRuntime`);
    /// an endpoint built by hand uses ``Endpoint``'s initializers.
    @inlinable
    public static func json(
        method: HTTPMethod, path: EndpointPath, query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) -> Self where Response: Decodable {
        reading(
            method: method, path: path, query: query, headers: headers, body: body,
            errors: errors, paging: paging,
            readResponse: { response, decoder in try response.decode(Response.self, with: decoder) })
    }

    /// An endpoint whose response body is not read, its declared errors typed as `Failure`.
    @inlinable
    public static func empty(
        method: HTTPMethod, path: EndpointPath, query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) -> Self where Response == Void {
        reading(
            method: method, path: path, query: query, headers: headers, body: body,
            errors: errors, paging: paging, readResponse: { _, _ in })
    }

    /// An endpoint that reads the whole response (status, headers, body) with `readResponse`, its declared errors
    /// typed as `Failure`.
    @inlinable
    public static func reading(
        method: HTTPMethod, path: EndpointPath, query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil,
        readResponse: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Response
    ) -> Self {
        Self(
            Endpoint(
                method: method, path: path, query: query, headers: headers,
                body: body, errors: errors, paging: paging, readResponse: readResponse,
                failure: { declared in Endpoint<Response, Failure>.declaredFailure(declared) }))
    }
}

// MARK: Modifiers

extension EndpointProtocol {
    /// The endpoint at `server` instead of the client's base URL.
    public func onServer(_ server: Server) -> Self {
        modified { $0.server = server }
    }

    /// The endpoint with the path parameters `names` allowed to span segments: each `/` in their values stays a
    /// separator, every segment is percent-encoded on its own, and empty, `.` and `..` segments are refused, so
    /// the value cannot leave the path it was given.
    public func allowingSlashes(in names: Set<String>) -> Self {
        modified { $0.path = $0.path.spanningSegments(names) }
    }

    /// The endpoint with the headers `names` sent only where the client's configuration does not set them: a spec's
    /// `overridable` constant, so a client pins its own `Stripe-Version` with `Configuration.headers`.
    public func lettingConfigurationOverride(_ names: Set<String>) -> Self {
        modified { $0.configurableHeaderNames.formUnion(names.map { $0.lowercased() }) }
    }

    /// The endpoint answering with its redirect instead of following it: a `301`, `302`, `303`, `307` or `308` is
    /// read as the response (its `Location` header declared as a response header), the way a tarball or download
    /// link is handed out. A `304` stays the answer to a conditional request.
    public func readingRedirects() -> Self {
        modified { $0.readsRedirects = true }
    }

    /// The endpoint with its own limit on the response body, instead of the client's.
    public func limitingResponseSize(to bytes: Int) -> Self {
        modified { $0.maximumResponseSize = bytes }
    }

    /// The endpoint with the given paging rule: the client's `page(_:)`, `pages(_:)` and `requestPages(_:)`
    /// follow it.
    public func paged(by paging: Paging<Response>) -> Self {
        modified { $0.paging = paging }
    }

    /// The same endpoint, of the same scope, with `change` made to it.
    func modified(_ change: (inout Endpoint<Response, Failure>) -> Void) -> Self {
        var endpoint = self.endpoint
        change(&endpoint)
        return Self(endpoint)
    }
}
