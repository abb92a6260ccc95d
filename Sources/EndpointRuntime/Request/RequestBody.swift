import Foundation

/// What a request sends as its body.
public enum RequestBody: Sendable {
    /// One value, encoded as JSON.
    case json(any Encodable & Sendable)
    /// A JSON object built from named fields, in order; fields whose value is `nil` are left out.
    case jsonFields([(name: String, value: (any Encodable & Sendable)?)])
    /// `application/x-www-form-urlencoded` fields.
    case form([Parameter])

    /// The body's bytes and content type.
    public func encoded(with encoder: JSONEncoder) throws -> (data: Data, contentType: String) {
        switch self {
        case .json(let value):
            return (try encoder.encode(value), "application/json")
        case .jsonFields(let fields):
            return (try encoder.encode(JSONFields(fields: fields)), "application/json")
        case .form(let fields):
            let text = fields.flatMap { $0.escapedPairs(FormEncoding.escape) }
                .map { $0.name + "=" + $0.value }
                .joined(separator: "&")
            return (Data(text.utf8), "application/x-www-form-urlencoded")
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
