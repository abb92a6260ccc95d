/// Turns libyaml's events into a ``YAMLNode`` tree and enforces the reader's rules.
///
/// Aliases share the anchored node's storage (Swift arrays are copy-on-write), so a "billion laughs" file
/// costs nothing until its expanded size passes the node budget, which is tracked arithmetically: every
/// finished node knows its weight (nodes in it) and height (levels in it).
struct YAMLTreeBuilder {
    /// The file every location is in, interned once.
    private let fileName: FileName
    private let limits: YAMLReader.Limits
    private let text: [UInt8]

    private var diagnostics: [Diagnostic] = []
    private var frames: [Frame] = []
    private var anchors: [String: Finished] = [:]
    private var anchorsInProgress: Set<String> = []
    private var root: YAMLNode?
    private var documentCount = 0
    private var nodeCount = 0
    private var stopped = false

    /// A node that is complete, with what the budget needs to know about it.
    private struct Finished {
        var node: YAMLNode
        var weight: Int
        var height: Int
    }

    private enum PendingKey {
        case key(String, SourceLocation)
        case merge(SourceLocation)
        /// A key that was reported; its value is read and dropped.
        case rejected
    }

    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var anchor: String?
        var items: [YAMLNode] = []
        var entries: [YAMLMappingEntry] = []
        /// Keys seen so far, for duplicate checks; built only once a mapping grows past a few keys, since
        /// scanning `entries` is cheaper than hashing for the small mappings that make up most of a spec.
        var keyIndex: [String: SourceLocation]?
        var pendingKey: PendingKey?
        var merges: [(position: Int, source: YAMLNode)] = []
        var weight = 1
        var height = 1
    }

    init(file: String, limits: YAMLReader.Limits, text: [UInt8]) {
        self.fileName = FileName.interned(file)
        self.limits = limits
        self.text = text
    }

    // MARK: Events

    /// Takes one event; returns false once a problem means reading cannot go on.
    mutating func handle(_ event: consuming YAMLEvent) -> Bool {
        switch consume event {
        case .documentStart(let position):
            documentCount += 1
            if documentCount > 1 {
                fail(
                    "this file holds more than one YAML document (the second starts here); a spec is a single "
                        + "document: remove the '---' or move the second document to its own file",
                    at: position)
            }
        case .documentEnd, .streamEnd:
            break
        case .scalar(let scalar, let tag, let anchor, let position):
            let location = self.location(position)
            checkTag(tag, on: "a scalar", allowed: Self.scalarTags, at: location)
            guard count(nodes: 1, at: location) else { break }
            beginAnchor(anchor)
            finish(Finished(node: YAMLNode(.scalar(scalar), at: location), weight: 1, height: 1), anchor: anchor)
        case .alias(let anchor, let position):
            alias(anchor, at: location(position))
        case .sequenceStart(let anchor, let tag, let position):
            begin(isMapping: false, anchor: anchor, tag: tag, at: location(position))
        case .mappingStart(let anchor, let tag, let position):
            begin(isMapping: true, anchor: anchor, tag: tag, at: location(position))
        case .sequenceEnd, .mappingEnd:
            end()
        case .failure(let error):
            report(error)
        }
        return !stopped
    }

    /// The document and everything reported.
    mutating func finish() -> YAMLReader.Output {
        if !stopped && documentCount == 0 {
            let onlyWhitespace = text.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            fail(
                onlyWhitespace
                    ? "the file is empty; a spec needs at least 'api' and 'endpoints' (see Specs/README.md)"
                    : "the file holds only comments and no YAML document; a spec needs at least 'api' and "
                        + "'endpoints' (see Specs/README.md)",
                at: SourcePosition(line: 1, column: 1))
        }
        return YAMLReader.Output(document: stopped ? nil : root, diagnostics: diagnostics)
    }

    // MARK: Collections

    @inline(__always)
    private mutating func begin(isMapping: Bool, anchor: String?, tag: String?, at location: SourceLocation) {
        checkTag(
            tag, on: isMapping ? "a mapping" : "a sequence",
            allowed: isMapping ? Self.mappingTags : Self.sequenceTags, at: location)
        guard count(nodes: 1, at: location) else { return }
        guard frames.count < limits.maximumDepth else {
            fail(
                "the document nests deeper than \(Self.grouped(limits.maximumDepth)) levels; a spec never needs that, "
                    + "so the file is refused", at: location)
            return
        }
        beginAnchor(anchor)
        var frame = Frame(isMapping: isMapping, location: location, anchor: anchor)
        // Room for a typical mapping's or list's few entries at once, rather than growing from one to two to four.
        if isMapping { frame.entries.reserveCapacity(4) } else { frame.items.reserveCapacity(4) }
        frames.append(frame)
    }

    @inline(__always)
    private mutating func end() {
        guard var frame = frames.popLast() else { return }
        let node: YAMLNode
        if frame.isMapping {
            node = YAMLNode(.mapping(Self.merged(frame.entries, with: frame.merges)), at: frame.location)
        } else {
            node = YAMLNode(.sequence(frame.items), at: frame.location)
        }
        frame.items = []
        frame.entries = []
        finish(Finished(node: node, weight: frame.weight, height: frame.height), anchor: frame.anchor)
    }

    /// Applies merge keys: a merged entry is kept where its `<<` stood unless the mapping itself, or an earlier
    /// merged mapping, already has its key.
    private static func merged(
        _ entries: [YAMLMappingEntry], with merges: [(position: Int, source: YAMLNode)]
    ) -> [YAMLMappingEntry] {
        guard !merges.isEmpty else { return entries }
        var taken = Set(entries.map(\.key))
        var inserted: [Int: [YAMLMappingEntry]] = [:]
        for merge in merges {
            let sources = merge.source.sequenceItems ?? [merge.source]
            for source in sources {
                for entry in source.mappingEntries ?? [] where taken.insert(entry.key).inserted {
                    inserted[merge.position, default: []].append(entry)
                }
            }
        }
        var result: [YAMLMappingEntry] = []
        result.reserveCapacity(taken.count)
        for index in 0...entries.count {
            result.append(contentsOf: inserted[index] ?? [])
            if index < entries.count { result.append(entries[index]) }
        }
        return result
    }

    // MARK: Nodes

    private mutating func alias(_ anchor: String, at location: SourceLocation) {
        guard let target = anchors[anchor] else {
            if anchorsInProgress.contains(anchor) {
                fail(
                    "alias '*\(anchor)' refers to the node that contains it; recursive aliases are not allowed",
                    at: location)
            } else {
                let hint =
                    NameSuggester.suggestion(for: anchor, among: anchors.keys.sorted()).map {
                        "did you mean '*\($0)'?"
                    } ?? "define the anchor '&\(anchor)' before its first alias"
                fail("unknown alias '*\(anchor)'; \(hint)", at: location)
            }
            return
        }
        guard count(nodes: target.weight, at: location, alias: anchor) else { return }
        guard frames.count + target.height <= limits.maximumDepth else {
            fail(
                "alias '*\(anchor)' makes the document nest deeper than \(Self.grouped(limits.maximumDepth)) levels; "
                    + "a spec never needs that, so the file is refused", at: location)
            return
        }
        finish(target, anchor: nil)
    }

    private mutating func beginAnchor(_ anchor: String?) {
        if let anchor { anchorsInProgress.insert(anchor) }
    }

    /// Hangs a finished node into its parent, or makes it the document.
    private mutating func finish(_ finished: Finished, anchor: String?) {
        if let anchor {
            anchors[anchor] = finished
            anchorsInProgress.remove(anchor)
        }
        guard !frames.isEmpty else {
            if root == nil { root = finished.node }
            return
        }
        let last = frames.count - 1
        frames[last].weight += finished.weight
        frames[last].height = max(frames[last].height, finished.height + 1)
        if !frames[last].isMapping {
            frames[last].items.append(finished.node)
            return
        }
        guard let pending = frames[last].pendingKey else {
            frames[last].pendingKey = key(for: finished.node, inFrame: last)
            return
        }
        frames[last].pendingKey = nil
        switch pending {
        case .key(let key, let keyLocation):
            frames[last].entries.append(YAMLMappingEntry(key: key, keyLocation: keyLocation, value: finished.node))
            if frames[last].keyIndex != nil {
                frames[last].keyIndex?[key] = keyLocation
            } else if frames[last].entries.count > Self.linearKeyScanLimit {
                var index: [String: SourceLocation] = [:]
                for entry in frames[last].entries { index[entry.key] = entry.keyLocation }
                frames[last].keyIndex = index
            }
        case .merge(let keyLocation):
            if Self.isMergeable(finished.node) {
                frames[last].merges.append((frames[last].entries.count, finished.node))
            } else {
                diagnostics.append(
                    .error(
                        "the merge key '<<' takes a mapping or a list of mappings (usually an alias such as "
                            + "'*defaults'), not \(finished.node.kindDescription)", at: keyLocation))
            }
        case .rejected:
            break
        }
    }

    /// The key `node` makes in the mapping of `frames[frameIndex]` (read in place: a copy of the frame retains
    /// every array it holds).
    private mutating func key(for node: YAMLNode, inFrame frameIndex: Int) -> PendingKey {
        guard let scalar = node.scalar else {
            diagnostics.append(
                .error(
                    "a mapping key must be a plain name, not \(node.kindDescription); YAML's complex keys have "
                        + "no meaning in a spec", at: node.location))
            return .rejected
        }
        if scalar.value == "<<" && scalar.style == .plain {
            return .merge(node.location)
        }
        let first =
            if let index = frames[frameIndex].keyIndex {
                index[scalar.value]
            } else {
                frames[frameIndex].entries.first {
                    $0.key.utf8.count == scalar.value.utf8.count && $0.key == scalar.value
                }?.keyLocation
            }
        if let first {
            diagnostics.append(
                .error(
                    "duplicate key '\(scalar.value)'; it is already defined at \(first.lineAndColumn) in this "
                        + "mapping: remove or rename one of them", at: node.location,
                    notes: [.init("'\(scalar.value)' is first defined here", at: first)]))
            return .rejected
        }
        return .key(scalar.value, node.location)
    }

    private static let linearKeyScanLimit = 8

    private static func isMergeable(_ node: YAMLNode) -> Bool {
        switch node.content {
        case .mapping: return true
        case .sequence(let items): return items.allSatisfy { $0.mappingEntries != nil }
        case .scalar: return false
        }
    }

    // MARK: Checks

    private static let scalarTags: Set<String> = [
        "!", "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    ]
    private static let sequenceTags: Set<String> = ["!", "tag:yaml.org,2002:seq"]
    private static let mappingTags: Set<String> = ["!", "tag:yaml.org,2002:map"]
    private static let coreTags: Set<String> = scalarTags.union(sequenceTags).union(mappingTags)

    /// Reports `tag` unless it is one `allowed`; nearly every node has none, which this answers inline.
    @inline(__always)
    private mutating func checkTag(_ tag: String?, on kind: String, allowed: Set<String>, at location: SourceLocation) {
        guard let tag, !allowed.contains(tag) else { return }
        reportTag(tag, on: kind, at: location)
    }

    @inline(never)
    private mutating func reportTag(_ tag: String, on kind: String, at location: SourceLocation) {
        let shown = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
        if Self.coreTags.contains(tag) {
            diagnostics.append(.error("the tag '\(shown)' does not fit \(kind); remove the tag", at: location))
        } else {
            diagnostics.append(
                .error(
                    "unsupported tag '\(shown)'; a spec uses plain YAML values (YAML's core schema), so remove "
                        + "the tag", at: location))
        }
    }

    /// Adds `nodes` to the expanded size; false (and stops) when the budget is spent. The check is inline, the
    /// report not.
    @inline(__always)
    private mutating func count(nodes: Int, at location: SourceLocation, alias: String? = nil) -> Bool {
        nodeCount += nodes
        guard nodeCount > limits.maximumNodeCount else { return true }
        return reportNodeBudgetSpent(at: location, alias: alias)
    }

    @inline(never)
    private mutating func reportNodeBudgetSpent(at location: SourceLocation, alias: String?) -> Bool {
        let cause = alias.map { " through alias '*\($0)'" } ?? ""
        fail(
            "the document expands to more than \(Self.grouped(limits.maximumNodeCount)) nodes\(cause); aliases that "
                + "multiply like this ('billion laughs') are refused", at: location)
        return false
    }

    private mutating func report(_ error: LibYAMLError) {
        switch error.kind {
        case .reader(var offset, let value):
            var byte = value >= 0 ? " (byte 0x\(Self.hex(value))" : ""
            if error.problem.contains("trailing"), let lead = leadByte(before: offset) {
                // libyaml points at the byte that broke the sequence; the user needs the character it started.
                byte += " after 0x\(Self.hex(Int32(text[lead])))"
                offset = lead
            }
            if !byte.isEmpty { byte += ")" }
            fail(
                "invalid text: \(error.problem)\(byte); a spec must be UTF-8 (or UTF-16 with a byte order mark)",
                at: position(ofByte: offset))
        case .syntax(let problemAt, let context, let contextAt):
            var message = "invalid YAML: \(error.problem)"
            if let context, let contextAt {
                message += " (\(context) at \(contextAt.line):\(contextAt.column))"
            }
            let indentation = indentation(ofLine: problemAt.line)
            if character(at: problemAt) == 0x09 || lineHasLeadingTab(problemAt.line) {
                message += "; indent with spaces: YAML does not allow tabs for indentation"
            } else if error.problem.contains("did not find expected key"), context?.contains("block mapping") == true,
                let contextAt, let indentation, indentation + 1 != contextAt.column
            {
                // libyaml names the mapping the line broke (its first key), which is a sibling, not the mistake.
                message =
                    "invalid YAML: line \(problemAt.line) is indented to column \(indentation + 1), but the keys of the "
                    + "mapping it is in start at column \(contextAt.column) (line \(contextAt.line)); indent it as "
                    + "far as the keys beside it, or one level further to put it under the key above"
            } else if error.problem.contains("mapping values are not allowed"), let indentation,
                let previous = previousContentLine(before: problemAt.line),
                let previousIndentation = self.indentation(ofLine: previous), indentation > previousIndentation,
                lineHasKeyWithValue(previous)
            {
                // `id: Int` then, indented further, `response: Story`: the second line continues the first's value.
                message +=
                    "; line \(problemAt.line) is indented further than line \(previous), so it reads as the rest of "
                    + "line \(previous)'s value rather than a key of its own: indent it as far as line \(previous) "
                    + "(or less, to put it under an outer key)"
            } else if context?.contains("flow") == true, let contextAt,
                linesContain("/{", from: contextAt.line, to: problemAt.line)
            {
                message += "; inside { … } a path with placeholders needs quotes: path: \"/items/{id}\""
            } else if error.problem.contains("mapping values are not allowed") {
                message +=
                    "; a text with ': ' in it (a description, a summary) reads as a new key: put the text in quotes, "
                    + "description: \"Creates: a thing\", or write it on the next lines after 'description: |'"
            }
            fail(message, at: problemAt)
        case .memory:
            fail("invalid YAML: libyaml ran out of memory (\(error.problem))", at: SourcePosition(line: 1, column: 1))
        }
    }

    private mutating func fail(_ message: String, at position: SourcePosition) {
        fail(message, at: location(position))
    }

    private mutating func fail(_ message: String, at location: SourceLocation) {
        diagnostics.append(.error(message, at: location))
        stopped = true
    }

    /// `2000000` as `2,000,000`.
    private static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    // MARK: Positions

    private func location(_ position: SourcePosition) -> SourceLocation {
        SourceLocation(file: fileName, line: position.line, column: position.column)
    }

    /// Line and column (in characters) of a byte offset, for libyaml's reader errors, which only give the offset.
    private func position(ofByte offset: Int) -> SourcePosition {
        var line = 1
        var column = 1
        for byte in text.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if !UTF8.isContinuation(byte) {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }

    /// Where the multi-byte sequence that the byte at `offset` continues (or fails to continue) begins.
    private func leadByte(before offset: Int) -> Int? {
        var index = min(offset, text.count) - 1
        while index >= 0 && UTF8.isContinuation(text[index]) { index -= 1 }
        return index >= 0 && text[index] >= 0xC0 ? index : nil
    }

    private static func hex(_ value: Int32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// The byte that starts the character at `position`, if it is ASCII.
    private func character(at position: SourcePosition) -> UInt8? {
        guard let start = lineStart(position.line) else { return nil }
        var column = 1
        var index = start
        while index < text.count && text[index] != 0x0A {
            if !UTF8.isContinuation(text[index]) {
                if column == position.column { return text[index] < 0x80 ? text[index] : nil }
                column += 1
            }
            index += 1
        }
        return nil
    }

    private func lineHasLeadingTab(_ line: Int) -> Bool {
        guard let start = lineStart(line) else { return false }
        for byte in text[start...] {
            if byte == 0x09 { return true }
            if byte != 0x20 { return false }
        }
        return false
    }

    /// How many spaces line `line` starts with; nil for a line that does not exist.
    private func indentation(ofLine line: Int) -> Int? {
        guard let start = lineStart(line) else { return nil }
        var count = 0
        while start + count < text.count, text[start + count] == 0x20 { count += 1 }
        return count
    }

    /// The nearest line before `line` with something other than spaces or a comment.
    private func previousContentLine(before line: Int) -> Int? {
        var candidate = line - 1
        while candidate >= 1 {
            if let start = lineStart(candidate) {
                let first = text[start...].first { $0 != 0x20 }
                if let first, first != 0x0A, first != 0x0D, first != UInt8(ascii: "#") { return candidate }
            }
            candidate -= 1
        }
        return nil
    }

    /// Whether line `line` is `key: value` with a value on the same line (not a key that opens a block).
    private func lineHasKeyWithValue(_ line: Int) -> Bool {
        guard let start = lineStart(line) else { return false }
        let end = text[start...].firstIndex(of: 0x0A) ?? text.count
        let content = text[start..<end].drop { $0 == 0x20 }
        guard let colon = content.firstIndex(of: UInt8(ascii: ":")), colon + 1 < end, text[colon + 1] == 0x20 else {
            return false
        }
        let value = text[(colon + 1)..<end].drop { $0 == 0x20 }
        return !value.isEmpty && value.first != UInt8(ascii: "#") && value.first != 0x0D
    }

    /// Whether the text of lines `first` through `last` contains `needle`.
    private func linesContain(_ needle: String, from first: Int, to last: Int) -> Bool {
        guard let start = lineStart(first) else { return false }
        let end = lineStart(last + 1).map { $0 } ?? text.count
        let pattern = Array(needle.utf8)
        guard end - start >= pattern.count else { return false }
        return (start...(end - pattern.count)).contains { Array(text[$0..<($0 + pattern.count)]) == pattern }
    }

    private func lineStart(_ line: Int) -> Int? {
        var current = 1
        var index = 0
        while current < line {
            guard let newline = text[index...].firstIndex(of: 0x0A) else { return nil }
            index = newline + 1
            current += 1
        }
        return index <= text.count ? index : nil
    }
}
