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
