import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request as a client's logger sees it: what was sent, what came back, and how long it took.
/// Credentials never appear: every sensitive header (`Authorization`, cookies, API keys: see
/// ``TransportOptions/isSensitive(header:)``) and every query item that carries an API key is redacted here and
/// in the cURL command.
public struct RequestLog: Sendable, CustomStringConvertible {
    /// The method.
    public var method: String
    /// The URL, with credential query items redacted.
    public var url: URL?
    /// The request headers, the sensitive ones redacted.
    public var headers: HeaderFields
    /// The status, when a response arrived.
    public var status: Int?
    /// The size of the response body.
    public var responseSize: Int
    /// The failure, when no response arrived.
    public var failure: ClientFailure?
    /// How long the exchange took.
    public var duration: Duration
    /// Which attempt of the call this exchange was: 1, then 2 and on for each retry an interceptor asked for.
    public var attempt: Int
    /// A cURL command that repeats the request, credentials redacted; made when it is read.
    public var curl: String {
        Self.curl(for: request, url: url, headers: headers, bodyFile: bodyFile, streamedBody: streamedBody)
    }
    /// The request as sent, for ``curl``: its method and body (the headers and URL above are the redacted ones).
    private let request: URLRequest
    /// The file a streamed body came from, for ``curl``.
    private let bodyFile: URL?
    /// A body the transport read as it sent it, for ``curl``.
    private let streamedBody: StreamedRequestBody?

    init(
        request: URLRequest, options: TransportOptions, status: Int? = nil, body: Data = Data(),
        failure: ClientFailure? = nil, duration: Duration, attempt: Int = 1
    ) {
        self.attempt = attempt
        method = request.httpMethod ?? "GET"
        url = request.url.map { Self.redacted($0, sensitiveQueryItems: options.sensitiveQueryItems) }
        headers = Self.redacted(HeaderFields(request.allHTTPHeaderFields ?? [:]), options: options)
        self.status = status
        responseSize = body.count
        self.failure = failure
        self.duration = duration
        self.request = request
        bodyFile = options.bodyFile
        streamedBody = options.streamedBody
    }

    public var description: String {
        let outcome = status.map { "\($0)" } ?? failure.map { "\($0.kind)" } ?? "?"
        return "\(method) \(url?.absoluteString ?? "") → \(outcome) in \(duration)"
    }

    /// `headers` with the values of the sensitive ones replaced.
    static func redacted(_ headers: HeaderFields, options: TransportOptions) -> HeaderFields {
        headers.mapValues { name, value in options.isSensitive(header: name) ? "<redacted>" : value }
    }

    /// `url` with the values of the query items named in `sensitiveQueryItems` replaced.
    static func redacted(_ url: URL, sensitiveQueryItems: Set<String>) -> URL {
        guard !sensitiveQueryItems.isEmpty,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.percentEncodedQueryItems
        else { return url }
        let escaped = Set(sensitiveQueryItems.map(PathEncoding.escapeQuery))
        components.percentEncodedQueryItems = items.map {
            escaped.contains($0.name) ? URLQueryItem(name: $0.name, value: "%3Credacted%3E") : $0
        }
        return components.url ?? url
    }

    /// The most bytes of body ``curl`` spells out; a larger body, or one that is not UTF-8 text, is left to
    /// standard input, so a log of a large upload stays small.
    public static let maximumCurlBody = 64 << 10

    static func curl(
        for request: URLRequest, url: URL?, headers: HeaderFields, bodyFile: URL?,
        streamedBody: StreamedRequestBody?
    ) -> String {
        var parts = ["curl", "-X", request.httpMethod ?? "GET"]
        for (field, value) in headers.sorted(by: { $0.name < $1.name }) {
            parts += ["-H", quote("\(field): \(value)")]
        }
        // What goes on standard input instead of the command: the body's description.
        var standardInput: String?
        if let bodyFile {
            parts += ["--data-binary", quote("@" + bodyFile.path)]
        } else if let streamedBody {
            standardInput = streamedBody.length.map { "\($0) bytes, streamed" } ?? "its length unknown, streamed"
        } else if let body = request.httpBody, !body.isEmpty {
            if body.count <= maximumCurlBody, let text = String(validating: body, as: UTF8.self) {
                parts += ["--data-binary", quote(text)]
            } else {
                standardInput = "\(body.count) bytes"
            }
        }
        if standardInput != nil { parts += ["--data-binary", "@-"] }
        parts.append(quote(url?.absoluteString ?? ""))
        guard let standardInput else { return parts.joined(separator: " ") }
        return parts.joined(separator: " ") + " # the body (\(standardInput)) on standard input"
    }

    /// Single-quoted for a POSIX shell.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
