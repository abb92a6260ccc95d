/// Where each parameter of an endpoint travels, decided once for the validator and the translator: `in:` when
/// written, otherwise `path` for a name the path template mentions and `query` for the rest.
///
/// Built in one pass over the path and one over the parameters. A path with few placeholders is searched in turn,
/// which is cheaper than hashing names; from `hashedPlaceholderCount` on, names are hashed, so an endpoint with
/// thousands of path parameters still costs linear time.
package struct ParameterPlacement: Sendable {
    /// The location of each parameter, in the endpoint's order.
    package let locations: [Parameter.Location]
    /// The distinct `{placeholder}` names of the path, in order of first appearance.
    package let placeholderNames: [String]
    /// For each of `placeholderNames`, the index of the parameter that fills it (nil for none).
    package let pathParameterIndices: [Int?]
    /// The path's text around its placeholders: the text before each one as it appears, then the text after the
    /// last.
    package let literals: [String]
    /// For each placeholder as it appears (a name may appear twice), its index in `placeholderNames`.
    package let placeholderOrder: [Int]
    /// The position of each of `placeholderNames`, for a path with more than `hashedPlaceholderCount` placeholders.
    private let placeholderIndexByName: [String: Int]?

    /// Placeholders a path may have before their names are hashed rather than compared in turn.
    static let hashedPlaceholderCount = 16

    /// The placement for `endpoint`, reading its path template once.
    package init(_ endpoint: Endpoint) {
        self.init(endpoint, template: PathTemplate(endpoint.path.value))
    }

    init(_ endpoint: Endpoint, template: PathTemplate) {
        var names: [String] = []
        var order: [Int] = []
        order.reserveCapacity(template.placeholders.count)
        var indexByName: [String: Int]? = template.placeholders.count > Self.hashedPlaceholderCount ? [:] : nil
        for placeholder in template.placeholders {
            if let existing = Self.index(of: placeholder.name, in: names, indexByName) {
                order.append(existing)
                continue
            }
            indexByName?[placeholder.name] = names.count
            order.append(names.count)
            names.append(placeholder.name)
        }
        placeholderNames = names
        placeholderOrder = order
        literals = template.literals
        placeholderIndexByName = indexByName

        var locations: [Parameter.Location] = []
        locations.reserveCapacity(endpoint.parameters.count)
        var pathParameterIndices = [Int?](repeating: nil, count: names.count)
        // By index, reading two fields of each parameter rather than copying it.
        for index in endpoint.parameters.indices {
            let placeholder = Self.index(of: endpoint.parameters[index].wireName, in: names, indexByName)
            let location = endpoint.parameters[index].location?.value ?? (placeholder != nil ? .path : .query)
            locations.append(location)
            if location == .path, let placeholder, pathParameterIndices[placeholder] == nil {
                pathParameterIndices[placeholder] = index
            }
        }
        self.locations = locations
        self.pathParameterIndices = pathParameterIndices
    }

    /// Whether the path has a `{name}` placeholder.
    func isPlaceholder(_ name: String) -> Bool {
        Self.index(of: name, in: placeholderNames, placeholderIndexByName) != nil
    }

    /// The position of `name` in `names`, through `indexByName` when there is one.
    private static func index(of name: String, in names: [String], _ indexByName: [String: Int]?) -> Int? {
        if let indexByName { return indexByName[name] }
        return names.firstIndex(of: name)
    }
}
