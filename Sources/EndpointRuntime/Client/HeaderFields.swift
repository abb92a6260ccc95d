import Foundation

/// Header fields as HTTP means them: a name is the same name whatever its case (RFC 9110, section 5.1), so
/// `fields["etag"]` finds an `ETag`. Every header the runtime hands out or takes (responses, errors, replies,
/// downloads, stored responses, logs, a configuration's headers) is one of these.
///
/// Write it as a dictionary literal (`["Stripe-Version": "2024-04-10"]`), read and set it by name, and loop over it
/// as `(name, value)` pairs in the order the fields were given. Names keep their case as sent. Two values are equal
/// when they hold the same values under the same names, ignoring the names' case and the order.
public struct HeaderFields: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral, Sequence,
    CustomStringConvertible
{
    /// The fields, in order.
    private var fields: [(name: String, value: String)]

    /// No fields.
    public init() {
        fields = []
    }

    /// The fields of `dictionary`, ordered by name so that the order does not depend on hashing.
    public init(_ dictionary: [String: String]) {
        fields = dictionary.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }

    /// The fields of the literal, in the order written; a name given twice (in any case) keeps its last value.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = []
        for (name, value) in elements { self[name] = value }
    }

    /// The value of the field `name`, compared ignoring case. Setting it replaces every field of that name (keeping
    /// the first one's place and spelling); nil removes them.
    public subscript(name: String) -> String? {
        get {
            // An exact match first: the names a client and a server write are usually spelled alike.
            fields.first { $0.name == name }?.value ?? fields.first { HeaderField.sameName($0.name, name) }?.value
        }
        set {
            guard let index = fields.firstIndex(where: { HeaderField.sameName($0.name, name) }) else {
                if let newValue { fields.append((name: name, value: newValue)) }
                return
            }
            let kept = fields[index].name
            fields.removeAll { HeaderField.sameName($0.name, name) }
            if let newValue { fields.insert((name: kept, value: newValue), at: index) }
        }
    }

    /// How many fields there are.
    public var count: Int { fields.count }

    /// Whether there are none.
    public var isEmpty: Bool { fields.isEmpty }

    /// The fields as a dictionary keyed by the names as sent, for APIs that take one.
    public var dictionary: [String: String] {
        Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The fields whose names pass `isIncluded`, in order.
    func keeping(names isIncluded: (_ name: String) -> Bool) -> HeaderFields {
        var kept = HeaderFields()
        kept.fields = fields.filter { isIncluded($0.name) }
        return kept
    }

    /// The fields with each value replaced by `transform(name, value)`, in order.
    func mapValues(_ transform: (_ name: String, _ value: String) -> String) -> HeaderFields {
        var mapped = self
        mapped.fields = fields.map { (name: $0.name, value: transform($0.name, $0.value)) }
        return mapped
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// The fields keyed by lower-cased name: what equality and hashing compare.
    private var normalized: [String: String] {
        Dictionary(fields.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
    }

    public static func == (lhs: HeaderFields, rhs: HeaderFields) -> Bool {
        lhs.normalized == rhs.normalized
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(normalized)
    }

    /// `Name: value` lines.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    /// Decodes from a JSON object of names and values, as stored responses were written before this type.
    public init(from decoder: any Decoder) throws {
        self.init(try [String: String](from: decoder))
    }

    /// Encodes as a JSON object of names and values.
    public func encode(to encoder: any Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}
