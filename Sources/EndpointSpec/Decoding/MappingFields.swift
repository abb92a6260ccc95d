/// The entries of one YAML mapping, looked up by key, after unknown keys were reported.
///
/// Keys are unique (the YAML reader refuses a repeated key). Most mappings a decoder reads hold a handful of keys,
/// so a key is found by comparing it with each entry: for those, building a dictionary cost more than every lookup
/// together (hashing each key and copying each entry into the table, once per endpoint and property). A mapping of
/// more than `indexedCount` entries gets an index by key, so lookups stay constant time however many keys a spec
/// writes.
struct MappingFields {
    /// The mapping node itself.
    let node: YAMLNode
    private let entries: [YAMLMappingEntry]
    /// Position of each key's entry; nil for small mappings.
    private let index: [String: Int]?

    /// Above this many entries, keys are looked up in an index.
    static let indexedCount = 16

    init(node: YAMLNode, entries: [YAMLMappingEntry]) {
        self.node = node
        self.entries = entries
        if entries.count > Self.indexedCount {
            var index: [String: Int] = [:]
            index.reserveCapacity(entries.count)
            for (position, entry) in entries.enumerated() { index[entry.key] = position }
            self.index = index
        } else {
            self.index = nil
        }
    }

    /// The value for `key`, if the mapping has it.
    subscript(key: String) -> YAMLNode? {
        position(of: key).map { entries[$0].value }
    }

    /// Where `key` is written, if the mapping has it.
    func keyLocation(_ key: String) -> SourceLocation? {
        position(of: key).map { entries[$0].keyLocation }
    }

    /// Where `key`'s entry is: its position rather than a copy of it, since a lookup wants one of its fields.
    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        // Lengths first: most keys compared differ in length, which is cheaper to see than a string comparison.
        let length = key.utf8.count
        return entries.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }
}
