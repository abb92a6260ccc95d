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
