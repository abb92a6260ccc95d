import Foundation

/// Spreads a structured value over bracketed keys, as a form body or a query carries objects (OpenAPI's
/// `style: deepObject`; Rails, PHP and Stripe read the same): `address[line1]=…&address[city]=…`, a list of objects as
/// `tax_id_data[0][type]=…`, a dictionary as `metadata[order_id]=…`.
///
/// The keys come in the order the value encodes them, which for a generated model is its declared order; a
/// dictionary's keys are sorted, so the same value always gives the same bytes. Text-like leaves are written as
/// in a query (`ParameterValue`), dates in ISO 8601 unless the model writes them otherwise, data as base64, an
/// explicit null as an empty value. An empty list or dictionary sends nothing.
enum NestedFields {
    /// The fields of `value` below `name`: `(name + "[line1]", "…")`, or `(name, "…")` for a value that is one
    /// piece of text. Throws ``NestedFieldsError`` for a key that would read as brackets.
    static func fields(of value: some Encodable, named name: String) throws -> [(name: String, value: String)] {
        let writer = Writer()
        try writer.write(value, at: name)
        return writer.fields
    }

    /// Collects the fields as the value encodes itself.
    final class Writer {
        var fields: [(name: String, value: String)] = []

        func write<Value: Encodable>(_ value: Value, at path: String) throws {
            if let text = Self.text(of: value) {
                fields.append((path, text))
            } else if let dictionary = value as? any SortableStringKeyedDictionary {
                for (key, element) in dictionary.entriesSortedByKey() {
                    try writeElement(element, at: try Self.path(path, key: key))
                }
            } else {
                try value.encode(to: FieldEncoder(writer: self, path: path))
            }
        }

        /// The text of a value that is one field on its own; nil for anything made of parts.
        private static func text(of value: some Encodable) -> String? {
            switch value {
            case let date as Date: return JSONCoding.iso8601String(from: date)
            case let data as Data: return data.base64EncodedString()
            case let text as any ParameterValue:
                // A generated enum is a ParameterValue with its raw value as text; a oneOf or model never is.
                return text.parameterText
            default: return nil
            }
        }

        /// `path[key]`; a key with a bracket of its own would change the structure a server reads, so it is refused.
        static func path(_ path: String, key: String) throws -> String {
            if key.contains(where: { $0 == "[" || $0 == "]" }) {
                throw NestedFieldsError(
                    key: key, path: path,
                    reason: "a key with '[' or ']' would read as another level of nesting; rename the key")
            }
            return path + "[" + key + "]"
        }
    }
}

/// A key that cannot be sent inside brackets.
public struct NestedFieldsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key, as the value had it.
    public var key: String
    /// Where it was, such as `metadata`.
    public var path: String
    /// Why it was refused.
    public var reason: String

    public var description: String {
        "the key '\(HeaderField.printable(key, maximumLength: 100))' under '\(path)' cannot be sent: \(reason)"
    }
}

/// A dictionary keyed by strings, whose entries the writer sorts so that its bytes do not depend on hashing.
private protocol SortableStringKeyedDictionary {
    func entriesSortedByKey() -> [(key: String, value: any Encodable)]
}

extension Dictionary: SortableStringKeyedDictionary where Key == String, Value: Encodable {
    fileprivate func entriesSortedByKey() -> [(key: String, value: any Encodable)] {
        sorted { $0.key < $1.key }.map { ($0.key, $0.value as any Encodable) }
    }
}

extension NestedFields.Writer {
    /// Writes a dictionary's element, known only as `any Encodable`, as its own type (the existential is opened).
    fileprivate func writeElement(_ value: any Encodable, at path: String) throws {
        func open<Value: Encodable>(_ value: Value) throws { try write(value, at: path) }
        try open(value)
    }
}

/// The `Encoder` a structured value writes itself to: every container writes below `path`.
private struct FieldEncoder: Encoder {
    let writer: NestedFields.Writer
    let path: String
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedFields<Key>(writer: writer, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        IndexedFields(writer: writer, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleField(writer: writer, path: path)
    }
}

/// An object's members: `path[member]`.
private struct KeyedFields<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: NestedFields.Writer
    let path: String
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        writer.fields.append((try NestedFields.Writer.path(path, key: key.stringValue), ""))
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try writer.write(value, at: try NestedFields.Writer.path(path, key: key.stringValue))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedFields<NestedKey>(writer: writer, path: path + "[" + key.stringValue + "]"))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        IndexedFields(writer: writer, path: path + "[" + key.stringValue + "]")
    }

    mutating func superEncoder() -> any Encoder { FieldEncoder(writer: writer, path: path) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        FieldEncoder(writer: writer, path: path + "[" + key.stringValue + "]")
    }
}

/// A list's elements: `path[0]`, `path[1]`, …
private struct IndexedFields: UnkeyedEncodingContainer {
    let writer: NestedFields.Writer
    let path: String
    var count = 0
    var codingPath: [any CodingKey] { [] }

    private mutating func nextPath() -> String {
        defer { count += 1 }
        return path + "[" + String(count) + "]"
    }

    mutating func encodeNil() throws { writer.fields.append((nextPath(), "")) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try writer.write(value, at: nextPath())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedFields<NestedKey>(writer: writer, path: nextPath()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        IndexedFields(writer: writer, path: nextPath())
    }

    mutating func superEncoder() -> any Encoder { FieldEncoder(writer: writer, path: nextPath()) }
}

/// One value at `path`: a leaf, or a value that encodes itself further (a oneOf's variant).
private struct SingleField: SingleValueEncodingContainer {
    let writer: NestedFields.Writer
    let path: String
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.fields.append((path, "")) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try writer.write(value, at: path)
    }
}
