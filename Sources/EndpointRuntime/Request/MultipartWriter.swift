import Foundation

/// A request body ready to send: bytes in memory, or a file the transport streams from disk.
package enum PreparedBody {
    case data(Data, contentType: String)
    /// `isTemporary`: the client wrote it for this request and deletes it afterwards.
    case file(URL, contentType: String, isTemporary: Bool)
}

/// Writes `multipart/form-data` (RFC 7578): in memory when no part is a file, else into a temporary file, each
/// file part copied in chunks, so memory stays flat however large the files are.
///
/// The boundary is random, and checked against every byte of every part as the body is written: should a part
/// contain it, the body is written again with a new one, so the boundary never collides with the content.
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

    /// One piece of the body: bytes, or a file to copy.
    private enum Segment {
        case bytes(Data)
        case file(URL)
    }

    /// The body; into a temporary file when `streaming` and a part is a file, else in memory.
    package func write(streaming: Bool) throws -> PreparedBody {
        let hasFile = parts.contains {
            $0.contents.contains {
                if case .upload(let upload) = $0, case .file = upload.source { true } else { false }
            }
        }
        for _ in 0..<Self.maximumAttempts {
            let boundary = makeBoundary()
            guard let segments = try self.segments(boundary: boundary) else { continue }
            let contentType = "multipart/form-data; boundary=\(boundary)"
            let delimiter = Data("--\(boundary)".utf8)
            if streaming && hasFile {
                let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "endpointgen-upload-\(UUID().uuidString).multipart")
                if try Self.write(segments, to: file, avoiding: delimiter) {
                    return .file(file, contentType: contentType, isTemporary: true)
                }
            } else {
                var body = Data()
                var collides = false
                for segment in segments {
                    switch segment {
                    case .bytes(let data): body.append(data)
                    case .file(let url):
                        let data = try Data(contentsOf: url)
                        collides = collides || data.range(of: delimiter) != nil
                        body.append(data)
                    }
                }
                if !collides { return .data(body, contentType: contentType) }
            }
        }
        throw UploadError(reason: "every boundary tried occurs in the content")
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

    /// Writes the pieces to `file`; false (and the file removed) when a file's content holds `delimiter`.
    private static func write(_ segments: [Segment], to file: URL, avoiding delimiter: Data) throws -> Bool {
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
                // The last bytes of the previous chunk, so a boundary split across two chunks is still seen.
                var tail = Data()
                while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
                    if (tail + chunk.prefix(delimiter.count)).range(of: delimiter) != nil
                        || chunk.range(of: delimiter) != nil
                    {
                        return false
                    }
                    try output.write(contentsOf: chunk)
                    tail = chunk.suffix(delimiter.count - 1)
                }
            }
        }
        isComplete = true
        return true
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

    public var description: String { "cannot prepare the upload: \(reason)" }
}
