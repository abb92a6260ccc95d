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

        let statuses = endpoint.successStatuses.isEmpty ? nil : successResponsesView(endpoint)
        let response = statuses?.name ?? namer.type(endpoint.response, qualifyingModels: true)
        let endpointType = "\(namer.runtime("Endpoint"))<\(response)>"
        let failure = failureType(of: endpoint)
        var genericClause = ""
        var returnType = "\(namer.runtime("TypedEndpoint"))<\(response), \(failure)>"
        if let scope = endpoint.scope {
            genericClause = "<Token: \(accessConstraint(scope, choice: endpoint.scopeChoice))>"
            returnType = "\(namer.runtime("TypedAuthorizedEndpoint"))<Token, \(response), \(failure)>"
        }
        let signature = Signature(name: memberName(endpoint.name.value), arguments: leading)
        var headers: ResponseHeadersView?
        if !endpoint.responseHeaders.isEmpty {
            headers = responseHeadersView(
                endpoint, factory: signature, genericClause: genericClause, response: response, failure: failure)
        }
        return EndpointView(
            access: access, docLines: docLines(for: endpoint, arguments: leading),
            isDeprecated: endpoint.documentation.isDeprecated, name: signature.name, genericClause: genericClause,
            arguments: signature.arguments, argumentList: signature.argumentList,
            isMultiline: signature.isMultiline(access: access, genericClause: genericClause, returnType: returnType),
            returnType: returnType, isAuthorized: endpoint.scope != nil,
            authorizedEndpointType: namer.runtime("TypedAuthorizedEndpoint"), endpointType: endpointType,
            errorsModifier: ".declaringErrors()",
            endpointArguments: endpointArguments(endpoint, others: otherParameters),
            successResponses: statuses, responseHeaders: headers)
    }

    /// A factory function's name and arguments, laid out on one line or one per line.
    private struct Signature {
        var name: String
        var declarations: [String]
        /// How a call passes each argument on: `owner: owner`.
        var forwarding: [String]

        init(name: String, arguments: [Argument]) {
            self.name = name
            declarations = arguments.map(\.declaration)
            forwarding = arguments.map {
                // A keyword needs no backticks as an argument label in a call, except these three.
                let bare = $0.label.replacingBackticks
                let label = ["inout", "var", "let"].contains(bare) ? $0.label : bare
                return "\(label): \(SwiftSource.parameter(label: $0.label).use)"
            }
        }

        var argumentList: String { declarations.joined(separator: ", ") }
        /// The declarations, each but the last with its comma.
        var arguments: [String] {
            declarations.enumerated().map { $0.element + ($0.offset < declarations.count - 1 ? "," : "") }
        }

        func isMultiline(access: String, genericClause: String, returnType: String) -> Bool {
            access.count + "static func ".count + name.count + genericClause.count + argumentList.count
                + returnType.count + 10 > 116
        }
    }

    /// The struct of an endpoint's response headers, and the `…WithHeaders` factory that returns them.
    private func responseHeadersView(
        _ endpoint: ResolvedEndpoint, factory: Signature, genericClause: String, response: String, failure: String
    ) -> ResponseHeadersView {
        let typeName = SwiftSource.identifier(SwiftName.typeName(endpoint.name.value) + "Headers")
        var properties: [HeaderPropertyView] = []
        var parameters: [String] = []
        for header in endpoint.responseHeaders {
            let member = SwiftSource.identifier(SwiftName.memberName(header.propertyName))
            let parameter = SwiftSource.parameter(label: member)
            let type = namer.type(header.type, qualifyingModels: true)
            parameters.append("\(parameter.declaration): \(type)\(header.type.isOptional ? " = nil" : "")")
            let summary = "`\(header.wireName.value)`" + (header.type.isOptional ? ", if the response has it." : ".")
            properties.append(
                HeaderPropertyView(
                    docLines: SwiftSource.docLines([
                        summary, header.documentation.summary?.value, header.documentation.description?.value,
                    ]),
                    declaration: "\(access)var \(member): \(type)", assignment: "self.\(member) = \(parameter.use)",
                    reading: (member == "`self`" ? "self.`self`" : member)
                        + " = try response.header(\(SwiftSource.stringLiteral(header.wireName.value)))"))
        }
        let initParameterList = parameters.joined(separator: ", ")
        let endpointName = memberName(endpoint.name.value)
        let reply = "\(namer.runtime("Reply"))<\(response), \(typeName)>"
        let returnType =
            endpoint.scope == nil
            ? "\(namer.runtime("TypedEndpoint"))<\(reply), \(failure)>"
            : "\(namer.runtime("TypedAuthorizedEndpoint"))<Token, \(reply), \(failure)>"
        var withHeaders = factory
        withHeaders.name = memberName(SwiftName.memberName(endpoint.name.value) + "WithHeaders")
        let call = "\(endpointName)(\(factory.forwarding.joined(separator: ", "))).withHeaders()"
        let calls = factory.declarations.isEmpty ? "()" : "(…)"
        return ResponseHeadersView(
            access: access,
            docLines: SwiftSource.docLines([
                "The response headers of `\(endpointName.replacingBackticks)\(calls)`; "
                    + "`\(withHeaders.name.replacingBackticks)\(calls)` returns them with the body and the status."
            ]),
            name: typeName,
            conformances: "\(namer.runtime("ResponseHeaders")), \(namer.swift("Hashable"))",
            properties: properties, initIsMultiline: initParameterList.count > 80,
            initParameters: parameters.enumerated().map { $0.element + ($0.offset < parameters.count - 1 ? "," : "") },
            initParameterList: initParameterList, receivedResponseType: namer.runtime("ReceivedResponse"),
            factoryDocLines: SwiftSource.docLines([
                "`\(endpointName.replacingBackticks)\(calls)` answered with its body, the headers in `\(typeName)` "
                    + "and the status.",
                endpoint.documentation.isDeprecated ? "- Warning: Deprecated." : nil,
            ]),
            factoryName: withHeaders.name, factoryArguments: withHeaders.arguments,
            factoryArgumentList: withHeaders.argumentList,
            factoryIsMultiline: withHeaders.isMultiline(
                access: access, genericClause: genericClause, returnType: returnType),
            factoryReturnType: returnType, factoryCall: call)
    }

    private func docLines(for endpoint: ResolvedEndpoint, arguments: [Argument]) -> [String] {
        var route = "`\(endpoint.method.value.rawValue) \(endpoint.path.value)`"
        if let scope = endpoint.scope { route += ", scope\(scope.kind == .allOf && scope.names.count > 1 ? "s" : "") \(scope.description)" }
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

    /// What the caller's token must conform to: `Shop.Access.Customer`, `Shop.Access.Read & Shop.Access.Write`
    /// for all of several scopes, or the choice's own protocol `Shop.Access.ApiKeyOrOAuth` for any of several.
    private func accessConstraint(_ scope: ScopeRequirement, choice: Int?) -> String {
        if let choice {
            return "\(api).Access.\(SwiftSource.identifier(spec.scopeChoices[choice].protocolName))"
        }
        return scope.names.map { "\(api).Access.\(typeName($0.value))" }.joined(separator: " & ")
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
        var headerLines = headers.map { "    " + parameterLine($0) }
        if let media = endpoint.responseMedia {
            headerLines.insert("    \(parameterType)(\"Accept\", \(SwiftSource.stringLiteral(media))),", at: 0)
        }
        if !headerLines.isEmpty { arguments.append(["headers: ["] + headerLines + ["]"]) }
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
        if let paging = endpoint.paging {
            arguments.append(["paging: \(pagingExpression(paging))"])
        }
        if !endpoint.successStatuses.isEmpty {
            // Several success statuses: a switch over the status, each case reading its own body.
            var lines = ["readResponse: { response, decoder in", "    switch response.status {"]
            for success in endpoint.successStatuses {
                let name = Self.caseName(forStatus: success.status)
                let value = bodyExpression(success.type, reading: success.reading)
                lines.append("    case \(success.status): .\(name)\(value.map { "(\($0))" } ?? "")")
            }
            lines += [
                "    default: throw \(namer.runtime("UndeclaredStatusError"))(status: response.status)", "    }", "}",
            ]
            arguments.append(lines)
        } else if endpoint.responseReading == .bytes || endpoint.responseReading == .text,
            let value = bodyExpression(endpoint.response, reading: endpoint.responseReading)
        {
            arguments.append(["readResponse: { response, _ in \(value) }"])
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

extension Translator {
    /// The case of a success-status enum: the status's name in RFC 9110 (`ok`, `noContent`), or `status299`.
    static func caseName(forStatus status: Int) -> String {
        statusCaseNames[status] ?? "status\(status)"
    }

    private static let statusCaseNames = [
        200: "ok", 201: "created", 202: "accepted", 203: "nonAuthoritativeInformation", 204: "noContent",
        205: "resetContent", 206: "partialContent", 207: "multiStatus", 208: "alreadyReported", 226: "imUsed",
    ]

    /// How a closure with `response` and `decoder` in scope reads a body; nil for none.
    fileprivate func bodyExpression(_ type: TypeExpression, reading: BodyReading) -> String? {
        switch reading {
        case .none:
            return nil
        case .json:
            return "try response.decode(\(namer.type(type, qualifyingModels: true)).self, with: decoder)"
        case .bytes:
            return type.isOptional ? "response.body.isEmpty ? nil : response.body" : "response.body"
        case .text:
            return type.isOptional ? "response.body.isEmpty ? nil : try response.text()" : "try response.text()"
        }
    }

    /// The enum of an endpoint that answers several success statuses.
    fileprivate func successResponsesView(_ endpoint: ResolvedEndpoint) -> SuccessResponsesView {
        let name = SwiftSource.identifier(SwiftName.typeName(endpoint.name.value) + "Response")
        let takesArguments = !endpoint.parameters.isEmpty || endpoint.body != nil
        let calls = takesArguments ? "(…)" : "()"
        return SuccessResponsesView(
            access: access,
            docLines: SwiftSource.docLines([
                "What `\(memberName(endpoint.name.value).filter { $0 != "`" })\(calls)` answers: one case per "
                    + "success status; any other 2xx is an unexpected response."
            ]),
            name: name,
            conformances: "\(namer.swift("Sendable")), \(namer.swift("Hashable"))",
            cases: endpoint.successStatuses.map { success in
                let payload =
                    success.type == .builtin(.void) ? "" : "(\(namer.type(success.type, qualifyingModels: true)))"
                let body = success.type == .builtin(.void) ? "no body" : "the body"
                return SuccessCaseView(
                    docLines: ["/// `\(success.status)`, with \(body)."],
                    declaration: "case \(Self.caseName(forStatus: success.status))\(payload)")
            })
    }

    /// `.link`, `.nextURL { $0.next }` or `.cursor("after") { $0.cursors?.after }`.
    fileprivate func pagingExpression(_ paging: ResolvedPaging) -> String {
        func access(_ path: FieldPath) -> String {
            "$0" + path.steps.map { ($0.receiverIsOptional ? "?." : ".") + memberName($0.name) }.joined()
        }
        switch paging {
        case .link: return ".link"
        case .nextURL(let path): return ".nextURL { \(access(path)) }"
        case .cursor(let path, let query): return ".cursor(\(SwiftSource.stringLiteral(query))) { \(access(path)) }"
        }
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
