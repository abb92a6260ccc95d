import Foundation

/// An endpoint whose declared errors are of no one type: what hand-built endpoints are.
public typealias Endpoint<Response: Sendable> = TypedEndpoint<Response, any Error & Sendable>

/// One HTTP endpoint as a value: how to build the request, how to read the response, and the type its declared
/// errors come back as (`Failure`).
///
/// Generated code builds these with `static` factory functions (`Shop.Customer.get()`); a client performs them.
/// `Failure` is the one error model the endpoint declares, or a generated enum over several, or `Never` when it
/// declares none, so ``TypedApiResult`` can hand it back without a cast. Nothing here touches the network.
public struct TypedEndpoint<Response: Sendable, Failure: Sendable>: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The path template relative to the base URL, such as `/repos/{owner}/{repo}/events`.
    public var path: String
    /// Values for the template's `{placeholders}`; each is percent-encoded as exactly one path segment.
    public var pathParameters: [String: String]
    /// Query items, in order; items whose value is `nil` were left out when the endpoint was made.
    public var query: [Parameter]
    /// Header fields, in order.
    public var headers: [Parameter]
    /// The request body, if any.
    public var body: RequestBody?
    /// How error responses decode, by status.
    public var errors: ErrorSchema
    /// Turns a successful response (status, headers and body) into `Response`.
    public var readResponse: @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Response
    /// The most bytes of response body this endpoint accepts, when it differs from the client's
    /// ``APIClient/Configuration/maximumResponseSize`` (a download, say).
    public var maximumResponseSize: Int?
    /// How to find the next page in a response, for endpoints that page (see ``Paging``).
    public var paging: Paging<Response>?
    /// The absolute URL of a next page, which replaces the base URL, path and query; set by paging only, and
    /// refused by the client unless it is on the base URL's origin.
    public internal(set) var url: URL?
    /// Turns a declared error's model (what ``errors`` decoded) into `Failure`; nil when it is not one.
    public internal(set) var failure: @Sendable (_ declared: any Error & Sendable) -> Failure?
    /// Another server this endpoint lives at, instead of the client's base URL (see ``onServer(_:)``).
    public var server: Server?
    /// Path parameters whose values may span several segments (see ``allowingSlashes(in:)``).
    public var multiSegmentPathParameters: Set<String> = []
    /// Headers of the endpoint's that a client's configured headers replace (lower-cased names; see
    /// ``lettingConfigurationOverride(_:)``).
    public var configurableHeaderNames: Set<String> = []
    /// Whether a redirect (`3xx` other than `304`) is the response to read rather than a hop to follow (see
    /// ``readingRedirects()``).
    public var readsRedirects = false

    /// An endpoint with every field given; the other initializers and ``declaringErrors(_:)`` lead here.
    init(
        method: HTTPMethod, path: String, pathParameters: [String: String], query: [Parameter], headers: [Parameter],
        body: RequestBody?, errors: ErrorSchema, paging: Paging<Response>?,
        readResponse: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Response,
        failure: @escaping @Sendable (_ declared: any Error & Sendable) -> Failure?
    ) {
        self.method = method
        self.path = path
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
        self.body = body
        self.errors = errors
        self.paging = paging
        self.readResponse = readResponse
        self.failure = failure
    }
}

extension TypedEndpoint where Failure == any Error & Sendable {
    /// Creates an endpoint whose response decodes from JSON.
    public init(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) where Response: Decodable {
        self = .json(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, paging: paging)
    }

    /// Creates an endpoint with no response body to read.
    public init(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) where Response == Void {
        self = .empty(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, paging: paging)
    }

    /// Creates an endpoint that reads its response's body with `decodeResponse`.
    public init(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil,
        decodeResponse: @escaping @Sendable (_ body: Data, _ decoder: JSONDecoder) throws -> Response
    ) {
        self.init(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, paging: paging,
            readResponse: { response, decoder in try decodeResponse(response.body, decoder) })
    }

    /// Creates an endpoint that reads the whole response (status, headers, body) with `readResponse`.
    public init(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil,
        readResponse: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Response
    ) {
        self.init(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, paging: paging, readResponse: readResponse, failure: { $0 })
    }

    /// This endpoint with its declared errors typed as `Failure`, one error model: a ``TypedApiResult`` then
    /// hands the model back as that type, which is inferred from where the result goes.
    public func declaringErrors<Typed: Error & Sendable>(
        _ type: Typed.Type = Typed.self
    ) -> TypedEndpoint<Response, Typed> {
        retyped { $0 as? Typed }
    }

    /// This endpoint with its declared errors typed as `Failure`, a generated enum over several error models.
    public func declaringErrors<Typed: DeclaredFailure>(
        _ type: Typed.Type = Typed.self
    ) -> TypedEndpoint<Response, Typed> {
        retyped(Typed.init(declared:))
    }
}

extension TypedEndpoint {
    /// An endpoint whose response decodes from JSON, its declared errors typed as `Failure`.
    ///
    /// Generated factories build their endpoints with this, `empty` or `reading`: one call whose type the
    /// factory's return type fixes, which the compiler checks faster than an initializer followed by
    /// `declaringErrors()`. `Failure` may be a ``DeclaredFailure`` enum, one error model, `Never` or
    /// `any Error & Sendable`.
    public static func json(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) -> TypedEndpoint where Response: Decodable {
        reading(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, paging: paging,
            readResponse: { response, decoder in try response.decode(Response.self, with: decoder) })
    }

    /// An endpoint whose response body is not read, its declared errors typed as `Failure`.
    public static func empty(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) -> TypedEndpoint where Response == Void {
        reading(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, paging: paging, readResponse: { _, _ in })
    }

    /// An endpoint that reads the whole response (status, headers, body) with `readResponse`, its declared errors
    /// typed as `Failure`.
    public static func reading(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil,
        readResponse: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Response
    ) -> TypedEndpoint {
        TypedEndpoint(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, paging: paging, readResponse: readResponse,
            failure: { declared in declaredFailure(declared) })
    }

    /// A declared error's model as `Failure`: the ``DeclaredFailure`` case for it, or the model itself when
    /// `Failure` is its type (or `any Error & Sendable`); nil when it is neither.
    static func declaredFailure(_ declared: any Error & Sendable) -> Failure? {
        if let declaring = Failure.self as? any DeclaredFailure.Type {
            return declaring.init(declared: declared) as? Failure
        }
        return declared as? Failure
    }
}

extension TypedEndpoint {
    /// The endpoint at `server` instead of the client's base URL.
    public func onServer(_ server: Server) -> TypedEndpoint {
        var endpoint = self
        endpoint.server = server
        return endpoint
    }

    /// The endpoint with the path parameters `names` allowed to span segments: each `/` in their values stays a
    /// separator, every segment is percent-encoded on its own, and empty, `.` and `..` segments are refused, so
    /// the value cannot leave the path it was given.
    public func allowingSlashes(in names: Set<String>) -> TypedEndpoint {
        var endpoint = self
        endpoint.multiSegmentPathParameters.formUnion(names)
        return endpoint
    }

    /// The endpoint with the headers `names` sent only where the client's configuration does not set them: a spec's
    /// `overridable` constant, so a client pins its own `Stripe-Version` with `Configuration.headers`.
    public func lettingConfigurationOverride(_ names: Set<String>) -> TypedEndpoint {
        var endpoint = self
        endpoint.configurableHeaderNames.formUnion(names.map { $0.lowercased() })
        return endpoint
    }

    /// The endpoint answering with its redirect instead of following it: a `301`, `302`, `303`, `307` or `308` is
    /// read as the response (its `Location` header declared as a response header), the way a tarball or download
    /// link is handed out. A `304` stays the answer to a conditional request.
    public func readingRedirects() -> TypedEndpoint {
        var endpoint = self
        endpoint.readsRedirects = true
        return endpoint
    }

    /// Whether `status` is a response this endpoint reads as its value: a `2xx`, or a redirect it reads.
    func isSuccess(_ status: Int) -> Bool {
        (200..<300).contains(status) || (readsRedirects && (300..<400).contains(status) && status != 304)
    }

    /// The endpoint with its own limit on the response body, instead of the client's.
    public func limitingResponseSize(to bytes: Int) -> TypedEndpoint {
        var endpoint = self
        endpoint.maximumResponseSize = bytes
        return endpoint
    }
}

extension TypedEndpoint {
    /// The same request, its successful response read by `read` into another type. Paging does not carry over
    /// (its rule reads this endpoint's type); the caller maps it where it can.
    func mappingResponse<Other>(
        _ read: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Other
    ) -> TypedEndpoint<Other, Failure> {
        rebuilt(paging: nil, readResponse: read, failure: failure)
    }

    /// The same endpoint with its declared errors read by `failure` as another type.
    func retyped<Typed>(
        _ failure: @escaping @Sendable (_ declared: any Error & Sendable) -> Typed?
    ) -> TypedEndpoint<Response, Typed> {
        rebuilt(paging: paging, readResponse: readResponse, failure: failure)
    }

    /// The same request (limit and next-page URL included) with another way to read the response and its errors.
    private func rebuilt<Other, OtherFailure>(
        paging: Paging<Other>?,
        readResponse: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Other,
        failure: @escaping @Sendable (_ declared: any Error & Sendable) -> OtherFailure?
    ) -> TypedEndpoint<Other, OtherFailure> {
        var endpoint = TypedEndpoint<Other, OtherFailure>(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, paging: paging, readResponse: readResponse, failure: failure)
        endpoint.maximumResponseSize = maximumResponseSize
        endpoint.url = url
        endpoint.server = server
        endpoint.multiSegmentPathParameters = multiSegmentPathParameters
        endpoint.readsRedirects = readsRedirects
        endpoint.configurableHeaderNames = configurableHeaderNames
        return endpoint
    }
}

extension TypedEndpoint: CustomStringConvertible {
    /// `GET /repos/{owner}/{repo}/events`, for messages and logs.
    public var description: String { "\(method) \(path)" }
}
