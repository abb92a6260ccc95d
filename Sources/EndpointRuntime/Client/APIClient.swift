import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Performs any generated `Endpoint`: builds the request, sends it through the transport, and reads the
/// response into the endpoint's type, or into one of the three ``ClientError`` categories.
///
/// Three styles on the same machinery: `try await client.send(endpoint)`, `client.request(endpoint)` (a cold
/// `Single`: each subscription sends once; disposing cancels), and the value style `client.result(endpoint)`.
public final class APIClient: Sendable {
    /// How a client talks to its API.
    public struct Configuration: Sendable {
        /// The URL endpoint paths are relative to.
        public var baseURL: URL
        /// Headers sent with every request (an endpoint's own headers win).
        public var headers: [String: String]
        /// Encodes JSON bodies; must match the generated models (ISO 8601 dates).
        public var encoder: @Sendable () -> JSONEncoder
        /// Decodes JSON responses; must match the generated models.
        public var decoder: @Sendable () -> JSONDecoder
        /// The timeout of each request, in seconds.
        public var timeout: TimeInterval
        /// What sends the requests.
        public var transport: any HTTPTransport
        /// Receives every request and response, with timing and a cURL command (credentials redacted).
        public var logger: (@Sendable (RequestLog) -> Void)?
        /// Hooks that adapt each request and decide about retries, in order (`RetryPolicy` is one).
        public var interceptors: [any RequestInterceptor]
        /// Where GET responses with `ETag`/`Last-Modified` are kept, so a 304 is answered from it; nil for none.
        public var conditionalStore: (any ConditionalRequestStore)?

        /// A configuration with the defaults: JSON coding for generated models, 60 s timeout, URLSession.
        public init(
            baseURL: URL, headers: [String: String] = [:], timeout: TimeInterval = 60,
            transport: any HTTPTransport = URLSessionTransport(), interceptors: [any RequestInterceptor] = [],
            conditionalStore: (any ConditionalRequestStore)? = nil, logger: (@Sendable (RequestLog) -> Void)? = nil
        ) {
            self.baseURL = baseURL
            self.headers = headers
            self.encoder = { JSONCoding.makeEncoder() }
            self.decoder = { JSONCoding.makeDecoder() }
            self.timeout = timeout
            self.transport = transport
            self.interceptors = interceptors
            self.conditionalStore = conditionalStore
            self.logger = logger
        }
    }

    /// The configuration in use.
    public let configuration: Configuration

    /// A client with `configuration`.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// A client for `baseURL` with the default configuration.
    public convenience init(baseURL: URL) {
        self.init(configuration: Configuration(baseURL: baseURL))
    }

    // MARK: Styles

    /// Sends the request and returns the response; throws a ``ClientError``. Cancelling the task cancels it.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try await perform(endpoint, authorization: nil)
    }

    /// A `Single` that sends the request once per subscription; disposing it cancels the request.
    public func request<Response>(_ endpoint: Endpoint<Response>) -> Single<Response> {
        Single.create { try await self.send(endpoint) }
    }

    /// The value style: the response, the declared error model, or the unexpected response; throws only
    /// client-side failures.
    public func result<Response>(_ endpoint: Endpoint<Response>) async throws -> ApiResult<Response> {
        try await ApiResult(catching: { try await send(endpoint) })
    }

    /// The value style as a `Single`.
    public func requestResult<Response>(_ endpoint: Endpoint<Response>) -> Single<ApiResult<Response>> {
        Single.create { try await self.result(endpoint) }
    }

    // MARK: Machinery

    /// Sends `endpoint`: conditional validators, interceptors, the bearer token from `authorization` (refreshed
    /// once on 401, with one retry), retries as the interceptors decide, then reads the response.
    func perform<Response>(_ endpoint: Endpoint<Response>, authorization: Credentials?) async throws -> Response {
        let name = endpoint.description
        var request: URLRequest
        do {
            request = try endpoint.urlRequest(baseURL: configuration.baseURL, encoder: configuration.encoder())
            request.timeoutInterval = configuration.timeout
            for (field, value) in configuration.headers where request.value(forHTTPHeaderField: field) == nil {
                request.setValue(value, forHTTPHeaderField: field)
            }
            for interceptor in configuration.interceptors { request = try await interceptor.adapt(request) }
        } catch {
            throw ClientError.client(ClientFailure(.invalidRequest, endpoint: name, underlying: SendableError(error)))
        }

        let store = endpoint.method == .get ? configuration.conditionalStore : nil
        var stored: StoredResponse?
        if let store, let url = request.url, let found = await store.response(for: url) {
            stored = found
            if let etag = found.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let date = found.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        }

        var token: String?
        if let authorization {
            token = try await authorization.token()
            request.setValue("Bearer \(token ?? "")", forHTTPHeaderField: "Authorization")
        }

        var attempt = 1
        var refreshed = false
        while true {
            let data: Data
            let response: HTTPURLResponse
            do {
                (data, response) = try await exchange(request, endpoint: name)
            } catch ClientError.client(let failure) {
                guard let delay = await retryDelay(request, attempt: attempt, outcome: .failure(failure)) else {
                    throw ClientError.client(failure)
                }
                try await wait(delay, endpoint: name)
                attempt += 1
                continue
            }
            let status = response.statusCode
            if status == 401, !refreshed, let authorization, let rejected = token,
                let fresh = try await authorization.refreshedToken(rejecting: rejected)
            {
                refreshed = true
                token = fresh
                request.setValue("Bearer \(fresh)", forHTTPHeaderField: "Authorization")
                continue
            }
            if status == 304, let stored {
                return try interpret(
                    stored.body, status: 200, headers: Self.headers(of: response), for: endpoint, url: request.url)
            }
            if !(200..<300).contains(status) {
                let info = HTTPResponseInfo(
                    endpoint: name, url: request.url, status: status, headers: Self.headers(of: response), body: data)
                if let delay = await retryDelay(request, attempt: attempt, outcome: .response(info)) {
                    try await wait(delay, endpoint: name)
                    attempt += 1
                    continue
                }
            } else if let store, let url = request.url {
                let headers = Self.headers(of: response)
                let etag = Self.header("ETag", in: headers)
                let lastModified = Self.header("Last-Modified", in: headers)
                if etag != nil || lastModified != nil {
                    await store.store(StoredResponse(etag: etag, lastModified: lastModified, body: data), for: url)
                }
            }
            return try interpret(
                data, status: status, headers: Self.headers(of: response), for: endpoint, url: request.url)
        }
    }

    /// The first retry delay any interceptor asks for, or nil.
    private func retryDelay(_ request: URLRequest, attempt: Int, outcome: RequestOutcome) async -> Duration? {
        for interceptor in configuration.interceptors {
            if case .retry(let delay) = await interceptor.retry(request, attempt: attempt, outcome: outcome) {
                return delay
            }
        }
        return nil
    }

    /// Waits before a retry; cancelling the task ends the wait as a cancelled request.
    private func wait(_ delay: Duration, endpoint: String) async throws {
        do {
            try await Task.sleep(for: delay)
        } catch {
            throw ClientError.client(ClientFailure(.cancelled, endpoint: endpoint))
        }
    }

    static func header(_ name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// One round trip through the transport, with transport errors mapped and the exchange logged.
    private func exchange(_ request: URLRequest, endpoint: String) async throws -> (Data, HTTPURLResponse) {
        let start = ContinuousClock.now
        do {
            try Task.checkCancellation()
            let (data, response) = try await configuration.transport.send(request)
            try Task.checkCancellation()
            configuration.logger?(
                RequestLog(
                    request: request, status: response.statusCode, body: data, duration: ContinuousClock.now - start))
            return (data, response)
        } catch {
            let failure = Self.failure(for: error, endpoint: endpoint)
            configuration.logger?(RequestLog(request: request, failure: failure, duration: ContinuousClock.now - start))
            throw ClientError.client(failure)
        }
    }

    static func failure(for error: any Error, endpoint: String) -> ClientFailure {
        if error is CancellationError { return ClientFailure(.cancelled, endpoint: endpoint) }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled: return ClientFailure(.cancelled, endpoint: endpoint, underlying: urlError)
            case .timedOut: return ClientFailure(.timeout, endpoint: endpoint, underlying: urlError)
            case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
                .networkConnectionLost, .internationalRoamingOff, .dataNotAllowed:
                return ClientFailure(.noConnection, endpoint: endpoint, underlying: urlError)
            default: return ClientFailure(.transport, endpoint: endpoint, underlying: urlError)
            }
        }
        return ClientFailure(.transport, endpoint: endpoint, underlying: SendableError(error))
    }

    /// Reads a response: success bodies into `Response`, error statuses through the endpoint's error schema.
    private func interpret<Response>(
        _ data: Data, status: Int, headers: [String: String], for endpoint: Endpoint<Response>, url: URL?
    ) throws -> Response {
        let info = HTTPResponseInfo(
            endpoint: endpoint.description, url: url, status: status, headers: headers, body: data)
        guard (200..<300).contains(status) else {
            guard let decoder = endpoint.errors.decoder(for: status) else {
                throw ClientError.unexpected(info, underlying: nil)
            }
            let model: any Error & Sendable
            do {
                model = try decoder.decode(data, configuration.decoder())
            } catch {
                throw ClientError.unexpected(info, underlying: SendableError(error))
            }
            throw ClientError.api(model, info)
        }
        do {
            return try endpoint.decodeResponse(data, configuration.decoder())
        } catch {
            throw ClientError.client(
                ClientFailure(
                    .undecodableResponse, endpoint: endpoint.description, response: info,
                    underlying: SendableError(error)))
        }
    }

    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            headers["\(key)"] = "\(value)"
        }
        return headers
    }
}

extension ApiResult {
    /// Runs `body`, turning declared and unexpected API errors into values; client failures are rethrown.
    init(catching body: () async throws -> Value) async throws {
        do {
            self = .success(try await body())
        } catch ClientError.api(let model, let response) {
            self = .failure(model, response)
        } catch ClientError.unexpected(let response, let underlying) {
            self = .unexpected(response, underlying: underlying)
        }
    }
}

/// An error of any type, kept with its description for crossing threads.
public struct SendableError: Error, Sendable, CustomStringConvertible {
    /// What the error said.
    public let description: String
    /// The error's type, for matching.
    public let typeName: String
    /// The `DecodingError` itself, when that is what it was (its context tells where decoding failed).
    public let decodingError: DecodingError?

    init(_ error: any Error) {
        description = "\(error)"
        typeName = "\(type(of: error))"
        decodingError = error as? DecodingError
    }
}
