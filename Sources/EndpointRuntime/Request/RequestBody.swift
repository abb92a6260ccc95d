import Foundation

/// What a request sends as its body.
public enum RequestBody: Sendable {
    /// One value, encoded as JSON.
    case json(any Encodable & Sendable)
    /// A JSON object built from named fields, in order; fields whose value is `nil` are left out, and a field
    /// whose value is an `Optional` holding nil (``Swift/Optional/null``) is sent as `null`.
    case jsonFields([(name: String, value: (any Encodable & Sendable)?)])
    /// `application/x-www-form-urlencoded` fields.
    case form([Parameter])
    /// `multipart/form-data` fields: text, files (streamed from disk by the client) and JSON parts.
    case multipart([MultipartPart])
    /// Raw bytes or text, sent as `mediaType` unless the upload names its own.
    case raw(Upload, mediaType: String)

    /// The body's bytes and content type, all in memory (a file is read whole; the client streams it instead).
    /// An upload from an `AsyncSequence` has no bytes in memory to give: it throws ``UploadError``.
    public func encoded(with encoder: JSONEncoder) throws -> (data: Data, contentType: String) {
        switch try inMemory(with: encoder) {
        case .data(let data, let contentType):
            return (data, contentType)
        case .file(let url, let contentType, _):
            return (try Data(contentsOf: url), contentType)
        case .stream:
            throw UploadError(reason: Self.streamNotInMemory)
        }
    }

    /// Whether the body reads an `AsyncSequence`, which can be read only once.
    var readsOnce: Bool {
        switch self {
        case .raw(let upload, _): upload.readsOnce
        case .multipart(let parts): parts.contains { $0.uploads.contains(where: \.readsOnce) }
        case .json, .jsonFields, .form: false
        }
    }

    static let streamNotInMemory =
        "the bytes of an AsyncSequence are read as the request is sent, so they are not in memory; send it with a client"

    /// The body with everything in memory, files read whole.
    func inMemory(with encoder: JSONEncoder) throws -> PreparedBody {
        switch self {
        case .multipart(let parts):
            return try MultipartWriter(parts: parts, encoder: encoder).inMemory()
        case .raw(let upload, let mediaType):
            let contentType = try Self.contentType(of: upload, declared: mediaType)
            switch upload.source {
            case .data(let data): return .data(data, contentType: contentType)
            case .file(let url): return .data(try Data(contentsOf: url), contentType: contentType)
            case .stream: throw UploadError(reason: Self.streamNotInMemory)
            }
        case .json(let value):
            return .data(try encoder.encode(value), contentType: "application/json")
        case .jsonFields(let fields):
            return .data(try encoder.encode(JSONFields(fields: fields)), contentType: "application/json")
        case .form(let fields):
            let text = try fields.flatMap { try $0.escapedPairs(FormEncoding.escape) }
                .map { $0.name + "=" + $0.value }
                .joined(separator: "&")
            return .data(Data(text.utf8), contentType: "application/x-www-form-urlencoded")
        }
    }

    /// The body ready to send as `delivery` says (see ``BodyDelivery``).
    func prepared(with encoder: JSONEncoder, delivery: BodyDelivery) async throws -> PreparedBody {
        switch self {
        case .multipart(let parts):
            return try await MultipartWriter(parts: parts, encoder: encoder).prepared(delivery)
        case .raw(let upload, let mediaType):
            let contentType = try Self.contentType(of: upload, declared: mediaType)
            switch (upload.source, delivery) {
            case (_, .inMemory), (.data, _):
                return try inMemory(with: encoder)
            case (.file(let url), _):
                // Fail now, with the file named, rather than in the middle of the transfer.
                guard FileManager.default.isReadableFile(atPath: url.path) else {
                    throw UploadError(reason: "the file '\(url.path)' cannot be read")
                }
                return .file(url, contentType: contentType, isTemporary: false)
            case (.stream(let stream), .streamed):
                return .stream(
                    try StreamedRequestBody(segments: [.stream(stream)], delimiter: nil), contentType: contentType)
            case (.stream(let stream), .temporaryFile):
                let file = try await MultipartWriter.temporaryFile(
                    with: [.stream(stream)], avoiding: nil, pathExtension: "bin")
                return .file(file, contentType: contentType, isTemporary: true)
            }
        case .json, .jsonFields, .form:
            return try inMemory(with: encoder)
        }
    }

    /// The media type an upload is sent as, checked as a header value.
    private static func contentType(of upload: Upload, declared mediaType: String) throws -> String {
        let contentType = upload.mediaType ?? mediaType
        try HeaderField.check(name: "Content-Type", value: contentType)
        return contentType
    }
}

/// Encodes named fields as one JSON object, each value through the encoder's own strategies (dates, data).
private struct JSONFields: Encodable {
    var fields: [(name: String, value: (any Encodable & Sendable)?)]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for field in fields {
            guard let value = field.value else { continue }
            try Self.encode(value, in: &container, forKey: Key(stringValue: field.name))
        }
    }

    private static func encode<Value: Encodable>(
        _ value: Value, in container: inout KeyedEncodingContainer<Key>, forKey key: Key
    ) throws {
        try container.encode(value, forKey: key)
    }
}

/// Percent-encoding for form bodies (the WHATWG `application/x-www-form-urlencoded` byte set).
enum FormEncoding {
    private static let allowed = AllowedBytes(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*-._ ")

    /// `application/x-www-form-urlencoded`: spaces become `+`, everything else outside the set `%XX`.
    static func escape(_ text: String) -> String {
        let escaped = allowed.escape(text)
        return escaped.contains(" ") ? escaped.replacingOccurrences(of: " ", with: "+") : escaped
    }
}
