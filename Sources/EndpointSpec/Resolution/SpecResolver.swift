/// Turns a spec that validation found free of errors into a ``ResolvedSpec``: the stage between validation and
/// translation. It decides nothing validation has not checked; it records the decisions (a parameter's location
/// through ``ParameterPlacement``, the path's placeholder order, a body's shape) so that no later stage makes
/// them again.
enum SpecResolver {
    /// The resolved spec, or nil when `spec` still has a type that did not parse (validation reports it).
    static func resolve(_ spec: Spec) -> ResolvedSpec? {
        var complete = true
        var modelsByName: [String: ModelDefinition] = [:]
        for model in spec.models where modelsByName[model.name.value] == nil { modelsByName[model.name.value] = model }
        func type(_ reference: TypeReference) -> TypeExpression {
            guard let expression = reference.expression else {
                complete = false
                return .builtin(.json)
            }
            return expression
        }
        func defaultValue(_ text: Located<String>?, _ type: TypeExpression) -> DefaultValue? {
            guard let text else { return nil }
            guard case .success(let value) = DefaultValue.resolve(text.value, for: type, models: modelsByName) else {
                complete = false
                return nil
            }
            return value
        }
        func property(_ property: Property) -> ResolvedProperty {
            let type = type(property.type)
            var resolved = ResolvedProperty(
                name: property.name, wireName: property.wireName, type: type, documentation: property.documentation)
            resolved.isNullable = property.nullable?.value ?? false
            resolved.defaultValue = defaultValue(property.defaultValue, type)
            resolved.example = defaultValue(property.example, type)
            return resolved
        }
        let apiHeaders = spec.constantHeaders.map { ResolvedHeader(name: $0.name.value, value: $0.value.value) }
        func errors(_ errors: [ErrorResponse]) -> [ResolvedError] {
            errors.map { ResolvedError(status: $0.status, type: type($0.type), location: $0.type.text.location) }
        }
        // Each distinct "any of" set once, keyed by its members whatever their order.
        var choices: [ResolvedScopeChoice] = []
        var choiceIndex: [Set<String>: Int] = [:]
        func choice(_ requirement: ScopeRequirement?) -> Int? {
            guard let requirement, requirement.kind == .anyOf else { return nil }
            let names = requirement.names.map(\.value)
            if let index = choiceIndex[Set(names)] { return index }
            choices.append(ResolvedScopeChoice(names: names))
            choiceIndex[Set(names)] = choices.count - 1
            return choices.count - 1
        }
        func endpoint(_ endpoint: Endpoint) -> ResolvedEndpoint {
            let placement = ParameterPlacement(endpoint)
            let parameters = zip(endpoint.parameters, placement.locations).map { parameter, location in
                let type = type(parameter.type)
                var resolved = ResolvedParameter(
                    name: parameter.name, wireName: parameter.wireName, type: type, location: location,
                    arrayFormat: parameter.arrayFormat?.value ?? .repeat, documentation: parameter.documentation)
                resolved.defaultValue = defaultValue(parameter.defaultValue, type)
                resolved.allowsSlashes = parameter.allowsSlashes?.value ?? false
                return resolved
            }
            let body: ResolvedBody?
            switch endpoint.body {
            case .value(let reference)?: body = .value(type(reference))
            case .jsonFields(let fields, _)?: body = .jsonFields(fields.map(property))
            case .formFields(let fields, _)?: body = .formFields(fields.map(property))
            case .multipartFields(let fields, _)?:
                body = .multipartFields(
                    fields.map {
                        var field = property($0)
                        let element = field.type.unwrapped.arrayElement
                        field.isJSONPart =
                            !element.isTextual(allowsLists: false, models: modelsByName) && element != .builtin(.upload)
                        return field
                    })
            case .raw(let raw)?:
                body = .raw(media: raw.media.value, argumentName: raw.argumentName, documentation: raw.documentation)
            case nil: body = nil
            }
            let response = type(endpoint.response)
            var resolved = ResolvedEndpoint(
                name: endpoint.name, namespace: endpoint.namespace, method: endpoint.method, path: endpoint.path,
                parameters: parameters,
                pathParameters: placement.pathParameterIndices.compactMap { $0.map { parameters[$0] } },
                body: body, response: response, scope: endpoint.scope, errors: errors(endpoint.errors),
                documentation: endpoint.documentation)
            resolved.scopeChoice = choice(endpoint.scope)
            resolved.server = endpoint.server?.value
            resolved.ownHeaders = endpoint.constantHeaders.map {
                ResolvedHeader(name: $0.name.value, value: $0.value.value)
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
            resolved.responseReading = reading(response)
            resolved.successStatuses = endpoint.successStatuses.map {
                let type = type($0.type)
                return ResolvedSuccessStatus(status: $0.status.value, type: type, reading: reading(type))
            }
            resolved.responseHeaders = endpoint.responseHeaders.map {
                ResolvedResponseHeader(
                    wireName: $0.wireName, propertyName: $0.propertyName, type: type($0.type),
                    documentation: $0.documentation)
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
                }
            }
            return resolved
        }
        let models = spec.models.map { model -> ResolvedModel in
            switch model.kind {
            case .object:
                let properties = ModelComposition.properties(of: model, models: modelsByName)
                return ResolvedModel(
                    name: model.name, kind: .object(properties.map(property)), documentation: model.documentation)
            case .enumeration(let cases):
                var resolved = ResolvedModel(
                    name: model.name, kind: .enumeration(cases), documentation: model.documentation)
                resolved.isIntegerEnumeration = model.isIntegerEnumeration
                return resolved
            case .oneOf(let oneOf):
                let variants = oneOf.variants.map(\.value)
                let discriminator = oneOf.discriminator.map { discriminator -> ResolvedDiscriminator in
                    var values = discriminator.mapping.map { (value: $0.value.value, model: $0.model.value) }
                    let mapped = Set(values.map(\.model))
                    values += variants.filter { !mapped.contains($0) }.map { (value: $0, model: $0) }
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
        let namespaces = spec.namespaces.map {
            ResolvedNamespace(name: $0.name, endpoints: $0.endpoints.map(endpoint))
        }
        var scopes = spec.scopes.map {
            ResolvedScope(
                name: $0.name, includes: $0.includes, description: $0.description, auth: $0.auth?.value ?? .bearer)
        }
        let scopeIndex = Dictionary(scopes.enumerated().map { ($1.name.value, $0) }, uniquingKeysWith: { a, _ in a })
        for (index, choice) in choices.enumerated() {
            for name in choice.names { if let scope = scopeIndex[name] { scopes[scope].choices.append(index) } }
        }
        var resolved = ResolvedSpec(
            file: spec.file, api: spec.api, baseURL: spec.baseURL, description: spec.description,
            scopes: scopes, errors: errors(spec.errors), models: models, namespaces: namespaces)
        resolved.scopeChoices = choices
        resolved.constantHeaders = apiHeaders
        resolved.servers = spec.servers
        return complete ? resolved : nil
    }
}
