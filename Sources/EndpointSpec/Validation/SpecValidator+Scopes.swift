import HTTPRules

/// Scope checks: known includes, no include cycles.
extension SpecValidator {
    /// Cycles through more scopes than this are shown shortened.
    static let namesShownPerCycle = 10

    mutating func checkScopes() {
        for scope in spec.scopes {
            if let auth = scope.auth, case .apiKey(let name, let location) = auth.value {
                checkAPIKeyName(name, in: location, of: "scope '\(scope.name.value)'")
            }
            for include in scope.includes where !scopeNames.contains(include.value) {
                let suggestion = suggestionHint(for: include.value, among: spec.scopes.lazy.map(\.name.value))
                diagnostics.error(
                    "scope '\(scope.name.value)' includes unknown scope '\(include.value)'"
                        + (suggestion.isEmpty ? declaredScopesHint(adding: include.value) : suggestion),
                    at: include.location)
            }
        }
        let graph = NameGraph(spec.scopes)
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

    /// An API key's header, query item or cookie name must be able to travel as one.
    private mutating func checkAPIKeyName(_ name: Located<String>, in location: ScopeAuth.KeyLocation, of owner: String)
    {
        switch location {
        case .header:
            if let problem = HTTPFieldName.problem(with: name.value) {
                diagnostics.error("the API key header of \(owner) cannot be sent: \(problem)", at: name.location)
            }
        case .cookie:
            // A cookie's name is an RFC 6265 token, the same characters as a header name.
            if !HTTPRules.isToken(name.value) {
                diagnostics.error(
                    "the API key cookie of \(owner) is named '\(name.value)', which is not a cookie name; use "
                        + "letters, digits and !#$%&'*+-.^_`|~ only (RFC 6265)", at: name.location)
            }
        case .query:
            if name.value.isEmpty {
                diagnostics.error("the API key query item of \(owner) has an empty name", at: name.location)
            }
        }
    }

    /// Every scope an endpoint names exists, none twice, and `anyOf` offers a real choice.
    mutating func checkScopeRequirement(_ requirement: ScopeRequirement, of subject: String) {
        // Most endpoints name one scope: nothing to compare it with.
        if requirement.names.count == 1, requirement.kind == .allOf, let name = requirement.names.first {
            if !scopeNames.contains(name.value) { reportUnknownScope(name, of: subject) }
            return
        }
        var seen: [String: Located<String>] = [:]
        for name in requirement.names {
            if !scopeNames.contains(name.value) { reportUnknownScope(name, of: subject) }
            if let earlier = seen[name.value] {
                diagnostics.error(
                    "scope '\(name.value)' is named twice for \(subject); it is already listed at "
                        + "\(earlier.location.lineAndColumn)", at: name.location)
            } else {
                seen[name.value] = name
            }
        }
        guard requirement.kind == .anyOf else { return }
        if seen.count < 2 {
            diagnostics.error(
                "'anyOf' of \(subject) offers no choice; list two or more scopes, or write 'scope: Name'",
                at: requirement.location)
            return
        }
    }

    /// Each `anyOf` becomes the access protocol `AOrB`, beside the scopes' own protocols: no two different choices
    /// and no scope may give the same name. One pass over the endpoints in order, after they were checked one by one
    /// (perhaps on several cores), so the first of two clashing choices is the one kept.
    mutating func checkScopeChoiceNames() {
        var choices: [String: Set<String>] = [:]
        let scopeTypeNames = Set(spec.scopes.map { SwiftName.typeName($0.name.value) })
        for namespace in spec.namespaces {
            for endpoint in namespace.endpoints {
                guard let requirement = endpoint.scope, requirement.kind == .anyOf else { continue }
                let members = Set(requirement.names.map(\.value))
                guard members.count >= 2 else { continue }
                let subject = "endpoint '\(endpoint.qualifiedName)'"
                let name = ResolvedScopeChoice(names: requirement.names.map(\.value)).protocolName
                if let other = choices[name], other != members {
                    diagnostics.error(
                        "'anyOf' of \(subject) would be declared as 'Access.\(name)', like another choice of other "
                            + "scopes; rename a scope", at: requirement.location)
                } else if scopeTypeNames.contains(name) {
                    diagnostics.error(
                        "'anyOf' of \(subject) would be declared as 'Access.\(name)', the name of a scope's own "
                            + "protocol; rename that scope", at: requirement.location)
                }
                choices[name] = members
            }
        }
    }

    private mutating func reportUnknownScope(_ name: Located<String>, of subject: String) {
        var hint =
            scopeNames.isEmpty
            ? "; define it under 'scopes' at the top of the spec"
            : suggestionHint(for: name.value, among: spec.scopes.lazy.map(\.name.value))
        if hint.isEmpty { hint = declaredScopesHint(adding: name.value) }
        diagnostics.error("unknown scope '\(name.value)' for \(subject)\(hint)", at: name.location)
    }

    /// "; the spec declares the scopes Guest and Customer: use one of them, or declare 'Admin' under 'scopes'":
    /// for a name close to none of them, so the reader sees what there is. At most ten names are listed.
    func declaredScopesHint(adding name: String) -> String {
        let names = spec.scopes.map { "'\($0.name.value)'" }
        let shown: String
        if names.count > 10 {
            shown = names.prefix(10).joined(separator: ", ") + " and \(names.count - 10) more"
        } else if names.count == 1 {
            shown = names[0]
        } else {
            shown = names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        }
        let (scopes, use) = names.count == 1 ? ("the scope", "use it") : ("the scopes", "use one of them")
        return "; the spec declares \(scopes) \(shown): \(use), or declare '\(name)' under 'scopes'"
    }

    /// A walk around a cycle that starts and ends at its first scope, following includes within the cycle.
    private func loop(through cycle: [Int], in graph: NameGraph) -> [Int] {
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
