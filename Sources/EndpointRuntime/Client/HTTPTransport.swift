import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What performs HTTP requests for a client: URLSession by default; tests and other HTTP stacks stand in.
public protocol HTTPTransport: Sendable {
    /// Performs `request`. Throws the transport's error (such as a `URLError`), or `CancellationError` when the
    /// task is cancelled.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Performs `request` within `options`: a body larger than `options.maximumResponseSize` throws
    /// ``ResponseTooLargeError``, and the headers in `options.sensitiveHeaderNames` do not follow a redirect to
    /// another host.
    ///
    /// The default reads a streamed upload (`options.bodyFile`) into `httpBody`, calls ``send(_:)`` and checks
    /// the size afterwards, which suits in-memory transports; a transport that streams should send the file from
    /// disk and enforce the limit while the body arrives, as ``URLSessionTransport`` does.
    func send(_ request: URLRequest, options: TransportOptions) async throws -> (Data, HTTPURLResponse)

    /// Performs `request` within `options`, writing a 2xx body into `file` (created or emptied) rather than
    /// memory, and calling `progress` as it grows; the body of any other status comes back in memory, for the
    /// client to read as an error. Past `options.maximumResponseSize` bytes it throws ``ResponseTooLargeError``.
    ///
    /// The default calls ``send(_:options:)`` and writes the body afterwards, which suits in-memory transports;
    /// ``URLSessionTransport`` streams, so memory stays flat however large the body is.
    func download(
        _ request: URLRequest, to file: URL, options: TransportOptions, progress: DownloadProgressHandler?
    ) async throws -> (Data, HTTPURLResponse)

    /// Performs `request` within `options`, handing a 2xx body over as it arrives (Server-Sent Events, JSON
    /// Lines): the head comes back as soon as it is read, and the body through the stream. The bodies of other
    /// statuses come back whole, within `options.maximumResponseSize`. Cancelling the stream stops the transfer.
    ///
    /// The default calls ``send(_:options:)`` and hands the whole body over as one chunk once it has arrived,
    /// which suits in-memory transports; ``URLSessionTransport`` streams.
    func stream(_ request: URLRequest, options: TransportOptions) async throws -> (
        HTTPURLResponse, ResponseBodyStream
    )

    /// Whether the transport sends ``TransportOptions/streamedBody`` as it reads it. When false (the default), the
    /// client never sets it: a multipart body with a file part, or an upload from an `AsyncSequence`, reaches the
    /// transport as a temporary file in ``TransportOptions/bodyFile`` instead.
    var streamsRequestBodies: Bool { get }
}

/// Called as a download's body is written: from the transport's own queue, so hop to the main actor for UI.
public typealias DownloadProgressHandler = @Sendable (DownloadProgress) -> Void

/// How far a download is.
public struct DownloadProgress: Sendable, Hashable {
    /// Body bytes written to the file so far.
    public var bytesWritten: Int64
    /// The announced `Content-Length`, when the server sent one.
    public var expectedBytes: Int64?

    /// A progress value.
    public init(bytesWritten: Int64, expectedBytes: Int64?) {
        self.bytesWritten = bytesWritten
        self.expectedBytes = expectedBytes
    }

    /// The part done, from 0 to 1, when the total is known.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(bytesWritten) / Double(expectedBytes))
    }
}

extension HTTPTransport {
    public var streamsRequestBodies: Bool { false }

    public func send(_ request: URLRequest, options: TransportOptions) async throws -> (Data, HTTPURLResponse) {
        var request = request
        if let bodyFile = options.bodyFile { request.httpBody = try Data(contentsOf: bodyFile) }
        let (data, response) = try await send(request)
        guard data.count <= options.maximumResponseSize else {
            throw ResponseTooLargeError(limit: options.maximumResponseSize, declaredLength: nil)
        }
        return (data, response)
    }

    public func stream(_ request: URLRequest, options: TransportOptions) async throws -> (
        HTTPURLResponse, ResponseBodyStream
    ) {
        let (data, response) = try await send(request, options: options)
        return (response, ResponseBodyStream(complete: data))
    }

    public func download(
        _ request: URLRequest, to file: URL, options: TransportOptions, progress: DownloadProgressHandler?
    ) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await send(request, options: options)
        guard (200..<300).contains(response.statusCode) else { return (data, response) }
        try data.write(to: file)
        progress?(DownloadProgress(bytesWritten: Int64(data.count), expectedBytes: Int64(data.count)))
        return (Data(), response)
    }
}

/// What a client asks of its transport for one request.
public struct TransportOptions: Sendable, Hashable {
    /// The most bytes of response body to accept.
    public var maximumResponseSize: Int
    /// Request headers that carry credentials, lower-cased: dropped when a redirect leaves the host. Headers whose
    /// names look like credentials (see ``HeaderField/isCredentialLike(_:)``) are treated the same way.
    public var sensitiveHeaderNames: Set<String>
    /// Query items that carry credentials (an API key sent as `?api_key=…`): redacted in logs.
    public var sensitiveQueryItems: Set<String> = []
    /// A file whose bytes are the request's body (a streamed upload), sent from disk instead of `httpBody`.
    public var bodyFile: URL?
    /// A body to send as it is read instead of `httpBody` (a multipart body reading its files as it goes, an
    /// upload from an `AsyncSequence`): set only for a transport whose ``HTTPTransport/streamsRequestBodies``.
    public var streamedBody: StreamedRequestBody?
    /// Whether a redirect is followed (credentials never to another origin); false when the endpoint reads the
    /// redirect itself (``Endpoint/readingRedirects()``), so the `3xx` response comes back as it is.
    public var followsRedirects = true

    /// Options with a body limit and the sensitive headers (any case).
    public init(maximumResponseSize: Int, sensitiveHeaders: Set<String> = HeaderField.defaultSensitiveNames) {
        self.init(maximumResponseSize: maximumResponseSize, sensitiveHeaderNames: Self.lowercased(sensitiveHeaders))
    }

    /// Options with header names already lower-cased.
    init(maximumResponseSize: Int, sensitiveHeaderNames: Set<String>, sensitiveQueryItems: Set<String> = []) {
        self.maximumResponseSize = maximumResponseSize
        self.sensitiveHeaderNames = sensitiveHeaderNames
        self.sensitiveQueryItems = sensitiveQueryItems
    }

    /// Whether the header `name` carries a credential: named in ``sensitiveHeaderNames`` or credential-like.
    public func isSensitive(header name: String) -> Bool {
        let lowered = name.lowercased()
        return sensitiveHeaderNames.contains(lowered) || HeaderField.isCredentialLike(lowered)
    }

    /// ``HeaderField/defaultSensitiveNames``, lower-cased once.
    static let defaultSensitiveHeaderNames = lowercased(HeaderField.defaultSensitiveNames)

    static func lowercased(_ names: Set<String>) -> Set<String> {
        Set(names.map { $0.lowercased() })
    }
}

/// A response body over the client's limit; nothing more of it was received.
public struct ResponseTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The limit, in bytes.
    public var limit: Int
    /// The `Content-Length` the server announced, when that is how the response was refused.
    public var declaredLength: Int64?

    /// The error for a body past `limit` bytes, refused on its `Content-Length` (`declaredLength`) or as it grew.
    public init(limit: Int, declaredLength: Int64?) {
        self.limit = limit
        self.declaredLength = declaredLength
    }

    public var description: String {
        let declared = declaredLength.map { " (Content-Length: \($0))" } ?? ""
        return "the response body is larger than the limit of \(limit) bytes\(declared)"
    }
}

/// Drops credentials when a redirect leaves the original origin (or downgrades to plain HTTP).
package enum RedirectPolicy {
    /// The redirected request, without the sensitive headers of `options` unless it stays on the same scheme,
    /// host and port.
    package static func redirect(
        _ request: URLRequest, from original: URL?,
        options: TransportOptions = TransportOptions(maximumResponseSize: 0)
    ) -> URLRequest {
        var request = request
        let target = request.url
        let sameOrigin =
            original?.host?.lowercased() == target?.host?.lowercased() && original?.port == target?.port
            && (original?.scheme == target?.scheme || target?.scheme == "https")
        if !sameOrigin {
            for name in (request.allHTTPHeaderFields ?? [:]).keys where options.isSensitive(header: name) {
                request.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return request
    }

    /// The statuses a redirect is followed for.
    package static let followedStatuses: Set<Int> = [301, 302, 303, 307, 308]
    /// The redirects that repeat the request as it was, body included, whatever its method.
    package static let repeatingStatuses: Set<Int> = [307, 308]

    /// The request a redirect asks for: `status` and its `Location` resolved against `request`'s URL, without the
    /// sensitive headers once it leaves `original`'s origin; nil when there is no redirect to follow. `keepsBody`
    /// is false when it turns into a `GET` without the body (303, and 301 or 302 after a `POST`), true for the
    /// others (307 and 308 send the same request again, body included).
    package static func next(
        after status: Int, location: String?, of request: URLRequest, from original: URL?, options: TransportOptions
    ) -> (request: URLRequest, keepsBody: Bool)? {
        guard options.followsRedirects, followedStatuses.contains(status), let location,
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        else { return nil }
        var next = request
        next.url = target
        let keepsBody = !(status == 303 || ([301, 302].contains(status) && request.httpMethod == "POST"))
        if !keepsBody {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        return (redirect(next, from: original, options: options), keepsBody)
    }
}
