/// Scope checks: known includes, no include cycles.
extension SpecValidator {
    /// Cycles through more scopes than this are shown shortened.
    static let namesShownPerCycle = 10

    mutating func checkScopes() {
        for scope in spec.scopes {
            for include in scope.includes where !scopeNames.contains(include.value) {
                diagnostics.error(
                    "scope '\(scope.name.value)' includes unknown scope '\(include.value)'"
                        + suggestionHint(for: include.value, among: spec.scopes.lazy.map(\.name.value)),
                    at: include.location)
            }
        }
        let graph = ScopeGraph(spec.scopes)
        for cycle in graph.cycles() {
            let scopes = cycle.map { spec.scopes[$0] }
            guard scopes.count > 1 else {
                let scope = scopes[0]
                let include = scope.includes.first { $0.value == scope.name.value }
                diagnostics.error(
                    "scope '\(scope.name.value)' includes itself; remove it from its own 'includes'",
                    at: include?.location ?? scope.name.location)
                continue
            }
            let members = Set(scopes.map(\.name.value))
            var path = loop(through: cycle, in: graph).map { "'\(spec.scopes[$0].name.value)'" }
            if path.count > Self.namesShownPerCycle + 1 {
                let hidden = path.count - Self.namesShownPerCycle - 1
                path = path.prefix(Self.namesShownPerCycle) + ["… (\(hidden) more)", path[path.count - 1]]
            }
            // Report at the first include (in file order) that stays inside the cycle.
            let closing = scopes.flatMap(\.includes).filter { members.contains($0.value) }.min {
                $0.location < $1.location
            }
            diagnostics.error(
                "scopes \(path.joined(separator: " → ")) include each other in a cycle; a scope cannot include "
                    + "itself through others, so remove one of these includes",
                at: closing?.location ?? scopes[0].name.location,
                notes: scopes.prefix(Self.namesShownPerCycle).map {
                    .init("scope '\($0.name.value)' is on the cycle", at: $0.name.location)
                })
        }
    }

    /// A walk around a cycle that starts and ends at its first scope, following includes within the cycle.
    private func loop(through cycle: [Int], in graph: ScopeGraph) -> [Int] {
        let members = Set(cycle)
        let start = cycle[0]
        // Breadth-first search back to `start`, so the loop shown is a shortest one.
        var previous: [Int: Int] = [:]
        var queue = [start]
        var next = 0
        while next < queue.count {
            let node = queue[next]
            next += 1
            for target in graph.edges[node] where members.contains(target) {
                if target == start {
                    var walk = [start]
                    var current = node
                    while current != start {
                        walk.append(current)
                        current = previous[current] ?? start
                    }
                    return [start] + walk.dropFirst().reversed() + [start]
                }
                if previous[target] == nil {
                    previous[target] = node
                    queue.append(target)
                }
            }
        }
        return cycle + [start]
    }
}
