import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What performs HTTP requests for a client: URLSession by default; tests and other HTTP stacks stand in.
public protocol HTTPTransport: Sendable {
    /// Performs `request`. Throws the transport's error (such as a `URLError`), or `CancellationError` when the
    /// task is cancelled.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// The default transport: URLSession (FoundationNetworking on Linux). Redirects to another host never carry
/// the `Authorization` header.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// A transport with its own session; caching is off, because the client does conditional requests itself.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: RedirectPolicy(), delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }
}

/// Drops `Authorization` when a redirect leaves the original host (or downgrades to plain HTTP).
package final class RedirectPolicy: NSObject, URLSessionTaskDelegate, Sendable {
    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(Self.redirect(request, from: task.originalRequest?.url))
    }

    /// The redirected request, without credentials unless it stays on the same scheme, host and port.
    package static func redirect(_ request: URLRequest, from original: URL?) -> URLRequest {
        var request = request
        let target = request.url
        let sameOrigin =
            original?.host?.lowercased() == target?.host?.lowercased() && original?.port == target?.port
            && (original?.scheme == target?.scheme || target?.scheme == "https")
        if !sameOrigin {
            request.setValue(nil, forHTTPHeaderField: "Authorization")
        }
        return request
    }
}
