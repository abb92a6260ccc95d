import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An endpoint that needs a token of scope `Authorization`.
///
/// `Authorization` is a phantom type: nothing of it exists at run time. Generated factories are generic over
/// the caller's token and constrain it to the scope's access protocol, so an ``AuthorizedClient`` whose scope
/// lacks that access cannot call the endpoint; the compiler names the protocol that is missing.
public struct AuthorizedEndpoint<Authorization, Response: Sendable>: Sendable {
    /// The endpoint itself.
    public var endpoint: Endpoint<Response>

    /// Wraps an endpoint.
    public init(_ endpoint: Endpoint<Response>) {
        self.endpoint = endpoint
    }
}

/// What a client with a token of scope `Authorization` can do with endpoints.
///
/// The HTTP client that performs requests arrives with the runtime client; this type already carries the token
/// and enforces, at compile time, which endpoints the token may call.
public struct AuthorizedClient<Authorization>: Sendable {
    /// The API's base URL.
    public var baseURL: URL
    /// The bearer token of this scope.
    public var token: String

    /// Creates a client for a token of scope `Authorization`.
    public init(baseURL: URL, token: String) {
        self.baseURL = baseURL
        self.token = token
    }

    /// The request for `endpoint`, with the bearer token in its `Authorization` header.
    public func urlRequest<Response>(
        for endpoint: AuthorizedEndpoint<Authorization, Response>, encoder: JSONEncoder = JSONCoding.makeEncoder()
    ) throws -> URLRequest {
        var request = try endpoint.endpoint.urlRequest(baseURL: baseURL, encoder: encoder)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return request
    }
}
