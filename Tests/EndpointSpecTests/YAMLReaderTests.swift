import EndpointSpec
import Testing

@Suite("YAMLReader")
struct YAMLReaderTests {
    private func read(_ text: String, limits: YAMLReader.Limits = YAMLReader.Limits()) -> YAMLReader.Output {
        YAMLReader(limits: limits).read(text, file: "t.yaml")
    }

    private func document(_ text: String) throws -> YAMLNode {
        let output = read(text)
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        return try #require(output.document)
    }

    @Test("mappings keep document order and every node knows its 1-based line and column")
    func orderAndLocations() throws {
        let root = try document("zeta: 1\nalpha:\n  - x\n  - { y: z }\n")
        let entries = try #require(root.mappingEntries)
        #expect(entries.map(\.key) == ["zeta", "alpha"])
        #expect(entries[0].keyLocation == SourceLocation(file: "t.yaml", line: 1, column: 1))
        #expect(entries[0].value.location == SourceLocation(file: "t.yaml", line: 1, column: 7))
        let items = try #require(entries[1].value.sequenceItems)
        #expect(items[0].location == SourceLocation(file: "t.yaml", line: 3, column: 5))
        let inner = try #require(items[1].mappingEntries)
        #expect(inner[0].keyLocation == SourceLocation(file: "t.yaml", line: 4, column: 7))
        #expect(inner[0].value.scalar?.value == "z")
    }

    @Test("a location holds lines and columns up to 2³² − 1, and clamps beyond, in the order they sort")
    func locationBounds() {
        let largest = Int(UInt32.max)
        let far = SourceLocation(file: "t.yaml", line: largest, column: largest)
        #expect(far.line == largest && far.column == largest)
        #expect(far.description == "t.yaml:\(largest):\(largest)")
        // Beyond what a file within any reader limit can have: held at the largest, never wrapped or trapped.
        var beyond = SourceLocation(file: "t.yaml", line: largest + 1, column: Int.max)
        #expect(beyond == far)
        beyond.line = -1
        #expect(beyond.line == 0)
        #expect(SourceLocation(file: "t.yaml", line: 2, column: 1) < SourceLocation(file: "t.yaml", line: 2, column: 9))
        #expect(SourceLocation(file: "t.yaml", line: 2, column: 9) < SourceLocation(file: "t.yaml", line: 3, column: 1))
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() throws {
        let root = try document("név: é\nx: [ü, ö]\n")
        let entries = try #require(root.mappingEntries)
        #expect(entries[0].value.location.column == 6)
        #expect(entries[1].value.sequenceItems?[1].location.column == 8)
    }

    @Test(
        "scalar styles are kept",
        arguments: [
            ("a: plain", YAMLScalar.Style.plain, "plain"),
            ("a: 'single'", .singleQuoted, "single"),
            ("a: \"dou\\tble\"", .doubleQuoted, "dou\tble"),
            ("a: |\n  line\n", .literal, "line\n"),
            ("a: >\n  folded\n  text\n", .folded, "folded text\n"),
        ])
    func scalarStyles(text: String, style: YAMLScalar.Style, value: String) throws {
        let scalar = try #require(try document(text).mappingEntries?.first?.value.scalar)
        #expect(scalar.style == style)
        #expect(scalar.value == value)
    }

    @Test(
        "YAML 1.1 booleans, numbers and nulls stay text",
        arguments: ["on", "no", "yes", "off", "1e3", "0x1F", "~", "null", "012", ".inf"])
    func scalarsStayText(value: String) throws {
        let scalar = try #require(try document("v: \(value)").mappingEntries?.first?.value.scalar)
        #expect(scalar.value == value)
    }

    @Test("isNull is true only for plain empty, ~ and null")
    func nulls() throws {
        let entries = try #require(try document("a:\nb: ~\nc: null\nd: 'null'\ne: \"\"\n").mappingEntries)
        #expect(entries.map(\.value.isNull) == [true, true, true, false, false])
    }

    @Test("anchors and aliases share the node; merge keys merge, explicit keys win")
    func aliasesAndMerges() throws {
        let root = try document(
            """
            base: &base { method: GET, path: /a }
            extra: &extra { summary: s, path: /extra }
            copy: *base
            merged:
              <<: [*base, *extra]
              path: /b
            """)
        let entries = try #require(root.mappingEntries)
        #expect(entries[2].value.mappingEntries?.map(\.key) == ["method", "path"])
        let merged = try #require(entries[3].value.mappingEntries)
        #expect(merged.map(\.key) == ["method", "summary", "path"])
        #expect(merged.first { $0.key == "path" }?.value.scalar?.value == "/b")
        #expect(merged.first { $0.key == "method" }?.value.location.line == 1)
    }

    @Test("a quoted '<<' is an ordinary key")
    func quotedMergeKey() throws {
        let root = try document("'<<': x\n")
        #expect(root.mappingEntries?.first?.key == "<<")
    }

    @Test("core-schema tags are accepted")
    func coreTags() throws {
        let root = try document("a: !!str 1\nb: !!map {}\nc: !!seq []\nd: ! x\n")
        // The scalars stay text, tagged or not.
        #expect(root.mappingEntries?.map { $0.value.scalar?.value } == ["1", nil, nil, "x"])
    }

    @Test("a billion laughs is refused quickly, whatever its depth of multiplication")
    func billionLaughs() throws {
        var text = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...30 {
            let alias = "*l\(level - 1)"
            text += "l\(level): &l\(level) [\(Array(repeating: alias, count: 10).joined(separator: ", "))]\n"
        }
        let output = read(text)
        #expect(output.document == nil)
        #expect(output.diagnostics.count == 1)
        #expect(output.diagnostics[0].message.contains("more than 2,000,000 nodes"))
        #expect(output.diagnostics[0].location.line == 7)
    }

    @Test("the node budget counts the whole expanded document")
    func nodeBudget() throws {
        let limits = YAMLReader.Limits(maximumNodeCount: 10)
        #expect(read("[1, 2, 3, 4, 5]", limits: limits).document != nil)
        let output = read("a: &a [1, 2, 3, 4, 5]\nb: *a\n", limits: limits)
        #expect(output.document == nil)
        #expect(output.diagnostics.first?.message.contains("through alias '*a'") == true)
    }

    @Test("100,000 levels of nesting are an error, not a stack overflow")
    func deepNesting() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let output = read(text)
        #expect(output.document == nil)
        #expect(
            output.diagnostics.map(\.description) == [
                "t.yaml:1:513: error: the document nests deeper than 512 levels; a spec never needs that, so the file is refused"
            ])
    }

    @Test("aliases cannot build depth past the limit")
    func aliasDepth() throws {
        var text = "a0: &a0 x\n"
        for level in 1...600 { text += "a\(level): &a\(level) [*a\(level - 1)]\n" }
        let output = read(text)
        #expect(output.document == nil)
        #expect(output.diagnostics.first?.message.contains("makes the document nest deeper than 512 levels") == true)
    }

    @Test("nesting just inside the limit is fine")
    func nestingAtLimit() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(read(text).diagnostics.isEmpty)
    }

    @Test("several duplicate keys are all reported, each naming the first")
    func duplicateKeys() throws {
        let output = read("a: 1\nb: 2\na: 3\nb: 4\n")
        #expect(output.diagnostics.map(\.location.line) == [3, 4])
        #expect(output.diagnostics.allSatisfy { $0.notes.count == 1 })
        // The first value is kept.
        #expect(output.document?.mappingEntries?.map(\.value.scalar?.value) == ["1", "2"])
    }

    @Test("a BOM-marked UTF-16 file reads like UTF-8")
    func utf16() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "a: é\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let output = YAMLReader().read(bytes, file: "t.yaml")
        #expect(output.diagnostics.isEmpty)
        #expect(output.document?.mappingEntries?.first?.value.scalar?.value == "é")
    }

    @Test("an explicit '---' with one document is fine; '...' too")
    func explicitDocumentMarkers() throws {
        #expect(read("---\na: 1\n...\n").diagnostics.isEmpty)
    }

    @Test("a NUL byte or control character is reported by libyaml with its position")
    func controlCharacters() throws {
        let output = YAMLReader().read(Array("a: b\n".utf8) + [0x01], file: "t.yaml")
        #expect(output.document == nil)
        #expect(output.diagnostics.first?.location.line == 2)
    }
}
