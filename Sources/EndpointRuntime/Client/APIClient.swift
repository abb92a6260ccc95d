import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Performs any generated ``Endpoint``: builds the request, sends it through the transport, and reads the
/// response into the endpoint's type, or into one of the three ``ClientError`` categories.
///
/// Its call styles are ``EndpointClient``'s: `try await client.send(endpoint)`, `client.request(endpoint)` (a cold
/// `Single`: each subscription sends once; disposing cancels), the value style `client.result(endpoint)`,
/// downloads and paging. Scoped endpoints go through an ``AuthorizedClient`` on this client.
public final class APIClient: EndpointClient {
    /// A plain client performs endpoints that need no credential.
    public typealias Authorization = NoScope
    /// How a client talks to its API.
    public struct Configuration: Sendable {
        /// The URL endpoint paths are relative to.
        public var baseURL: URL
        /// Headers sent with every request (an endpoint's own headers win).
        public var headers: HeaderFields
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
        /// The most bytes of response body a request accepts (32 MiB by default); a larger body fails the
        /// request as ``ClientFailure/Kind-swift.enum/responseTooLarge`` while it streams in, so memory stays
        /// bounded. An endpoint may set its own (``EndpointProtocol/limitingResponseSize(to:)``).
        public var maximumResponseSize: Int
        /// Request headers that carry credentials, compared ignoring case: redacted in the ``RequestLog`` and its
        /// cURL line, and never sent to another host on a redirect. Add the names of your API's own keys.
        public var sensitiveHeaders: Set<String>
        /// The most bytes a download (``EndpointClient/download(_:to:timeout:progress:)``) writes to its file, 8 GiB by
        /// default (or `Int.max` where `Int` is 32 bits); an endpoint's own limit wins.
        public var maximumDownloadSize: Int = Configuration.defaultMaximumDownloadSize
        /// Where the spec's other servers are, by name, when not at the URL the spec gives (for staging or tests):
        /// `["uploads": URL(string: "http://127.0.0.1:8081")!]`.
        public var servers: [String: URL] = [:]

        /// What a configuration without a transport gets: a new ``URLSessionTransport``. This package's own tests
        /// run the client's tests over another transport by setting it for their task.
        @TaskLocal package static var makeDefaultTransport: @Sendable () -> any HTTPTransport = {
            URLSessionTransport()
        }

        /// 32 MiB: far above any JSON response a screen shows, far below what would hurt a phone.
        public static let defaultMaximumResponseSize = 32 << 20

        /// 8 GiB: a download streams to disk, so only the disk bounds it; this bounds a server that never stops.
        public static let defaultMaximumDownloadSize = Int(clamping: Int64(8) << 30)

        /// A configuration with the defaults: JSON coding for generated models, 60 s timeout, URLSession (a new
        /// ``URLSessionTransport`` when `transport` is nil).
        public init(
            baseURL: URL, headers: HeaderFields = [:], timeout: TimeInterval = 60,
            transport: (any HTTPTransport)? = nil, interceptors: [any RequestInterceptor] = [],
            conditionalStore: (any ConditionalRequestStore)? = nil,
            maximumResponseSize: Int = Configuration.defaultMaximumResponseSize,
            sensitiveHeaders: Set<String> = HeaderField.defaultSensitiveNames,
            logger: (@Sendable (RequestLog) -> Void)? = nil
        ) {
            self.baseURL = baseURL
            self.headers = headers
            self.encoder = { JSONCoding.makeEncoder() }
            self.decoder = { JSONCoding.makeDecoder() }
            self.timeout = timeout
            self.transport = transport ?? Self.makeDefaultTransport()
            self.interceptors = interceptors
            self.conditionalStore = conditionalStore
            self.maximumResponseSize = maximumResponseSize
            self.sensitiveHeaders = sensitiveHeaders
            self.logger = logger
        }
    }

    /// The configuration in use.
    public let configuration: Configuration
    /// `configuration.sensitiveHeaders`, lower-cased once instead of per request.
    private let sensitiveHeaderNames: Set<String>

    /// A client with `configuration`.
    public init(configuration: Configuration) {
        self.configuration = configuration
        self.sensitiveHeaderNames = TransportOptions.lowercased(configuration.sensitiveHeaders)
    }

    /// A client for `baseURL` with the default configuration.
    public convenience init(baseURL: URL) {
        self.init(configuration: Configuration(baseURL: baseURL))
    }

    /// This client, with no credential.
    public var pipeline: Pipeline { Pipeline(client: self, authorizer: nil) }

    // MARK: Downloads

    /// Performs `endpoint` into a hidden file beside `destination`, moved into place when it is complete (see
    /// ``EndpointClient/download(_:to:timeout:progress:)``).
    func download<Response, Failure>(
        _ endpoint: Endpoint<Response, Failure>, to destination: URL, timeout: TimeInterval,
        progress: DownloadProgressHandler?, authorization: Authorizer?
    ) async throws -> DownloadedFile {
        let partial = destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString).part")
        let reading = endpoint.mappingResponse { response, _ in
            let size = (try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? NSNumber)?
                .int64Value
            return DownloadedFile(
                url: destination, byteCount: size ?? 0, status: response.status, headers: response.headers)
        }
        do {
            let file = try await perform(
                reading, authorization: authorization,
                download: DownloadTarget(file: partial, progress: progress, timeout: timeout))
            try? FileManager.default.removeItem(at: destination)
            do {
                try FileManager.default.moveItem(at: partial, to: destination)
            } catch {
                throw ClientError.client(
                    ClientFailure(.transport, endpoint: endpoint.description, underlying: SendableError(error)))
            }
            return file
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    // MARK: Machinery

    /// Sends `endpoint` through the pipeline's steps, each a function below: build the request (configured headers,
    /// interceptors' adaptations), add a stored response's validators, authorize it as the scope's scheme says,
    /// then send it until an answer stands: a 401 refreshes the credential once and sends again, a 304 is answered
    /// from the stored response, a failure the interceptors retry is sent again after their delay, a success is
    /// checked by the interceptors and, with validators, stored; then the response, as the interceptors adapt it,
    /// is read. Every exchange with the transport is reported to the logger and the interceptors when it ends.
    func perform<Response, Failure>(
        _ endpoint: Endpoint<Response, Failure>, authorization: Authorizer?, download: DownloadTarget? = nil
    ) async throws -> Response {
        let name = endpoint.description
        var (request, body) = try await build(endpoint)
        defer { if case .file(let url, isTemporary: true) = body { try? FileManager.default.removeItem(at: url) } }
        // A download's body is on disk and a stream's is read as it arrives, so neither is stored for conditional
        // requests.
        let streaming = endpoint.streaming.map { _ in StreamTarget() }
        defer { streaming?.cancelUnread() }
        let store =
            endpoint.method == .get && download == nil && streaming == nil ? configuration.conditionalStore : nil
        if let download { request.timeoutInterval = download.timeout }
        let stored = try await applyValidators(from: store, to: &request, endpoint: name)
        var attempt = Attempt(unauthorized: request, token: try await credential(from: authorization, endpoint: name))
        // A body read from an AsyncSequence is read once: the request is sent once, whatever answers it (over
        // every transport alike, although a temporary copy could be sent again).
        attempt.sendsAgain = endpoint.body?.readsOnce != true
        if let authorization, let token = attempt.token {
            attempt.request = try await authorize(request, with: token, scheme: authorization.scheme, endpoint: name)
        }
        let options = transportOptions(for: endpoint, scheme: authorization?.scheme, download: download, body: body)
        while true {
            guard
                let (data, response) = try await send(
                    &attempt, options: options, download: download, streaming: streaming, endpoint: name)
            else { continue }
            if try await refreshesAfter401(response, &attempt, authorization: authorization, endpoint: name) {
                continue
            }
            let headers = Self.headers(of: response)
            let url = response.url ?? attempt.request.url
            if response.statusCode == 304, let stored {
                return try await interpret(
                    stored.body, status: 200, headers: stored.headers(updatedBy: headers), for: endpoint, url: url,
                    request: attempt.request)
            }
            if !endpoint.isSuccess(response.statusCode) {
                if try await retriesAfterFailure(data, response, headers, &attempt, endpoint: name) { continue }
            } else {
                try await validate(data, response, headers, of: attempt.request, endpoint: name)
                if let store {
                    await storeForConditionalRequests(data, headers: headers, of: attempt.request, in: store)
                }
            }
            return try await interpret(
                data, status: response.statusCode, headers: headers, for: endpoint, url: url, request: attempt.request,
                streaming: streaming)
        }
    }

    /// Step 1, build: the endpoint's request with the configured headers where the endpoint sets none, then each
    /// interceptor's adaptation; every header checked. Any failure is an `invalidRequest`. A body that is not in
    /// memory comes back apart: a file (a temporary one, which the caller deletes, for a multipart body with a
    /// file or an `AsyncSequence` when the transport does not stream request bodies), or the pieces a transport
    /// that does streams as it reads them.
    private func build<Response, Failure>(
        _ endpoint: Endpoint<Response, Failure>
    ) async throws -> (URLRequest, body: StreamingBody?) {
        var body: StreamingBody?
        do {
            return try await Self.checked(endpoint: endpoint.description) {
                var request: URLRequest
                (request, body) = try await endpoint.preparedRequest(
                    baseURL: endpoint.server.map { configuration.servers[$0.name] ?? $0.url } ?? configuration.baseURL,
                    configuredHeaders: configuration.headers, encoder: configuration.encoder(),
                    delivery: configuration.transport.streamsRequestBodies ? .streamed : .temporaryFile)
                request.timeoutInterval = configuration.timeout
                for interceptor in configuration.interceptors {
                    request = try await interceptor.adapt(request)
                    try request.checkHeaders()
                }
                return (request, body)
            }
        } catch {
            if case .file(let url, isTemporary: true) = body { try? FileManager.default.removeItem(at: url) }
            throw error
        }
    }

    /// Step 2, conditional request: the stored response's validators as `If-None-Match`/`If-Modified-Since`.
    private func applyValidators(
        from store: (any ConditionalRequestStore)?, to request: inout URLRequest, endpoint: String
    ) async throws -> StoredResponse? {
        guard let store, let url = request.url, let stored = await store.response(for: url) else { return nil }
        try await Self.checked(endpoint: endpoint) {
            if let etag = stored.etag { try request.setCheckedHeader(etag, for: "If-None-Match") }
            if let date = stored.lastModified { try request.setCheckedHeader(date, for: "If-Modified-Since") }
        }
        return stored
    }

    /// Step 3, authorize: the credential the scheme needs, or nil for an anonymous scope (and for no scope at
    /// all); a scheme that needs one and gets none is an `authentication` failure, before anything is sent.
    private func credential(from authorization: Authorizer?, endpoint: String) async throws -> String? {
        guard let authorization, authorization.scheme != .none else { return nil }
        return try await Self.authenticating(endpoint: endpoint) {
            guard let token = try await authorization.credentials.token() else {
                throw MissingCredentialError(scheme: authorization.scheme)
            }
            return token
        }
    }

    /// `request` with `credential` on it as `scheme` says; one that cannot travel so is an `invalidRequest`.
    private func authorize(
        _ request: URLRequest, with credential: String, scheme: AuthScheme, endpoint: String
    ) async throws -> URLRequest {
        try await Self.checked(endpoint: endpoint) { try scheme.authorize(request, with: credential) }
    }

    /// A request on its way: what is sent, what it was before a credential went on (so a refreshed one can go on
    /// instead), the credential, which attempt this is, and whether the credential was refreshed already.
    private struct Attempt {
        var request: URLRequest
        let unauthorized: URLRequest
        var token: String?
        var number = 1
        var refreshed = false
        /// False when the body cannot be sent twice: no retry, no refresh after a 401.
        var sendsAgain = true

        init(unauthorized: URLRequest, token: String?) {
            self.request = unauthorized
            self.unauthorized = unauthorized
            self.token = token
        }
    }

    /// Step 4, send: one exchange; nil when it failed on the client's side and an interceptor retries it (after its
    /// delay, counted as the next attempt), else that failure thrown.
    private func send(
        _ attempt: inout Attempt, options: TransportOptions, download: DownloadTarget?, streaming: StreamTarget?,
        endpoint: String
    ) async throws -> (Data, HTTPURLResponse)? {
        do {
            return try await exchange(
                attempt.request, options: options, download: download, streaming: streaming, endpoint: endpoint,
                attempt: attempt.number)
        } catch ClientError.client(let failure) {
            guard attempt.sendsAgain,
                let delay = await retryDelay(attempt.request, attempt: attempt.number, outcome: .failure(failure))
            else { throw ClientError.client(failure) }
            try await wait(delay, endpoint: endpoint)
            attempt.number += 1
            return nil
        }
    }

    /// Step 5, refresh: a 401 to a credential not refreshed yet asks the credentials for a fresh one (rejecting
    /// the one sent) and, when they give one, puts it on the request to send again: true then.
    private func refreshesAfter401(
        _ response: HTTPURLResponse, _ attempt: inout Attempt, authorization: Authorizer?, endpoint: String
    ) async throws -> Bool {
        guard response.statusCode == 401, !attempt.refreshed, attempt.sendsAgain, let authorization,
            let rejected = attempt.token,
            let fresh = try await Self.authenticating(
                endpoint: endpoint, { try await authorization.credentials.refreshedToken(rejecting: rejected) })
        else { return false }
        attempt.refreshed = true
        attempt.token = fresh
        attempt.request = try await authorize(
            attempt.unauthorized, with: fresh, scheme: authorization.scheme, endpoint: endpoint)
        return true
    }

    /// Step 6, retry: a status the endpoint does not take as success, which an interceptor retries, is sent again
    /// after its delay, counted as the next attempt: true then.
    private func retriesAfterFailure(
        _ data: Data, _ response: HTTPURLResponse, _ headers: HeaderFields, _ attempt: inout Attempt,
        endpoint: String
    ) async throws -> Bool {
        guard attempt.sendsAgain else { return false }
        let info = HTTPResponseInfo(
            endpoint: endpoint, url: attempt.request.url, status: response.statusCode, headers: headers, body: data)
        guard let delay = await retryDelay(attempt.request, attempt: attempt.number, outcome: .response(info)) else {
            return false
        }
        try await wait(delay, endpoint: endpoint)
        attempt.number += 1
        return true
    }

    /// Step 7, validate: each interceptor's check of a success; what one throws fails the call as an
    /// `undecodableResponse` carrying the response and that error itself, to match on.
    private func validate(
        _ data: Data, _ response: HTTPURLResponse, _ headers: HeaderFields, of request: URLRequest,
        endpoint: String
    ) async throws {
        guard !configuration.interceptors.isEmpty else { return }
        let received = ReceivedResponse(
            status: response.statusCode, headers: headers, body: data, url: response.url ?? request.url)
        for interceptor in configuration.interceptors {
            do {
                try await interceptor.validate(received, for: request)
            } catch {
                throw Self.refusal(
                    error, endpoint: endpoint,
                    response: HTTPResponseInfo(
                        endpoint: endpoint, url: request.url, status: response.statusCode, headers: headers,
                        body: data))
            }
        }
    }

    /// What an interceptor's refusal of a success response fails the call with: a cancellation stays one, any
    /// other error is an `undecodableResponse` that carries the response and the error itself.
    private static func refusal(_ error: any Error, endpoint: String, response: HTTPResponseInfo) -> ClientError {
        if error is CancellationError || Task.isCancelled {
            return ClientError.client(ClientFailure(.cancelled, endpoint: endpoint))
        }
        return ClientError.client(
            ClientFailure(.undecodableResponse, endpoint: endpoint, response: response, underlying: error))
    }

    /// Step 8, store: a success with an `ETag` or `Last-Modified` is kept for the next conditional request.
    private func storeForConditionalRequests(
        _ data: Data, headers: HeaderFields, of request: URLRequest, in store: any ConditionalRequestStore
    ) async {
        guard let url = request.url else { return }
        let etag = headers["ETag"]
        let lastModified = headers["Last-Modified"]
        guard etag != nil || lastModified != nil else { return }
        await store.store(
            StoredResponse(
                etag: etag, lastModified: lastModified, body: data, headers: StoredResponse.storable(headers)),
            for: url)
    }

    /// What the transport is asked for: the body limit (a download's own), the headers and query items that
    /// carry credentials (the configuration's and the scheme's), and the file a body is sent from or the pieces
    /// the transport streams.
    private func transportOptions<Response, Failure>(
        for endpoint: Endpoint<Response, Failure>, scheme: AuthScheme?, download: DownloadTarget?,
        body: StreamingBody?
    ) -> TransportOptions {
        var sensitive = sensitiveHeaderNames
        if let header = scheme?.headerName { sensitive.insert(header) }
        var options = TransportOptions(
            maximumResponseSize: endpoint.maximumResponseSize
                ?? (download == nil ? configuration.maximumResponseSize : configuration.maximumDownloadSize),
            sensitiveHeaderNames: sensitive, sensitiveQueryItems: scheme?.queryItemName.map { [$0] } ?? [])
        switch body {
        case .file(let url, _): options.bodyFile = url
        case .stream(let streamed): options.streamedBody = streamed
        case nil: break
        }
        options.followsRedirects = !endpoint.readsRedirects
        return options
    }

    /// Runs `body`, turning what it throws into an `invalidRequest` failure of `endpoint`.
    private static func checked<Value>(endpoint: String, _ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as ClientError {
            throw error
        } catch {
            throw ClientError.client(
                ClientFailure(.invalidRequest, endpoint: endpoint, underlying: SendableError(error)))
        }
    }

    /// Runs a credential step (the token provider, the refresher); what it throws becomes an `authentication`
    /// failure keeping the error, and cancellation stays cancellation.
    private static func authenticating<Value>(endpoint: String, _ body: () async throws -> Value) async throws -> Value
    {
        do {
            return try await body()
        } catch {
            if error is CancellationError || Task.isCancelled {
                throw ClientError.client(ClientFailure(.cancelled, endpoint: endpoint))
            }
            throw ClientError.client(
                ClientFailure(.authentication, endpoint: endpoint, underlying: SendableError(error)))
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

    /// One round trip through the transport, with transport errors mapped and the exchange logged.
    private func exchange(
        _ request: URLRequest, options: TransportOptions, download: DownloadTarget?, streaming: StreamTarget?,
        endpoint: String, attempt: Int
    ) async throws -> (Data, HTTPURLResponse) {
        let start = ContinuousClock.now
        do {
            try Task.checkCancellation()
            let transport = configuration.transport
            let (data, response) =
                if let download {
                    try await transport.download(
                        request, to: download.file, options: options, progress: download.progress)
                } else if let streaming {
                    try await streaming.exchange(request, options: options, transport: transport)
                } else {
                    try await transport.send(request, options: options)
                }
            try Task.checkCancellation()
            if isObserved {
                report(
                    RequestLog(
                        request: request, options: options, status: response.statusCode, body: data,
                        duration: ContinuousClock.now - start, attempt: attempt))
            }
            return (data, response)
        } catch {
            let failure = Self.failure(for: error, endpoint: endpoint)
            if isObserved {
                report(
                    RequestLog(
                        request: request, options: options, failure: failure, duration: ContinuousClock.now - start,
                        attempt: attempt))
            }
            throw ClientError.client(failure)
        }
    }

    /// Whether anything sees the exchanges: a logger, or interceptors (whose `didFinish` may be the default).
    private var isObserved: Bool { configuration.logger != nil || !configuration.interceptors.isEmpty }

    /// Hands an exchange's record to the logger and every interceptor.
    private func report(_ log: RequestLog) {
        configuration.logger?(log)
        for interceptor in configuration.interceptors { interceptor.didFinish(log) }
    }

    static func failure(for error: any Error, endpoint: String) -> ClientFailure {
        if error is CancellationError { return ClientFailure(.cancelled, endpoint: endpoint) }
        if let tooLarge = error as? ResponseTooLargeError {
            return ClientFailure(.responseTooLarge, endpoint: endpoint, underlying: tooLarge)
        }
        // A body streamed as it is sent can still fail on the way: a file gone, a sequence read twice or not as
        // long as it said.
        if let upload = error as? UploadError {
            return ClientFailure(.invalidRequest, endpoint: endpoint, underlying: upload)
        }
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

    /// Step 9, read: success bodies, as the interceptors adapt them, into `Response`; error statuses through the
    /// endpoint's error schema.
    private func interpret<Response, Failure>(
        _ data: Data, status: Int, headers: HeaderFields, for endpoint: Endpoint<Response, Failure>, url: URL?,
        request: URLRequest, streaming: StreamTarget? = nil
    ) async throws -> Response {
        let info = HTTPResponseInfo(
            endpoint: endpoint.description, url: url, status: status, headers: headers, body: data)
        guard endpoint.isSuccess(status) else {
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
        var received = ReceivedResponse(status: status, headers: headers, body: data, url: url)
        for interceptor in configuration.interceptors {
            do {
                received = try await interceptor.adapt(received, for: request)
            } catch {
                throw Self.refusal(error, endpoint: endpoint.description, response: info)
            }
        }
        if let reading = endpoint.streaming, let body = streaming?.take() {
            return reading.read(
                body, received, configuration.decoder(),
                endpoint.maximumResponseSize ?? configuration.maximumResponseSize, endpoint.description)
        }
        do {
            return try endpoint.readResponse(received, configuration.decoder())
        } catch let undeclared as UndeclaredStatusError {
            throw ClientError.unexpected(info, underlying: undeclared)
        } catch {
            throw ClientError.client(
                ClientFailure(
                    .undecodableResponse, endpoint: endpoint.description, response: info,
                    underlying: SendableError(error)))
        }
    }

    static func headers(of response: HTTPURLResponse) -> HeaderFields {
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            headers["\(key)"] = "\(value)"
        }
        return HeaderFields(headers)
    }
}

/// Where `perform` keeps a streamed success's body between the exchange and the reading of the response; a body
/// nobody took (the call failed after the head came) is cancelled.
final class StreamTarget: Sendable {
    private let body = Locked(ResponseBodyStream?.none)

    /// One exchange through `transport`'s streaming: a 2xx body is kept here, and comes back empty; any other
    /// status's body is read whole, within the limit, for the client to read as an error or a retry.
    func exchange(
        _ request: URLRequest, options: TransportOptions, transport: any HTTPTransport
    ) async throws -> (Data, HTTPURLResponse) {
        let (response, stream) = try await transport.stream(request, options: options)
        if (200..<300).contains(response.statusCode) {
            body.withLock { $0 = stream }
            return (Data(), response)
        }
        var data = Data()
        for try await chunk in stream {
            guard chunk.count <= options.maximumResponseSize - data.count else {
                stream.cancel()
                throw ResponseTooLargeError(limit: options.maximumResponseSize, declaredLength: nil)
            }
            data.append(chunk)
        }
        return (data, response)
    }

    /// The kept body, handed over once.
    func take() -> ResponseBodyStream? {
        body.withLock { body in
            defer { body = nil }
            return body
        }
    }

    /// Stops a body nobody took.
    func cancelUnread() { take()?.cancel() }
}

/// Where `perform` writes a download's body, and for how long it may take.
struct DownloadTarget: Sendable {
    var file: URL
    var progress: DownloadProgressHandler?
    var timeout: TimeInterval
}

/// A finished download: where the body is now, and what came with it.
public struct DownloadedFile: Sendable, Hashable {
    /// The file the body was written to (the destination asked for).
    public var url: URL
    /// The body's size in bytes.
    public var byteCount: Int64
    /// The status code.
    public var status: Int
    /// The response headers.
    public var headers: HeaderFields

    /// A downloaded file's record; for tests and previews.
    public init(url: URL, byteCount: Int64, status: Int = 200, headers: HeaderFields = [:]) {
        self.url = url
        self.byteCount = byteCount
        self.status = status
        self.headers = headers
    }
}

extension ApiResult {
    /// Runs `body`, turning declared and unexpected API errors into values (a declared model through `failure`
    /// into the endpoint's `Failure`); client failures are rethrown.
    init(
        catching body: () async throws -> Value, failure: (any Error & Sendable) -> Failure?
    ) async throws {
        do {
            self = .success(try await body())
        } catch ClientError.api(let model, let response) {
            if let typed = failure(model) {
                self = .failure(typed, response)
            } else {
                self = .unexpected(response, underlying: model)
            }
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
