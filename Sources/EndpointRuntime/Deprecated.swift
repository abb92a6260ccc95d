/// The name of ``Endpoint`` before 0.3.0.
@available(*, deprecated, renamed: "Endpoint")
public typealias TypedEndpoint<Response: Sendable, Failure: Sendable> = Endpoint<Response, Failure>

/// The name of ``AuthorizedEndpoint`` before 0.3.0.
@available(*, deprecated, renamed: "AuthorizedEndpoint")
public typealias TypedAuthorizedEndpoint<Authorization, Response: Sendable, Failure: Sendable> = AuthorizedEndpoint<
    Authorization, Response, Failure
>

/// The name of ``ApiResult`` before 0.3.0.
@available(*, deprecated, renamed: "ApiResult")
public typealias TypedApiResult<Value: Sendable, Failure: Sendable> = ApiResult<Value, Failure>

extension Endpoint {
    /// The values of the path's placeholders by name, as before 0.3.0; they are in ``path`` now.
    @available(
        *, deprecated, message: "read 'path.values'; a path with values is written \"/users/\\(id, named: \"id\")\""
    )
    public var pathParameters: [String: String] { path.values }
}
