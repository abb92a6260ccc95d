import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request as a client's logger sees it: what was sent, what came back, and how long it took.
/// Credentials never appear: every header of the client's `sensitiveHeaders` (`Authorization`, cookies, API keys)
/// is redacted here and in the cURL command.
public struct RequestLog: Sendable, CustomStringConvertible {
    /// The method.
    public var method: String
    /// The URL.
    public var url: URL?
    /// The request headers, the sensitive ones redacted.
    public var headers: [String: String]
    /// The status, when a response arrived.
    public var status: Int?
    /// The size of the response body.
    public var responseSize: Int
    /// The failure, when no response arrived.
    public var failure: ClientFailure?
    /// How long the exchange took.
    public var duration: Duration
    /// A cURL command that repeats the request, credentials redacted.
    public var curl: String

    init(
        request: URLRequest, sensitiveHeaderNames: Set<String>, status: Int? = nil, body: Data = Data(),
        failure: ClientFailure? = nil, duration: Duration
    ) {
        method = request.httpMethod ?? "GET"
        url = request.url
        headers = Self.redacted(request.allHTTPHeaderFields ?? [:], sensitive: sensitiveHeaderNames)
        self.status = status
        responseSize = body.count
        self.failure = failure
        self.duration = duration
        curl = Self.curl(for: request, headers: headers)
    }

    public var description: String {
        let outcome = status.map { "\($0)" } ?? failure.map { "\($0.kind)" } ?? "?"
        return "\(method) \(url?.absoluteString ?? "") → \(outcome) in \(duration)"
    }

    /// `headers` with the values of the `sensitive` ones (lower-cased names) replaced.
    static func redacted(_ headers: [String: String], sensitive: Set<String>) -> [String: String] {
        var result = headers
        for key in headers.keys where sensitive.contains(key.lowercased()) {
            result[key] = "<redacted>"
        }
        return result
    }

    static func curl(for request: URLRequest, headers: [String: String]) -> String {
        var parts = ["curl", "-X", request.httpMethod ?? "GET"]
        for (field, value) in headers.sorted(by: { $0.key < $1.key }) {
            parts += ["-H", quote("\(field): \(value)")]
        }
        if let body = request.httpBody, !body.isEmpty {
            parts += ["--data-binary", quote(String(decoding: body, as: UTF8.self))]
        }
        parts.append(quote(request.url?.absoluteString ?? ""))
        return parts.joined(separator: " ")
    }

    /// Single-quoted for a POSIX shell.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
