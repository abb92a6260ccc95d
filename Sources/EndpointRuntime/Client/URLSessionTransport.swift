import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: URLSession (FoundationNetworking on Linux).
///
/// - The body streams in through a delegate and is counted as it arrives: an announced `Content-Length` over
///   the limit is refused before any body is read, and the running total is checked with every chunk, so memory
///   stays bounded by the limit.
/// - The request's `timeoutInterval` bounds the whole exchange, not only the silence between packets; when it
///   passes, or the calling task is cancelled, the URLSession task itself is cancelled, so no transfer goes on
///   behind the caller's back.
/// - Redirects to another host never carry the sensitive headers (`Authorization`, cookies, API keys).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate = SessionDelegate()

    /// A transport with its own session; caching is off, because the client does conditional requests itself.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` with no limit on the body but the largest `Int`.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await send(
            request,
            options: TransportOptions(
                maximumResponseSize: .max, sensitiveHeaderNames: TransportOptions.defaultSensitiveHeaderNames))
    }

    public func send(_ request: URLRequest, options: TransportOptions) async throws -> (Data, HTTPURLResponse) {
        let (data, response, _) = try await exchange(request, options: options)
        return (data, response)
    }

    /// Streams a 2xx body into `file` chunk by chunk, so memory stays flat however large it is; the bodies of
    /// other statuses come back in memory, for the client to read as errors.
    public func download(
        _ request: URLRequest, to file: URL, options: TransportOptions, progress: DownloadProgressHandler?
    ) async throws -> (Data, HTTPURLResponse) {
        let sink = FileSink(file: file, progress: progress)
        defer { sink.close() }
        let (data, response, _) = try await exchange(request, options: options, sink: sink)
        return (data, response)
    }

    /// Streams a 2xx body as it arrives: the head comes back as soon as it is read, the body through the stream,
    /// paused (the task suspended) while more than ``ResponseBodyStream/bufferLimit`` bytes wait for the reader.
    /// The request's `timeoutInterval` bounds the wait for the head and then each silence between chunks, not the
    /// whole stream, which may go on for as long as the server sends. The bodies of other statuses come back
    /// whole, within `options.maximumResponseSize`.
    public func stream(_ request: URLRequest, options: TransportOptions) async throws -> (
        HTTPURLResponse, ResponseBodyStream
    ) {
        let (data, response, transfer) = try await exchange(request, options: options, streamsBody: true)
        return (response, transfer.bodyStream ?? ResponseBodyStream(complete: data))
    }

    /// The most redirects with a body one request follows (``exchange(_:options:sink:streamsBody:)``).
    private static let maximumRedirects = 10

    /// Sends `request` and, when it has a body, follows a 307 or 308 itself, the body sent again: FoundationNetworking
    /// follows them without it, so the redirected request would arrive empty. Other redirects are URLSession's.
    private func exchange(
        _ request: URLRequest, options: TransportOptions, sink: FileSink? = nil, streamsBody: Bool = false
    ) async throws -> (Data, HTTPURLResponse, Transfer) {
        let original = request.url
        let hasBody = request.httpBody != nil || options.bodyFile != nil
        var current = request
        for _ in 0...Self.maximumRedirects {
            let transfer = Transfer(
                options: options, originalURL: original, sink: sink, streamsBody: streamsBody,
                resendsBodyOnRedirect: hasBody)
            let (data, response) = try await perform(current, transfer)
            guard hasBody, RedirectPolicy.repeatingStatuses.contains(response.statusCode),
                let (next, _) = RedirectPolicy.next(
                    after: response.statusCode, location: response.value(forHTTPHeaderField: "Location"), of: current,
                    from: original, options: options)
            else { return (data, response, transfer) }
            current = next
        }
        throw URLError(.httpTooManyRedirects)
    }

    private func perform(_ request: URLRequest, _ transfer: Transfer) async throws -> (Data, HTTPURLResponse) {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // A streamed upload is sent from its file, read as it goes; FoundationNetworking sets its length.
                let task =
                    transfer.options.bodyFile.map { session.uploadTask(with: request, fromFile: $0) }
                    ?? session.dataTask(with: request)
                guard transfer.start(task, continuation) else { return }
                delegate.register(transfer, for: task)
                if request.timeoutInterval > 0 {
                    // FoundationNetworking's own timeout is an idle timeout, and it can stall without honouring
                    // it (seen with a 401 carrying `WWW-Authenticate: Basic`): this deadline covers both. A stream
                    // that has its head is past it; its silences are bounded instead (`Transfer.watchIdleTime`).
                    transfer.timeout = request.timeoutInterval
                    DispatchQueue.global().asyncAfter(deadline: .now() + request.timeoutInterval) { [weak transfer] in
                        guard let transfer, transfer.bodyStream == nil else { return }
                        transfer.finish(.failure(URLError(.timedOut)))
                    }
                }
                task.resume()
            }
        } onCancel: {
            transfer.finish(.failure(CancellationError()))
        }
    }
}

/// One exchange in flight: its body so far, and the continuation to resume exactly once. The delegate queue,
/// the deadline and cancellation all reach it, so its state is behind a lock.
final class Transfer: Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), any Error>

    private struct State {
        var task: URLSessionTask?
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
        var isFinished = false
        var body = Data()
        var response: HTTPURLResponse?
        /// The 401 of an authentication challenge URLSession was told to reject; the task then ends "cancelled".
        var challengeResponse: HTTPURLResponse?
        /// A streamed 2xx body, once its head has answered the caller.
        var bodyStream: ResponseBodyStream?
        /// When the last chunk of a streamed body arrived.
        var lastChunk = DispatchTime.now()
        var timeout: TimeInterval = 0
    }

    let options: TransportOptions
    let originalURL: URL?
    /// Where a 2xx body goes instead of memory, for a download.
    let sink: FileSink?
    /// Whether a 2xx body is handed over as it arrives (``URLSessionTransport/stream(_:options:)``).
    let streamsBody: Bool
    /// Whether a 307 or 308 comes back as the response, for the transport to send the body again itself.
    let resendsBodyOnRedirect: Bool
    private let state = Locked(State())

    init(
        options: TransportOptions, originalURL: URL?, sink: FileSink? = nil, streamsBody: Bool = false,
        resendsBodyOnRedirect: Bool = false
    ) {
        self.options = options
        self.originalURL = originalURL
        self.sink = sink
        self.streamsBody = streamsBody
        self.resendsBodyOnRedirect = resendsBodyOnRedirect
    }

    /// The streamed body, once the head of a 2xx response has come.
    var bodyStream: ResponseBodyStream? { state.withLock { $0.bodyStream } }

    /// How long the exchange may wait: for the head, then for each chunk of a streamed body.
    var timeout: TimeInterval {
        get { state.withLock { $0.timeout } }
        set { state.withLock { $0.timeout = newValue } }
    }

    /// Records the task and the continuation; false (and the continuation resumed) when already finished.
    func start(_ task: URLSessionTask, _ continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>)
        -> Bool
    {
        let started = state.withLock { state in
            guard !state.isFinished else { return false }
            state.task = task
            state.continuation = continuation
            return true
        }
        if !started { continuation.resume(throwing: CancellationError()) }
        return started
    }

    /// Ends the exchange with `outcome` unless it has ended already; a failure cancels the URLSession task.
    func finish(_ outcome: Outcome) {
        let (continuation, task) = state.withLock { state in
            guard !state.isFinished else {
                return (CheckedContinuation<(Data, HTTPURLResponse), any Error>?.none, URLSessionTask?.none)
            }
            let taken = (state.continuation, state.task)
            state = State(isFinished: true)
            return taken
        }
        continuation?.resume(with: outcome)
        // Never from the delegate queue, where FoundationNetworking's `cancel()` can wait on its own busy work
        // queue for seconds (swift-corelibs-foundation#5412): the caller is already answered, the task ends soon.
        if case .failure = outcome, let task { DispatchQueue.global().async { task.cancel() } }
    }

    /// Whether to go on after the response head: false (and the exchange failed) when the announced length is
    /// over the limit.
    func receive(_ response: URLResponse) -> Bool {
        // A streamed body has no total limit (it may go on for as long as the server sends); its reader bounds
        // each event instead.
        if streamsBody, let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) {
            answerWithStream(http)
            return true
        }
        let limit = options.maximumResponseSize
        let declared = response.expectedContentLength
        if declared > limit {
            finish(.failure(ResponseTooLargeError(limit: limit, declaredLength: declared)))
            return false
        }
        let http = response as? HTTPURLResponse
        if let sink, let http, (200..<300).contains(http.statusCode) {
            do {
                try sink.open(expectedLength: declared > 0 ? declared : nil)
            } catch {
                finish(.failure(error))
                return false
            }
        }
        state.withLock { state in
            state.response = http
            if declared > 0, sink?.isOpen != true { state.body.reserveCapacity(Int(min(declared, 1 << 20))) }
        }
        return true
    }

    /// Answers the caller with the head and a stream the body chunks will go to; the task goes on.
    private func answerWithStream(_ response: HTTPURLResponse) {
        let task = state.withLock { $0.task }
        let stream = ResponseBodyStream(
            pause: { paused in if paused { task?.suspend() } else { task?.resume() } },
            cancel: { [weak self] in self?.endStream(URLError(.cancelled), cancelsTask: true) })
        let continuation = state.withLock { state in
            state.bodyStream = stream
            state.response = response
            state.lastChunk = .now()
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: (Data(), response))
        watchIdleTime()
    }

    /// Fails the stream when no chunk has come for `timeout` seconds, checking again as long as chunks come.
    private func watchIdleTime() {
        let (timeout, last, isDone) = state.withLock { ($0.timeout, $0.lastChunk, $0.isFinished) }
        guard timeout > 0, !isDone else { return }
        let due = last + timeout
        DispatchQueue.global().asyncAfter(deadline: due) { [weak self] in
            guard let self else { return }
            let (last, isDone) = self.state.withLock { ($0.lastChunk, $0.isFinished) }
            guard !isDone else { return }
            if DispatchTime.now() >= last + timeout {
                self.endStream(URLError(.timedOut), cancelsTask: true)
            } else {
                self.watchIdleTime()
            }
        }
    }

    /// Ends a streamed body, with `error` or without; with `cancelsTask`, the transfer itself is stopped.
    private func endStream(_ error: (any Error)?, cancelsTask: Bool) {
        let (stream, task) = state.withLock { state -> (ResponseBodyStream?, URLSessionTask?) in
            guard !state.isFinished else { return (nil, nil) }
            let taken = (state.bodyStream, state.task)
            // The stream stays: the caller may not have taken it yet when a short body has already ended.
            state = State(isFinished: true, bodyStream: state.bodyStream)
            return taken
        }
        stream?.finish(throwing: error)
        if cancelsTask, let task { DispatchQueue.global().async { task.cancel() } }
    }

    /// Appends a chunk of body; past the limit the exchange fails and the task is cancelled.
    func receive(_ data: Data) {
        if let stream = state.withLock({ state -> ResponseBodyStream? in
            guard state.bodyStream != nil else { return nil }
            state.lastChunk = .now()
            return state.bodyStream
        }) {
            stream.yield(data)
            return
        }
        let limit = options.maximumResponseSize
        if let sink, sink.isOpen {
            guard !state.withLock({ $0.isFinished }) else { return }
            do {
                try sink.write(data, limit: limit)
            } catch is FileSink.Full {
                finish(.failure(ResponseTooLargeError(limit: limit, declaredLength: nil)))
            } catch {
                finish(.failure(error))
            }
            return
        }
        let isOver = state.withLock { state in
            guard !state.isFinished else { return false }
            guard data.count <= limit - state.body.count else { return true }
            state.body.append(data)
            return false
        }
        if isOver { finish(.failure(ResponseTooLargeError(limit: limit, declaredLength: nil))) }
    }

    func rememberChallenge(_ response: HTTPURLResponse) {
        state.withLock { $0.challengeResponse = response }
    }

    /// The task ended by itself: with the body, or with `error`.
    func complete(error: (any Error)?) {
        if bodyStream != nil {
            endStream(error, cancelsTask: false)
            return
        }
        let (body, response, challenge) = state.withLock { ($0.body, $0.response, $0.challengeResponse) }
        if let error {
            // A rejected authentication challenge ends the task as "cancelled" on some platforms; the 401 it
            // answered is the real outcome (its body is not available).
            if let challenge, (error as? URLError)?.code == .cancelled {
                finish(.success((Data(), challenge)))
            } else {
                finish(.failure(error))
            }
        } else if let response {
            finish(.success((body, response)))
        } else {
            finish(.failure(URLError(.badServerResponse)))
        }
    }
}

/// The session's delegate: hands each task's events to its ``Transfer``.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let transfers = Locked<[Int: Transfer]>([:])

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(for task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let goOn = transfer(for: dataTask)?.receive(response) ?? false
        completionHandler(goOn ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(for: dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(error: error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let transfer = transfer(for: task)
        // An endpoint that reads its redirect gets the 3xx response itself; a 307 or 308 of a request with a body
        // comes back for the transport to follow with the body (see `URLSessionTransport.exchange`).
        if transfer?.options.followsRedirects == false
            || (transfer?.resendsBodyOnRedirect == true
                && RedirectPolicy.repeatingStatuses.contains(response.statusCode))
        {
            completionHandler(nil)
            return
        }
        completionHandler(
            RedirectPolicy.redirect(
                request, from: transfer?.originalURL ?? task.originalRequest?.url,
                options: transfer?.options ?? TransportOptions(maximumResponseSize: 0)))
    }

    /// Authentication challenges (a 401 with `WWW-Authenticate`) are not answered by URLSession: the 401
    /// comes back to the client, which refreshes its token or reports the error. Left to default handling,
    /// FoundationNetworking waits for ever; rejected, it ends the task as cancelled, so the 401 is kept.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let response = challenge.failureResponse as? HTTPURLResponse {
            transfer(for: task)?.rememberChallenge(response)
        }
        completionHandler(.rejectProtectionSpace, nil)
    }
}

/// Where a download's body goes: a file written chunk by chunk, with progress reported as it grows. The delegate
/// queue writes to it one chunk at a time; the lock keeps `close()` from another thread safe.
final class FileSink: Sendable {
    private struct State {
        var handle: FileHandle?
        var written: Int64 = 0
        var expected: Int64?
    }

    let file: URL
    let progress: DownloadProgressHandler?
    private let state = Locked(State())

    init(file: URL, progress: DownloadProgressHandler?) {
        self.file = file
        self.progress = progress
    }

    var isOpen: Bool { state.withLock { $0.handle != nil } }

    /// Creates (or empties) the file for writing.
    func open(expectedLength: Int64?) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
        }
        let handle = try FileHandle(forWritingTo: file)
        state.withLock {
            $0.handle = handle
            $0.expected = expectedLength
        }
        progress?(DownloadProgress(bytesWritten: 0, expectedBytes: expectedLength))
    }

    /// Appends `data`; throws ``Full``, with nothing written, when it would pass `limit` bytes in all.
    func write(_ data: Data, limit: Int) throws {
        let update = try state.withLock { state -> DownloadProgress? in
            guard let handle = state.handle else { return nil }
            guard Int64(data.count) <= Int64(limit) - state.written else { throw Full() }
            try handle.write(contentsOf: data)
            state.written += Int64(data.count)
            return DownloadProgress(bytesWritten: state.written, expectedBytes: state.expected)
        }
        if let update { progress?(update) }
    }

    func close() {
        let handle = state.withLock { state -> FileHandle? in
            defer { state.handle = nil }
            return state.handle
        }
        try? handle?.close()
    }

    /// The body would pass the limit.
    struct Full: Error {}
}
