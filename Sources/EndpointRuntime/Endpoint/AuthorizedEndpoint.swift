import Foundation

/// An endpoint that needs a token of scope `Authorization`; its declared errors come back as `Failure`.
///
/// `Authorization` is a phantom type: nothing of it exists at run time. Generated factories are generic over
/// the caller's token and constrain it to the scope's access protocol, so an ``AuthorizedClient`` whose scope
/// lacks that access cannot call the endpoint; the compiler names the protocol that is missing. The builders and
/// modifiers of ``Endpoint`` work on it too (see ``EndpointProtocol``) and keep its scope.
public struct AuthorizedEndpoint<Authorization, Response: Sendable, Failure: Sendable>: EndpointProtocol {
    /// The endpoint itself.
    public var endpoint: Endpoint<Response, Failure>

    /// Wraps an endpoint.
    public init(_ endpoint: Endpoint<Response, Failure>) {
        self.endpoint = endpoint
    }
}
