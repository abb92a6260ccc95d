import Foundation

/// An authorized endpoint whose declared errors are of no one type.
public typealias AuthorizedEndpoint<Authorization, Response: Sendable> = TypedAuthorizedEndpoint<
    Authorization, Response, any Error & Sendable
>

/// An endpoint that needs a token of scope `Authorization`; its declared errors come back as `Failure`.
///
/// `Authorization` is a phantom type: nothing of it exists at run time. Generated factories are generic over
/// the caller's token and constrain it to the scope's access protocol, so an ``AuthorizedClient`` whose scope
/// lacks that access cannot call the endpoint; the compiler names the protocol that is missing.
public struct TypedAuthorizedEndpoint<Authorization, Response: Sendable, Failure: Sendable>: Sendable {
    /// The endpoint itself.
    public var endpoint: TypedEndpoint<Response, Failure>

    /// Wraps an endpoint.
    public init(_ endpoint: TypedEndpoint<Response, Failure>) {
        self.endpoint = endpoint
    }
}

extension TypedAuthorizedEndpoint {
    /// An endpoint whose response decodes from JSON; see ``TypedEndpoint/json(method:path:pathParameters:query:headers:body:errors:paging:)``.
    public static func json(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) -> TypedAuthorizedEndpoint where Response: Decodable {
        TypedAuthorizedEndpoint(
            .json(
                method: method, path: path, pathParameters: pathParameters, query: query, headers: headers,
                body: body, errors: errors, paging: paging))
    }

    /// An endpoint whose response body is not read; see ``TypedEndpoint/empty(method:path:pathParameters:query:headers:body:errors:paging:)``.
    public static func empty(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) -> TypedAuthorizedEndpoint where Response == Void {
        TypedAuthorizedEndpoint(
            .empty(
                method: method, path: path, pathParameters: pathParameters, query: query, headers: headers,
                body: body, errors: errors, paging: paging))
    }

    /// An endpoint that reads the whole response with `readResponse`; see
    /// ``TypedEndpoint/reading(method:path:pathParameters:query:headers:body:errors:paging:readResponse:)``.
    public static func reading(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil,
        readResponse: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Response
    ) -> TypedAuthorizedEndpoint {
        TypedAuthorizedEndpoint(
            .reading(
                method: method, path: path, pathParameters: pathParameters, query: query, headers: headers,
                body: body, errors: errors, paging: paging, readResponse: readResponse))
    }

    /// The endpoint at `server` instead of the client's base URL; same scope.
    public func onServer(_ server: Server) -> TypedAuthorizedEndpoint {
        TypedAuthorizedEndpoint(endpoint.onServer(server))
    }

    /// The endpoint with the path parameters `names` allowed to span segments (see
    /// ``TypedEndpoint/allowingSlashes(in:)``); same scope.
    public func allowingSlashes(in names: Set<String>) -> TypedAuthorizedEndpoint {
        TypedAuthorizedEndpoint(endpoint.allowingSlashes(in: names))
    }

    /// The endpoint with the headers `names` replaced by the client's configured ones (see
    /// ``TypedEndpoint/lettingConfigurationOverride(_:)``); same scope.
    public func lettingConfigurationOverride(_ names: Set<String>) -> TypedAuthorizedEndpoint {
        TypedAuthorizedEndpoint(endpoint.lettingConfigurationOverride(names))
    }

    /// The endpoint answering with its redirect instead of following it (see
    /// ``TypedEndpoint/readingRedirects()``); same scope.
    public func readingRedirects() -> TypedAuthorizedEndpoint {
        TypedAuthorizedEndpoint(endpoint.readingRedirects())
    }

    /// The endpoint with its own limit on the response body, instead of the client's; same scope.
    public func limitingResponseSize(to bytes: Int) -> TypedAuthorizedEndpoint {
        TypedAuthorizedEndpoint(endpoint.limitingResponseSize(to: bytes))
    }
}
