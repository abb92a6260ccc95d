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
    private let policy = RedirectPolicy()

    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: policy, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let session = self.session
        // A watchdog: FoundationNetworking can stall without honouring the timeout (seen on Linux with a 401
        // carrying `WWW-Authenticate: Basic`); the caller then gets a timeout instead of waiting for ever.
        let deadline = request.timeoutInterval > 0 ? request.timeoutInterval + 1 : nil
        do {
            let (data, response) = try await Deadline.run(seconds: deadline) { try await session.data(for: request) }
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            policy.forgetChallenge(for: request)
            return (data, http)
        } catch let error as URLError where error.code == .cancelled && !Task.isCancelled {
            // A rejected authentication challenge ends the task as "cancelled" on some platforms; the 401 it
            // answered is the real outcome (its body is not available).
            if let response = policy.forgetChallenge(for: request) { return (Data(), response) }
            throw error
        }
    }
}

/// Runs work with a deadline. The work runs in its own task, so a caller whose work stalls without honouring
/// cancellation is released at the deadline (the stalled task is cancelled and left behind).
package enum Deadline {
    package static func run<Value: Sendable>(
        seconds: TimeInterval?, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let seconds else { return try await work() }
        let state = AwaitState<Value>()
        // Stops the timer (and the worker, if it still runs) however this ends.
        defer { state.subscription.dispose() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Both tasks start only once the continuation is registered, so no outcome can be missed.
                guard state.start(continuation) else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                let worker = Task {
                    do { state.resume(.success(try await work())) } catch { state.resume(.failure(error)) }
                }
                let timer = Task {
                    try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                    state.resume(.failure(URLError(.timedOut)))
                    worker.cancel()
                }
                state.subscription.setDisposable(
                    Disposables.create(with: {
                        worker.cancel()
                        timer.cancel()
                    }))
            }
        } onCancel: {
            state.cancel()
        }
    }
}

/// Drops `Authorization` when a redirect leaves the original host (or downgrades to plain HTTP).
package final class RedirectPolicy: NSObject, URLSessionTaskDelegate, Sendable {
    /// The responses of rejected authentication challenges, by request, until `send` collects them.
    private let challenged = Locked<[URLRequest: HTTPURLResponse]>([:])

    @discardableResult
    func forgetChallenge(for request: URLRequest) -> HTTPURLResponse? {
        challenged.withLock { $0.removeValue(forKey: request) }
    }

    package func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(Self.redirect(request, from: task.originalRequest?.url))
    }

    /// Authentication challenges (a 401 with `WWW-Authenticate`) are not answered by URLSession: the 401
    /// comes back to the client, which refreshes its token or reports the error. Left to default handling,
    /// FoundationNetworking waits for ever; rejected, it ends the task as cancelled, so the 401 is kept here.
    package func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let request = task.originalRequest, let response = challenge.failureResponse as? HTTPURLResponse {
            challenged.withLock { $0[request] = response }
        }
        completionHandler(.rejectProtectionSpace, nil)
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
