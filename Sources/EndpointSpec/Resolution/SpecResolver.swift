import EndpointGenSupport

/// Turns a spec that validation found free of errors into a ``ResolvedSpec``: the stage between validation and
/// translation. It decides nothing validation has not checked; it records the decisions (a parameter's location
/// through ``ParameterPlacement``, the path's placeholder order, a body's shape) so that no later stage makes
/// them again.
package enum SpecResolver {
    /// Specs with at least this many endpoints are resolved on every core.
    static let parallelEndpointCount = 128

    /// What one chunk of a parallel resolution resolved: the models (chunk 0) or a run of namespaces.
    private struct ResolvedPart: Sendable {
        var models: [ResolvedModel]
        var namespaces: [ResolvedNamespace]
        /// Whether every type in the chunk resolved.
        var complete: Bool
    }

    /// The resolved spec, or nil when `spec` still has a type that did not parse (validation reports it).
    ///
    /// A big spec resolves its models and its namespaces in chunks on every core (a spec that validated has no
    /// cycles left to follow, and each chunk keeps its own results); the "any of" scope choices are then numbered
    /// in one pass in spec order, so the result is the same on any number of cores.
    package static func resolve(_ spec: Spec) -> ResolvedSpec? {
        let resolution = Resolution(spec)
        var models: [ResolvedModel]
        var namespaces: [ResolvedNamespace]
        var complete: Bool
        let endpointCount = spec.endpointCount
        if availableCores > 1, endpointCount >= Self.parallelEndpointCount {
            // Chunk 0 is the models; the others are runs of whole namespaces of about `chunkSize` endpoints.
            let chunkSize = max(32, endpointCount / 16)
            var runs: [Range<Int>] = []
            var start = 0
            var size = 0
            for (index, namespace) in spec.namespaces.enumerated() {
                size += namespace.endpoints.count
                if size >= chunkSize {
                    runs.append(start..<index + 1)
                    start = index + 1
                    size = 0
                }
            }
            if start < spec.namespaces.count { runs.append(start..<spec.namespaces.count) }
            let parts = mapChunks(runs.count + 1) { [runs] chunk in
                var part = resolution
                if chunk == 0 {
                    let models = spec.models.map { part.model($0) }
                    return ResolvedPart(models: models, namespaces: [], complete: part.complete)
                }
                let namespaces = spec.namespaces[runs[chunk - 1]].map { part.namespace($0) }
                return ResolvedPart(models: [], namespaces: namespaces, complete: part.complete)
            }
            models = parts[0].models
            namespaces = parts.dropFirst().flatMap(\.namespaces)
            complete = parts.allSatisfy(\.complete)
        } else {
            var whole = resolution
            models = spec.models.map { whole.model($0) }
            namespaces = spec.namespaces.map { whole.namespace($0) }
            complete = whole.complete
        }

        // Each distinct "any of" set once, keyed by its members whatever their order, numbered in spec order.
        var choices: [ResolvedScopeChoice] = []
        var choiceIndex: [Set<String>: Int] = [:]
        for namespace in namespaces.indices {
            for endpoint in namespaces[namespace].endpoints.indices {
                guard case .anyOf(let names, _)? = namespaces[namespace].endpoints[endpoint].access else { continue }
                let key = Set(names)
                let index: Int
                if let known = choiceIndex[key] {
                    index = known
                } else {
                    choices.append(ResolvedScopeChoice(names: names))
                    index = choices.count - 1
                    choiceIndex[key] = index
                }
                namespaces[namespace].endpoints[endpoint].access = .anyOf(names, choice: index)
            }
        }
        var scopes = spec.scopes.map {
            ResolvedScope(
                name: $0.name, includes: $0.includes, description: $0.description, auth: $0.auth?.value ?? .bearer)
        }
        let scopeIndex = Dictionary(scopes.enumerated().map { ($1.name.value, $0) }, uniquingKeysWith: { a, _ in a })
        for (index, choice) in choices.enumerated() {
            for name in choice.names { if let scope = scopeIndex[name] { scopes[scope].choices.append(index) } }
        }
        Self.boxRecursiveProperties(in: &models)
        var errorResolution = resolution
        let apiErrors = errorResolution.errors(spec.errors)
        Self.markErrorModels(in: &models, errors: apiErrors, namespaces: namespaces)
        var resolved = ResolvedSpec(
            file: spec.file, api: spec.api, baseURL: spec.baseURL, description: spec.description,
            scopes: scopes, errors: apiErrors, models: models, namespaces: namespaces)
        resolved.scopeChoices = choices
        resolved.constantHeaders = resolution.apiHeaders
        resolved.servers = spec.servers.map {
            ResolvedServer(name: $0.name, url: $0.url, swiftName: SwiftName.memberName($0.name.value))
        }
        return complete && errorResolution.complete ? resolved : nil
    }
}

extension SpecResolver {
    /// Marks ``ResolvedProperty/isBoxed`` on each property that refers directly (not through a list or a
    /// dictionary) to a model on the same cycle, so the models on a cycle have a size.
    static func boxRecursiveProperties(in models: inout [ResolvedModel]) {
        let references = models.map(directReferences(of:))
        let graph = NameGraph(names: models.map(\.name.value), targets: references.map { $0.map(\.target) })
        for cycle in graph.cycles() {
            let members = Set(cycle.map { models[$0].name.value })
            for member in cycle {
                guard case .object(var properties) = models[member].kind else { continue }
                for reference in references[member] where members.contains(reference.target) {
                    properties[reference.index].isBoxed = true
                }
                models[member].kind = .object(properties)
            }
        }
    }

    /// Marks ``ResolvedModel/isErrorModel`` on the models an error response decodes into, the API's or an
    /// endpoint's.
    static func markErrorModels(
        in models: inout [ResolvedModel], errors: [ResolvedError], namespaces: [ResolvedNamespace]
    ) {
        var names = Set(errors.compactMap { $0.type.modelNames.first })
        for namespace in namespaces {
            for endpoint in namespace.endpoints {
                for error in endpoint.errors { if let model = error.type.modelNames.first { names.insert(model) } }
            }
        }
        guard !names.isEmpty else { return }
        for index in models.indices where names.contains(models[index].name.value) {
            models[index].isErrorModel = true
        }
    }

    /// The properties of `model` whose type is a model (or an optional one), by index.
    private static func directReferences(of model: ResolvedModel) -> [(index: Int, target: String)] {
        guard case .object(let properties) = model.kind else { return [] }
        var references: [(index: Int, target: String)] = []
        // By index: a property is a big value, and the loop needs one of its fields.
        for index in properties.indices {
            guard case .model(let target) = properties[index].type.unwrapped else { continue }
            references.append((index, target))
        }
        return references
    }
}

/// What resolving one part of a spec needs (its models by name, the API's constant headers), and whether every
/// type and value it met resolved.
private struct Resolution: Sendable {
    let modelsByName: [String: ModelDefinition]
    let apiHeaders: [ResolvedHeader]
    /// The index of each of the spec's `servers` by name.
    let serverIndex: [String: Int]
    /// `dateFormat` of the API: how dates travel where a property or parameter does not say.
    let apiDateFormat: DateFormat
    /// False once a type, default value, response reading or paging field of this part did not resolve.
    var complete = true

    init(_ spec: Spec) {
        var modelsByName: [String: ModelDefinition] = [:]
        for model in spec.models where modelsByName[model.name.value] == nil { modelsByName[model.name.value] = model }
        self.modelsByName = modelsByName
        apiHeaders = spec.constantHeaders.map {
            ResolvedHeader(name: $0.name.value, value: $0.value.value, isOverridable: $0.isOverridable)
        }
        apiDateFormat = spec.dateFormat?.value ?? .iso8601
        serverIndex = Dictionary(
            spec.servers.enumerated().map { ($0.element.name.value, $0.offset) },
            uniquingKeysWith: { first, _ in first })
    }

    mutating func type(_ reference: TypeReference) -> TypeExpression {
        guard let expression = reference.expression else {
            complete = false
            return .builtin(.json)
        }
        return expression
    }

    mutating func defaultValue(_ text: Located<String>?, _ type: TypeExpression) -> DefaultValue? {
        guard let text else { return nil }
        guard case .success(let value) = DefaultValue.resolve(text.value, for: type, models: modelsByName) else {
            complete = false
            return nil
        }
        return value
    }

    /// How a value of `type` travels if it is a date or a list of dates: its own format, else the API's.
    func dateFormat(_ own: Located<DateFormat>?, of type: TypeExpression) -> DateFormat {
        guard type.isDateOrDates else { return .iso8601 }
        return own?.value ?? apiDateFormat
    }

    /// Whether a form field or query parameter of `type` is a structure (a model other than an enum, a dictionary, a
    /// list of structures, a union) spread over bracketed keys, rather than text or a list of texts.
    func isSentAsNestedFields(_ type: TypeExpression) -> Bool {
        !type.unwrapped.isTextual(allowsLists: true, models: modelsByName)
    }

    mutating func property(_ property: Property) -> ResolvedProperty {
        let type = type(property.type)
        var resolved = ResolvedProperty(
            name: property.name, swiftName: SwiftName.memberName(property.name.value), wireName: property.wireName,
            type: type, documentation: property.documentation)
        resolved.isNullable = property.nullable?.value ?? false
        resolved.defaultValue = defaultValue(property.defaultValue, type)
        resolved.example = defaultValue(property.example, type)
        resolved.dateFormat = dateFormat(property.dateFormat, of: type)
        return resolved
    }

    mutating func errors(_ errors: [ErrorResponse]) -> [ResolvedError] {
        errors.map { ResolvedError(status: $0.status, type: type($0.type), location: $0.type.text.location) }
    }

    mutating func namespace(_ namespace: Namespace) -> ResolvedNamespace {
        ResolvedNamespace(name: namespace.name, endpoints: namespace.endpoints.map { endpoint($0) })
    }

    /// The endpoint with everything but its scope choice, which ``SpecResolver/resolve(_:)`` numbers afterwards.
    /// The access `requirement` asks for. An "any of" set is numbered once every endpoint is resolved (see
    /// ``SpecResolver``), so its `choice` is 0 until then.
    static func access(_ requirement: ScopeRequirement) -> ResolvedAccess {
        let names = requirement.names.map(\.value)
        return requirement.kind == .allOf ? .allOf(names) : .anyOf(names, choice: 0)
    }

    mutating func endpoint(_ endpoint: Endpoint) -> ResolvedEndpoint {
        let placement = ParameterPlacement(endpoint)
        let parameters = zip(endpoint.parameters, placement.locations).map { parameter, location in
            let type = type(parameter.type)
            var resolved = ResolvedParameter(
                name: parameter.name, swiftName: SwiftName.memberName(parameter.name.value),
                wireName: parameter.wireName, type: type, location: location,
                arrayFormat: parameter.arrayFormat?.value ?? .repeat, documentation: parameter.documentation)
            resolved.defaultValue = defaultValue(parameter.defaultValue, type)
            resolved.allowsSlashes = parameter.allowsSlashes?.value ?? false
            resolved.isNested = location == .query && isSentAsNestedFields(type)
            resolved.dateFormat = dateFormat(parameter.dateFormat, of: type)
            return resolved
        }
        let body: ResolvedBody?
        switch endpoint.body {
        case .value(let reference)?: body = .value(type(reference))
        case .jsonFields(let fields, _)?: body = .jsonFields(fields.map { property($0) })
        case .formFields(let fields, _)?:
            body = .formFields(
                fields.map {
                    var field = property($0)
                    field.isNested = isSentAsNestedFields(field.type)
                    field.arrayFormat = $0.arrayFormat?.value ?? .repeat
                    return field
                })
        case .multipartFields(let fields, _)?:
            body = .multipartFields(
                fields.map {
                    var field = property($0)
                    let element = field.type.unwrapped.arrayElement
                    let isStructure =
                        !element.isTextual(allowsLists: false, models: modelsByName) && element != .builtin(.upload)
                    field.isNested = isStructure && $0.encoding?.value == .nested
                    field.isJSONPart = isStructure && !field.isNested
                    return field
                })
        case .raw(let raw)?:
            body = .raw(
                media: raw.media.value, argumentName: SwiftName.memberName(raw.argumentName),
                documentation: raw.documentation)
        case nil: body = nil
        }
        let response = type(endpoint.response)
        var resolved = ResolvedEndpoint(
            name: endpoint.name, swiftName: SwiftName.memberName(endpoint.name.value), namespace: endpoint.namespace,
            method: endpoint.method,
            path: ResolvedPath(endpoint.path, placement: placement),
            parameters: parameters,
            pathParameters: placement.pathParameterIndices.compactMap { $0.map { parameters[$0] } },
            body: body, response: response, access: endpoint.scope.map(Self.access), errors: errors(endpoint.errors),
            documentation: endpoint.documentation)
        resolved.server = endpoint.server.flatMap { server in serverIndex[server.value] }
        resolved.readsRedirects = endpoint.redirect != nil
        resolved.stream = endpoint.stream.map { stream in
            switch stream.format.value {
            case .sse: .serverSentEvents(terminator: stream.terminator?.value)
            case .jsonl: .jsonLines
            }
        }
        resolved.ownHeaders = endpoint.constantHeaders.map {
            ResolvedHeader(name: $0.name.value, value: $0.value.value, isOverridable: $0.isOverridable)
        }
        // The endpoint's own headers, header parameters and media type win over the API's constants.
        if !apiHeaders.isEmpty {
            var overridden = Set(endpoint.constantHeaders.map { $0.name.value.lowercased() })
            for parameter in parameters where parameter.location == .header {
                overridden.insert(parameter.wireName.lowercased())
            }
            if endpoint.responseMedia != nil { overridden.insert("accept") }
            resolved.apiHeaders = apiHeaders.filter { !overridden.contains($0.name.lowercased()) }
        }
        let media = endpoint.responseMedia?.value
        resolved.responseMedia = media
        func reading(_ type: TypeExpression) -> BodyReading {
            guard let reading = MediaType.reading(of: type, media: media) else {
                complete = false
                return .json
            }
            return reading
        }
        // A stream's values are decoded one by one (text as it is for `String`), whatever the whole body would be.
        resolved.responseReading = endpoint.stream == nil ? reading(response) : .json
        resolved.successStatuses = endpoint.successStatuses.map {
            let type = type($0.type)
            return ResolvedSuccessStatus(status: $0.status.value, type: type, reading: reading(type))
        }
        resolved.responseHeaders = endpoint.responseHeaders.map {
            ResolvedResponseHeader(
                wireName: $0.wireName, swiftName: SwiftName.memberName($0.propertyName), type: type($0.type),
                documentation: $0.documentation, dateFormat: $0.dateFormat?.value ?? .iso8601)
        }
        resolved.paging = endpoint.paging.flatMap { paging -> ResolvedPaging? in
            func field(_ path: Located<String>) -> FieldPath? {
                guard case .success(let field) = FieldPath.resolve(path.value, from: response, models: modelsByName)
                else {
                    complete = false
                    return nil
                }
                return field
            }
            switch paging {
            case .link:
                return .link
            case .nextURL(let path):
                return field(path).map { .nextURL($0) }
            case .cursor(let path, let parameter):
                let wireName = parameters.first { $0.name.value == parameter.value }?.wireName ?? parameter.value
                return field(path).map { .cursor($0, queryName: wireName) }
            case .lastItem(let path, let parameter, let condition):
                let wireName = parameters.first { $0.name.value == parameter.value }?.wireName ?? parameter.value
                guard
                    case .success(let item) = FieldPath.resolveLastItem(
                        path.value, from: response, models: modelsByName)
                else {
                    complete = false
                    return nil
                }
                let flag = condition.flatMap(field)
                if condition != nil, flag == nil { return nil }
                return .lastItem(list: item.list, field: item.field, queryName: wireName, condition: flag)
            }
        }
        return resolved
    }

    mutating func model(_ model: ModelDefinition) -> ResolvedModel {
        switch model.kind {
        case .object:
            let properties = ModelComposition.properties(of: model, models: modelsByName)
            return ResolvedModel(
                name: model.name, kind: .object(properties.map { property($0) }), documentation: model.documentation)
        case .enumeration(let cases):
            let resolvedCases = cases.map {
                ResolvedEnumCase(
                    wireValue: $0.value.value, swiftName: SwiftName.enumCaseName($0.name?.value ?? $0.value.value),
                    documentation: $0.documentation)
            }
            var resolved = ResolvedModel(
                name: model.name, kind: .enumeration(resolvedCases), documentation: model.documentation)
            resolved.isIntegerEnumeration = model.isIntegerEnumeration
            return resolved
        case .oneOf(let oneOf):
            // Validation has ruled out malformed variants and, with a discriminator, any that is not a model.
            let variants = oneOf.variants.compactMap { variant in
                variant.type.expression.map { type in
                    ResolvedVariant(
                        type: type, caseName: SwiftName.memberName(variant.caseName ?? type.variantCaseName),
                        dateFormat: dateFormat(variant.dateFormat, of: type))
                }
            }
            let discriminator = oneOf.discriminator.map { discriminator -> ResolvedDiscriminator in
                var values = discriminator.mapping.map { (value: $0.value.value, model: $0.model.value) }
                let mapped = Set(values.map(\.model))
                values += oneOf.variants.compactMap(\.modelName?.value).filter { !mapped.contains($0) }.map {
                    (value: $0, model: $0)
                }
                var encoded: [String: String] = [:]
                for entry in values where encoded[entry.model] == nil { encoded[entry.model] = entry.value }
                return ResolvedDiscriminator(
                    property: discriminator.property.value, values: values, encodedValues: encoded)
            }
            return ResolvedModel(
                name: model.name, kind: .oneOf(ResolvedOneOf(variants: variants, discriminator: discriminator)),
                documentation: model.documentation)
        }
    }
}
