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
    public func encoded(with encoder: JSONEncoder) throws -> (data: Data, contentType: String) {
        switch try prepared(with: encoder, streaming: false) {
        case .data(let data, let contentType):
            return (data, contentType)
        case .file(let url, let contentType, _):
            return (try Data(contentsOf: url), contentType)
        }
    }

    /// The body ready to send; a file upload stays on disk when `streaming`, and a multipart body with a file
    /// part is written to a temporary file.
    func prepared(with encoder: JSONEncoder, streaming: Bool) throws -> PreparedBody {
        switch self {
        case .json(let value):
            return .data(try encoder.encode(value), contentType: "application/json")
        case .jsonFields(let fields):
            return .data(try encoder.encode(JSONFields(fields: fields)), contentType: "application/json")
        case .form(let fields):
            let text = try fields.flatMap { try $0.escapedPairs(FormEncoding.escape) }
                .map { $0.name + "=" + $0.value }
                .joined(separator: "&")
            return .data(Data(text.utf8), contentType: "application/x-www-form-urlencoded")
        case .multipart(let parts):
            return try MultipartWriter(parts: parts, encoder: encoder).write(streaming: streaming)
        case .raw(let upload, let mediaType):
            let contentType = upload.mediaType ?? mediaType
            try HeaderField.check(name: "Content-Type", value: contentType)
            switch upload.source {
            case .data(let data):
                return .data(data, contentType: contentType)
            case .file(let url):
                guard streaming else { return .data(try Data(contentsOf: url), contentType: contentType) }
                // Fail now, with the file named, rather than in the middle of the transfer.
                guard FileManager.default.isReadableFile(atPath: url.path) else {
                    throw UploadError(reason: "the file '\(url.path)' cannot be read")
                }
                return .file(url, contentType: contentType, isTemporary: false)
            }
        }
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
