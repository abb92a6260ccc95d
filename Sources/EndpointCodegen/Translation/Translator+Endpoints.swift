import EndpointSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Endpoints: one `static func` each, returning an `Endpoint` or, with a scope, an `AuthorizedEndpoint`.
extension Translator {
    /// The endpoints of one file, by namespace (the validator has made their Swift names distinct). Their views
    /// are not built here: each is built when the template reaches it (``DeferredContextList``), so translating an
    /// endpoint and rendering it are one step.
    func endpointsView(for namespaces: [ResolvedNamespace]) -> EndpointsView {
        let groups = namespaces.filter { !$0.endpoints.isEmpty }.map { namespace in
            let endpoints = namespace.endpoints
            return NamespaceEndpointsView(
                qualifiedName: "\(api).\(typeName(namespace.name.value))",
                endpoints: DeferredContextList(count: endpoints.count) { endpointView(endpoints[$0]) })
        }
        return EndpointsView(file: fileView, namespaces: groups, hasEndpoints: !groups.isEmpty)
    }

    /// One argument of a factory function.
    private struct Argument {
        var label: String
        var type: String
        /// `nil`, or the spec's default as a Swift literal; nil when the caller must pass it.
        var defaultValue: String?
        var description: String?

        var canBeLeftOut: Bool { defaultValue != nil }

        /// `label: Type = default`, followed by `end` (a comma, or nothing for the last argument).
        func declaration(ending end: String = "") -> String {
            SwiftSource.concatenated(
                SwiftSource.parameter(label: label).declaration, ": ", type, defaultValue == nil ? "" : " = ",
                defaultValue ?? "", end)
        }
    }

    func endpointView(_ endpoint: ResolvedEndpoint) -> EndpointView {
        let otherParameters = endpoint.otherParameters

        func argument(
            _ name: String, _ type: TypeExpression, _ documentation: Documentation, default value: DefaultValue? = nil,
            isNullable: Bool = false
        ) -> Argument {
            var description = documentation.description?.value
            var swiftType = namer.type(type, qualifyingModels: true)
            if isNullable {
                // `Value??`: nil leaves the field out, `.null` sends null.
                swiftType += "?"
                description = [description, "`.null` sends `null`; nil leaves the field out."].compactMap { $0 }
                    .joined(separator: " ")
            }
            let literal = value.map { defaultLiteral($0, of: type) }
            if let value {
                description = [description, "Defaults to `\(defaultDescription(value))`."].compactMap { $0 }
                    .joined(separator: " ")
            }
            return Argument(
                label: SwiftSource.identifier(name), type: swiftType,
                defaultValue: literal ?? (type.isOptional ? "nil" : nil),
                description: description)
        }
        func fieldArgument(_ field: ResolvedProperty) -> Argument {
            argument(
                field.swiftName, field.type, field.documentation, default: field.defaultValue,
                isNullable: field.isNullable)
        }
        var leading = endpoint.pathParameters.map {
            argument($0.swiftName, $0.type, $0.documentation, default: $0.defaultValue)
        }
        var others = otherParameters.map {
            argument($0.swiftName, $0.type, $0.documentation, default: $0.defaultValue)
        }
        switch endpoint.body {
        case .value(let type)?: others.append(argument("body", type, Documentation()))
        case .jsonFields(let fields)?, .formFields(let fields)?, .multipartFields(let fields)?:
            others += fields.map(fieldArgument)
        case .raw(let media, let name, let documentation)?:
            var raw = argument(name, .builtin(.upload), documentation)
            raw.description = [
                documentation.description?.value,
                "Sent as `\(media)` unless the upload names its own media type.",
            ].compactMap { $0 }.joined(separator: " ")
            others.append(raw)
        case nil: break
        }
        // Required arguments first, so the ones with defaults can be left out at the end.
        leading += others.filter { !$0.canBeLeftOut } + others.filter(\.canBeLeftOut)

        let statuses = endpoint.successStatuses.isEmpty ? nil : successResponsesView(endpoint)
        let value = statuses?.name ?? namer.type(endpoint.response, qualifyingModels: true)
        let body =
            endpoint.stream == nil ? value : SwiftSource.concatenated(namer.runtime("EventStream"), "<", value, ">")
        let endpointType = SwiftSource.concatenated(namer.runtime("Endpoint"), "<", body, ", any Error & Sendable>")
        let headersName =
            endpoint.responseHeaders.isEmpty
            ? nil : SwiftSource.identifier(GeneratedNames.responseHeadersType(ofEndpoint: endpoint.name.value))
        // An endpoint that declares response headers answers with them, the body and the status, as one Reply.
        let response =
            headersName.map { SwiftSource.concatenated(namer.runtime("Reply"), "<", body, ", ", $0, ">") } ?? body
        let failure = failureType(of: endpoint)
        var genericClause = ""
        var returnType: String
        if let access = endpoint.access {
            genericClause = SwiftSource.concatenated("<Token: ", accessConstraint(access), ">")
            returnType = SwiftSource.concatenated(
                namer.runtime("AuthorizedEndpoint"), "<Token, ", response, ", ", failure, ">")
        } else {
            returnType = SwiftSource.concatenated(namer.runtime("Endpoint"), "<", response, ", ", failure, ">")
        }
        let signature = Signature(name: SwiftSource.identifier(endpoint.swiftName), arguments: leading)
        let headers = headersName.map {
            responseHeadersView(endpoint, named: $0, takesArguments: !signature.arguments.isEmpty)
        }
        return EndpointView(
            access: access, docLines: docLines(for: endpoint, arguments: leading),
            isDeprecated: endpoint.documentation.isDeprecated, name: signature.name, genericClause: genericClause,
            arguments: signature.arguments,
            isMultiline: signature.isMultiline(access: access, genericClause: genericClause, returnType: returnType),
            returnType: returnType, isAuthorized: endpoint.access != nil,
            authorizedEndpointType: namer.runtime("AuthorizedEndpoint"), endpointType: endpointType,
            builder: builder(of: endpoint), builderModifiers: modifiers(of: endpoint),
            endpointArguments: endpointArguments(endpoint, others: otherParameters),
            successResponses: statuses, responseHeaders: headers)
    }

    /// A factory function's name and arguments, laid out on one line or one per line.
    private struct Signature {
        var name: String
        /// The declarations, each but the last with its comma, as the lines of a long list show them.
        var arguments: [String]

        init(name: String, arguments: [Argument]) {
            self.name = name
            self.arguments = arguments.indices.map {
                arguments[$0].declaration(ending: $0 < arguments.count - 1 ? "," : "")
            }
        }

        /// The arguments on one line: `id: UUID, page: Int? = nil`.
        var argumentList: String { arguments.joined(separator: " ") }

        func isMultiline(access: String, genericClause: String, returnType: String) -> Bool {
            // The argument list's width without joining it: each declaration with its comma, and a space after
            // each comma.
            var width = "static func ".utf8.count + 10 + max(0, arguments.count - 1)
            width +=
                SwiftSource.width(access) + SwiftSource.width(name) + SwiftSource.width(genericClause)
                + SwiftSource.width(returnType)
            for argument in arguments { width += SwiftSource.width(argument) }
            return width > 116
        }
    }

    /// The struct of an endpoint's response headers, `typeName`, which its factory answers with.
    private func responseHeadersView(
        _ endpoint: ResolvedEndpoint, named typeName: String, takesArguments: Bool
    ) -> ResponseHeadersView {
        var properties: [HeaderPropertyView] = []
        var parameters: [String] = []
        for header in endpoint.responseHeaders {
            let member = SwiftSource.identifier(header.swiftName)
            let parameter = SwiftSource.parameter(label: member)
            let type = namer.type(header.type, qualifyingModels: true)
            parameters.append("\(parameter.declaration): \(type)\(header.type.isOptional ? " = nil" : "")")
            let summary = "`\(header.wireName.value)`" + (header.type.isOptional ? ", if the response has it." : ".")
            properties.append(
                HeaderPropertyView(
                    docLines: SwiftSource.docLines([
                        summary, header.documentation.summary?.value, header.documentation.description?.value,
                    ]),
                    name: member, type: type, wireLiteral: SwiftSource.stringLiteral(header.wireName.value),
                    argumentName: parameter.use,
                    dateFormat: header.dateFormat == .iso8601 ? nil : header.dateFormat.rawValue))
        }
        let initParameterList = parameters.joined(separator: ", ")
        let endpointName = SwiftSource.identifier(endpoint.swiftName)
        let calls = takesArguments ? "(…)" : "()"
        return ResponseHeadersView(
            access: access,
            docLines: SwiftSource.docLines([
                "The response headers of `\(endpointName.replacingBackticks)\(calls)`, which it answers with in a "
                    + "`Reply` beside the body and the status."
            ]),
            name: typeName,
            conformances: "\(namer.runtime("ResponseHeaders")), \(namer.swift("Hashable"))",
            properties: properties, initIsMultiline: SwiftSource.width(initParameterList) > 80,
            initParameters: parameters.enumerated().map { $0.element + ($0.offset < parameters.count - 1 ? "," : "") },
            initParameterList: initParameterList, receivedResponseType: namer.runtime("ReceivedResponse"))
    }

    private func docLines(for endpoint: ResolvedEndpoint, arguments: [Argument]) -> [String] {
        let method = endpoint.method.value.rawValue
        let route =
            if let access = endpoint.access {
                SwiftSource.concatenated("`", method, " ", endpoint.path.template.value, "`, ", access.description, ".")
            } else {
                SwiftSource.concatenated("`", method, " ", endpoint.path.template.value, "`.")
            }
        let stream: String? =
            switch endpoint.stream {
            case .serverSentEvents?:
                "Streams Server-Sent Events: each value is decoded as its event arrives; leaving the loop stops the "
                    + "request."
            case .jsonLines?:
                "Streams JSON Lines: each value is decoded as its line arrives; leaving the loop stops the request."
            case nil: nil
            }
        var lines = SwiftSource.docLines([
            endpoint.documentation.summary?.value, endpoint.documentation.description?.value, route, stream,
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
    private func accessConstraint(_ access: ResolvedAccess) -> String {
        switch access {
        case .anyOf(_, let choice):
            return "\(api).\(GeneratedNames.access).\(SwiftSource.identifier(spec.scopeChoices[choice].protocolName))"
        case .allOf(let names):
            if names.count == 1 { return accessProtocol(names[0]) }
            return names.map(accessProtocol).joined(separator: " & ")
        }
    }

    /// `Shop.Access.Reader`: the protocol of the scope the spec calls `name`, worked out once per scope.
    private func accessProtocol(_ name: String) -> String {
        accessProtocols[name] ?? Self.accessProtocol(of: name, api: api)
    }

    /// What follows the builder (or `Endpoint(…)`): the server it lives at, how it treats redirects and which
    /// headers the configuration may replace.
    private func modifiers(of endpoint: ResolvedEndpoint) -> String {
        var modifiers = ""
        if let server = endpoint.server {
            let name = SwiftSource.identifier(spec.servers[server].swiftName)
            modifiers += ".onServer(\(api).\(GeneratedNames.servers).\(name))"
        }
        if endpoint.readsRedirects { modifiers += ".readingRedirects()" }
        let overridable = (endpoint.apiHeaders + endpoint.ownHeaders).filter(\.isOverridable).map {
            SwiftSource.stringLiteral($0.name)
        }
        if !overridable.isEmpty {
            modifiers += ".lettingConfigurationOverride([\(overridable.joined(separator: ", "))])"
        }
        return modifiers
    }

    /// The runtime's static function that builds the endpoint: `reading` when the arguments end with
    /// `readResponse:` (several success statuses, bytes or text), `empty` for no body, else `json`.
    private func builder(of endpoint: ResolvedEndpoint) -> String {
        if endpoint.stream != nil { return "events" }
        if !endpoint.successStatuses.isEmpty { return "reading" }
        switch endpoint.responseReading {
        case .none: return "empty"
        case .json: return "json"
        case .bytes, .text: return "reading"
        }
    }

    /// A default as a Swift literal of `type`: `30`, `"desc"`, `true`, `.gold`.
    func defaultLiteral(_ value: DefaultValue, of type: TypeExpression) -> String {
        switch value {
        case .string(let text): return SwiftSource.stringLiteral(text)
        case .integer(let number): return String(number)
        case .number(let number): return "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        // Spelled out, so a case named `none` cannot be read as an optional's nil.
        case .enumCase(let wire):
            return namer.type(type.unwrapped, qualifyingModels: true) + "." + enumCaseName(of: wire, in: type)
        // Validation parsed these, so the unwraps cannot fail.
        case .date(let seconds): return "\(namer.foundation("Date"))(timeIntervalSince1970: \(seconds))"
        case .uuid(let text): return "\(namer.foundation("UUID"))(uuidString: \(SwiftSource.stringLiteral(text)))!"
        case .url(let text): return "\(namer.foundation("URL"))(string: \(SwiftSource.stringLiteral(text)))!"
        }
    }

    /// The Swift case of the enum model `type` that travels as `wire`.
    func enumCaseName(of wire: String, in type: TypeExpression) -> String {
        guard case .model(let name) = type.unwrapped, let model = models[name],
            case .enumeration(let cases) = model.kind, let match = cases.first(where: { $0.wireValue == wire })
        else { return SwiftSource.identifier(SwiftName.memberName(wire)) }
        return SwiftSource.identifier(match.swiftName)
    }

    /// How documentation shows a default: as the spec wrote it.
    private func defaultDescription(_ value: DefaultValue) -> String {
        switch value {
        case .string(let text): return SwiftSource.stringLiteral(text)
        case .integer(let number): return String(number)
        case .number(let number): return "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .enumCase(let wire): return wire
        case .date(let seconds): return JSONDateText.iso8601(seconds)
        case .uuid(let text), .url(let text): return text
        }
    }

    /// How the function body refers to the argument whose Swift name (before identifier rules) is `name`.
    private func value(of name: String) -> String {
        SwiftSource.parameter(label: SwiftSource.identifier(name)).use
    }

    /// The path as an interpolated string the runtime's `EndpointPath` takes apart at compile time:
    /// `"/repos/\(owner, named: "owner")/events"`; a parameter that spans segments is `\(spanning: …, named: …)`.
    private func pathLiteral(_ endpoint: ResolvedEndpoint) -> String {
        var literal = "\""
        for component in endpoint.path.components {
            switch component {
            case .literal(let text):
                literal += SwiftSource.stringLiteralContent(text)
            case .parameter(let index):
                let parameter = endpoint.pathParameters[index]
                let expression =
                    parameter.dateFormat == .iso8601
                    ? value(of: parameter.swiftName)
                    : SwiftSource.concatenated(
                        namer.runtime("DateFormat"), ".", parameter.dateFormat.rawValue, ".text(for: ",
                        value(of: parameter.swiftName), ")")
                literal += SwiftSource.concatenated(
                    "\\(", parameter.allowsSlashes ? "spanning: " : "", expression, ", named: ",
                    SwiftSource.stringLiteral(parameter.wireName), ")")
            }
        }
        return literal + "\""
    }

    /// The lines of `Endpoint(…)`'s arguments; every argument but the last ends with a comma.
    private func endpointArguments(
        _ endpoint: ResolvedEndpoint, others: [ResolvedParameter]
    ) -> [String] {
        // The lines of all arguments in one array: `argument` starts the next one, ending the last line with ",".
        // Room for a typical endpoint's lines (method, path, a few parameters and fields, errors) from the start.
        var lines: [String] = []
        lines.reserveCapacity(16)
        func argument(_ firstLine: String) {
            if !lines.isEmpty { lines[lines.count - 1] += "," }
            lines.append(firstLine)
        }
        argument(SwiftSource.concatenated("method: .", endpoint.method.value.rawValue.lowercased()))
        argument(SwiftSource.concatenated("path: ", pathLiteral(endpoint)))
        let parameterType = namer.runtime("Parameter")
        func parameterLine(_ parameter: ResolvedParameter) -> String {
            // The list and date formats, each only where it is not the default (rare: no second string for most).
            var formats = arrayFormatArgument(parameter.arrayFormat)
            if parameter.dateFormat != .iso8601 { formats = dateFormatArgument(parameter.dateFormat) + formats }
            return SwiftSource.concatenated(
                "    ", parameterType, "(", SwiftSource.stringLiteral(parameter.wireName), ", ",
                parameter.isNested ? "nested: " : "", value(of: parameter.swiftName), formats, "),")
        }
        if others.contains(where: { $0.location == .query }) {
            argument("query: [")
            for parameter in others where parameter.location == .query { lines.append(parameterLine(parameter)) }
            lines.append("]")
        }
        func constantLine(_ name: String, _ value: String) -> String {
            "    \(parameterType)(\(SwiftSource.stringLiteral(name)), \(SwiftSource.stringLiteral(value))),"
        }
        // The API's constants by name when the endpoint keeps them all, else the ones it keeps, spelled out; then
        // the Accept header, the endpoint's own constants and its header parameters.
        let keepsAPIHeaders = !spec.constantHeaders.isEmpty && endpoint.apiHeaders == spec.constantHeaders
        var headerLines: [String] = []
        if !keepsAPIHeaders {
            for header in endpoint.apiHeaders { headerLines.append(constantLine(header.name, header.value)) }
        }
        if let media = endpoint.responseMedia { headerLines.append(constantLine("Accept", media)) }
        for header in endpoint.ownHeaders { headerLines.append(constantLine(header.name, header.value)) }
        for parameter in others where parameter.location == .header { headerLines.append(parameterLine(parameter)) }
        // Cookie parameters share the one `Cookie` header, which the runtime writes and checks.
        if others.contains(where: { $0.location == .cookie }) {
            headerLines.append("    \(parameterType).cookies([")
            for parameter in others where parameter.location == .cookie {
                headerLines.append("    " + parameterLine(parameter))
            }
            headerLines.append("    ]),")
        }
        switch (keepsAPIHeaders, headerLines.isEmpty) {
        case (true, true): argument("headers: \(api).\(GeneratedNames.constantHeaders)")
        case (true, false): argument("headers: \(api).\(GeneratedNames.constantHeaders) + [")
        case (false, false): argument("headers: [")
        case (false, true): break
        }
        if !headerLines.isEmpty { lines += headerLines + ["]"] }
        switch endpoint.body {
        case .value?:
            argument("body: .json(body)")
        case .jsonFields(let fields)?:
            argument("body: .jsonFields([")
            for field in fields {
                let fieldValue =
                    field.dateFormat == .iso8601
                    ? value(of: field.swiftName)
                    : SwiftSource.concatenated(
                        namer.runtime("DateFormat"), ".", field.dateFormat.rawValue, ".field(",
                        value(of: field.swiftName),
                        ")")
                lines.append(
                    SwiftSource.concatenated("    (", SwiftSource.stringLiteral(field.wireName), ", ", fieldValue, "),")
                )
            }
            lines.append("])")
        case .formFields(let fields)?:
            argument("body: .form([")
            for field in fields {
                let label = field.isNested ? "nested: " : ""
                lines.append(
                    "    \(parameterType)(\(SwiftSource.stringLiteral(field.wireName)), \(label)\(value(of: field.swiftName))"
                        + "\(dateFormatArgument(field.dateFormat))\(arrayFormatArgument(field.arrayFormat))),")
            }
            lines.append("])")
        case .multipartFields(let fields)?:
            let partType = namer.runtime("MultipartPart")
            argument("body: .multipart([")
            for field in fields {
                let label = field.isNested ? "nested: " : field.isJSONPart ? "json: " : ""
                lines.append(
                    "    \(partType)(\(SwiftSource.stringLiteral(field.wireName)), \(label)\(value(of: field.swiftName))"
                        + "\(dateFormatArgument(field.dateFormat))),")
            }
            lines.append("])")
        case .raw(let media, let name, _)?:
            argument("body: .raw(\(value(of: name)), mediaType: \(SwiftSource.stringLiteral(media)))")
        case nil:
            break
        }
        let ownErrors = errorLines(endpoint.errors)
        if !ownErrors.isEmpty {
            argument(
                hasDefaultErrors
                    ? "errors: \(api).\(GeneratedNames.defaultErrors).merging(["
                    : "errors: \(namer.runtime("ErrorSchema"))([")
            for line in ownErrors { lines.append("    " + line) }
            lines.append("])")
        } else if hasDefaultErrors {
            argument(SwiftSource.concatenated("errors: ", api, ".", GeneratedNames.defaultErrors))
        }
        if let paging = endpoint.paging {
            argument("paging: \(pagingExpression(paging))")
        }
        switch endpoint.stream {
        case .serverSentEvents(let terminator?)?:
            argument("format: .serverSentEvents(terminator: \(SwiftSource.stringLiteral(terminator)))")
        case .serverSentEvents(nil)?: argument("format: .serverSentEvents()")
        case .jsonLines?: argument("format: .jsonLines")
        case nil: break
        }
        // A Reply's builder reads the body, and the headers itself.
        let readLabel = endpoint.responseHeaders.isEmpty ? "readResponse" : "readBody"
        if !endpoint.successStatuses.isEmpty {
            // Several success statuses: a switch over the status, each case reading its own body.
            argument("\(readLabel): { response, decoder in")
            lines.append("    switch response.status {")
            for success in endpoint.successStatuses {
                let name = Self.caseName(forStatus: success.status)
                let value = bodyExpression(success.type, reading: success.reading)
                lines.append("    case \(success.status): .\(name)\(value.map { "(\($0))" } ?? "")")
            }
            lines += [
                "    default: throw \(namer.runtime("UndeclaredStatusError"))(status: response.status)", "    }", "}",
            ]
        } else if endpoint.responseReading == .bytes || endpoint.responseReading == .text,
            let value = bodyExpression(endpoint.response, reading: endpoint.responseReading)
        {
            argument("\(readLabel): { response, _ in \(value) }")
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
        let name = SwiftSource.identifier(GeneratedNames.successResponsesType(ofEndpoint: endpoint.name.value))
        let takesArguments = !endpoint.parameters.isEmpty || endpoint.body != nil
        let calls = takesArguments ? "(…)" : "()"
        return SuccessResponsesView(
            access: access,
            docLines: SwiftSource.docLines([
                "What `\(endpoint.swiftName)\(calls)` answers: one case per "
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
        case .lastItem(let list, let field, let query, let condition):
            let more = condition.map { ", while: { \(access($0)) }" } ?? ""
            return ".afterLastItem(\(SwiftSource.stringLiteral(query)), items: { \(access(list)) }, "
                + "field: { \(access(field)) }\(more))"
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
        // Most names have no backtick, and filtering walks the text character by character.
        utf8.contains(UInt8(ascii: "`")) ? filter { $0 != "`" } : self
    }
}

/// A date default as documentation shows it.
enum JSONDateText {
    static func iso8601(_ seconds: Double) -> String {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: seconds.rounded() != seconds)
        return Date(timeIntervalSince1970: seconds).formatted(style)
    }
}
