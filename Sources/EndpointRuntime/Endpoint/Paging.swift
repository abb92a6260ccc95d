import Foundation

/// Where the page after a response is: a URL to follow, or a query item to set on the same request.
public enum PageStep: Sendable, Hashable {
    /// Follow this URL (a `Link: <…>; rel="next"` target, or a `next` URL in the body). It must be on the client's
    /// own origin: a link to another host is refused, so no credential is sent there.
    case url(URL)
    /// Send the same request again with the query item `name` set to `value` (a cursor).
    case query(name: String, value: String)
}

/// How an endpoint finds its next page in a response.
public struct Paging<Response: Sendable>: Sendable {
    /// Reads the step to the next page from a response and its decoded value; nil on the last page.
    public let next: @Sendable (_ response: ReceivedResponse, _ value: Response) -> PageStep?

    /// Paging by any rule.
    public init(next: @escaping @Sendable (_ response: ReceivedResponse, _ value: Response) -> PageStep?) {
        self.next = next
    }

    /// The `Link` header's `rel="next"` target (RFC 8288), resolved against the response's URL: GitHub's style.
    public static var link: Paging {
        Paging { response, _ in response.link("next", relativeTo: response.url).map(PageStep.url) }
    }

    /// A URL in the body (Spotify's `next`); nil or absent on the last page.
    public static func nextURL(_ read: @escaping @Sendable (Response) -> URL?) -> Paging {
        Paging { _, value in read(value).map(PageStep.url) }
    }

    /// A cursor in the body, sent back as the query item `parameter`; nil, absent or empty on the last page.
    public static func cursor(
        _ parameter: String, _ read: @escaping @Sendable (Response) -> (any ParameterValue)?
    ) -> Paging {
        Paging { _, value in
            guard let cursor = read(value)?.parameterText, !cursor.isEmpty else { return nil }
            return .query(name: parameter, value: cursor)
        }
    }

    /// A field of the last element of a list in the body, sent back as the query item `parameter` (Stripe's
    /// `starting_after=<id of the last element of data>`), while `more` says there are more pages (`has_more`;
    /// nil reads as no more). Without `more`, paging goes on while a page has elements. An empty list, or a last
    /// element whose field is nil or empty, is the last page.
    public static func afterLastItem<Item>(
        _ parameter: String, items: @escaping @Sendable (Response) -> [Item]?,
        field: @escaping @Sendable (Item) -> (any ParameterValue)?,
        while more: (@Sendable (Response) -> Bool?)? = nil
    ) -> Paging {
        Paging { _, value in
            if let more, more(value) != true { return nil }
            guard let last = items(value)?.last, let cursor = field(last)?.parameterText, !cursor.isEmpty else {
                return nil
            }
            return .query(name: parameter, value: cursor)
        }
    }

    /// The same rule for a response that holds this one (a ``Reply`` holding its body).
    func map<Outer>(_ inner: @escaping @Sendable (Outer) -> Response) -> Paging<Outer> {
        let next = self.next
        return Paging<Outer> { response, value in next(response, inner(value)) }
    }
}

/// One page: its value and the request for the page after it, nil on the last.
public struct Page<Response: Sendable, Request: Sendable>: Sendable {
    /// The page's decoded response.
    public var value: Response
    /// The request for the next page, of the same kind (and scope) as the one that brought this page.
    public var next: Request?
    /// Where the next page is; the sequence of pages uses it to notice a server that links back.
    var step: PageStep?

    /// A page; for tests and previews.
    public init(value: Response, next: Request?) {
        self.value = value
        self.next = next
    }

    init(value: Response, next: Request?, step: PageStep?) {
        self.value = value
        self.next = next
        self.step = step
    }
}

extension Endpoint {
    /// The request for the page after `response`, by this endpoint's paging rule; nil on the last page or when
    /// the endpoint does not page.
    public func nextPage(after response: ReceivedResponse, value: Response) -> Endpoint? {
        guard let step = paging?.next(response, value) else { return nil }
        return following(step)
    }

    /// This request moved to `step`: the same method, headers, body, errors and paging, at another URL or cursor.
    func following(_ step: PageStep) -> Endpoint {
        var endpoint = self
        switch step {
        case .url(let url):
            // The link carries its whole query; the first page's items (`page=1`) must not ride along.
            endpoint.url = url
            endpoint.query = []
        case .query(let name, let value):
            endpoint.query.removeAll { $0.name == name }
            endpoint.query.append(Parameter(name, value))
        }
        return endpoint
    }

    /// The endpoint reading a ``Page``: its value and the request for the next one.
    func readingPage() -> Endpoint<Page<Response, Endpoint>, Failure> {
        let this = self
        return mappingResponse { response, decoder in
            let value = try this.readResponse(response, decoder)
            let step = this.paging?.next(response, value)
            return Page(value: value, next: step.map(this.following), step: step)
        }
    }
}

/// Every page of an endpoint, fetched one at a time as the loop asks: the first request, then each next page
/// until there is none. Cancelling the task cancels the request in flight; leaving the loop sends no more.
///
/// A server whose pages link back to one already fetched ends the sequence with an `invalidRequest` failure
/// rather than looping for ever.
public struct Pages<Response: Sendable, Request: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Response

    let first: Request
    let fetch: @Sendable (Request) async throws -> Page<Response, Request>
    let describe: @Sendable (Request) -> String

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pending: first, fetch: fetch, describe: describe)
    }

    /// Fetches the pages in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pending: Request?
        let fetch: @Sendable (Request) async throws -> Page<Response, Request>
        let describe: @Sendable (Request) -> String
        var seen: Set<PageStep> = []
        var failure: ClientError?

        init(
            pending: Request?, fetch: @escaping @Sendable (Request) async throws -> Page<Response, Request>,
            describe: @escaping @Sendable (Request) -> String
        ) {
            self.pending = pending
            self.fetch = fetch
            self.describe = describe
        }

        public mutating func next() async throws -> Response? {
            if let failure {
                self.failure = nil
                throw failure
            }
            guard let request = pending else { return nil }
            pending = nil
            let page = try await fetch(request)
            if let step = page.step, let next = page.next {
                if seen.insert(step).inserted {
                    pending = next
                } else {
                    // This page is good; the loop ends on the next call.
                    failure = ClientError.client(
                        ClientFailure(
                            .invalidRequest, endpoint: describe(request),
                            underlying: RequestBuildError(
                                endpoint: describe(request),
                                reason: "the next page (\(step)) was fetched before; paging stopped so as not to loop")
                        ))
                }
            }
            return page.value
        }
    }
}

extension URL {
    /// Whether `other` has the same scheme, host and port (RFC 6454), default ports filled in.
    func isSameOrigin(as other: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int?)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
            return (scheme, host, port)
        }
        guard let mine = origin(self), let theirs = origin(other) else { return false }
        return mine == theirs
    }
}
