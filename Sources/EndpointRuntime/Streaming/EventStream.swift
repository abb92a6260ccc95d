import Foundation

/// How a streamed response body is cut into values.
public enum StreamFormat: Sendable, Hashable {
    /// `text/event-stream` (Server-Sent Events): each event's `data` is a value; an event whose data is
    /// `terminator` (OpenAI's `[DONE]`, say) ends the stream.
    case serverSentEvents(terminator: String? = nil)
    /// JSON Lines (`application/jsonl`, `application/x-ndjson`): each non-blank line is a value.
    case jsonLines

    /// The media type a request for this format asks for with `Accept`.
    public var mediaType: String {
        switch self {
        case .serverSentEvents: "text/event-stream"
        case .jsonLines: "application/jsonl, application/x-ndjson"
        }
    }
}

/// The values of a streamed response, decoded one by one as the body arrives: an `AsyncSequence` to iterate once.
///
/// A generated factory of an endpoint declared with `stream: sse` or `stream: jsonl` answers with one; `send`
/// returns it as soon as the response's head has come, and each value is decoded when its event or line is
/// complete. Leaving the loop, cancelling the task or ``cancel()`` stops the transfer. A failure is a
/// ``ClientError``: an event or line longer than the endpoint's size limit is `.responseTooLarge`, one that is not
/// UTF-8 or does not decode is `.undecodableResponse`, and a stream silent for longer than the client's timeout is
/// `.timeout`. ``values`` gives the same values as an ``Observable``.
public final class EventStream<Element: Sendable>: AsyncSequence, Sendable {
    /// One unit of the stream, before it is decoded.
    enum Record {
        case event(ServerSentEvent)
        case line([UInt8])

        /// The record's text: an event's data (checked as UTF-8 by the parser), or the line, which must be UTF-8
        /// as well: invalid bytes fail the stream, as they do in an event, rather than turn into U+FFFD.
        func text() throws -> String {
            switch self {
            case .event(let event):
                return event.data
            case .line(let line):
                guard let text = String(validating: line, as: UTF8.self) else {
                    throw ServerSentEventParser.InvalidText()
                }
                return text
            }
        }
    }

    typealias Decode = @Sendable (_ record: Record) throws -> Element

    private let body: ResponseBodyStream
    private let format: StreamFormat
    private let maximumRecordSize: Int
    private let decode: Decode
    private let endpoint: String
    private let lastID = Locked(String?.none)

    init(
        body: ResponseBodyStream, format: StreamFormat, maximumRecordSize: Int, endpoint: String,
        decode: @escaping Decode
    ) {
        self.body = body
        self.format = format
        self.maximumRecordSize = maximumRecordSize
        self.endpoint = endpoint
        self.decode = decode
    }

    /// The ID of the last Server-Sent Event read so far (`id:`), to send as `Last-Event-ID` when resuming after a
    /// failure (``EndpointProtocol/resumingEvents(after:)``); nil before any.
    public var lastEventID: String? { lastID.withLock { $0 } }

    /// Stops the transfer; iteration ends with a cancellation failure.
    public func cancel() { body.cancel() }

    deinit {
        body.cancel()
    }

    /// The values as an `Observable`: subscribing starts reading, disposing stops the transfer.
    public var values: Observable<Element> {
        Observable.create { observer in
            let task = Task {
                do {
                    for try await value in self { observer.onNext(value) }
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
            return Disposables.create {
                task.cancel()
                self.cancel()
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self)
    }

    /// Reads the stream; one per stream.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// Stops the transfer when the iterator is let go of: a loop left early (`break`, a thrown error).
        private final class Lifetime: Sendable {
            let body: ResponseBodyStream
            init(_ body: ResponseBodyStream) { self.body = body }
            deinit { body.cancel() }
        }

        private let stream: EventStream
        private let lifetime: Lifetime
        private var lines: LineReader
        private var events = ServerSentEventParser()
        private var pending: [Element] = []
        private var isDone = false

        init(stream: EventStream) {
            self.stream = stream
            lifetime = Lifetime(stream.body)
            lines = LineReader(maximumLength: stream.maximumRecordSize)
        }

        public mutating func next() async throws -> Element? {
            while pending.isEmpty {
                guard !isDone else { return nil }
                let chunk: Data?
                do {
                    chunk = try await stream.body.next()
                } catch {
                    isDone = true
                    throw ClientError.client(APIClient.failure(for: error, endpoint: stream.endpoint))
                }
                do {
                    if let chunk {
                        for line in try lines.lines(in: chunk) where try take(line) { break }
                    } else {
                        isDone = true
                        // A last JSON line needs no line break; a last event without its blank line is incomplete
                        // and dropped, as the event stream rules say.
                        if case .jsonLines = stream.format, let last = lines.remainder() { _ = try take(last) }
                    }
                } catch {
                    isDone = true
                    stream.body.cancel()
                    throw failure(error)
                }
            }
            return pending.removeFirst()
        }

        /// Decodes what `line` completes into `pending`; true when the stream's terminator came (the rest of the
        /// body is let go of).
        private mutating func take(_ line: [UInt8]) throws -> Bool {
            switch stream.format {
            case .jsonLines:
                guard line.contains(where: { !Self.isJSONWhitespace($0) }) else { return false }
                pending.append(try stream.decode(.line(line)))
            case .serverSentEvents(let terminator):
                guard let event = try events.event(after: line) else { return false }
                stream.lastID.withLock { $0 = event.id }
                if let terminator, event.data == terminator {
                    isDone = true
                    stream.body.cancel()
                    return true
                }
                pending.append(try stream.decode(.event(event)))
            }
            return false
        }

        private func failure(_ error: any Error) -> ClientError {
            switch error {
            case let tooLong as LineReader.LineTooLong:
                ClientError.client(
                    ClientFailure(
                        .responseTooLarge, endpoint: stream.endpoint,
                        underlying: ResponseTooLargeError(limit: tooLong.limit, declaredLength: nil)))
            case let clientError as ClientError:
                clientError
            default:
                ClientError.client(
                    ClientFailure(.undecodableResponse, endpoint: stream.endpoint, underlying: SendableError(error)))
            }
        }

        private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}

extension EventStream {
    /// Decodes each record's text as JSON into `Element` (an SSE event's data, a JSON line).
    static func decodingJSON(with decoder: JSONDecoder) -> Decode where Element: Decodable {
        { record in
            switch record {
            case .event(let event): try decoder.decode(Element.self, from: Data(event.data.utf8))
            case .line(let line): try decoder.decode(Element.self, from: Data(line))
            }
        }
    }
}
