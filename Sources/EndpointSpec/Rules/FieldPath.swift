/// A dotted path of property names into a response model (`cursors.after`), checked once against the models:
/// where paging finds a next URL or a cursor. The validator reports its problem; the resolver keeps its steps.
package struct FieldPath: Sendable, Hashable {
    /// One property access.
    package struct Step: Sendable, Hashable {
        /// The property's name in the spec (its Swift name before identifier rules apply).
        package var name: String
        /// Whether the value it is read from may be nil, so Swift reaches it with `?.`.
        package var receiverIsOptional: Bool
    }

    /// The accesses, outermost first.
    package var steps: [Step]
    /// The last property's type.
    package var type: TypeExpression

    /// The path `path` into values of `root`, or why it does not lead anywhere.
    package static func resolve(
        _ path: String, from root: TypeExpression, models: [String: ModelDefinition]
    ) -> Result<FieldPath, Problem> {
        var steps: [Step] = []
        var current = root
        for segment in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            let reached = steps.isEmpty ? "the response" : "'\(steps.map(\.name).joined(separator: "."))'"
            guard case .model(let name) = current.unwrapped, let model = models[name], case .object = model.kind
            else {
                return .failure(Problem(message: "\(reached) is '\(current)', not a model with properties"))
            }
            let properties = ModelComposition.properties(of: model, models: models)
            guard let property = properties.first(where: { $0.name.value == segment }),
                let type = property.type.expression
            else {
                let names = properties.map(\.name.value)
                let hint =
                    NameSuggester.suggestion(for: segment, among: names).map { "did you mean '\($0)'?" }
                    ?? "its properties are \(names.joined(separator: ", "))"
                return .failure(Problem(message: "model '\(name)' has no property '\(segment)'; \(hint)"))
            }
            steps.append(Step(name: segment, receiverIsOptional: current.isOptional))
            current = type
        }
        return .success(FieldPath(steps: steps, type: current))
    }

    /// `data.id` for paging by the last item: the path to a list (`data`), then the path of a field inside its
    /// elements (`id`); the list is the first property on the way whose type is a list.
    package static func resolveLastItem(
        _ path: String, from root: TypeExpression, models: [String: ModelDefinition]
    ) -> Result<(list: FieldPath, field: FieldPath), Problem> {
        let segments = path.split(separator: ".", omittingEmptySubsequences: false)
        for count in 1..<max(1, segments.count) {
            let prefix = segments[..<count].joined(separator: ".")
            switch resolve(prefix, from: root, models: models) {
            case .failure(let problem):
                return .failure(problem)
            case .success(let list):
                guard case .array(let element) = list.type.unwrapped else { continue }
                return resolve(segments[count...].joined(separator: "."), from: element, models: models).map {
                    (list, $0)
                }
            }
        }
        return .failure(
            Problem(
                message: "'\(path)' reaches no list before its last name; write the list property, then the field of "
                    + "its elements, such as 'data.id'"))
    }

    /// Why a path does not resolve.
    package struct Problem: Error, Sendable, Hashable {
        package var message: String
    }
}
