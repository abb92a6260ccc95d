import Foundation

/// A request body ready to send: bytes in memory, a file the transport streams from disk, or pieces it reads as it
/// sends them.
package enum PreparedBody {
    case data(Data, contentType: String)
    /// `isTemporary`: the client wrote it for this request and deletes it afterwards.
    case file(URL, contentType: String, isTemporary: Bool)
    case stream(StreamedRequestBody, contentType: String)
}

/// How a body with files or an `AsyncSequence` in it is made ready.
package enum BodyDelivery {
    /// All in memory (files read whole); an `AsyncSequence` cannot be, and fails.
    case inMemory
    /// Files stay on disk: a raw file is sent from itself, a multipart body with a file part or a streamed part is
    /// written into a temporary file, and so is a raw `AsyncSequence` (for a transport that does not stream
    /// request bodies).
    case temporaryFile
    /// Nothing is copied: the transport reads the files and sequences as it sends
    /// (``HTTPTransport/streamsRequestBodies``).
    case streamed
}

/// Writes `multipart/form-data` (RFC 7578): in memory when every part is, else into a temporary file or as pieces a
/// transport streams (``BodyDelivery``), file parts read in chunks, so memory stays flat however large they are.
///
/// The boundary is random, and checked against every byte of the parts as they are read: should a part in memory
/// or a file contain it, the body is made again with a new one, so the boundary never collides with the content.
/// The content of an `AsyncSequence` is read once, as it is sent, so a boundary found there fails the upload.
package struct MultipartWriter {
    /// How many boundaries are tried before giving up; a collision of 128 random bits should never happen once.
    package static let maximumAttempts = 4
    /// The bytes copied from a file at a time.
    package static let chunkSize = 64 << 10

    let parts: [MultipartPart]
    let encoder: JSONEncoder
    /// Makes each boundary tried; random unless a test fixes it.
    let makeBoundary: () -> String

    package init(parts: [MultipartPart], encoder: JSONEncoder, makeBoundary: @escaping () -> String = randomBoundary) {
        self.parts = parts
        self.encoder = encoder
        self.makeBoundary = makeBoundary
    }

    /// `EndpointGen-` and 128 random bits in hex.
    package static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
        return "EndpointGen-" + hex.map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
    }

    private typealias Segment = StreamedRequestBody.Segment

    /// Whether a part is a file or an `AsyncSequence`, read as it is sent unless the body is made in memory.
    private var readsAsItGoes: Bool {
        parts.contains { $0.uploads.contains { !$0.isInMemory } }
    }

    /// The whole body in memory, files read whole; a part from an `AsyncSequence` fails.
    package func inMemory() throws -> PreparedBody {
        for _ in 0..<Self.maximumAttempts {
            let boundary = makeBoundary()
            guard let segments = try self.segments(boundary: boundary) else { continue }
            let delimiter = Data("--\(boundary)".utf8)
            var body = Data()
            var collides = false
            for segment in segments {
                switch segment {
                case .bytes(let data): body.append(data)
                case .file(let url):
                    let data = try Data(contentsOf: url)
                    collides = collides || data.range(of: delimiter) != nil
                    body.append(data)
                case .stream:
                    throw UploadError(reason: RequestBody.streamNotInMemory)
                }
            }
            if !collides { return .data(body, contentType: Self.contentType(boundary)) }
        }
        throw UploadError(reason: "every boundary tried occurs in the content")
    }

    /// The body made ready as `delivery` says; in memory when no part is a file or an `AsyncSequence`.
    package func prepared(_ delivery: BodyDelivery) async throws -> PreparedBody {
        guard delivery != .inMemory, readsAsItGoes else { return try inMemory() }
        for _ in 0..<Self.maximumAttempts {
            let boundary = makeBoundary()
            guard let segments = try self.segments(boundary: boundary) else { continue }
            let delimiter = Data("--\(boundary)".utf8)
            switch delivery {
            case .inMemory, .temporaryFile:
                do {
                    let file = try await Self.temporaryFile(
                        with: segments, avoiding: delimiter, pathExtension: "multipart")
                    return .file(file, contentType: Self.contentType(boundary), isTemporary: true)
                } catch is DelimiterInFile {
                    continue
                }
            case .streamed:
                // Files are read once before: one that holds the boundary gets another, as in the cases above.
                if try Self.filesAvoid(delimiter, in: segments) {
                    return .stream(
                        try StreamedRequestBody(segments: segments, delimiter: delimiter),
                        contentType: Self.contentType(boundary))
                }
            }
        }
        throw UploadError(reason: "every boundary tried occurs in the content")
    }

    private static func contentType(_ boundary: String) -> String {
        "multipart/form-data; boundary=\(boundary)"
    }

    /// The body's pieces for `boundary`; nil when content in memory holds the boundary, so the caller tries
    /// another.
    private func segments(boundary: String) throws -> [Segment]? {
        let delimiter = Data("--\(boundary)".utf8)
        var segments: [Segment] = []
        var head = Data()
        for part in parts {
            for content in part.contents {
                head.append(Data("--\(boundary)\r\n".utf8))
                var name = part.name
                if case .field(let own, _) = content { name = own }
                var disposition = "Content-Disposition: form-data; name=\"\(Self.escaped(name))\""
                var contentType: String?
                let body: Segment
                switch content {
                case .text(let text), .field(_, let text):
                    body = .bytes(Data(text.utf8))
                case .unsendable(let error):
                    throw error
                case .json(let value):
                    body = .bytes(try encoder.encode(value))
                    contentType = "application/json"
                case .upload(let upload):
                    disposition += "; filename=\"\(Self.escaped(upload.fileName ?? part.name))\""
                    contentType = upload.mediaType ?? "application/octet-stream"
                    switch upload.source {
                    case .data(let data): body = .bytes(data)
                    case .file(let url): body = .file(url)
                    case .stream(let stream): body = .stream(stream)
                    }
                }
                head.append(Data("\(disposition)\r\n".utf8))
                if let contentType {
                    try HeaderField.check(name: "Content-Type", value: contentType)
                    head.append(Data("Content-Type: \(contentType)\r\n".utf8))
                }
                head.append(Data("\r\n".utf8))
                if case .bytes(let data) = body {
                    if data.range(of: delimiter) != nil { return nil }
                    head.append(data)
                } else {
                    segments.append(.bytes(head))
                    segments.append(body)
                    head = Data()
                }
                head.append(Data("\r\n".utf8))
            }
        }
        head.append(Data("--\(boundary)--\r\n".utf8))
        segments.append(.bytes(head))
        return segments
    }

    /// A file part holds the delimiter: the body is made again with another boundary.
    private struct DelimiterInFile: Error {}

    /// The pieces written into a new temporary file, which the caller deletes. A file's content that holds
    /// `delimiter` throws `DelimiterInFile` (and the file is removed); an `AsyncSequence`'s fails the upload, since it
    /// cannot be read again.
    static func temporaryFile(
        with segments: [StreamedRequestBody.Segment], avoiding delimiter: Data?, pathExtension: String
    ) async throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "endpointgen-upload-\(UUID().uuidString).\(pathExtension)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw UploadError(reason: "cannot create the temporary file '\(file.path)'")
        }
        var isComplete = false
        defer { if !isComplete { try? FileManager.default.removeItem(at: file) } }
        let output = try FileHandle(forWritingTo: file)
        defer { try? output.close() }
        for segment in segments {
            switch segment {
            case .bytes(let data):
                try output.write(contentsOf: data)
            case .file(let url):
                let input = try FileHandle(forReadingFrom: url)
                defer { try? input.close() }
                if try Self.content(of: input, holds: delimiter, copyingTo: output) { throw DelimiterInFile() }
            case .stream:
                // The body's own reader checks the delimiter, and fails at it.
                for try await chunk in try StreamedRequestBody(segments: [segment], delimiter: delimiter).makeChunks() {
                    try output.write(contentsOf: chunk)
                }
            }
        }
        isComplete = true
        return file
    }

    /// Whether no file among `segments` holds `delimiter`, each read through once.
    private static func filesAvoid(_ delimiter: Data, in segments: [Segment]) throws -> Bool {
        for case .file(let url) in segments {
            let input: FileHandle
            do {
                input = try FileHandle(forReadingFrom: url)
            } catch {
                throw UploadError(reason: "the file '\(url.path)' cannot be read")
            }
            defer { try? input.close() }
            if try content(of: input, holds: delimiter) { return false }
        }
        return true
    }

    /// Whether what `input` reads holds `delimiter` (never, when it is nil), read in chunks, each also written to
    /// `output` until the delimiter is found.
    private static func content(of input: FileHandle, holds delimiter: Data?, copyingTo output: FileHandle? = nil)
        throws -> Bool
    {
        var scanner = delimiter.map(DelimiterScanner.init)
        while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
            if scanner?.occurs(in: chunk) == true { return true }
            try output?.write(contentsOf: chunk)
        }
        return false
    }

    /// A name or file name inside `Content-Disposition`'s quotes, as browsers write it (WHATWG HTML, "multipart
    /// form data"): `"` becomes `%22`, CR `%0D` and LF `%0A`; everything else is UTF-8 as is.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// An upload body that could not be prepared: a file that cannot be read, a multipart body that cannot be written.
public struct UploadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public var reason: String

    /// An upload failing for `reason` (a transport's own check of a body it streams, say).
    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "cannot prepare the upload: \(reason)" }
}
