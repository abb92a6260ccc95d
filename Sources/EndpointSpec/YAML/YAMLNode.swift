/// A node of a YAML document: a scalar, a sequence or a mapping, with the place it starts.
///
/// Scalars stay text. Whether `on`, `1e3` or `~` is a boolean, a number or nothing is decided by whoever
/// reads the node for a purpose (the spec decoder), so YAML 1.1's implicit typing cannot turn an enum value
/// or a name into something else behind the user's back.
public struct YAMLNode: Sendable {
    /// What the node holds.
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        /// Entries in document order; keys are unique (duplicates are reported by the reader).
        case mapping([YAMLMappingEntry])
    }

    /// What the node holds.
    public var content: Content
    /// Where the node starts: for a flow or block collection, its first character or first entry.
    public var location: SourceLocation

    /// Creates a node.
    public init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
    }

    /// The scalar, if this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The entries, if this node is a mapping.
    public var mappingEntries: [YAMLMappingEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The items, if this node is a sequence.
    public var sequenceItems: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// Whether the node is YAML's null written plainly: an empty value, `~`, or `null` without quotes.
    public var isNull: Bool {
        guard let scalar, scalar.style == .plain else { return false }
        switch scalar.value {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// A word for the node's kind, for messages: "a mapping", "a sequence", "a string", "nothing".
    public var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        case .scalar: return isNull ? "nothing (null)" : "a string"
        }
    }
}

/// A scalar's text and how it was written.
public struct YAMLScalar: Sendable, Hashable {
    /// How the scalar was written in the file.
    public enum Style: Sendable, Hashable {
        case plain
        case singleQuoted
        case doubleQuoted
        case literal
        case folded
    }

    /// The text, after YAML's quoting, escaping and folding rules.
    public var value: String
    /// How the scalar was written.
    public var style: Style
    /// An explicit tag from YAML's core schema such as `tag:yaml.org,2002:str`, or `!`; nil when none was written.
    public var tag: String?

    /// Creates a scalar.
    public init(_ value: String, style: Style = .plain, tag: String? = nil) {
        self.value = value
        self.style = style
        self.tag = tag
    }
}

/// One `key: value` pair of a mapping. Keys are always scalars in a spec.
public struct YAMLMappingEntry: Sendable {
    /// The key's text.
    public var key: String
    /// Where the key is written.
    public var keyLocation: SourceLocation
    /// The value.
    public var value: YAMLNode

    /// Creates an entry.
    public init(key: String, keyLocation: SourceLocation, value: YAMLNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
