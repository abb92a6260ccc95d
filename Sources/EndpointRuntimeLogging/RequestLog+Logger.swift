// Built with the `Logging` package trait (`traits: ["Logging"]` on the dependency); without it the module is empty,
// so an app that logs otherwise never depends on swift-log.
#if Logging
import EndpointRuntime
import Foundation
import Logging

extension RequestLog {
    /// The exchange as swift-log metadata: `http.method`, `http.host`, `http.path`, `http.status` (or
    /// `failure`, the failure's kind), `duration_ms`, `response.size` and `attempt`. Credentials never appear:
    /// the log's URL and headers are already redacted, and only the path of the URL is written, not its query.
    public var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = [
            "http.method": .string(method),
            "duration_ms": .string("\(Int(duration / .milliseconds(1)))"),
            "response.size": .string("\(responseSize)"),
            "attempt": .string("\(attempt)"),
        ]
        if let url {
            metadata["http.host"] = .string(url.host ?? "")
            metadata["http.path"] = .string(url.path)
        }
        if let status { metadata["http.status"] = .string("\(status)") }
        if let failure { metadata["failure"] = .string("\(failure.kind)") }
        return metadata
    }

    /// Writes the exchange to `logger`: at `level` for a response below 500, at `warning` for a 5xx or a
    /// client-side failure (a cancellation stays at `level`).
    public func write(to logger: Logger, level: Logger.Level = .info) {
        let isTrouble = (status.map { $0 >= 500 } ?? false) || (failure.map { $0.kind != .cancelled } ?? false)
        let message =
            "\(method) \(url?.host ?? "")\(url?.path ?? "") → "
            + (status.map { "\($0)" } ?? failure.map { "\($0.kind)" } ?? "?")
        logger.log(level: isTrouble ? max(level, .warning) : level, "\(message)", metadata: metadata)
    }
}

extension APIClient.Configuration {
    /// What to give a configuration's `logger` so that every exchange goes to `logger` (see
    /// ``EndpointRuntime/RequestLog/write(to:level:)``): `.init(baseURL: …, logger: APIClient.Configuration.logging(to:
    /// logger))`.
    public static func logging(to logger: Logger, level: Logger.Level = .info) -> @Sendable (RequestLog) -> Void {
        { log in log.write(to: logger, level: level) }
    }
}
#endif
