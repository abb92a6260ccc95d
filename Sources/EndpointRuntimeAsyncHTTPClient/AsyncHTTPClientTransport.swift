// Built with the `AsyncHTTPClient` package trait (`traits: ["AsyncHTTPClient"]` on the dependency); without it the
// module is empty, so an app that never enables it never builds SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import EndpointRuntime
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport over AsyncHTTPClient (SwiftNIO), for servers: bodies stream both ways (an upload from its file, a
/// multipart body reading its files as it goes or an `AsyncSequence` of bytes, with no temporary copy; a download
/// to its file, a Server-Sent Events or JSON Lines body as it arrives), cancelling the task stops the transfer at
/// once, and connections are pooled, HTTP/2 where the server offers it.
///
/// It keeps the client's rules as ``URLSessionTransport`` does: the same size limits (a `Content-Length` over the
/// limit refused before the body, the running total checked as chunks arrive), the request's `timeoutInterval` for
/// the whole exchange (for a stream, for the head and then each silence), and redirects followed by the transport
/// itself, at most ``maximumRedirects``, without the sensitive headers once they leave the origin.
///
/// The transport owns its `HTTPClient`: call ``shutdown()`` when the service stops (it is also shut down, without
/// waiting, when the transport is released).
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The most redirects one request follows.
    public static let maximumRedirects = 10

    private let client: HTTPClient

    /// A transport with a client of its own made from `configuration`. Redirects are the transport's (the
    /// configuration's redirect setting is replaced), so credentials never follow one to another origin.
    public init(
        configuration: HTTPClient.Configuration = HTTPClient.Configuration(),
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup
    ) {
        var configuration = configuration
        configuration.redirectConfiguration = .disallow
        client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
    }

    deinit {
        client.shutdown { _ in }
    }

    /// Closes the pooled connections; requests after it fail.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await send(request, options: TransportOptions(maximumResponseSize: .max))
    }

    /// True: a multipart body and an upload from an `AsyncSequence` are sent as they are read.
    public var streamsRequestBodies: Bool { true }

    /// Sends `request`; its `timeoutInterval` bounds the whole exchange, body included.
    public func send(_ request: URLRequest, options: TransportOptions) async throws -> (Data, HTTPURLResponse) {
        let deadline = Self.deadline(of: request)
        return try await withDeadline(deadline) {
            let (response, head) = try await self.execute(request, options: options, deadline: deadline)
            let body = try await Self.collect(response.body, limit: options.maximumResponseSize, declared: head)
            return (body, head)
        }
    }

    /// Writes a 2xx body to `file` as it arrives; the request's `timeoutInterval` bounds the whole exchange.
    public func download(
        _ request: URLRequest, to file: URL, options: TransportOptions, progress: DownloadProgressHandler?
    ) async throws -> (Data, HTTPURLResponse) {
        let deadline = Self.deadline(of: request)
        return try await withDeadline(deadline) {
            try await self.downloadBody(request, to: file, options: options, progress: progress, deadline: deadline)
        }
    }

    private func downloadBody(
        _ request: URLRequest, to file: URL, options: TransportOptions, progress: DownloadProgressHandler?,
        deadline: NIODeadline
    ) async throws -> (Data, HTTPURLResponse) {
        let (response, head) = try await execute(request, options: options, deadline: deadline)
        guard (200..<300).contains(head.statusCode) else {
            return (try await Self.collect(response.body, limit: options.maximumResponseSize, declared: head), head)
        }
        let limit = options.maximumResponseSize
        let expected = head.expectedContentLength > 0 ? head.expectedContentLength : nil
        if let expected, expected > limit { throw ResponseTooLargeError(limit: limit, declaredLength: expected) }
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var written: Int64 = 0
        progress?(DownloadProgress(bytesWritten: 0, expectedBytes: expected))
        for try await buffer in response.body {
            guard Int64(buffer.readableBytes) <= Int64(limit) - written else {
                throw ResponseTooLargeError(limit: limit, declaredLength: nil)
            }
            try handle.write(contentsOf: Data(buffer.readableBytesView))
            written += Int64(buffer.readableBytes)
            progress?(DownloadProgress(bytesWritten: written, expectedBytes: expected))
        }
        return (Data(), head)
    }

    /// Streams a 2xx body as it arrives; the request's `timeoutInterval` bounds the wait for the head and then each
    /// silence, not the whole stream. Other statuses' bodies come back whole, within the limit.
    public func stream(_ request: URLRequest, options: TransportOptions) async throws -> (
        HTTPURLResponse, ResponseBodyStream
    ) {
        // No deadline for the whole exchange: the head's wait and the silences are bounded below instead.
        let headDeadline = Self.deadline(of: request)
        let (response, head) = try await withDeadline(headDeadline) {
            try await self.execute(request, options: options, deadline: .distantFuture)
        }
        guard (200..<300).contains(head.statusCode) else {
            let body = try await Self.collect(response.body, limit: options.maximumResponseSize, declared: head)
            return (head, ResponseBodyStream(complete: body))
        }
        let gate = PauseGate()
        let reader = Locked<Task<Void, Never>?>(nil)
        let stream = ResponseBodyStream(
            pause: { paused in gate.set(paused: paused) },
            cancel: { reader.withLock { $0 }?.cancel() })
        let idle = request.timeoutInterval > 0 ? request.timeoutInterval : nil
        let task = Task {
            let watchdog = IdleWatchdog(interval: idle) {
                stream.finish(throwing: URLError(.timedOut))
                reader.withLock { $0 }?.cancel()
            }
            defer { watchdog.stop() }
            do {
                for try await buffer in response.body {
                    watchdog.touch()
                    stream.yield(Data(buffer.readableBytesView))
                    await gate.waitWhilePaused()
                }
                stream.finish()
            } catch {
                stream.finish(throwing: Task.isCancelled ? CancellationError() : Self.mapped(error))
            }
        }
        reader.withLock { $0 = task }
        return (head, stream)
    }

    // MARK: One exchange, redirects followed here

    /// Sends `request`, following redirects (when `options` allow) with the credential rules of
    /// `RedirectPolicy`; the response whose body the caller reads, and its head as Foundation's type.
    private func execute(
        _ request: URLRequest, options: TransportOptions, deadline: NIODeadline
    ) async throws -> (HTTPClientResponse, HTTPURLResponse) {
        guard let originalURL = request.url else { throw URLError(.badURL) }
        var current = request
        // A streamed upload goes with every hop that keeps the body (307, 308), not with one turned into GET.
        var body = try options.streamedBody ?? options.bodyFile.map(StreamedRequestBody.init(file:))
        for hop in 0...Self.maximumRedirects {
            if hop > 0, let body, !body.isReplayable {
                throw UploadError(
                    reason: "a redirect asks for the body again, and the bytes of an AsyncSequence are read once")
            }
            let response: HTTPClientResponse
            do {
                response = try await client.execute(
                    try Self.clientRequest(current, body: body), deadline: deadline)
            } catch let error as UploadError {
                throw error
            } catch {
                throw Task.isCancelled ? CancellationError() : Self.mapped(error)
            }
            let head = try Self.head(of: response, url: current.url ?? originalURL)
            guard
                let (next, keepsBody) = RedirectPolicy.next(
                    after: head.statusCode, location: response.headers.first(name: "Location"), of: current,
                    from: originalURL, options: options)
            else { return (response, head) }
            // The redirect's own body is not needed; reading it frees the connection for the next request.
            _ = try? await Self.collect(response.body, limit: 64 << 10, declared: nil)
            if !keepsBody { body = nil }
            current = next
        }
        throw URLError(.httpTooManyRedirects)
    }

    /// The request as AsyncHTTPClient's: method, URL, headers, and the body from memory or, when `streamedBody` is
    /// given (a file, a multipart body, an `AsyncSequence`), streamed as its pieces are read.
    private static func clientRequest(_ request: URLRequest, body streamedBody: StreamedRequestBody?) throws
        -> HTTPClientRequest
    {
        guard let url = request.url?.absoluteString else { throw URLError(.badURL) }
        var converted = HTTPClientRequest(url: url)
        converted.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] { converted.headers.add(name: name, value: value) }
        if let streamedBody {
            converted.body = .stream(
                BodyChunks(chunks: streamedBody.makeChunks()),
                length: streamedBody.length.map { .known($0) } ?? .unknown)
        } else if let body = request.httpBody {
            converted.body = .bytes(ByteBuffer(bytes: body))
        }
        return converted
    }

    /// The response head as an `HTTPURLResponse`.
    private static func head(of response: HTTPClientResponse, url: URL) throws -> HTTPURLResponse {
        var fields: [String: String] = [:]
        for (name, value) in response.headers {
            fields[name] = fields[name].map { $0 + ", " + value } ?? value
        }
        guard
            let head = HTTPURLResponse(
                url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1", headerFields: fields)
        else { throw URLError(.badServerResponse) }
        return head
    }

    /// The whole body, refused as soon as it passes `limit` (or before any of it, when `Content-Length` says so).
    private static func collect(
        _ body: HTTPClientResponse.Body, limit: Int, declared head: HTTPURLResponse?
    ) async throws -> Data {
        if let head, head.expectedContentLength > Int64(limit) {
            throw ResponseTooLargeError(limit: limit, declaredLength: head.expectedContentLength)
        }
        var data = Data()
        do {
            for try await buffer in body {
                guard buffer.readableBytes <= limit - data.count else {
                    throw ResponseTooLargeError(limit: limit, declaredLength: nil)
                }
                data.append(contentsOf: buffer.readableBytesView)
            }
        } catch let tooLarge as ResponseTooLargeError {
            throw tooLarge
        } catch {
            throw Task.isCancelled ? CancellationError() : mapped(error)
        }
        return data
    }

    private static func deadline(of request: URLRequest) -> NIODeadline {
        request.timeoutInterval > 0 ? .now() + .nanoseconds(Int64(request.timeoutInterval * 1e9)) : .distantFuture
    }

    /// AsyncHTTPClient's errors as the `URLError` codes the client sorts into its failure kinds.
    static func mapped(_ error: any Error) -> any Error {
        if error is CancellationError { return error }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return URLError(.timedOut)
            case .cancelled: return CancellationError()
            case .remoteConnectionClosed: return URLError(.networkConnectionLost)
            default: return URLError(.badServerResponse, userInfo: [NSUnderlyingErrorKey: clientError])
            }
        }
        if case .connectTimeout? = error as? ChannelError { return URLError(.timedOut) }
        if "\(type(of: error))" == "NIOConnectionError" { return URLError(.cannotConnectToHost) }
        if let ioError = error as? IOError, [ECONNREFUSED, ECONNRESET].contains(ioError.errnoCode) {
            return URLError(.cannotConnectToHost)
        }
        return error
    }

    /// Runs `body`, failing with `URLError(.timedOut)` when `deadline` passes first (and cancelling it).
    private func withDeadline<Value: Sendable>(
        _ deadline: NIODeadline, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard deadline != .distantFuture else { return try await body() }
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                let wait =
                    deadline.uptimeNanoseconds > NIODeadline.now().uptimeNanoseconds
                    ? deadline.uptimeNanoseconds - NIODeadline.now().uptimeNanoseconds : 0
                try await Task.sleep(nanoseconds: wait)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw URLError(.timedOut) }
            return value
        }
    }
}

/// A streamed request body's pieces as AsyncHTTPClient's buffers.
private struct BodyChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let chunks: StreamedRequestBody.Chunks

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: StreamedRequestBody.Chunks.Iterator

        mutating func next() async throws -> ByteBuffer? {
            try await base.next().map { ByteBuffer(bytes: $0) }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: chunks.makeAsyncIterator())
    }
}

/// Where a stream's reader waits while the body's buffer is full; a cancelled reader never waits.
private final class PauseGate: Sendable {
    private let state = Locked((paused: false, cancelled: false, waiting: [CheckedContinuation<Void, Never>]()))

    func set(paused: Bool) {
        let resumed = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.paused = paused
            guard !paused else { return [] }
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in resumed { continuation.resume() }
    }

    /// Returns once the body is not paused, or at once when the calling task is cancelled.
    func waitWhilePaused() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let wait = state.withLock { state -> Bool in
                    guard state.paused, !state.cancelled else { return false }
                    state.waiting.append(continuation)
                    return true
                }
                if !wait { continuation.resume() }
            }
        } onCancel: {
            let resumed = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.cancelled = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in resumed { continuation.resume() }
        }
    }
}

/// Calls `expire` when `interval` seconds pass without a `touch()`.
private final class IdleWatchdog: Sendable {
    private let state = Locked((last: ContinuousClock.now, stopped: false))

    init(interval: TimeInterval?, expire: @escaping @Sendable () -> Void) {
        guard let interval else { return }
        let limit = Duration.nanoseconds(Int64(interval * 1e9))
        Task { [state] in
            while true {
                let (last, stopped) = state.withLock { ($0.last, $0.stopped) }
                if stopped { return }
                let due = last + limit
                if ContinuousClock.now >= due {
                    expire()
                    return
                }
                try? await Task.sleep(until: due, clock: .continuous)
            }
        }
    }

    func touch() { state.withLock { $0.last = .now } }
    func stop() { state.withLock { $0.stopped = true } }
}
#endif
