/// A directed graph over names: the `includes` relation between scopes (which scopes a token of one scope may act
/// as), and the references between models (to find the cycles that need boxing).
///
/// Both algorithms are iterative, so a hostile spec with a very long chain of scopes cannot exhaust the stack.
package struct NameGraph: Sendable {
    /// Scope names in the spec's order.
    package let names: [String]
    /// For each scope (by index), the indices of the scopes it includes directly, known ones only.
    package let edges: [[Int]]

    /// A graph over any names: `edges[i]` lists the indices `names[i]` points to.
    package init(names: [String], edges: [[Int]]) {
        self.names = names
        self.edges = edges
    }

    /// A graph over any names, `targets[i]` naming what `names[i]` points to; a repeated name stands for its
    /// first place, and names that are not among `names` are left out (they are reported on their own).
    package init(names: [String], targets: [[String]]) {
        var index: [String: Int] = [:]
        for (offset, name) in names.enumerated() where index[name] == nil { index[name] = offset }
        self.init(names: names, edges: targets.map { $0.compactMap { index[$0] } })
    }

    package init(_ scopes: [ScopeDefinition]) {
        self.init(names: scopes.map(\.name.value), targets: scopes.map { $0.includes.map(\.value) })
    }

    /// Every scope reachable from scope `start` through `includes`, itself included, in breadth-first order.
    package func closure(of start: Int) -> [Int] {
        var seen = [Bool](repeating: false, count: names.count)
        var order = [start]
        seen[start] = true
        var next = 0
        while next < order.count {
            for target in edges[order[next]] where !seen[target] {
                seen[target] = true
                order.append(target)
            }
            next += 1
        }
        return order
    }

    /// The groups of scopes that include one another, each in the spec's order; a scope that includes itself
    /// forms a group of one. Found with Tarjan's strongly connected components, without recursion.
    package func cycles() -> [[Int]] {
        var indexOf = [Int](repeating: -1, count: names.count)
        var lowLink = [Int](repeating: 0, count: names.count)
        var onStack = [Bool](repeating: false, count: names.count)
        var stack: [Int] = []
        var counter = 0
        var result: [[Int]] = []

        for root in names.indices where indexOf[root] == -1 {
            // Each frame is a scope and how many of its edges have been followed.
            var work: [(node: Int, edge: Int)] = [(root, 0)]
            indexOf[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let (node, edge) = work.last {
                if edge < edges[node].count {
                    work[work.count - 1].edge += 1
                    let target = edges[node][edge]
                    if indexOf[target] == -1 {
                        indexOf[target] = counter
                        lowLink[target] = counter
                        counter += 1
                        stack.append(target)
                        onStack[target] = true
                        work.append((target, 0))
                    } else if onStack[target] {
                        lowLink[node] = min(lowLink[node], indexOf[target])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == indexOf[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                if component.count > 1 || edges[node].contains(node) {
                    result.append(component.sorted())
                }
            }
        }
        return result.sorted { $0[0] < $1[0] }
    }
}
