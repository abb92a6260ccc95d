/// Operations: each becomes an endpoint in the namespace of its first tag (else its path's first segment), named by
/// its `operationId`, with its parameters, request body, first success response, declared errors and security.
extension OpenAPIDecoder {
    static let methods: [(key: String, method: HTTPMethod)] = [
        ("get", .get), ("put", .put), ("post", .post), ("delete", .delete), ("options", .options), ("head", .head),
        ("patch", .patch),
    ]

    /// Every operation of `paths`, grouped into namespaces in the order they first appear.
    mutating func operations(defaultSecurity: YAMLNode?) -> [Namespace] {
        var namespaces: [Namespace] = []
        var indexByName: [String: Int] = [:]
        var takenNames: [String: Set<String>] = [:]
        guard let paths = field(root, "paths")?.mappingEntries else {
            diagnostics.error("the document has no 'paths'; there is nothing to generate", at: root.location)
            return []
        }
        for pathEntry in paths where pathEntry.key.hasPrefix("/") {
            guard let item = resolved(pathEntry.value) else { continue }
            checkExtensions(item, known: [])
            let shared = field(item, "parameters")?.sequenceItems ?? []
            if let trace = item.mappingEntries?.first(where: { $0.key == "trace" }) {
                diagnostics.warning(
                    "TRACE operations are not generated (the format's methods are GET, PUT, POST, DELETE, OPTIONS, "
                        + "HEAD and PATCH)", at: trace.keyLocation)
            }
            for (key, method) in Self.methods {
                guard let entry = item.mappingEntries?.first(where: { $0.key == key }) else { continue }
                currentOperationApproximated = false
                let namespace = namespaceName(entry.value, path: pathEntry.key)
                var name = operationName(entry.value, method: method, path: pathEntry.key)
                let swiftName = SwiftName.memberName(name)
                if takenNames[namespace, default: []].contains(swiftName) {
                    var suffix = 2
                    while takenNames[namespace, default: []].contains(SwiftName.memberName("\(name)\(suffix)")) {
                        suffix += 1
                    }
                    approximate(
                        "operation '\(name)' has the Swift name of another in namespace '\(namespace)'; it is generated "
                            + "as '\(name)\(suffix)'; give it an operationId (or x-endpointgen-name) of its own",
                        at: entry.keyLocation)
                    name = "\(name)\(suffix)"
                }
                takenNames[namespace, default: []].insert(SwiftName.memberName(name))
                guard
                    let endpoint = operation(
                        entry, name: name, namespace: namespace, method: method, path: pathEntry,
                        shared: shared, defaultSecurity: defaultSecurity)
                else { continue }
                operationCount += 1
                if currentOperationApproximated { approximatedOperations += 1 }
                if let index = indexByName[namespace] {
                    namespaces[index].endpoints.append(endpoint)
                } else {
                    indexByName[namespace] = namespaces.count
                    namespaces.append(
                        Namespace(name: Located(namespace, at: pathEntry.keyLocation), endpoints: [endpoint]))
                }
            }
        }
        return namespaces
    }

    /// The name of the spec server an operation's own first server becomes (`files` for
    /// `https://files.stripe.com/`), declared once per URL; nil, with a warning, for a URL the format cannot hold
    /// (relative, or with variables), which leaves the operation at the base URL.
    private mutating func server(_ node: YAMLNode) -> Located<String>? {
        guard let urlNode = field(node, "url"), let raw = text(urlNode) else { return nil }
        let url = raw.hasSuffix("/") ? String(raw.dropLast()) : raw
        guard url.hasPrefix("https://") || url.hasPrefix("http://"), !url.contains("{") else {
            approximate(
                "the server URL '\(raw)' of this operation is relative or has variables; the operation is sent to the "
                    + "base URL", at: urlNode.location)
            return nil
        }
        if let known = servers.first(where: { $0.url.value == url }) {
            return Located(known.name.value, at: urlNode.location)
        }
        let host = url.split(separator: "/").dropFirst().first.map(String.init) ?? "server"
        var base = SwiftName.memberName(host.split(separator: ".").first.map(String.init) ?? host)
        if base.isEmpty { base = "server" }
        var name = base
        var suffix = 2
        while servers.contains(where: { SwiftName.memberName($0.name.value) == SwiftName.memberName(name) }) {
            name = "\(base)\(suffix)"
            suffix += 1
        }
        servers.append(
            ServerDefinition(name: Located(name, at: urlNode.location), url: Located(url, at: urlNode.location)))
        return Located(name, at: urlNode.location)
    }

    /// Whether a type is a list of text: built-in text-like values or enums.
    private func isTextList(_ type: TypeExpression?) -> Bool {
        guard case .array(let element)? = type?.unwrapped else { return false }
        switch element {
        case .builtin(let builtin): return builtin.isTextual
        case .model(let name):
            guard case .enumeration? = madeModel(named: name)?.kind else { return false }
            return true
        default: return false
        }
    }

    /// `x-endpointgen-namespace`, else the first tag, else the path's first segment that is neither a parameter nor
    /// a version (`/v1/customers` is `Customers`), as a type name.
    private func namespaceName(_ operation: YAMLNode, path: String) -> String {
        var name =
            text(field(operation, "x-endpointgen-namespace"))
            ?? field(operation, "tags")?.sequenceItems?.first.flatMap { text($0) } ?? ""
        if name.isEmpty {
            func isVersion(_ segment: Substring) -> Bool {
                segment.count >= 2 && (segment.first == "v" || segment.first == "V")
                    && segment.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
            }
            name = path.split(separator: "/").first { !$0.hasPrefix("{") && !isVersion($0) }.map(String.init) ?? "Root"
        }
        var type = SwiftName.typeName(name)
        if type.isEmpty { type = "Root" }
        // A name the API enum holds already (its models, scopes…, or the API's own name) takes a suffix.
        if SpecValidator.reservedNamespaceNames[type] != nil || type == SwiftName.typeName(apiName) {
            type += "Endpoints"
        }
        return type
    }

    /// `x-endpointgen-name`, else `operationId`, else the method and the path's words (`getPetsById`).
    private func operationName(_ operation: YAMLNode, method: HTTPMethod, path: String) -> String {
        for key in ["x-endpointgen-name", "operationId"] {
            if let id = text(field(operation, key)), !SwiftName.memberName(id).isEmpty { return id }
        }
        let words = path.split(separator: "/").map { segment in
            segment.hasPrefix("{") ? "By" + SwiftName.typeName(String(segment.dropFirst().dropLast())) : String(segment)
        }
        return method.rawValue.lowercased() + "_" + words.joined(separator: "_")
    }

    // MARK: One operation

    private mutating func operation(
        _ entry: YAMLMappingEntry, name: String, namespace: String, method: HTTPMethod, path: YAMLMappingEntry,
        shared: [YAMLNode], defaultSecurity: YAMLNode?
    ) -> Endpoint? {
        guard let node = resolved(entry.value) else { return nil }
        checkExtensions(node, known: Self.operationExtensions)
        let hint = SwiftName.typeName(name)
        var endpoint = Endpoint(
            name: Located(name, at: entry.keyLocation), namespace: namespace,
            method: Located(method, at: entry.keyLocation), path: Located(path.key, at: path.keyLocation),
            response: TypeReference(text: Located("Void", at: entry.keyLocation), expression: .builtin(.void)))
        endpoint.documentation = documentation(node, hasSummary: true)
        endpoint.parameters = fittingPath(
            parameters(shared: shared, own: field(node, "parameters")?.sequenceItems ?? [], hint: hint),
            path: Located(path.key, at: path.keyLocation))
        if let body = field(node, "requestBody") {
            endpoint.body = requestBody(
                body, hint: hint, taken: Set(endpoint.parameters.map { SwiftName.memberName($0.name.value) }))
        }
        if let responses = field(node, "responses") { readResponses(responses, into: &endpoint, hint: hint) }
        endpoint.scope = scopeRequirement(field(node, "security") ?? defaultSecurity)
        if let paging = field(node, "x-endpointgen-paging") {
            // Read as a spec's `response.paging` is, and checked against the response as one is.
            var decoder = SpecDecoder(file: file)
            endpoint.paging = decoder.paging(paging, of: "operation '\(name)'")
            diagnostics.append(contentsOf: decoder.diagnostics)
        }
        if let servers = field(node, "servers") ?? field(path.value, "servers"),
            let first = servers.sequenceItems?.first
        {
            endpoint.server = server(first)
        }
        return endpoint
    }

    /// The path item's parameters, then the operation's, which win by name and location.
    private mutating func parameters(shared: [YAMLNode], own: [YAMLNode], hint: String) -> [Parameter] {
        var result: [(key: String, parameter: Parameter)] = []
        for node in shared + own {
            guard let parameterNode = resolved(node), let nameNode = field(parameterNode, "name"),
                let name = text(nameNode), let location = text(field(parameterNode, "in"))
            else { continue }
            let place: Parameter.Location
            switch location {
            case "path": place = .path
            case "query": place = .query
            case "header": place = .header
            case "cookie": place = .cookie
            default:
                diagnostics.error(
                    "'\(location)' is not a parameter location; OpenAPI's are path, query, header and cookie",
                    at: field(parameterNode, "in")?.location ?? nameNode.location)
                continue
            }
            if place == .header, ["accept", "content-type", "authorization"].contains(name.lowercased()) {
                approximate(
                    "the header parameter '\(name)' is set by the client (media type, credentials), not an argument",
                    at: nameNode.location)
                continue
            }
            let schema = field(parameterNode, "schema") ?? YAMLNode(.mapping([]), at: parameterNode.location)
            let required = place == .path || flag(field(parameterNode, "required"))
            var type = typeReference(
                schema, hint: hint + SwiftName.typeName(name), depth: 1, context: .json, optional: !required)
            // A path or header value is one piece of text; a structure there (no style can say how) is sent as the
            // text the caller gives.
            if place != .query, let expression = type.expression,
                !readsAsText(expression) || expression.unwrapped.isArray
            {
                approximate(
                    "the \(location) parameter '\(name)' is '\(expression)', which a \(location) cannot hold as one "
                        + "text; it is generated as 'String'", at: nameNode.location)
                type = TypeReference(
                    text: Located(required ? "String" : "String?", at: type.text.location),
                    expression: required ? .builtin(.string) : .optional(.builtin(.string)))
            }
            var parameter = Parameter(
                name: Located(name, at: nameNode.location), type: type, location: Located(place, at: nameNode.location),
                documentation: documentation(parameterNode))
            if type.expression?.unwrapped.isArray == true, place == .query {
                let explode = field(parameterNode, "explode").map { flag($0) } ?? true
                switch text(field(parameterNode, "style")) ?? "form" {
                case "form": if !explode { parameter.arrayFormat = Located(.comma, at: nameNode.location) }
                case "deepObject":
                    // A list of text as `name[]=a`; a list of objects is spread by index anyway.
                    if isTextList(type.expression) { parameter.arrayFormat = Located(.brackets, at: nameNode.location) }
                case let style:
                    approximate(
                        "the list style '\(style)' of '\(name)' is sent as repeated items (name=a&name=b)",
                        at: nameNode.location)
                }
            }
            if let resolvedSchema = resolved(schema), type.expression?.isDateOrDates == true {
                parameter.dateFormat = unixFormat(resolvedSchema)
            }
            let key = "\(location):\(name)"
            if let index = result.firstIndex(where: { $0.key == key }) {
                result[index].parameter = parameter
            } else {
                result.append((key, parameter))
            }
        }
        return result.map(\.parameter)
    }

    /// The parameters made to fit the path and Swift: a placeholder the document declares no parameter for gets a
    /// `String` one, a path parameter with no placeholder is left out, and of two whose Swift names are the same
    /// the second is left out, each with a warning.
    private mutating func fittingPath(_ parameters: [Parameter], path: Located<String>) -> [Parameter] {
        let placeholders = PathTemplate(path.value).placeholders.map(\.name)
        var result: [Parameter] = []
        var swiftNames: Set<String> = []
        for parameter in parameters {
            if parameter.location?.value == .path, !placeholders.contains(parameter.name.value) {
                approximate(
                    "the path parameter '\(parameter.name.value)' has no '{\(parameter.name.value)}' in the path "
                        + "'\(path.value)'; it is left out", at: parameter.name.location)
                continue
            }
            guard swiftNames.insert(SwiftName.memberName(parameter.name.value)).inserted else {
                approximate(
                    "the parameter '\(parameter.name.value)' has the Swift name of another parameter of this "
                        + "operation; it is left out", at: parameter.name.location)
                continue
            }
            result.append(parameter)
        }
        for placeholder in placeholders
        where !result.contains(where: { $0.location?.value == .path && $0.name.value == placeholder }) {
            approximate(
                "the path '\(path.value)' has '{\(placeholder)}' but the operation declares no such parameter; it is "
                    + "generated as a 'String' path parameter", at: path.location)
            var parameter = Parameter(
                name: Located(placeholder, at: path.location),
                type: TypeReference(text: Located("String", at: path.location), expression: .builtin(.string)),
                location: Located(.path, at: path.location))
            if !swiftNames.insert(SwiftName.memberName(placeholder)).inserted {
                parameter.key = Located(placeholder, at: path.location)
                parameter.name = Located(placeholder + "Path", at: path.location)
            }
            result.append(parameter)
        }
        return result
    }

    // MARK: Request body

    /// JSON when offered, else a form, else multipart, else bytes as they are.
    private mutating func requestBody(_ node: YAMLNode, hint: String, taken: Set<String>) -> RequestBody? {
        guard let body = resolved(node), let content = field(body, "content")?.mappingEntries, !content.isEmpty else {
            return nil
        }
        func media(_ test: (String) -> Bool) -> YAMLMappingEntry? {
            content.first { test($0.key.lowercased().split(separator: ";").first.map(String.init) ?? "") }
        }
        // A JSON body is one argument that the factory asks for, `required: true` or not: the spec format's body is
        // a value, never left out.
        if let json = media({ MediaType.isJSON($0) }) {
            let schema = field(json.value, "schema") ?? YAMLNode(.mapping([]), at: json.keyLocation)
            return .value(
                typeReference(schema, hint: hint + "Body", depth: 1, context: .json, optional: false))
        }
        // A form or multipart body with no fields (Stripe's GET operations declare an empty one) sends nothing.
        if let form = media({ $0 == "application/x-www-form-urlencoded" }) {
            let fields = fields(form, hint: hint, taken: taken, context: .json)
            return fields.isEmpty ? nil : .formFields(fields, at: form.keyLocation)
        }
        if let multipart = media({ $0 == "multipart/form-data" }) {
            let fields = fields(multipart, hint: hint, taken: taken, context: .multipart)
            return fields.isEmpty ? nil : .multipartFields(fields, at: multipart.keyLocation)
        }
        let first = content[0]
        return .raw(RawBody(media: Located(first.key, at: first.keyLocation), location: first.keyLocation))
    }

    /// The properties of a form's or multipart body's schema, as fields; those named like a parameter are left out.
    private mutating func fields(_ media: YAMLMappingEntry, hint: String, taken: Set<String>, context: SchemaContext)
        -> [Property]
    {
        guard let schema = field(media.value, "schema").flatMap({ resolved($0) }) else { return [] }
        var required = Set((field(schema, "required")?.sequenceItems ?? []).compactMap { text($0) })
        var entries = field(schema, "properties")?.mappingEntries ?? []
        for part in field(schema, "allOf")?.sequenceItems ?? [] {
            guard let resolvedPart = resolved(part) else { continue }
            entries += field(resolvedPart, "properties")?.mappingEntries ?? []
            required.formUnion((field(resolvedPart, "required")?.sequenceItems ?? []).compactMap { text($0) })
        }
        var seen = taken
        return entries.compactMap { entry in
            guard seen.insert(SwiftName.memberName(entry.key)).inserted else {
                approximate(
                    "the body field '\(entry.key)' has the name of a parameter; it is left out", at: entry.keyLocation)
                return nil
            }
            let type = typeReference(
                entry.value, hint: hint + SwiftName.typeName(entry.key), depth: 1, context: context,
                optional: !required.contains(entry.key))
            var property = Property(name: Located(entry.key, at: entry.keyLocation), type: type)
            if let propertySchema = resolved(entry.value) {
                property.documentation = documentation(propertySchema)
                if type.expression?.isDateOrDates == true { property.dateFormat = unixFormat(propertySchema) }
            }
            return property
        }
    }

    // MARK: Responses

    /// The first success status with its body (JSON, else text or bytes) and headers; error statuses with a JSON
    /// model become the endpoint's errors.
    private mutating func readResponses(_ node: YAMLNode, into endpoint: inout Endpoint, hint: String) {
        let entries = node.mappingEntries ?? []
        // Exact 2xx statuses; a `2XX` range stands for 200 where no exact one is given.
        let exact = entries.filter { $0.key.hasPrefix("2") && $0.key.count == 3 && Int($0.key) != nil }
        let successes =
            exact.isEmpty ? entries.filter { $0.key == "2XX" || $0.key == "2xx" }.prefix(1).map { $0 } : exact
        if let success = successes.first, let response = resolved(success.value) {
            let first = successBody(response, at: success.keyLocation, hint: hint + "Response")
            endpoint.response = first.type
            endpoint.responseMedia = first.media
            if let stream = first.stream {
                // A stream is read as it arrives: one body, no headers or other statuses to read beside it.
                endpoint.stream = stream
                if successes.count > 1 {
                    approximate(
                        "this operation streams its \(success.key) response; its other success statuses are not read",
                        at: successes[1].keyLocation)
                }
                if field(response, "headers")?.mappingEntries?.isEmpty == false {
                    approximate(
                        "the headers of a streamed response are not read", at: success.keyLocation)
                }
                return readErrors(entries, into: &endpoint, hint: hint)
            }
            // Several success statuses with different bodies, all of one media type, are a response per status
            // (`ok(Pet)`, `noContent`); the same body under several statuses is one response.
            if successes.count > 1 {
                var bodies = [(status: Located(Int(success.key) ?? 200, at: success.keyLocation), body: first)]
                for other in successes.dropFirst() {
                    guard let otherResponse = resolved(other.value) else { continue }
                    let body = successBody(
                        otherResponse, at: other.keyLocation, hint: hint + "Response" + other.key)
                    bodies.append((Located(Int(other.key) ?? 200, at: other.keyLocation), body))
                }
                let types = Set(bodies.map { $0.body.type.expression?.description ?? "" })
                // The media type of each body there is (plain JSON counts as one), since `media` serves them all.
                let medias = Set(
                    bodies.filter { $0.body.type.expression != .builtin(.void) }.map {
                        $0.body.media?.value ?? "application/json"
                    })
                if types.count > 1 {
                    if medias.count <= 1 {
                        endpoint.successStatuses = bodies.map { SuccessStatus(status: $0.status, type: $0.body.type) }
                        endpoint.responseMedia = bodies.first { $0.body.media != nil }?.body.media
                    } else {
                        approximate(
                            "the success statuses of this operation answer in different media types; only the first "
                                + "(\(success.key)) is read", at: successes[1].keyLocation)
                    }
                }
            }
            endpoint.responseHeaders = responseHeaders(response)
        }
        readErrors(entries, into: &endpoint, hint: hint)
    }

    /// Error statuses with a JSON model become the endpoint's errors; others come back as unexpected responses.
    private mutating func readErrors(_ entries: [YAMLMappingEntry], into endpoint: inout Endpoint, hint: String) {
        for entry in entries where !entry.key.hasPrefix("2") {
            guard let status = errorStatus(entry.key) else { continue }
            guard let response = resolved(entry.value) else { continue }
            // A shared response (`$ref: '#/components/responses/Unauthorized'`) names its model.
            let referenced = text(field(entry.value, "$ref")).flatMap { $0.split(separator: "/").last }.map {
                SwiftName.typeName(Self.unescapedPointerToken($0))
            }
            let json = field(response, "content")?.mappingEntries?.first { MediaType.isJSON($0.key) }
            let type: TypeReference
            if let json, let schema = field(json.value, "schema") {
                let reference = typeReference(
                    schema, hint: referenced ?? (hint + "Error" + SwiftName.typeName(entry.key)), depth: 1,
                    context: .json, optional: false)
                guard case .model? = reference.expression else {
                    approximate(
                        "the \(entry.key) response's body is not an object, so it is not an error model; it comes back "
                            + "as an unexpected response with its raw body", at: entry.keyLocation)
                    continue
                }
                type = reference
            } else {
                type = TypeReference(text: Located("Void", at: entry.keyLocation), expression: .builtin(.void))
            }
            endpoint.errors.append(ErrorResponse(status: Located(status, at: entry.keyLocation), type: type))
        }
    }

    /// A success response's body: JSON (the media type kept when it is not plain `application/json`); else a
    /// stream of values for `text/event-stream` and JSON Lines (each value's schema is `itemSchema`, else `schema`,
    /// else the array's items; text without one); else text for `text/…` and bytes for the rest, or `Void` for none.
    private mutating func successBody(_ response: YAMLNode, at location: SourceLocation, hint: String) -> (
        type: TypeReference, media: Located<String>?, stream: ResponseStream?
    ) {
        guard let content = field(response, "content")?.mappingEntries,
            let chosen = content.first(where: { MediaType.isJSON($0.key) })
                ?? content.first(where: { Self.streamFormat(of: $0.key) != nil }) ?? content.first
        else {
            return (TypeReference(text: Located("Void", at: location), expression: .builtin(.void)), nil, nil)
        }
        if let format = Self.streamFormat(of: chosen.key) {
            let stream = ResponseStream(format: Located(format, at: chosen.keyLocation))
            var schema = field(chosen.value, "itemSchema") ?? field(chosen.value, "schema")
            if let array = schema.flatMap({ resolved($0) }), text(field(array, "type")) == "array" {
                schema = field(array, "items")
            }
            // Text as it is, where the document says no more than "a string" of each event or line.
            guard let schema, let resolvedSchema = resolved(schema),
                text(field(resolvedSchema, "type")) != "string" || field(schema, "$ref") != nil
            else {
                return (
                    TypeReference(text: Located("String", at: chosen.keyLocation), expression: .builtin(.string)), nil,
                    stream
                )
            }
            let type = typeReference(schema, hint: hint, depth: 1, context: .json, optional: false)
            return (type, nil, stream)
        }
        if MediaType.isJSON(chosen.key) {
            let schema = field(chosen.value, "schema") ?? YAMLNode(.mapping([]), at: chosen.keyLocation)
            let type = typeReference(schema, hint: hint, depth: 1, context: .json, optional: false)
            let media =
                chosen.key.lowercased() == "application/json" ? nil : Located(chosen.key, at: chosen.keyLocation)
            return (type, media, nil)
        }
        let isText = chosen.key.lowercased().hasPrefix("text/")
        let type = TypeReference(
            text: Located(isText ? "String" : "Data", at: chosen.keyLocation),
            expression: .builtin(isText ? .string : .data))
        return (type, chosen.key == "*/*" ? nil : Located(chosen.key, at: chosen.keyLocation), nil)
    }

    /// The stream a media type names: Server-Sent Events or JSON Lines.
    private static func streamFormat(of media: String) -> ResponseStream.Format? {
        switch media.lowercased().split(separator: ";").first.map({ String($0.filter { $0 != " " }) }) {
        case "text/event-stream": .sse
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines": .jsonl
        default: nil
        }
    }

    private func errorStatus(_ key: String) -> ErrorResponse.Status? {
        if key == "default" { return .default }
        if key.count == 3, key.hasSuffix("XX") || key.hasSuffix("xx") {
            if key.hasPrefix("4") { return .range(4) }
            if key.hasPrefix("5") { return .range(5) }
            return nil
        }
        guard let code = Int(key), (400...599).contains(code) else { return nil }
        return .code(code)
    }

    /// A success response's headers with a text-like schema.
    private mutating func responseHeaders(_ response: YAMLNode) -> [ResponseHeader] {
        (field(response, "headers")?.mappingEntries ?? []).compactMap { entry in
            guard let header = resolved(entry.value) else { return nil }
            if let problem = HTTPFieldName.problem(with: entry.key, forSending: false) {
                approximate("the response header '\(entry.key)' is not read: \(problem)", at: entry.keyLocation)
                return nil
            }
            let schema = field(header, "schema") ?? YAMLNode(.mapping([]), at: entry.keyLocation)
            let type = typeReference(
                schema, hint: SwiftName.typeName(entry.key), depth: 1, context: .json,
                optional: !flag(field(header, "required")))
            let wireName = Located(entry.key, at: entry.keyLocation)
            guard let expression = type.expression, !readsAsText(expression) else {
                return ResponseHeader(wireName: wireName, type: type, documentation: documentation(header))
            }
            // A header whose schema is not text-like (an object, anything) is read as its text.
            approximate(
                "the response header '\(entry.key)' is '\(expression)', which a header's text cannot hold; it is "
                    + "read as text", at: entry.keyLocation)
            let optional = expression.isOptional
            return ResponseHeader(
                wireName: wireName,
                type: TypeReference(
                    text: Located(optional ? "String?" : "String", at: type.text.location),
                    expression: optional ? .optional(.builtin(.string)) : .builtin(.string)),
                documentation: documentation(header))
        }
    }

    /// Whether a header of `type` reads as text: built-in text-like values or enums, or lists of them.
    private func readsAsText(_ type: TypeExpression) -> Bool {
        switch type.unwrapped.arrayElement {
        case .builtin(let builtin): return builtin.isTextual
        case .model(let name):
            guard case .enumeration? = madeModel(named: name)?.kind else {
                // A component defined later: an enum if its schema says so.
                guard let component = componentByModelName[name],
                    let schema = componentSchemas[component].flatMap({ resolvedQuietly($0) })
                else { return false }
                return field(schema, "enum") != nil
            }
            return true
        default: return false
        }
    }
}
