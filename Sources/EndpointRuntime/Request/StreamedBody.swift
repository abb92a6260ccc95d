import Foundation

/// Bytes an upload reads from an `AsyncSequence` as the request is sent (see ``Upload/init(chunks:length:fileName:mediaType:)``).
///
/// A sequence is read once: a request carrying one is not sent again (no retry, no resend after a refreshed
/// credential), and a `307`/`308` redirect that would send it again fails with ``UploadError``. Over a transport
/// that cannot stream a request body (``HTTPTransport/streamsRequestBodies``), the client first copies it into a
/// temporary file, which it can send as often as needed and deletes afterwards.
public final class UploadStream: Sendable, Hashable {
    /// The number of bytes the sequence yields, when known: sent as `Content-Length`, and checked (a sequence that
    /// yields more or fewer fails the upload). Without it the body goes out chunked.
    public let length: Int64?
    private let start: Locked<(@Sendable () -> ChunkReader)?>

    init(length: Int64?, start: @escaping @Sendable () -> ChunkReader) {
        self.length = length
        self.start = Locked(start)
    }

    /// The reader of the sequence, the first time; an ``UploadError`` after that.
    func reader() throws -> ChunkReader {
        let taken = start.withLock { start in
            defer { start = nil }
            return start
        }
        guard let start = taken else {
            throw UploadError(
                reason: "the bytes of an AsyncSequence are read once, and this upload's were already sent")
        }
        let reader = start()
        return length.map { ChunkReader(counting: reader, expected: $0) } ?? reader
    }

    public static func == (lhs: UploadStream, rhs: UploadStream) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The next chunk of an upload's bytes, nil at the end; read by one task at a time.
final class ChunkReader: @unchecked Sendable {
    private let read: () async throws -> Data?

    init(_ read: @escaping () async throws -> Data?) {
        self.read = read
    }

    /// A reader that fails when `reader` yields more or fewer than `expected` bytes.
    convenience init(counting reader: ChunkReader, expected: Int64) {
        var count: Int64 = 0
        self.init {
            guard let chunk = try await reader.next() else {
                guard count == expected else {
                    throw UploadError(reason: "the stream ended after \(count) bytes, not the \(expected) it declared")
                }
                return nil
            }
            count += Int64(chunk.count)
            guard count <= expected else {
                throw UploadError(reason: "the stream yielded more than the \(expected) bytes it declared")
            }
            return chunk
        }
    }

    func next() async throws -> Data? { try await read() }
}

/// An async iterator in a box, so the closures that read it can share it.
private final class IteratorBox<Iterator: AsyncIteratorProtocol>: @unchecked Sendable {
    var iterator: Iterator
    init(_ iterator: Iterator) { self.iterator = iterator }
}

extension UploadStream {
    /// Chunks of bytes as they come (`Data`, `[UInt8]`, any `DataProtocol`); empty chunks are skipped.
    convenience init<Chunks: AsyncSequence & Sendable>(chunks: Chunks, length: Int64?)
    where Chunks.Element: DataProtocol {
        self.init(length: length) {
            let box = IteratorBox(chunks.makeAsyncIterator())
            return ChunkReader {
                while let chunk = try await box.iterator.next() {
                    if !chunk.isEmpty { return Data(chunk) }
                }
                return nil
            }
        }
    }

    /// Single bytes (`FileHandle.bytes`, `URL.resourceBytes`), gathered into chunks of up to
    /// ``MultipartWriter/chunkSize`` bytes.
    convenience init<Bytes: AsyncSequence & Sendable>(bytes: Bytes, length: Int64?) where Bytes.Element == UInt8 {
        self.init(length: length) {
            let box = IteratorBox(bytes.makeAsyncIterator())
            return ChunkReader {
                var chunk = Data()
                while chunk.count < MultipartWriter.chunkSize, let byte = try await box.iterator.next() {
                    chunk.append(byte)
                }
                return chunk.isEmpty ? nil : chunk
            }
        }
    }
}

/// A request body a transport sends as it reads it (``TransportOptions/streamedBody``): a multipart body whose
/// file parts are read from disk as they go, or an upload from an `AsyncSequence`, with no temporary copy.
public struct StreamedRequestBody: Sendable, Hashable {
    /// One piece of the body.
    enum Segment: Sendable, Hashable {
        case bytes(Data)
        case file(URL)
        case stream(UploadStream)
    }

    let segments: [Segment]
    /// For a multipart body, its delimiter (`--` and the boundary), which no file's or stream's content may hold.
    let delimiter: Data?

    /// The body's size in bytes, when every piece's is known (sent as `Content-Length`); nil to send it chunked.
    public let length: Int64?

    /// Whether the body can be read again from its start (for a redirect that keeps it): false when it reads an
    /// `AsyncSequence`, which is read once.
    public var isReplayable: Bool {
        !segments.contains { if case .stream = $0 { true } else { false } }
    }

    /// A file's bytes, read as they are sent (a transport's own use, for ``TransportOptions/bodyFile``).
    package init(file: URL) throws {
        try self.init(segments: [.file(file)], delimiter: nil)
    }

    init(segments: [Segment], delimiter: Data?) throws {
        self.segments = segments
        self.delimiter = delimiter
        var total: Int64? = 0
        for segment in segments {
            switch segment {
            case .bytes(let data): total = total.map { $0 + Int64(data.count) }
            case .file(let url):
                let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber
                total = total.map { $0 + (size?.int64Value ?? 0) }
            case .stream(let stream): total = total.flatMap { total in stream.length.map { total + $0 } }
            }
        }
        length = total
    }

    /// The body's bytes from its start, in chunks of up to 64 KiB. A file that cannot be read, an `AsyncSequence`
    /// read before or failing, or content that holds the multipart delimiter fails the iteration with an
    /// ``UploadError`` (or the sequence's own error).
    public func makeChunks() -> Chunks {
        Chunks(body: self)
    }

    /// The bytes of a ``StreamedRequestBody``, in order.
    public struct Chunks: AsyncSequence, Sendable {
        public typealias Element = Data
        let body: StreamedRequestBody

        public func makeAsyncIterator() -> Iterator {
            Iterator(body: body)
        }

        /// Reads one piece after the other.
        public struct Iterator: AsyncIteratorProtocol {
            let body: StreamedRequestBody
            private var index = 0
            private var file: FileHandle?
            private var reader: ChunkReader?
            private var scanner: DelimiterScanner?

            init(body: StreamedRequestBody) {
                self.body = body
            }

            public mutating func next() async throws -> Data? {
                while index < body.segments.count {
                    switch body.segments[index] {
                    case .bytes(let data):
                        index += 1
                        if !data.isEmpty { return data }
                    case .file(let url):
                        if file == nil {
                            do {
                                file = try FileHandle(forReadingFrom: url)
                            } catch {
                                throw UploadError(reason: "the file '\(url.path)' cannot be read")
                            }
                            scanner = body.delimiter.map(DelimiterScanner.init)
                        }
                        if let chunk = try file?.read(upToCount: MultipartWriter.chunkSize), !chunk.isEmpty {
                            try check(chunk, of: "the file '\(url.path)'")
                            return chunk
                        }
                        try? file?.close()
                        file = nil
                        index += 1
                    case .stream(let stream):
                        if reader == nil {
                            reader = try stream.reader()
                            scanner = body.delimiter.map(DelimiterScanner.init)
                        }
                        if let chunk = try await reader?.next() {
                            try check(chunk, of: "a streamed part")
                            return chunk
                        }
                        reader = nil
                        index += 1
                    }
                }
                return nil
            }

            private mutating func check(_ chunk: Data, of content: String) throws {
                guard var scanner else { return }
                defer { self.scanner = scanner }
                if scanner.occurs(in: chunk) {
                    throw UploadError(reason: "the multipart boundary occurs in \(content)")
                }
            }
        }
    }
}

/// Finds a delimiter in content read chunk by chunk, also when it is split across two chunks.
struct DelimiterScanner {
    let delimiter: Data
    /// The last bytes of the previous chunk.
    private var tail = Data()

    init(_ delimiter: Data) {
        self.delimiter = delimiter
    }

    /// Whether the delimiter ends in `chunk` (starting there or in the chunks before).
    mutating func occurs(in chunk: Data) -> Bool {
        if (tail + chunk.prefix(delimiter.count - 1)).range(of: delimiter) != nil || chunk.range(of: delimiter) != nil {
            return true
        }
        tail = (tail + chunk).suffix(delimiter.count - 1)
        return false
    }
}

/// How a prepared request's body goes, when not in its `httpBody`.
enum StreamingBody {
    /// From a file; a temporary one is deleted after the request.
    case file(URL, isTemporary: Bool)
    /// Read as it is sent, by a transport that streams request bodies.
    case stream(StreamedRequestBody)
}
