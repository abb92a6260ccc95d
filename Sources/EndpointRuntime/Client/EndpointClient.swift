import Foundation

/// What performs endpoints: an ``APIClient`` performs plain ``Endpoint``s, an ``AuthorizedClient`` the
/// ``AuthorizedEndpoint``s of its scope. Every call style is declared here once, for both:
///
/// - `try await client.send(endpoint)`, and `client.request(endpoint)`, a cold `Single` (each subscription sends
///   once; disposing cancels);
/// - the value style, `client.result(endpoint)` and `client.requestResult(endpoint)`;
/// - `client.download(endpoint, to: file)`, the body streamed into a file;
/// - `client.page(endpoint)`, `client.pages(endpoint)` and `client.requestPages(endpoint)` for an endpoint that
///   pages.
///
/// A client takes only endpoints of its own ``Authorization``: a scoped endpoint handed to a plain `APIClient`, or
/// to an `AuthorizedClient` of a scope that may not call it, does not compile.
public protocol EndpointClient: Sendable {
    /// The scope whose endpoints this client performs: ``NoScope`` for an ``APIClient``.
    associatedtype Authorization

    /// The client and the credential every call goes through.
    var pipeline: APIClient.Pipeline { get }
}

extension APIClient {
    /// The client and the credential a call goes through: what an ``EndpointClient`` hands its call styles.
    /// Only the runtime reads it.
    public struct Pipeline: Sendable {
        let client: APIClient
        let authorizer: Authorizer?

        init(client: APIClient, authorizer: Authorizer?) {
            self.client = client
            self.authorizer = authorizer
        }
    }
}

extension EndpointClient {
    /// Sends the request and returns the response; throws a ``ClientError``. Cancelling the task cancels it. A
    /// scoped endpoint carries the client's credential, refreshed once after a 401.
    public func send<Request: EndpointProtocol>(_ endpoint: Request) async throws -> Request.Response
    where Request.Authorization == Authorization {
        try await pipeline.client.perform(endpoint.endpoint, authorization: pipeline.authorizer)
    }

    /// A `Single` that sends the request once per subscription; disposing it cancels the request.
    public func request<Request: EndpointProtocol>(_ endpoint: Request) -> Single<Request.Response>
    where Request.Authorization == Authorization {
        Single.create { try await send(endpoint) }
    }

    /// The values of a streaming endpoint (Server-Sent Events, JSON Lines) as an `Observable`: subscribing sends
    /// the request, each value comes as its event or line arrives, and disposing stops the transfer.
    public func requestEvents<Request: EndpointProtocol, Value: Sendable>(_ endpoint: Request) -> Observable<Value>
    where Request.Authorization == Authorization, Request.Response == EventStream<Value> {
        request(endpoint).asObservable().flatMap { $0.values }
    }

    /// The value style: the response, the declared error as the endpoint's `Failure` type, or the unexpected
    /// response; throws only client-side failures.
    public func result<Request: EndpointProtocol>(
        _ endpoint: Request
    ) async throws -> ApiResult<Request.Response, Request.Failure> where Request.Authorization == Authorization {
        try await ApiResult(catching: { try await send(endpoint) }, failure: endpoint.endpoint.failure)
    }

    /// The value style as a `Single`.
    public func requestResult<Request: EndpointProtocol>(
        _ endpoint: Request
    ) -> Single<ApiResult<Request.Response, Request.Failure>> where Request.Authorization == Authorization {
        Single.create { try await result(endpoint) }
    }

    /// Sends the request and streams a successful body into the file at `destination`, so memory stays flat
    /// however large the body is; `progress` is called as it grows (from the transport's queue).
    ///
    /// The body is written to a hidden `.part` file beside `destination` and moved into place only when it is
    /// complete, replacing any file there; a failed or cancelled download leaves no partial file. Errors are
    /// the same three categories as `send`, read from the error body in memory. `timeout` bounds the whole
    /// download (the configuration's timeout is for ordinary requests); the size limit is the endpoint's own
    /// or ``APIClient/Configuration/maximumDownloadSize``.
    public func download<Request: EndpointProtocol>(
        _ endpoint: Request, to destination: URL, timeout: TimeInterval = 3600,
        progress: DownloadProgressHandler? = nil
    ) async throws -> DownloadedFile where Request.Authorization == Authorization {
        try await pipeline.client.download(
            endpoint.endpoint, to: destination, timeout: timeout, progress: progress,
            authorization: pipeline.authorizer)
    }

    /// Sends the request and returns its page: the value and the request for the next page, of the same kind and
    /// scope, by the endpoint's ``Paging`` rule (nil on the last page, or when the endpoint does not page).
    public func page<Request: EndpointProtocol>(
        _ endpoint: Request
    ) async throws -> Page<Request.Response, Request> where Request.Authorization == Authorization {
        let page = try await pipeline.client.perform(
            endpoint.endpoint.readingPage(), authorization: pipeline.authorizer)
        return Page(value: page.value, next: page.next.map(Request.init), step: page.step)
    }

    /// Every page, fetched as the loop asks: `for try await events in client.pages(GitHub.Repos.events(…))`.
    public func pages<Request: EndpointProtocol>(
        _ endpoint: Request
    ) -> Pages<Request.Response, Request> where Request.Authorization == Authorization {
        Pages(first: endpoint, fetch: { try await page($0) }, describe: { $0.endpoint.description })
    }

    /// Every page as an `Observable`, one request per page as the previous one arrives; it completes after the
    /// last page, and disposing it cancels the request in flight and sends no more.
    public func requestPages<Request: EndpointProtocol>(
        _ endpoint: Request
    ) -> Observable<Request.Response> where Request.Authorization == Authorization {
        pages(endpoint).asObservable()
    }
}
