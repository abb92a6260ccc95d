import Foundation

/// A client holding a token of scope `Authorization`: it performs exactly the endpoints that scope may call.
///
/// Generated factories of scoped endpoints are generic over the caller's token and constrained to the scope's
/// access protocol, so handing this client an endpoint of another scope does not compile, and the compiler
/// names the missing access (`requires that 'Shop.Scope.Guest' conform to 'Shop.Access.Customer'`).
public struct AuthorizedClient<Authorization>: Sendable {
    /// The client that performs the requests.
    public let client: APIClient
    /// Where the bearer token comes from, and how it is refreshed after a 401.
    public let credentials: Credentials

    /// A client of scope `Authorization` on `client`, with `credentials`.
    public init(client: APIClient, credentials: Credentials) {
        self.client = client
        self.credentials = credentials
    }

    /// A client of scope `Authorization` for `baseURL` with a fixed token.
    public init(baseURL: URL, token: String) {
        self.init(client: APIClient(baseURL: baseURL), credentials: Credentials(token: token))
    }

    /// Sends the request with the bearer token (refreshed once on 401) and returns the response.
    public func send<Response>(_ endpoint: AuthorizedEndpoint<Authorization, Response>) async throws -> Response {
        try await client.perform(endpoint.endpoint, authorization: credentials)
    }

    /// A `Single` that sends the request once per subscription; disposing it cancels the request.
    public func request<Response>(_ endpoint: AuthorizedEndpoint<Authorization, Response>) -> Single<Response> {
        Single.create { try await send(endpoint) }
    }

    /// Streams a successful body into the file at `destination` with this client's token; see
    /// ``APIClient/download(_:to:timeout:progress:)``.
    public func download<Response>(
        _ endpoint: AuthorizedEndpoint<Authorization, Response>, to destination: URL, timeout: TimeInterval = 3600,
        progress: DownloadProgressHandler? = nil
    ) async throws -> DownloadedFile {
        try await client.download(
            endpoint.endpoint, to: destination, timeout: timeout, progress: progress, authorization: credentials)
    }

    /// Sends the request and returns its page: the value and the request for the next page, of the same scope.
    public func page<Response>(
        _ endpoint: AuthorizedEndpoint<Authorization, Response>
    ) async throws -> Page<Response, AuthorizedEndpoint<Authorization, Response>> {
        let page = try await client.perform(endpoint.endpoint.readingPage(), authorization: credentials)
        return Page(value: page.value, next: page.next.map(AuthorizedEndpoint.init), step: page.step)
    }

    /// Every page, fetched as the loop asks, each with this client's token.
    public func pages<Response>(
        _ endpoint: AuthorizedEndpoint<Authorization, Response>
    ) -> Pages<Response, AuthorizedEndpoint<Authorization, Response>> {
        Pages(first: endpoint, fetch: { try await page($0) }, describe: { $0.endpoint.description })
    }

    /// Every page as an `Observable`; disposing it cancels the request in flight and sends no more.
    public func requestPages<Response>(_ endpoint: AuthorizedEndpoint<Authorization, Response>) -> Observable<Response>
    {
        pages(endpoint).asObservable()
    }

    /// The value style: the response, the declared error model, or the unexpected response.
    public func result<Response>(
        _ endpoint: AuthorizedEndpoint<Authorization, Response>
    ) async throws -> ApiResult<Response> {
        try await ApiResult(catching: { try await send(endpoint) })
    }

    /// The value style as a `Single`.
    public func requestResult<Response>(
        _ endpoint: AuthorizedEndpoint<Authorization, Response>
    ) -> Single<ApiResult<Response>> {
        Single.create { try await result(endpoint) }
    }
}
