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

/// The hooks around every request, in the order a request meets them: adapt it before it is sent, decide about
/// retrying after a failure, check a success response, change what the endpoint reads from it, and see each
/// exchange when it ends (for metrics). Each has a default that does nothing, so an interceptor implements only
/// what it needs; a client's ``APIClient/Configuration/interceptors`` run in order.
public protocol RequestInterceptor: Sendable {
    /// The request to send instead of `request` (add a header, sign it, …).
    func adapt(_ request: URLRequest) async throws -> URLRequest
    /// Whether to retry after attempt number `attempt` (1 for the first send) ended with `outcome`.
    func retry(_ request: URLRequest, attempt: Int, outcome: RequestOutcome) async -> RetryDecision
    /// Checks a response the endpoint takes as success, before it is stored for conditional requests or read:
    /// throw to fail the call as an `undecodableResponse` carrying the response and your error (an API that
    /// answers `200` with `{"error": …}`, a missing signature header).
    func validate(_ response: ReceivedResponse, for request: URLRequest) async throws
    /// The success response the endpoint reads instead of `response` (the decode step): unwrap an API's
    /// `{"data": …}` envelope, or mend a body, once for every endpoint. It runs after ``validate(_:for:)`` and
    /// storing, so a conditional request stores and answers the response as the server sent it; what it throws
    /// fails the call as an `undecodableResponse`, as there.
    func adapt(_ response: ReceivedResponse, for request: URLRequest) async throws -> ReceivedResponse
    /// Sees each exchange with the transport when it ends, answered or failed, with its duration (metrics,
    /// tracing); credentials are redacted as in ``APIClient/Configuration/logger``. Called on the task that sent
    /// the request, so keep it short.
    func didFinish(_ exchange: RequestLog)
}

extension RequestInterceptor {
    public func adapt(_ request: URLRequest) async throws -> URLRequest { request }
    public func validate(_ response: ReceivedResponse, for request: URLRequest) async throws {}
    public func retry(_ request: URLRequest, attempt: Int, outcome: RequestOutcome) async -> RetryDecision {
        .doNotRetry
    }
    public func adapt(_ response: ReceivedResponse, for request: URLRequest) async throws -> ReceivedResponse {
        response
    }
    public func didFinish(_ exchange: RequestLog) {}
}
