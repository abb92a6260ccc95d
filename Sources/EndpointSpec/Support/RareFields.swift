/// A group of fields that few values have, kept behind one reference, or none when every field is empty: so that
/// the values carrying the group (documentation, properties, parameters) stay small where the spec copies them as
/// it is decoded, checked and resolved.
///
/// The box is never changed once made: setting a field makes a new one, as only decoding does.
struct RareFields<Fields: Sendable & Hashable & EmptyFields>: Sendable, Hashable {
    /// The fields when any is set. Read one field through it (`box?.fields.key`), which reads that field alone,
    /// where ``fields`` copies the whole group out.
    final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private(set) var box: Box?

    /// No fields.
    init() {}

    /// The fields; every one empty when none was set.
    var fields: Fields {
        get { box?.fields ?? Fields() }
        set { box = newValue == Fields() ? nil : Box(newValue) }
    }

    static func == (lhs: RareFields, rhs: RareFields) -> Bool {
        lhs.box === rhs.box || lhs.fields == rhs.fields
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }
}

/// Fields that can all be empty (nil, or false for a flag), as ``RareFields`` keeps them.
protocol EmptyFields {
    /// Every field empty.
    init()
}
