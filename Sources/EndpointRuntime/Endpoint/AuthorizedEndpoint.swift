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
