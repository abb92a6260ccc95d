import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Retries what is safe to retry: idempotent methods only (by default), after a connection failure, a
/// timeout, or a status such as 503; exponential backoff with full jitter; `Retry-After` honoured on 429 and
/// 503; a bounded number of attempts.
public struct RetryPolicy: RequestInterceptor {
    /// The most sends in all, the first included.
    public var maxAttempts: Int
    /// The backoff before the second attempt; it doubles after each one.
    public var baseDelay: Duration
    /// The longest wait, `Retry-After` included.
    public var maxDelay: Duration
    /// The statuses worth another try.
    public var retryableStatuses: Set<Int>
    /// Whether to retry methods that are not idempotent (POST, PATCH) too.
    public var retriesNonIdempotentMethods: Bool
    /// A header that makes a request safe to send again whatever its method: a POST or PATCH carrying it (with a
    /// value) is retried like a GET, because the server answers a repeated key with the first outcome (Stripe's
    /// `Idempotency-Key`). Nil retries such methods only with ``retriesNonIdempotentMethods``.
    public var idempotencyKeyHeader: String? = "Idempotency-Key"
    /// Picks a delay between zero and the backoff (full jitter); replaceable for tests.
    public var jitter: @Sendable (Duration) -> Duration

    /// A policy with sensible defaults: 3 attempts, 0.5 s base, 30 s cap.
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30),
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504], retriesNonIdempotentMethods: Bool = false,
        jitter: @escaping @Sendable (Duration) -> Duration = RetryPolicy.fullJitter
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatuses = retryableStatuses
        self.retriesNonIdempotentMethods = retriesNonIdempotentMethods
        self.jitter = jitter
    }

    public func retry(_ request: URLRequest, attempt: Int, outcome: RequestOutcome) async -> RetryDecision {
        guard attempt < maxAttempts else { return .doNotRetry }
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        let hasIdempotencyKey =
            idempotencyKeyHeader.flatMap { request.value(forHTTPHeaderField: $0) }.map { !$0.isEmpty } ?? false
        guard retriesNonIdempotentMethods || method.isIdempotent || hasIdempotencyKey else { return .doNotRetry }
        let backoff = min(maxDelay, baseDelay * (1 << min(attempt - 1, 30)))
        switch outcome {
        case .failure(let failure):
            guard [.noConnection, .timeout, .transport].contains(failure.kind) else { return .doNotRetry }
            return .retry(after: jitter(backoff))
        case .response(let response):
            guard retryableStatuses.contains(response.status) else { return .doNotRetry }
            if response.status == 429 || response.status == 503,
                let retryAfter = Self.retryAfter(response.headers)
            {
                return .retry(after: min(maxDelay, retryAfter))
            }
            return .retry(after: jitter(backoff))
        }
    }

    /// A random delay between zero and `backoff`.
    public static func fullJitter(_ backoff: Duration) -> Duration {
        .nanoseconds(Int64.random(in: 0...max(0, backoff.nanoseconds)))
    }

    /// `Retry-After` as seconds or as an HTTP date (any of the three forms RFC 9110 lets a recipient read, through
    /// the one parser the response headers use). A number of seconds too large for `Int` is the longest wait there
    /// is, never "soon"; the caller caps it at ``maxDelay``.
    static func retryAfter(_ headers: HeaderFields, now: Date = Date()) -> Duration? {
        guard let value = headers["Retry-After"] else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return .seconds(Int(trimmed) ?? Int.max)
        }
        guard let date = HTTPDate.parse(trimmed) else { return nil }
        let seconds = max(0, date.timeIntervalSince(now))
        return seconds < Double(Int64.max / 1000) ? .milliseconds(Int64(seconds * 1000)) : .seconds(Int64.max)
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let parts = components
        return parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    }
}
