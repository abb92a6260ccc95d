import TestSupport
import Testing

@testable import EndpointSpec

@Suite("Scope graph")
struct NameGraphTests {
    private func scopes(_ pairs: [(String, [String])]) -> [ScopeDefinition] {
        let here = SourceLocation(file: "t.yaml", line: 1, column: 1)
        return pairs.map {
            ScopeDefinition(name: Located($0.0, at: here), includes: $0.1.map { Located($0, at: here) })
        }
    }

    @Test("closure follows includes transitively through a diamond, each scope once")
    func diamond() {
        let graph = NameGraph(
            scopes([
                ("Guest", []), ("Customer", ["Guest"]), ("Support", ["Guest"]), ("Admin", ["Customer", "Support"]),
            ]))
        #expect(graph.closure(of: 3).map { graph.names[$0] } == ["Admin", "Customer", "Support", "Guest"])
        #expect(graph.cycles().isEmpty)
    }

    @Test("cycles are found, one group per cycle, self-includes too")
    func cycles() {
        let graph = NameGraph(scopes([("A", ["B"]), ("B", ["C"]), ("C", ["A"]), ("D", ["D"]), ("E", ["A"])]))
        #expect(graph.cycles() == [[0, 1, 2], [3]])
    }

    @Test("a chain of 100,000 scopes neither overflows the stack nor loops")
    func longChain() async {
        let count = 100_000
        var pairs: [(String, [String])] = (0..<count).map { ("S\($0)", ["S\($0 + 1)"]) }
        pairs[count - 1].1 = ["S0"]
        let scopes = scopes(pairs)
        let (cycleLength, closureSize) = await OwnThread.run {
            let graph = NameGraph(scopes)
            return (graph.cycles().first?.count, graph.closure(of: 0).count)
        }
        #expect(cycleLength == count)
        #expect(closureSize == count)
    }
}
