/// The entries of one YAML mapping, looked up by key, after unknown keys were reported.
struct MappingFields {
    /// The mapping node itself.
    let node: YAMLNode
    private let entries: [String: YAMLMappingEntry]

    init(node: YAMLNode, entries: [YAMLMappingEntry]) {
        self.node = node
        var byKey: [String: YAMLMappingEntry] = [:]
        for entry in entries { byKey[entry.key] = entry }
        self.entries = byKey
    }

    /// The value for `key`, if the mapping has it.
    subscript(key: String) -> YAMLNode? {
        entries[key]?.value
    }

    /// Where `key` is written, if the mapping has it.
    func keyLocation(_ key: String) -> SourceLocation? {
        entries[key]?.keyLocation
    }
}
