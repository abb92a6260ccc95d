import Foundation

/// Bytes to upload, as a raw request body or a file part of a multipart form: in memory, or a file on disk that
/// the client streams, so a large upload never sits in memory.
public struct Upload: Sendable, Hashable {
    /// Where the bytes are.
    public enum Source: Sendable, Hashable {
        /// Bytes in memory.
        case data(Data)
        /// A file on disk, read as it is sent.
        case file(URL)
        /// Bytes read from an `AsyncSequence` as they are sent, once.
        case stream(UploadStream)
    }

    /// Where the bytes are.
    public var source: Source
    /// The file name a multipart part announces (`filename="…"`); a raw body does not send one.
    public var fileName: String?
    /// The media type sent as `Content-Type`; nil for the one the spec declares (`application/octet-stream` when
    /// it declares none).
    public var mediaType: String?

    /// Bytes in memory.
    public init(data: Data, fileName: String? = nil, mediaType: String? = nil) {
        self.source = .data(data)
        self.fileName = fileName
        self.mediaType = mediaType
    }

    /// A file on disk, streamed when sent; its name is the file's unless `fileName` says otherwise.
    public init(fileURL: URL, fileName: String? = nil, mediaType: String? = nil) {
        self.source = .file(fileURL)
        self.fileName = fileName ?? fileURL.lastPathComponent
        self.mediaType = mediaType
    }

    /// Bytes from an `AsyncSequence` of chunks (`Data`, `[UInt8]`, any `DataProtocol`), read as the request is
    /// sent, with no copy in memory or on disk when the transport streams request bodies (AsyncHTTPClient's
    /// does; over URLSession the client copies them into a temporary file first). `length`, when known, is sent as
    /// `Content-Length` and checked; without it the body goes out chunked.
    ///
    /// The sequence is read once, so a request carrying it is not retried or sent again after a refreshed
    /// credential; see ``UploadStream``.
    public init<Chunks: AsyncSequence & Sendable>(
        chunks: Chunks, length: Int64? = nil, fileName: String? = nil, mediaType: String? = nil
    ) where Chunks.Element: DataProtocol {
        self.source = .stream(UploadStream(chunks: chunks, length: length))
        self.fileName = fileName
        self.mediaType = mediaType
    }

    /// Bytes from an `AsyncSequence` of single bytes (such as `FileHandle.bytes`), read in chunks as the request
    /// is sent; otherwise as ``init(chunks:length:fileName:mediaType:)``.
    public init<Bytes: AsyncSequence & Sendable>(
        bytes: Bytes, length: Int64? = nil, fileName: String? = nil, mediaType: String? = nil
    ) where Bytes.Element == UInt8 {
        self.source = .stream(UploadStream(bytes: bytes, length: length))
        self.fileName = fileName
        self.mediaType = mediaType
    }

    /// Text, sent as UTF-8 (`text/plain; charset=utf-8` unless `mediaType` says otherwise).
    public init(text: String, fileName: String? = nil, mediaType: String = "text/plain; charset=utf-8") {
        self.init(data: Data(text.utf8), fileName: fileName, mediaType: mediaType)
    }

    /// Whether the bytes are in memory, neither a file nor an `AsyncSequence`.
    var isInMemory: Bool { if case .data = source { true } else { false } }

    /// Whether the bytes come from an `AsyncSequence`, which can be read only once.
    var readsOnce: Bool { if case .stream = source { true } else { false } }
}

/// One field of a `multipart/form-data` body (RFC 7578): text, a file, or a JSON value; no part at all when the
/// value is nil, and one part per element of a list.
public struct MultipartPart: Sendable {
    /// What one part carries.
    enum Content: Sendable {
        case text(String)
        case upload(Upload)
        case json(any Encodable & Sendable)
        /// A text part with a name of its own: one field of a structure spread over bracketed names.
        case field(name: String, text: String)
        /// A structure that cannot be spread (a key with a bracket); writing the body fails with it.
        case unsendable(NestedFieldsError)
    }

    /// The field's name.
    public var name: String
    /// The parts, in order; empty when the value was nil.
    let contents: [Content]

    /// The file parts' uploads.
    var uploads: [Upload] {
        contents.compactMap { if case .upload(let upload) = $0 { upload } else { nil } }
    }

    /// A text field, or none when `value` is nil.
    public init(_ name: String, _ value: (some ParameterValue)?) {
        self.name = name
        self.contents = value.map { [.text($0.parameterText)] } ?? []
    }

    /// A text field per element, or none when `values` is nil.
    public init(_ name: String, _ values: [some ParameterValue]?) {
        self.name = name
        self.contents = values?.map { .text($0.parameterText) } ?? []
    }

    /// A file part, or none when `upload` is nil.
    public init(_ name: String, _ upload: Upload?) {
        self.name = name
        self.contents = upload.map { [.upload($0)] } ?? []
    }

    /// A file part per element, or none when `uploads` is nil.
    public init(_ name: String, _ uploads: [Upload]?) {
        self.name = name
        self.contents = uploads?.map { .upload($0) } ?? []
    }

    /// A structure as text parts named by bracketed keys, as a form carries it (`file_link_data[create]`,
    /// `metadata[order_id]`), or none when `value` is nil; see ``Parameter/init(_:nested:)`` for the keys.
    public init(_ name: String, nested value: (some Encodable & Sendable)?) {
        self.name = name
        guard let value else {
            self.contents = []
            return
        }
        do {
            self.contents = try NestedFields.fields(of: value, named: name).map {
                .field(name: $0.name, text: $0.value)
            }
        } catch let error as NestedFieldsError {
            self.contents = [.unsendable(error)]
        } catch {
            self.contents = [.unsendable(NestedFieldsError(key: "", path: name, reason: "\(error)"))]
        }
    }

    /// A part holding `value` as JSON (`Content-Type: application/json`), or none when it is nil.
    public init(_ name: String, json value: (some Encodable & Sendable)?) {
        self.name = name
        self.contents = value.map { [.json($0)] } ?? []
    }
}
