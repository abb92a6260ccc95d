/// Where each parameter of an endpoint travels, decided once for the validator and the translator: `in:` when
/// written, otherwise `path` for a name the path template mentions and `query` for the rest.
///
/// Built in one pass over the path and one over the parameters, with hash lookups, so an endpoint with
/// thousands of parameters costs linear time.
package struct ParameterPlacement: Sendable {
    /// The location of each parameter, in the endpoint's order.
    package let locations: [Parameter.Location]
    /// The distinct `{placeholder}` names of the path, in order of first appearance.
    package let placeholderNames: [String]
    /// For each of `placeholderNames`, the index of the parameter that fills it (nil for none).
    package let pathParameterIndices: [Int?]
    /// `placeholderNames` as a set.
    let placeholderSet: Set<String>

    /// The placement for `endpoint`, reading its path template once.
    package init(_ endpoint: Endpoint) {
        self.init(endpoint, template: PathTemplate(endpoint.path.value))
    }

    init(_ endpoint: Endpoint, template: PathTemplate) {
        var names: [String] = []
        var seen: Set<String> = []
        for placeholder in template.placeholders where seen.insert(placeholder.name).inserted {
            names.append(placeholder.name)
        }
        var locations: [Parameter.Location] = []
        locations.reserveCapacity(endpoint.parameters.count)
        var pathParameterByName: [String: Int] = [:]
        for (index, parameter) in endpoint.parameters.enumerated() {
            let location = parameter.location?.value ?? (seen.contains(parameter.wireName) ? .path : .query)
            locations.append(location)
            if location == .path, seen.contains(parameter.wireName), pathParameterByName[parameter.wireName] == nil {
                pathParameterByName[parameter.wireName] = index
            }
        }
        self.locations = locations
        self.placeholderNames = names
        self.pathParameterIndices = names.map { pathParameterByName[$0] }
        self.placeholderSet = seen
    }
}
