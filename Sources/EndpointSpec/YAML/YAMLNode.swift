/// A node of a YAML document: a scalar, a sequence or a mapping, with the place it starts.
///
/// Scalars stay text. Whether `on`, `1e3` or `~` is a boolean, a number or nothing is decided by whoever
/// reads the node for a purpose (the spec decoder), so YAML 1.1's implicit typing cannot turn an enum value
/// or a name into something else behind the user's back.
package struct YAMLNode: Sendable {
    /// What the node holds.
    package enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        /// Entries in document order; keys are unique (duplicates are reported by the reader).
        case mapping([YAMLMappingEntry])
    }

    /// What the node holds.
    package var content: Content
    /// Where the node starts: for a flow or block collection, its first character or first entry.
    package var location: SourceLocation

    /// Creates a node.
    package init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
    }

    /// The scalar, if this node is one.
    package var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The entries, if this node is a mapping.
    package var mappingEntries: [YAMLMappingEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The items, if this node is a sequence.
    package var sequenceItems: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// Whether the node is YAML's null written plainly: an empty value, `~`, or `null` without quotes.
    package var isNull: Bool {
        guard let scalar, scalar.style == .plain else { return false }
        switch scalar.value {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// A word for the node's kind, for messages: "a mapping", "a sequence", "a string", "nothing".
    package var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        case .scalar: return isNull ? "nothing (null)" : "a string"
        }
    }
}

/// A scalar's text and how it was written.
///
/// Its tag, if it had one, is checked as the tree is built (only YAML's core schema is allowed, and each tag must
/// fit its node) and not kept: a spec's scalars are text whatever their tag, and without it every node of the
/// tree is 16 bytes smaller.
package struct YAMLScalar: Sendable, Hashable {
    /// How the scalar was written in the file.
    package enum Style: Sendable, Hashable {
        case plain
        case singleQuoted
        case doubleQuoted
        case literal
        case folded
    }

    /// The text, after YAML's quoting, escaping and folding rules.
    package var value: String
    /// How the scalar was written.
    package var style: Style

    /// Creates a scalar.
    package init(_ value: String, style: Style = .plain) {
        self.value = value
        self.style = style
    }
}

/// One `key: value` pair of a mapping. Keys are always scalars in a spec.
package struct YAMLMappingEntry: Sendable {
    /// The key's text.
    package var key: String
    /// Where the key is written.
    package var keyLocation: SourceLocation
    /// The value.
    package var value: YAMLNode

    /// Creates an entry.
    package init(key: String, keyLocation: SourceLocation, value: YAMLNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
