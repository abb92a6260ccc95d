import Foundation

/// A client holding a credential of scope `Authorization`: it performs exactly the endpoints that scope may call,
/// sending the credential as the scope's ``AuthorizationScope/authScheme`` says.
///
/// Generated factories of scoped endpoints are generic over the caller's token and constrained to the scope's
/// access protocol, so handing this client an endpoint of another scope does not compile, and the compiler
/// names the missing access (`requires that 'Shop.Scope.Guest' conform to 'Shop.Access.Customer'`). Only scope
/// types fit `Authorization`: `AuthorizedClient<Shop.Customer>` (a namespace of endpoints) does not compile.
public struct AuthorizedClient<Authorization: AuthorizationScope>: Sendable {
    /// The client that performs the requests.
    public let client: APIClient
    /// Where the credential comes from, and how it is refreshed after a 401.
    public let credentials: Credentials

    /// A client of scope `Authorization` on `client`, with `credentials` (none for an anonymous scope).
    public init(client: APIClient, credentials: Credentials = Credentials()) {
        self.client = client
        self.credentials = credentials
    }

    /// The credential and how it travels.
    private var authorizer: Authorizer {
        Authorizer(credentials: credentials, scheme: Authorization.authScheme)
    }

    /// A client of scope `Authorization` for `baseURL` with a fixed token.
    public init(baseURL: URL, token: String) {
        self.init(client: APIClient(baseURL: baseURL), credentials: Credentials(token: token))
    }

    /// Sends the request with the credential (refreshed once on 401) and returns the response.
    public func send<Response, Failure>(_ endpoint: TypedAuthorizedEndpoint<Authorization, Response, Failure>)
        async throws -> Response
    {
        try await client.perform(endpoint.endpoint, authorization: authorizer)
    }

    /// A `Single` that sends the request once per subscription; disposing it cancels the request.
    public func request<Response, Failure>(_ endpoint: TypedAuthorizedEndpoint<Authorization, Response, Failure>)
        -> Single<Response>
    {
        Single.create { try await send(endpoint) }
    }

    /// Streams a successful body into the file at `destination` with this client's credential; see
    /// ``APIClient/download(_:to:timeout:progress:)``.
    public func download<Response, Failure>(
        _ endpoint: TypedAuthorizedEndpoint<Authorization, Response, Failure>, to destination: URL,
        timeout: TimeInterval = 3600,
        progress: DownloadProgressHandler? = nil
    ) async throws -> DownloadedFile {
        try await client.download(
            endpoint.endpoint, to: destination, timeout: timeout, progress: progress, authorization: authorizer)
    }

    /// Sends the request and returns its page: the value and the request for the next page, of the same scope.
    public func page<Response, Failure>(
        _ endpoint: TypedAuthorizedEndpoint<Authorization, Response, Failure>
    ) async throws -> Page<Response, TypedAuthorizedEndpoint<Authorization, Response, Failure>> {
        let page = try await client.perform(endpoint.endpoint.readingPage(), authorization: authorizer)
        return Page(value: page.value, next: page.next.map(TypedAuthorizedEndpoint.init), step: page.step)
    }

    /// Every page, fetched as the loop asks, each with this client's token.
    public func pages<Response, Failure>(
        _ endpoint: TypedAuthorizedEndpoint<Authorization, Response, Failure>
    ) -> Pages<Response, TypedAuthorizedEndpoint<Authorization, Response, Failure>> {
        Pages(first: endpoint, fetch: { try await page($0) }, describe: { $0.endpoint.description })
    }

    /// Every page as an `Observable`; disposing it cancels the request in flight and sends no more.
    public func requestPages<Response, Failure>(_ endpoint: TypedAuthorizedEndpoint<Authorization, Response, Failure>)
        -> Observable<Response>
    {
        pages(endpoint).asObservable()
    }

    /// The value style: the response, the declared error model, or the unexpected response.
    public func result<Response, Failure>(
        _ endpoint: TypedAuthorizedEndpoint<Authorization, Response, Failure>
    ) async throws -> TypedApiResult<Response, Failure> {
        try await TypedApiResult(catching: { try await send(endpoint) }, failure: endpoint.endpoint.failure)
    }

    /// The value style as a `Single`.
    public func requestResult<Response, Failure>(
        _ endpoint: TypedAuthorizedEndpoint<Authorization, Response, Failure>
    ) -> Single<TypedApiResult<Response, Failure>> {
        Single.create { try await result(endpoint) }
    }
}
