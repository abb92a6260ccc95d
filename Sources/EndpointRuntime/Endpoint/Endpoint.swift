import Foundation

/// One HTTP endpoint as a value: how to build the request, how to read the response, and the type its declared
/// errors come back as (`Failure`).
///
/// Generated code builds these with `static` factory functions (`Shop.Customer.get()`); a client performs them.
/// `Failure` is the one error model the endpoint declares, or a generated enum over several, or `Never` when it
/// declares none, so ``ApiResult`` can hand it back without a cast. An endpoint built by hand with one of the
/// initializers has `any Error & Sendable` there (`Endpoint<Profile, any Error & Sendable>`), until
/// `declaringErrors(_:)` names a type. Nothing here touches the network.
public struct Endpoint<Response: Sendable, Failure: Sendable>: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The path below the base URL, its values in place: `/repos/{owner}/{repo}/events` with `owner` and `repo`.
    public var path: EndpointPath
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
    /// Headers of the endpoint's that a client's configured headers replace (lower-cased names; see
    /// ``lettingConfigurationOverride(_:)``).
    public var configurableHeaderNames: Set<String> = []
    /// Whether a redirect (`3xx` other than `304`) is the response to read rather than a hop to follow (see
    /// ``readingRedirects()``).
    public var readsRedirects = false
    /// For an endpoint whose response streams (an ``EventStream``): how the body is read as it arrives, instead
    /// of `readResponse` once it is complete.
    var streaming: StreamReading<Response>?

    /// An endpoint with every field given; the other initializers and ``declaringErrors(_:)`` lead here.
    @usableFromInline
    init(
        method: HTTPMethod, path: EndpointPath, query: [Parameter], headers: [Parameter], body: RequestBody?,
        errors: ErrorSchema, paging: Paging<Response>?,
        readResponse: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Response,
        failure: @escaping @Sendable (_ declared: any Error & Sendable) -> Failure?
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.errors = errors
        self.paging = paging
        self.readResponse = readResponse
        self.failure = failure
    }
}

extension Endpoint where Failure == any Error & Sendable {
    /// Creates an endpoint whose response decodes from JSON.
    public init(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) where Response: Decodable {
        self = .json(
            method: method, path: EndpointPath(template: path, values: pathParameters), query: query, headers: headers,
            body: body, errors: errors, paging: paging)
    }

    /// Creates an endpoint with no response body to read.
    public init(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) where Response == Void {
        self = .empty(
            method: method, path: EndpointPath(template: path, values: pathParameters), query: query, headers: headers,
            body: body, errors: errors, paging: paging)
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
            method: method, path: EndpointPath(template: path, values: pathParameters), query: query,
            headers: headers, body: body, errors: errors, paging: paging, readResponse: readResponse,
            failure: { $0 })
    }

    /// This endpoint with its declared errors typed as `Failure`, one error model: an ``ApiResult`` then
    /// hands the model back as that type, which is inferred from where the result goes.
    public func declaringErrors<Typed: Error & Sendable>(
        _ type: Typed.Type = Typed.self
    ) -> Endpoint<Response, Typed> {
        retyped { $0 as? Typed }
    }

    /// This endpoint with its declared errors typed as `Failure`, a generated enum over several error models.
    public func declaringErrors<Typed: DeclaredFailure>(
        _ type: Typed.Type = Typed.self
    ) -> Endpoint<Response, Typed> {
        retyped(Typed.init(declared:))
    }
}

extension Endpoint {
    /// A declared error's model as `Failure`: the ``DeclaredFailure`` case for it, or the model itself when
    /// `Failure` is its type (or `any Error & Sendable`); nil when it is neither.
    @usableFromInline
    static func declaredFailure(_ declared: any Error & Sendable) -> Failure? {
        if let declaring = Failure.self as? any DeclaredFailure.Type {
            return declaring.init(declared: declared) as? Failure
        }
        return declared as? Failure
    }
}

extension Endpoint {
    /// Whether `status` is a response this endpoint reads as its value: a `2xx`, or a redirect it reads.
    func isSuccess(_ status: Int) -> Bool {
        (200..<300).contains(status) || (readsRedirects && (300..<400).contains(status) && status != 304)
    }
}

extension Endpoint {
    /// The same request, its successful response read by `read` into another type. Paging does not carry over
    /// (its rule reads this endpoint's type); the caller maps it where it can.
    func mappingResponse<Other>(
        _ read: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Other
    ) -> Endpoint<Other, Failure> {
        rebuilt(paging: nil, readResponse: read, failure: failure)
    }

    /// The same endpoint with its declared errors read by `failure` as another type.
    func retyped<Typed>(
        _ failure: @escaping @Sendable (_ declared: any Error & Sendable) -> Typed?
    ) -> Endpoint<Response, Typed> {
        var endpoint = rebuilt(paging: paging, readResponse: readResponse, failure: failure)
        endpoint.streaming = streaming
        return endpoint
    }

    /// The same request (limit and next-page URL included) with another way to read the response and its errors.
    private func rebuilt<Other, OtherFailure>(
        paging: Paging<Other>?,
        readResponse: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Other,
        failure: @escaping @Sendable (_ declared: any Error & Sendable) -> OtherFailure?
    ) -> Endpoint<Other, OtherFailure> {
        var endpoint = Endpoint<Other, OtherFailure>(
            method: method, path: path, query: query, headers: headers, body: body, errors: errors, paging: paging,
            readResponse: readResponse, failure: failure)
        endpoint.maximumResponseSize = maximumResponseSize
        endpoint.url = url
        endpoint.server = server
        endpoint.readsRedirects = readsRedirects
        endpoint.configurableHeaderNames = configurableHeaderNames
        return endpoint
    }
}

extension Endpoint: CustomStringConvertible {
    /// `GET /repos/{owner}/{repo}/events`, for messages and logs.
    public var description: String { "\(method) \(path)" }
}
