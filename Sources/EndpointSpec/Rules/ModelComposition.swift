/// `extends`: the one rule for which properties an object model has, used by the validator (to check them as
/// one list) and the resolver (to record them).
package enum ModelComposition {
    /// The properties of `model`: those of the models it extends first, depth-first in the order written, each
    /// model once (a diamond contributes its base once), then its own. A cycle, reported by the validator, ends
    /// the walk instead of looping.
    package static func properties(of model: ModelDefinition, models: [String: ModelDefinition]) -> [Property] {
        guard case .object(let own) = model.kind else { return [] }
        guard !model.extends.isEmpty else { return own }
        var visited: Set<String> = [model.name.value]
        var result: [Property] = []
        // An explicit stack, so a long chain of `extends` cannot exhaust the call stack.
        var stack: [(model: ModelDefinition, next: Int)] = [(model, 0)]
        while let top = stack.popLast() {
            if top.next < top.model.extends.count {
                stack.append((top.model, top.next + 1))
                let name = top.model.extends[top.next].value
                guard let base = models[name], case .object = base.kind, visited.insert(name).inserted else { continue }
                stack.append((base, 0))
            } else if case .object(let properties) = top.model.kind {
                result += properties
            }
        }
        return result
    }
}
