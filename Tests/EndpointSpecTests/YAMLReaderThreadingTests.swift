import EndpointSpec
import Foundation
import Testing

/// A large file is parsed by libyaml on a thread of its own while the tree is built on the caller's. These tests
/// force that path on every input (`parallelParsingSize: 0`) and check that it reads exactly what the sequential
/// path reads: the same tree, the same locations, the same diagnostics in the same order, including when a
/// problem stops the reader while the parser is batches ahead.
@Suite("YAMLReader, parsed on its own thread")
struct YAMLReaderThreadingTests {
    /// Reads `bytes` both ways and expects the same output.
    private func expectSameBothWays(_ bytes: [UInt8], limits: YAMLReader.Limits = YAMLReader.Limits()) {
        let sequential = YAMLReader(limits: limits, parallelParsingSize: .max).read(bytes, file: "t.yaml")
        let parallel = YAMLReader(limits: limits, parallelParsingSize: 0).read(bytes, file: "t.yaml")
        #expect(parallel.diagnostics == sequential.diagnostics)
        #expect(parallel.document.map(Self.dump) == sequential.document.map(Self.dump))
    }

    /// Everything a node holds, locations included, as text.
    private static func dump(_ node: YAMLNode) -> String {
        var out = ""
        dump(node, into: &out)
        return out
    }

    private static func dump(_ node: YAMLNode, into out: inout String) {
        let at = "@\(node.location.line):\(node.location.column)"
        switch node.content {
        case .scalar(let scalar):
            out += "s\(at)(\(scalar.style),\(scalar.value.debugDescription))"
        case .sequence(let items):
            out += "[\(at)"
            for item in items {
                dump(item, into: &out)
                out += ","
            }
            out += "]"
        case .mapping(let entries):
            out += "{\(at)"
            for entry in entries {
                out += "\(entry.key.debugDescription)@\(entry.keyLocation.line):\(entry.keyLocation.column)="
                dump(entry.value, into: &out)
                out += ","
            }
            out += "}"
        }
    }

    /// `count` mapping entries, enough events to fill many of the parser's batches.
    private static func manyEntries(_ count: Int, indent: String = "") -> String {
        (0..<count).map { "\(indent)key\($0): [value\($0), 'quoted \($0)', { n: \($0) }]\n" }.joined()
    }

    @Test("every spec fixture reads the same", arguments: Fixtures.invalidSpecNames())
    func invalidFixtures(name: String) throws {
        let url = Fixtures.invalidDirectory.appendingPathComponent("\(name).yaml")
        expectSameBothWays(Array(try Data(contentsOf: url)))
    }

    @Test("every example spec reads the same", arguments: Fixtures.exampleSpecNames())
    func exampleSpecs(name: String) throws {
        let url = Fixtures.specsDirectory.appendingPathComponent(name)
        expectSameBothWays(Array(try Data(contentsOf: url)))
    }

    @Test(
        "small and empty inputs read the same",
        arguments: ["", " \n", "# only a comment\n", "a: b\n", "- 1\n- 2\n", "a: b\n---\nc: d\n", "[unclosed\n"])
    func smallInputs(text: String) {
        expectSameBothWays(Array(text.utf8))
    }

    @Test("a large document reads the same")
    func largeDocument() {
        expectSameBothWays(Array(("root:\n" + Self.manyEntries(5_000, indent: "  ")).utf8))
    }

    @Test("a syntax error after many batches is reported the same, after everything before it")
    func lateSyntaxError() {
        let text = Self.manyEntries(5_000) + "broken: [unclosed\nnext: 1\n"
        expectSameBothWays(Array(text.utf8))
    }

    @Test("invalid UTF-8 after many batches is reported the same")
    func lateInvalidUTF8() {
        expectSameBothWays(Array(Self.manyEntries(3_000).utf8) + [0x6B, 0x3A, 0x20, 0xFF, 0xFE, 0x0A])
    }

    @Test("a problem early in a large file stops the reader the same while the parser is batches ahead")
    func earlyStop() {
        // Depth past the limit stops the reader at once; thousands of entries still follow for the parser.
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let text = "first: \(deep)\n" + Self.manyEntries(5_000)
        expectSameBothWays(Array(text.utf8))
        let budget = YAMLReader.Limits(maximumNodeCount: 100)
        expectSameBothWays(Array(Self.manyEntries(5_000).utf8), limits: budget)
    }

    @Test("duplicate keys throughout a large file are all reported, in order")
    func manyDuplicates() {
        let text = Self.manyEntries(2_000) + Self.manyEntries(2_000)
        expectSameBothWays(Array(text.utf8))
    }

    @Test("a second document after many batches is reported the same")
    func lateSecondDocument() {
        let text = Self.manyEntries(3_000) + "---\nsecond: 1\n"
        expectSameBothWays(Array(text.utf8))
    }

    @Test("a large billion-laughs file is refused the same")
    func billionLaughs() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<12 {
            text +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        expectSameBothWays(Array((Self.manyEntries(3_000) + text).utf8))
    }

    @Test("reading on a parser thread from many threads at once gives each the same result")
    func concurrentReaders() async {
        let bytes = Array(Self.manyEntries(2_000).utf8)
        let expected = YAMLReader(parallelParsingSize: .max).read(bytes, file: "t.yaml").document.map(Self.dump)
        // More readers than cores: each waits on its own parser thread, which must still get to run.
        let results = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<8 {
                group.addTask { YAMLReader(parallelParsingSize: 0).read(bytes, file: "t.yaml").document.map(Self.dump) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected && $0 != nil })
    }
}
