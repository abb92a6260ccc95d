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
    /// The default calls ``send(_:)`` and checks the size afterwards, which suits in-memory transports; a
    /// transport that streams should enforce the limit while the body arrives, as ``URLSessionTransport`` does.
    func send(_ request: URLRequest, options: TransportOptions) async throws -> (Data, HTTPURLResponse)
}

extension HTTPTransport {
    public func send(_ request: URLRequest, options: TransportOptions) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await send(request)
        guard data.count <= options.maximumResponseSize else {
            throw ResponseTooLargeError(limit: options.maximumResponseSize, declaredLength: nil)
        }
        return (data, response)
    }
}

/// What a client asks of its transport for one request.
public struct TransportOptions: Sendable, Hashable {
    /// The most bytes of response body to accept.
    public var maximumResponseSize: Int
    /// Request headers that carry credentials, lower-cased: dropped when a redirect leaves the host.
    public var sensitiveHeaderNames: Set<String>

    /// Options with a body limit and the sensitive headers (any case).
    public init(maximumResponseSize: Int, sensitiveHeaders: Set<String> = HeaderField.defaultSensitiveNames) {
        self.init(maximumResponseSize: maximumResponseSize, sensitiveHeaderNames: Self.lowercased(sensitiveHeaders))
    }

    /// Options with header names already lower-cased.
    init(maximumResponseSize: Int, sensitiveHeaderNames: Set<String>) {
        self.maximumResponseSize = maximumResponseSize
        self.sensitiveHeaderNames = sensitiveHeaderNames
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

    public var description: String {
        let declared = declaredLength.map { " (Content-Length: \($0))" } ?? ""
        return "the response body is larger than the limit of \(limit) bytes\(declared)"
    }
}

/// Drops credentials when a redirect leaves the original origin (or downgrades to plain HTTP).
package enum RedirectPolicy {
    /// The redirected request, without the `sensitive` headers (lower-cased names) unless it stays on the same
    /// scheme, host and port.
    package static func redirect(
        _ request: URLRequest, from original: URL?,
        sensitive: Set<String> = TransportOptions.defaultSensitiveHeaderNames
    ) -> URLRequest {
        var request = request
        let target = request.url
        let sameOrigin =
            original?.host?.lowercased() == target?.host?.lowercased() && original?.port == target?.port
            && (original?.scheme == target?.scheme || target?.scheme == "https")
        if !sameOrigin {
            for name in (request.allHTTPHeaderFields ?? [:]).keys where sensitive.contains(name.lowercased()) {
                request.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return request
    }
}
