import Foundation

/// A response body as it arrives, chunk by chunk: what a streaming transport hands the client for a success.
///
/// At most ``bufferLimit`` bytes wait for the reader: past that the transport is asked to pause (URLSession
/// suspends the task) until the reader has caught up, so a fast server and a slow reader keep memory flat.
/// Cancelling the reading task, or ``cancel()``, stops the transfer.
public final class ResponseBodyStream: AsyncSequence, Sendable {
    public typealias Element = Data

    /// Bytes that may wait for the reader before the transfer pauses.
    public static let bufferLimit = 1 << 20

    private struct State {
        var chunks: [Data] = []
        var head = 0
        var buffered = 0
        var end: Result<Void, any Error>?
        var waiting: CheckedContinuation<Data?, any Error>?
        var isPaused = false
        var isCancelled = false
    }

    /// What the producer was last told (``init(pause:cancel:)``), touched only on `pauses`.
    private final class Delivered: @unchecked Sendable {
        var isPaused = false
    }

    private let state = Locked(State())
    /// Pause and resume reach the producer one at a time, each telling it the state of the moment, so that a
    /// resume decided by the reader can never be overtaken by an older pause and leave the transfer suspended
    /// with nothing left to read.
    private let pauses = DispatchQueue(label: "EndpointRuntime.ResponseBodyStream.pauses")
    private let delivered = Delivered()
    private let onPause: @Sendable (Bool) -> Void
    private let onCancel: @Sendable () -> Void

    /// A stream fed by ``yield(_:)`` and ended by ``finish(throwing:)``; `pause(true)` asks the producer to stop
    /// sending for a while and `pause(false)` to go on; `cancel` stops it for good.
    public init(
        pause: @escaping @Sendable (_ paused: Bool) -> Void = { _ in }, cancel: @escaping @Sendable () -> Void = {}
    ) {
        onPause = pause
        onCancel = cancel
    }

    /// A body already complete, as one chunk (what transports without streaming give).
    public convenience init(complete data: Data) {
        self.init()
        if !data.isEmpty { yield(data) }
        finish()
    }

    /// Hands a chunk to the reader (producer side).
    public func yield(_ chunk: Data) {
        let (waiting, pause) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Bool) in
            guard state.end == nil, !state.isCancelled else { return (nil, false) }
            if let waiting = state.waiting {
                state.waiting = nil
                return (waiting, false)
            }
            state.chunks.append(chunk)
            state.buffered += chunk.count
            guard state.buffered > Self.bufferLimit, !state.isPaused else { return (nil, false) }
            state.isPaused = true
            return (nil, true)
        }
        waiting?.resume(returning: chunk)
        if pause { deliverPause() }
    }

    /// Tells the producer whether it is paused now, unless it was last told the same.
    private func deliverPause() {
        pauses.async { [self] in
            let isPaused = state.withLock { $0.isPaused }
            guard isPaused != delivered.isPaused else { return }
            delivered.isPaused = isPaused
            onPause(isPaused)
        }
    }

    /// Ends the stream, with an error or without (producer side).
    public func finish(throwing error: (any Error)? = nil) {
        let waiting = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = error.map { .failure($0) } ?? .success(())
            defer { state.waiting = nil }
            return state.waiting
        }
        if let error { waiting?.resume(throwing: error) } else { waiting?.resume(returning: nil) }
    }

    /// Stops the transfer: the reader gets `CancellationError` from then on.
    public func cancel() {
        let (waiting, shouldCancel) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Bool) in
            guard !state.isCancelled else { return (nil, false) }
            state.isCancelled = true
            state.chunks = []
            state.buffered = 0
            defer { state.waiting = nil }
            return (state.waiting, state.end == nil)
        }
        waiting?.resume(throwing: CancellationError())
        if shouldCancel { onCancel() }
    }

    /// The next chunk, or nil at the end.
    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                enum Answer {
                    case chunk(Data, resume: Bool)
                    case end(Result<Void, any Error>)
                    case cancelled
                    case wait
                }
                let answer = state.withLock { state -> Answer in
                    if state.isCancelled { return .cancelled }
                    if state.head < state.chunks.count {
                        let chunk = state.chunks[state.head]
                        state.head += 1
                        state.buffered -= chunk.count
                        if state.head == state.chunks.count {
                            state.chunks.removeAll(keepingCapacity: true)
                            state.head = 0
                        }
                        let resume = state.isPaused && state.buffered <= Self.bufferLimit / 2
                        if resume { state.isPaused = false }
                        return .chunk(chunk, resume: resume)
                    }
                    if let end = state.end { return .end(end) }
                    state.waiting = continuation
                    return .wait
                }
                switch answer {
                case .chunk(let chunk, let resume):
                    if resume { deliverPause() }
                    continuation.resume(returning: chunk)
                case .end(.success): continuation.resume(returning: nil)
                case .end(.failure(let error)): continuation.resume(throwing: error)
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            cancel()
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let stream: ResponseBodyStream

        public mutating func next() async throws -> Data? {
            try await stream.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self)
    }
}
