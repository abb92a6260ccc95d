import Foundation

/// One HTTP endpoint as a value: how to build the request and how to read the response.
///
/// Generated code builds these with `static` factory functions (`Shop.Customer.get()`); a client performs them.
/// Nothing here touches the network.
public struct Endpoint<Response: Sendable>: Sendable {
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

    /// Creates an endpoint whose response decodes from JSON.
    public init(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) where Response: Decodable {
        self.init(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, paging: paging,
            readResponse: { response, decoder in try response.decode(Response.self, with: decoder) })
    }

    /// Creates an endpoint with no response body to read.
    public init(
        method: HTTPMethod, path: String, pathParameters: [String: String] = [:], query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Response>? = nil
    ) where Response == Void {
        self.init(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, paging: paging, readResponse: { _, _ in })
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
        self.method = method
        self.path = path
        self.pathParameters = pathParameters
        self.query = query
        self.headers = headers
        self.body = body
        self.errors = errors
        self.paging = paging
        self.readResponse = readResponse
    }
}

extension Endpoint {
    /// The endpoint with its own limit on the response body, instead of the client's.
    public func limitingResponseSize(to bytes: Int) -> Endpoint {
        var endpoint = self
        endpoint.maximumResponseSize = bytes
        return endpoint
    }
}

extension Endpoint {
    /// The same request, its successful response read by `read` into another type. Paging does not carry over
    /// (its rule reads this endpoint's type); the caller maps it where it can.
    func reading<Other>(
        _ read: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Other
    ) -> Endpoint<Other> {
        var endpoint = Endpoint<Other>(
            method: method, path: path, pathParameters: pathParameters, query: query, headers: headers, body: body,
            errors: errors, readResponse: read)
        endpoint.maximumResponseSize = maximumResponseSize
        endpoint.url = url
        return endpoint
    }
}

extension Endpoint: CustomStringConvertible {
    /// `GET /repos/{owner}/{repo}/events`, for messages and logs.
    public var description: String { "\(method) \(path)" }
}
