import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a request ended with, for deciding about a retry.
public enum RequestOutcome: Sendable {
    /// A response arrived with this (non-2xx) status.
    case response(HTTPResponseInfo)
    /// No response: a client-side failure.
    case failure(ClientFailure)
}

/// Whether to send a request again.
public enum RetryDecision: Sendable, Equatable {
    /// Report the outcome.
    case doNotRetry
    /// Send again after the delay.
    case retry(after: Duration)
}

/// A hook around every request: adapt it before it is sent, decide about retrying after a failure, and check a
/// success response before it is read. Each has a default that does nothing, so an interceptor implements only
/// what it needs.
public protocol RequestInterceptor: Sendable {
    /// The request to send instead of `request` (add a header, sign it, …).
    func adapt(_ request: URLRequest) async throws -> URLRequest
    /// Whether to retry after attempt number `attempt` (1 for the first send) ended with `outcome`.
    func retry(_ request: URLRequest, attempt: Int, outcome: RequestOutcome) async -> RetryDecision
    /// Checks a response the endpoint takes as success, before it is stored for conditional requests or read:
    /// throw to fail the call as an `undecodableResponse` carrying the response and your error (an API that
    /// answers `200` with `{"error": …}`, a missing signature header).
    func validate(_ response: ReceivedResponse, for request: URLRequest) async throws
}

extension RequestInterceptor {
    public func adapt(_ request: URLRequest) async throws -> URLRequest { request }
    public func validate(_ response: ReceivedResponse, for request: URLRequest) async throws {}
    public func retry(_ request: URLRequest, attempt: Int, outcome: RequestOutcome) async -> RetryDecision {
        .doNotRetry
    }
}
