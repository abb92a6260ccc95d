import EndpointSpec

/// Endpoints: one `static func` each, returning an `Endpoint` or, with a scope, an `AuthorizedEndpoint`.
extension Translator {
    func endpointsView(for endpoints: [(namespace: ResolvedNamespace, endpoint: ResolvedEndpoint)]) -> EndpointsView {
        var groups: [NamespaceEndpointsView] = []
        let views = endpoints.concurrentMap { endpointView($0.endpoint) }
        for (item, view) in zip(endpoints, views) {
            let qualified = "\(api).\(typeName(item.namespace.name.value))"
            if groups.last?.qualifiedName == qualified {
                groups[groups.count - 1].endpoints.append(view)
            } else {
                groups.append(NamespaceEndpointsView(qualifiedName: qualified, endpoints: [view]))
            }
        }
        return EndpointsView(file: fileView, namespaces: groups, hasEndpoints: !groups.isEmpty)
    }

    /// One argument of a factory function.
    private struct Argument {
        var label: String
        var type: String
        var isOptional: Bool
        var description: String?

        var declaration: String {
            "\(SwiftSource.parameter(label: label).declaration): \(type)\(isOptional ? " = nil" : "")"
        }
    }

    private func endpointView(_ endpoint: ResolvedEndpoint) -> EndpointView {
        let otherParameters = endpoint.otherParameters

        func argument(_ name: String, _ type: TypeExpression, _ documentation: Documentation) -> Argument {
            Argument(
                label: memberName(name), type: namer.type(type, qualifyingModels: true),
                isOptional: type.isOptional, description: documentation.description?.value)
        }
        var leading = endpoint.pathParameters.map { argument($0.name.value, $0.type, $0.documentation) }
        var others = otherParameters.map { argument($0.name.value, $0.type, $0.documentation) }
        switch endpoint.body {
        case .value(let type)?: others.append(argument("body", type, Documentation()))
        case .jsonFields(let fields)?, .formFields(let fields)?:
            others += fields.map { argument($0.name.value, $0.type, $0.documentation) }
        case nil: break
        }
        // Required arguments first, so the ones that default to nil can be left out at the end.
        leading += others.filter { !$0.isOptional } + others.filter(\.isOptional)

        let response = namer.type(endpoint.response, qualifyingModels: true)
        let endpointType = "\(namer.runtime("Endpoint"))<\(response)>"
        var genericClause = ""
        var returnType = endpointType
        if let scope = endpoint.scope {
            genericClause = "<Token: \(api).Access.\(typeName(scope.value))>"
            returnType = "\(namer.runtime("AuthorizedEndpoint"))<Token, \(response)>"
        }
        let declarations = leading.map(\.declaration)
        let argumentList = declarations.joined(separator: ", ")
        let name = memberName(endpoint.name.value)
        let signatureLength =
            access.count + "static func ".count + name.count + genericClause.count + argumentList.count
            + returnType.count + 10
        return EndpointView(
            access: access, docLines: docLines(for: endpoint, arguments: leading),
            isDeprecated: endpoint.documentation.isDeprecated, name: name, genericClause: genericClause,
            arguments: declarations.enumerated().map { $0.element + ($0.offset < declarations.count - 1 ? "," : "") },
            argumentList: argumentList, isMultiline: signatureLength > 116, returnType: returnType,
            isAuthorized: endpoint.scope != nil, authorizedEndpointType: namer.runtime("AuthorizedEndpoint"),
            endpointType: endpointType,
            endpointArguments: endpointArguments(
                endpoint, others: otherParameters))
    }

    private func docLines(for endpoint: ResolvedEndpoint, arguments: [Argument]) -> [String] {
        var route = "`\(endpoint.method.value.rawValue) \(endpoint.path.value)`"
        if let scope = endpoint.scope { route += ", scope `\(scope.value)`" }
        route += "."
        var lines = SwiftSource.docLines([
            endpoint.documentation.summary?.value, endpoint.documentation.description?.value, route,
            endpoint.documentation.isDeprecated ? "- Warning: Deprecated." : nil,
        ])
        let documented = arguments.filter { $0.description != nil }
        if !documented.isEmpty {
            lines.append("///")
            lines.append("/// - Parameters:")
            for argument in documented {
                let text = SwiftSource.docLines([argument.description]).map { $0.dropFirst(3).trimmingLeadingSpace }
                lines.append("///   - \(argument.label.replacingBackticks): \(text.joined(separator: " "))")
            }
        }
        return lines
    }

    /// How the function body refers to the argument for the spec name `name`.
    private func value(of name: String) -> String {
        SwiftSource.parameter(label: memberName(name)).use
    }

    /// The lines of `Endpoint(…)`'s arguments; every argument but the last ends with a comma.
    private func endpointArguments(
        _ endpoint: ResolvedEndpoint, others: [ResolvedParameter]
    ) -> [String] {
        var arguments: [[String]] = []
        arguments.append(["method: .\(endpoint.method.value.rawValue.lowercased())"])
        arguments.append(["path: \(SwiftSource.stringLiteral(endpoint.path.value))"])
        if !endpoint.pathParameters.isEmpty {
            let pairs = endpoint.pathParameters.map {
                "\(SwiftSource.stringLiteral($0.wireName)): \(value(of: $0.name.value)).parameterText"
            }
            arguments.append(["pathParameters: [\(pairs.joined(separator: ", "))]"])
        }
        let parameterType = namer.runtime("Parameter")
        func parameterLine(_ parameter: ResolvedParameter) -> String {
            let format = parameter.arrayFormat == .comma ? ", arrayFormat: .comma" : ""
            return
                "\(parameterType)(\(SwiftSource.stringLiteral(parameter.wireName)), \(value(of: parameter.name.value))\(format)),"
        }
        let query = others.filter { $0.location == .query }
        if !query.isEmpty { arguments.append(["query: ["] + query.map { "    " + parameterLine($0) } + ["]"]) }
        let headers = others.filter { $0.location == .header }
        if !headers.isEmpty { arguments.append(["headers: ["] + headers.map { "    " + parameterLine($0) } + ["]"]) }
        switch endpoint.body {
        case .value?:
            arguments.append(["body: .json(body)"])
        case .jsonFields(let fields)?:
            let lines = fields.map { "    (\(SwiftSource.stringLiteral($0.wireName)), \(value(of: $0.name.value)))," }
            arguments.append(["body: .jsonFields(["] + lines + ["])"])
        case .formFields(let fields)?:
            let lines = fields.map {
                "    \(parameterType)(\(SwiftSource.stringLiteral($0.wireName)), \(value(of: $0.name.value))),"
            }
            arguments.append(["body: .form(["] + lines + ["])"])
        case nil:
            break
        }
        let ownErrors = errorLines(endpoint.errors)
        if !ownErrors.isEmpty {
            let opening =
                hasDefaultErrors
                ? "errors: \(api).defaultErrors.merging([" : "errors: \(namer.runtime("ErrorSchema"))(["
            arguments.append([opening] + ownErrors.map { "    " + $0 } + ["])"])
        } else if hasDefaultErrors {
            arguments.append(["errors: \(api).defaultErrors"])
        }
        var lines: [String] = []
        for (index, argument) in arguments.enumerated() {
            var argumentLines = argument
            if index < arguments.count - 1 { argumentLines[argumentLines.count - 1] += "," }
            lines += argumentLines
        }
        return lines
    }
}

extension Substring {
    fileprivate var trimmingLeadingSpace: String {
        first == " " ? String(dropFirst()) : String(self)
    }
}

extension String {
    /// DocC names parameters without backticks.
    fileprivate var replacingBackticks: String {
        filter { $0 != "`" }
    }
}
