import Foundation

/// An HTTP response as errors keep it: status, headers and the raw body, and which endpoint it answered.
public struct HTTPResponseInfo: Sendable, CustomStringConvertible {
    /// The endpoint, as `METHOD /path/template`.
    public var endpoint: String
    /// The URL requested.
    public var url: URL?
    /// The status code.
    public var status: Int
    /// The response headers.
    public var headers: HeaderFields
    /// The raw body, its first ``maximumKeptBodySize`` bytes at most.
    public var body: Data
    /// The size of the whole body as received, which `body` may cut short.
    public var bodySize: Int

    /// How much of a body an error keeps: enough to show or log, bounded however many errors an app holds.
    public static let maximumKeptBodySize = 64 << 10

    /// Creates a response record, keeping at most ``maximumKeptBodySize`` bytes of `body`.
    public init(endpoint: String, url: URL?, status: Int, headers: HeaderFields, body: Data) {
        self.endpoint = endpoint
        self.url = url
        self.status = status
        self.headers = headers
        self.bodySize = body.count
        self.body = body.count > Self.maximumKeptBodySize ? Data(body.prefix(Self.maximumKeptBodySize)) : body
    }

    /// The body as text, shortened for messages.
    public var bodyExcerpt: String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        return body.count > 200 ? text + "…" : text
    }

    public var description: String { "\(endpoint) → \(status)" }
}

/// Why a request failed, in the three categories an app handles differently; `switch` over them, never match
/// strings.
public enum ClientError: Error, Sendable, CustomStringConvertible {
    /// 1. On the client's side: no connection, a timeout, cancellation, a request that could not be built, or a
    /// success body that does not decode into the response type.
    case client(ClientFailure)
    /// 2. An error the spec declares: its status matched the endpoint's error schema and the body decoded into
    /// the declared model, which is the associated value, as its own type (`catch`/`case let x as Model`).
    case api(any Error & Sendable, HTTPResponseInfo)
    /// 3. An error the spec does not declare: an unexpected status, or an error body that does not decode, or
    /// a 2xx other than those an endpoint with several success statuses declares (``UndeclaredStatusError``).
    case unexpected(HTTPResponseInfo, underlying: (any Error & Sendable)?)

    public var description: String {
        switch self {
        case .client(let failure):
            return failure.description
        case .api(let model, let response):
            return "\(response.endpoint) failed with status \(response.status): \(model)"
        case .unexpected(let response, let underlying):
            let reason =
                underlying is UndeclaredStatusError
                ? " (a success status the endpoint does not declare)"
                : underlying.map { " (the error body did not decode: \($0))" } ?? ""
            return
                "\(response.endpoint) failed with unexpected status \(response.status)\(reason): \(response.bodyExcerpt)"
        }
    }
}

/// A failure on the client's side.
public struct ClientFailure: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: Sendable, Equatable {
        /// The server could not be reached.
        case noConnection
        /// The request took longer than the timeout.
        case timeout
        /// The task was cancelled or the subscription disposed.
        case cancelled
        /// The request could not be built: a body that does not encode, a bad base URL, a header whose name is not
        /// a token or whose value holds CR, LF or NUL (``InvalidHeaderError`` names it).
        case invalidRequest
        /// A success response whose body does not decode into the response type, or that an interceptor's
        /// ``RequestInterceptor/validate(_:for:)`` refused (its error is kept as `underlying`).
        case undecodableResponse
        /// Another transport failure.
        case transport
        /// The response body was larger than the client's (or the endpoint's) `maximumResponseSize`; the
        /// transfer was stopped there.
        case responseTooLarge
        /// The credentials could not be had: the token provider or the refresher threw (the error is kept as
        /// `underlying`).
        case authentication
    }

    /// The kind.
    public var kind: Kind
    /// The endpoint, as `METHOD /path/template`.
    public var endpoint: String
    /// The response, for `undecodableResponse`.
    public var response: HTTPResponseInfo?
    /// The error underneath: the `URLError`, `DecodingError`, …
    public var underlying: (any Error & Sendable)?

    /// Creates a failure.
    public init(
        _ kind: Kind, endpoint: String, response: HTTPResponseInfo? = nil, underlying: (any Error & Sendable)? = nil
    ) {
        self.kind = kind
        self.endpoint = endpoint
        self.response = response
        self.underlying = underlying
    }

    public var description: String {
        let detail = underlying.map { ": \($0)" } ?? ""
        switch kind {
        case .noConnection: return "\(endpoint) failed: no connection to the server\(detail)"
        case .timeout: return "\(endpoint) failed: timed out\(detail)"
        case .cancelled: return "\(endpoint) was cancelled"
        case .invalidRequest: return "\(endpoint) failed: the request could not be built\(detail)"
        case .undecodableResponse:
            let status = response.map { " (status \($0.status))" } ?? ""
            return "\(endpoint) failed: the response\(status) does not decode\(detail)"
        case .transport: return "\(endpoint) failed\(detail)"
        case .responseTooLarge: return "\(endpoint) failed: the response is too large\(detail)"
        case .authentication: return "\(endpoint) failed: no credentials could be had\(detail)"
        }
    }
}
