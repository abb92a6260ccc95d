/// Reading one endpoint: method, path, parameters, body, response, scope and errors.
extension SpecDecoder {
    /// The endpoint of `entry`, then one more for each of its response's `alternatives`, into `endpoints`.
    mutating func endpoints(_ entry: YAMLMappingEntry, in namespace: String, into endpoints: inout [Endpoint]) {
        var alternatives: [ResponseAlternative] = []
        guard let endpoint = endpoint(entry, in: namespace, alternatives: &alternatives) else { return }
        endpoints.append(endpoint)
        for alternative in alternatives {
            // The same request under another media type: every parameter, body, scope and error of the endpoint,
            // a body of its own, and no paging (the pages are the main response's).
            var other = endpoint
            other.name = Located(entry.key + "_" + alternative.name.value, at: alternative.name.location)
            other.response = alternative.type
            other.responseMedia = alternative.media
            other.successStatuses = []
            other.paging = nil
            other.documentation.description =
                alternative.description
                ?? Located("The same, as `\(alternative.media.value)`.", at: alternative.name.location)
            endpoints.append(other)
        }
    }

    private mutating func endpoint(
        _ entry: YAMLMappingEntry, in namespace: String, alternatives: inout [ResponseAlternative]
    ) -> Endpoint? {
        let subject = "endpoint '\(namespace).\(entry.key)'"
        guard
            let fields = fields(
                of: entry.value, subject, known: SpecKeys.endpoint, expected: "a mapping with at least 'path'")
        else { return nil }
        let nameLocation = entry.keyLocation

        let path = text(fields["path"], "'path' of \(subject)", optional: false)
        if fields["path"] == nil {
            diagnostics.error("\(subject) has no 'path'; add one, such as 'path: /items/{id}'", at: nameLocation)
        }
        let declared = response(fields["response"], of: subject)
        var endpoint = Endpoint(
            name: Located(entry.key, at: nameLocation), namespace: namespace,
            method: method(fields["method"], of: subject) ?? Located(.get, at: nameLocation),
            path: path ?? Located("/", at: nameLocation),
            response: declared.type
                ?? TypeReference(
                    text: Located("Void", at: fields.keyLocation("response") ?? nameLocation),
                    expression: .builtin(.void)))
        endpoint.responseHeaders = declared.headers
        endpoint.paging = declared.paging
        endpoint.responseMedia = declared.media
        endpoint.successStatuses = declared.statuses
        endpoint.redirect = declared.redirect
        endpoint.stream = declared.stream
        alternatives = declared.alternatives
        endpoint.pathContentLocation = fields["path"].flatMap { contentLocation(of: $0) }
        if let node = fields["params"] { endpoint.parameters = parameters(node, of: subject) }
        endpoint.body = body(fields, of: subject)
        if let node = fields["headers"] { endpoint.constantHeaders = constantHeaders(node, of: subject) }
        endpoint.server = text(fields["server"], "'server' of \(subject)", optional: false)
        endpoint.scope = fields["scope"].flatMap { scopeRequirement($0, of: subject) }
        if let node = fields["errors"] { endpoint.errors = errors(node, of: subject) }
        endpoint.documentation = documentation(fields, of: subject, hasSummary: true)
        return endpoint
    }

    /// `scope: Name`, `scope: [A, B]` or `scope: { allOf: [A, B] }` (all of them), or `scope: { anyOf: [A, B] }`.
    private mutating func scopeRequirement(_ node: YAMLNode, of owner: String) -> ScopeRequirement? {
        let subject = "'scope' of \(owner)"
        func names(_ node: YAMLNode, _ subject: String) -> [Located<String>]? {
            guard let items = node.sequenceItems else {
                diagnostics.error(
                    "expected a list of scope names for \(subject), found \(node.kindDescription)", at: node.location)
                return nil
            }
            var refused = false
            let names = items.compactMap { item -> Located<String>? in
                guard item.sequenceItems == nil else {
                    refused = true
                    diagnostics.error(
                        "an entry of \(subject) is a list, but each entry is a scope name; to accept a token that holds "
                            + "all of several scopes as one entry, declare a scope that includes them (such as "
                            + "'ReadWrite: { includes: [Read, Write] }') and name it here", at: item.location)
                    return nil
                }
                return text(item, "an entry of \(subject)", optional: false)
            }
            // A refused entry is reported; checking what is left would only add errors about a list nobody wrote.
            if refused { return nil }
            if names.isEmpty {
                diagnostics.error(
                    "\(subject) lists no scope; name at least one, or leave 'scope' out", at: node.location)
                return nil
            }
            return names
        }
        if node.scalar != nil {
            return text(node, subject, optional: false).map { ScopeRequirement($0) }
        }
        if node.sequenceItems != nil {
            return names(node, subject).map { ScopeRequirement(kind: .allOf, names: $0, location: node.location) }
        }
        guard
            let fields = fields(
                of: node, subject, known: SpecKeys.scopeRequirement,
                expected: "a scope name, a list of scope names (all needed), or a mapping with 'anyOf' or 'allOf'")
        else { return nil }
        switch (fields["allOf"], fields["anyOf"]) {
        case (let all?, nil):
            return names(all, "'allOf' of \(subject)").map {
                ScopeRequirement(kind: .allOf, names: $0, location: node.location)
            }
        case (nil, let any?):
            return names(any, "'anyOf' of \(subject)").map {
                ScopeRequirement(kind: .anyOf, names: $0, location: node.location)
            }
        case (_?, _?):
            diagnostics.error(
                "\(subject) has both 'allOf' and 'anyOf'; an endpoint needs all of some scopes or any one of them",
                at: node.location)
        case (nil, nil):
            diagnostics.error(
                "\(subject) says nothing; use 'allOf' or 'anyOf' with a list of scopes", at: node.location)
        }
        return nil
    }

    /// What `response` says: its body type (or several success statuses), media type, headers and paging.
    struct DeclaredResponse {
        var type: TypeReference?
        var media: Located<String>?
        var statuses: [SuccessStatus] = []
        var headers: [ResponseHeader] = []
        var paging: Paging?
        var alternatives: [ResponseAlternative] = []
        var redirect: SourceLocation?
        var stream: ResponseStream?
    }

    /// `alternatives: { raw: { type: Data, media: … } }`: the same endpoint under another media type.
    struct ResponseAlternative {
        var name: Located<String>
        var type: TypeReference
        var media: Located<String>
        var description: Located<String>?
    }

    /// `response: Type`, or `response: { type: Type, media: …, headers: { Name: Type, … }, paging: … }`, where
    /// `200: Type` keys may stand for `type` when the endpoint answers several success statuses.
    private mutating func response(_ node: YAMLNode?, of subject: String) -> DeclaredResponse {
        var declared = DeclaredResponse()
        guard let node else { return declared }
        if node.scalar != nil {
            declared.type = type(node, "the response of \(subject)", allowsVoid: true)
            return declared
        }
        let statusKeys = (node.mappingEntries ?? []).filter { entry in
            !entry.key.isEmpty && entry.key.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard
            let fields = fields(
                of: node, "'response' of \(subject)", known: SpecKeys.response + statusKeys.map { $0.key },
                expected: "a type, or a mapping with 'type', 'media', 'headers', 'paging' or success statuses")
        else { return declared }
        declared.type = fields["type"].flatMap { type($0, "the response of \(subject)", allowsVoid: true) }
        declared.media = text(fields["media"], "'media' of the response of \(subject)", optional: false)
        for entry in statusKeys {
            let status = Int(entry.key) ?? 0
            guard (200...299).contains(status), entry.key.count == 3 else {
                diagnostics.error(
                    "'\(entry.key)' in the response of \(subject) is not a success status; list 2xx statuses here, and "
                        + "error statuses under 'errors'", at: entry.keyLocation)
                continue
            }
            if let type = type(entry.value, "the response of \(subject) for status \(status)", allowsVoid: true) {
                declared.statuses.append(SuccessStatus(status: Located(status, at: entry.keyLocation), type: type))
            }
        }
        if let typeLocation = fields.keyLocation("type"), !statusKeys.isEmpty {
            diagnostics.error(
                "the response of \(subject) has both 'type' and success statuses; give each status its type, such as "
                    + "'200: Player' and '204: Void', and remove 'type'", at: typeLocation)
        } else if statusKeys.count == 1, let only = statusKeys.first {
            diagnostics.error(
                "the response of \(subject) lists one success status; write 'type: …' for one body, and list statuses "
                    + "only when there are several, each with its own body", at: only.keyLocation)
        }
        if let headersNode = fields["headers"],
            let entries = namedEntries(
                of: headersNode, "'headers' of the response of \(subject)", expected: "a mapping of header names")
        {
            declared.headers = entries.compactMapReservingAll { responseHeader($0, of: subject) }
        }
        declared.paging = fields["paging"].flatMap { paging($0, of: subject) }
        if let node = fields["redirect"], bool(node, "'redirect' of the response of \(subject)") {
            declared.redirect = node.location
        }
        declared.stream = responseStream(fields, of: subject)
        if let node = fields["alternatives"],
            let entries = namedEntries(
                of: node, "'alternatives' of the response of \(subject)", expected: "a mapping of names to responses")
        {
            declared.alternatives = entries.compactMap { responseAlternative($0, of: subject) }
        }
        return declared
    }

    /// `stream: sse` or `stream: jsonl` (`ndjson` is the same), and `terminator: "[DONE]"` beside `sse`.
    private mutating func responseStream(_ fields: MappingFields, of subject: String) -> ResponseStream? {
        let terminator = text(fields["terminator"], "'terminator' of the response of \(subject)", optional: false)
        guard let format = text(fields["stream"], "'stream' of the response of \(subject)", optional: false) else {
            if let terminator {
                diagnostics.error(
                    "'terminator' of the response of \(subject) belongs to a stream of Server-Sent Events; add "
                        + "'stream: sse' or remove it", at: terminator.location)
            }
            return nil
        }
        let known: ResponseStream.Format? =
            switch format.value {
            case "sse", "text/event-stream": .sse
            case "jsonl", "ndjson", "application/jsonl", "application/x-ndjson": .jsonl
            default: nil
            }
        guard let known else {
            diagnostics.error(
                "unknown stream '\(format.value)' in the response of \(subject); use 'sse' (Server-Sent Events) or "
                    + "'jsonl' (JSON Lines)", at: format.location)
            return nil
        }
        if let terminator, known != .sse {
            diagnostics.error(
                "'terminator' of the response of \(subject) ends a stream of Server-Sent Events; JSON Lines end with "
                    + "the body, so remove it", at: terminator.location)
        }
        return ResponseStream(format: Located(known, at: format.location), terminator: known == .sse ? terminator : nil)
    }

    /// `raw: { type: Data, media: application/vnd.github.raw+json }`: an alternative needs its own media type.
    private mutating func responseAlternative(_ entry: YAMLMappingEntry, of owner: String) -> ResponseAlternative? {
        let subject = "alternative '\(entry.key)' of the response of \(owner)"
        guard
            let fields = fields(
                of: entry.value, subject, known: SpecKeys.responseAlternative,
                expected: "a mapping with 'type' and 'media'")
        else { return nil }
        guard let typeNode = fields["type"], let media = text(fields["media"], "'media' of \(subject)", optional: false)
        else {
            diagnostics.error(
                "\(subject) needs 'type' and 'media': it asks for the same resource in another media type, such as "
                    + "'{ type: Data, media: application/vnd.github.raw }'", at: entry.keyLocation)
            return nil
        }
        guard let type = type(typeNode, subject, allowsVoid: true) else { return nil }
        return ResponseAlternative(
            name: Located(entry.key, at: entry.keyLocation), type: type, media: media,
            description: text(fields["description"], "'description' of \(subject)"))
    }

    /// `Header-Name: Type`, or `Header-Name: { type: Type, name: swiftName, description: … }`.
    private mutating func responseHeader(_ entry: YAMLMappingEntry, of owner: String) -> ResponseHeader? {
        // Captures the key alone: a closure captures a parameter by copying it, and an entry holds a whole node.
        let entryKey = entry.key
        func subject() -> String { "response header '\(entryKey)' of \(owner)" }
        let wireName = Located(entry.key, at: entry.keyLocation)
        guard let (typeNode, fields) = typedEntry(entry, subject(), known: SpecKeys.responseHeader) else { return nil }
        let name = text(fields?["name"], "'name' of \(subject())", optional: false)
        let documentation = fields.map { self.documentation($0, of: subject()) } ?? Documentation()
        let format = fields?["dateFormat"].flatMap { dateFormat($0, subject()) }
        return type(typeNode, subject()).map {
            var header = ResponseHeader(wireName: wireName, name: name, type: $0, documentation: documentation)
            header.dateFormat = format
            return header
        }
    }

    /// `paging: link`, `paging: { next: field }`, `paging: { cursor: field, param: name }` or
    /// `paging: { lastItem: list.field, param: name, while: flag }`. Also what an OpenAPI operation's
    /// `x-endpointgen-paging` says.
    mutating func paging(_ node: YAMLNode, of owner: String) -> Paging? {
        let subject = "'paging' of \(owner)"
        let expected =
            "'link', or a mapping with 'next' (a URL field), 'cursor' and 'param', or 'lastItem', 'param' and 'while'"
        if node.scalar != nil {
            guard let scalar = text(node, subject, optional: false) else { return nil }
            if scalar.value == "link" { return .link(at: scalar.location) }
            diagnostics.error("unknown paging '\(scalar.value)' for \(owner); use \(expected)", at: scalar.location)
            return nil
        }
        guard let fields = fields(of: node, subject, known: SpecKeys.paging, expected: expected) else { return nil }
        let next = text(fields["next"], "'next' of \(subject)", optional: false)
        let cursor = text(fields["cursor"], "'cursor' of \(subject)", optional: false)
        let parameter = text(fields["param"], "'param' of \(subject)", optional: false)
        let lastItem = text(fields["lastItem"], "'lastItem' of \(subject)", optional: false)
        let condition = text(fields["while"], "'while' of \(subject)", optional: false)
        if let lastItem {
            guard next == nil, cursor == nil else {
                diagnostics.error(
                    "\(subject) has 'lastItem' and '\(next != nil ? "next" : "cursor")'; a page names its successor one way",
                    at: node.location)
                return nil
            }
            guard let parameter else {
                diagnostics.error(
                    "\(subject) has a 'lastItem' but no 'param'; name the query parameter the last item's field is sent "
                        + "back in, such as 'param: startingAfter'", at: lastItem.location)
                return nil
            }
            return .lastItem(lastItem, parameter: parameter, condition: condition)
        }
        if let condition {
            diagnostics.error(
                "'while' of \(subject) belongs to paging by 'lastItem'; remove it", at: condition.location)
        }
        switch (next, cursor, parameter) {
        case (let next?, nil, nil):
            return .nextURL(next)
        case (nil, let cursor?, let parameter?):
            return .cursor(cursor, parameter: parameter)
        case (nil, let cursor?, nil):
            diagnostics.error(
                "\(subject) has a 'cursor' but no 'param'; name the query parameter the cursor is sent back in, such "
                    + "as 'param: after'", at: cursor.location)
        case (_?, _, _):
            diagnostics.error(
                "\(subject) has both 'next' and 'cursor'; a page names its successor one way", at: node.location)
        default:
            diagnostics.error("\(subject) says nothing; use \(expected)", at: node.location)
        }
        return nil
    }

    private mutating func method(_ node: YAMLNode?, of subject: String) -> Located<HTTPMethod>? {
        guard let node, let text = text(node, "'method' of \(subject)", optional: false) else { return nil }
        if let method = HTTPMethod(rawValue: text.value.uppercased()) {
            return Located(method, at: text.location)
        }
        let names = HTTPMethod.allCases.map(\.rawValue)
        let hint =
            NameSuggester.suggestion(for: text.value.uppercased(), among: names).map { "did you mean '\($0)'?" }
            ?? "use one of \(names.joined(separator: ", "))"
        diagnostics.error("unknown HTTP method '\(text.value)' for \(subject); \(hint)", at: text.location)
        return nil
    }

    private mutating func parameters(_ node: YAMLNode, of owner: String) -> [Parameter] {
        guard let entries = namedEntries(of: node, "'params' of \(owner)", expected: "a mapping of parameter names")
        else { return [] }
        return entries.compactMapReservingAll { entry in
            let firstProblem = diagnostics.diagnostics.count
            let decoded = parameter(entry, of: owner)
            // Only the short form `name: Type` can be a misplaced endpoint key; a mapping says it is a parameter.
            if diagnostics.diagnostics.count > firstProblem, entry.value.mappingEntries == nil,
                SpecKeys.endpoint.contains(entry.key)
            {
                diagnostics.addNote(
                    Self.endpointKeyNote(entry.key, at: entry.keyLocation), toDiagnosticsFrom: firstProblem)
            }
            return decoded
        }
    }

    /// For a parameter named like an endpoint key whose checks failed: `response: Story` indented two spaces too far
    /// lands under `params`, so it was most likely meant as that key.
    static func endpointKeyNote(_ name: String, at location: SourceLocation) -> Diagnostic.Note {
        .init(
            "'\(name)' is also a key of an endpoint: if it was meant as the endpoint's own, it is indented too far "
                + "and reads as a parameter under 'params'; indent it as far as 'params'", at: location)
    }

    /// `params` at the top level: parameters every endpoint of the listed `methods` (all, without) has, after its
    /// own; each in the query or a header.
    mutating func apiParameters(_ node: YAMLNode) -> [APIParameter] {
        guard let entries = namedEntries(of: node, "'params' of the API", expected: "a mapping of parameter names")
        else { return [] }
        return entries.compactMap { entry -> APIParameter? in
            var methods: [Located<HTTPMethod>] = []
            guard let parameter = parameter(entry, of: "the API", known: SpecKeys.apiParameter) else { return nil }
            let subject = "parameter '\(entry.key)' of the API"
            if let list = entry.value.mappingEntries?.first(where: { $0.key == "methods" })?.value {
                methods = (list.sequenceItems ?? [list]).compactMap { self.method($0, of: subject) }
            }
            if parameter.location == nil || parameter.location?.value == .path {
                diagnostics.error(
                    "\(subject) is sent by many endpoints, so it travels in the query or a header: add 'in: query' or "
                        + "'in: header'", at: parameter.name.location)
                return nil
            }
            return APIParameter(parameter: parameter, methods: methods)
        }
    }

    /// `name: Type`, or `name: { type: Type, in: query, key: wire-name, … }`.
    private mutating func parameter(
        _ entry: YAMLMappingEntry, of owner: String, known: [String] = SpecKeys.parameter
    ) -> Parameter? {
        // Captures the key alone: a closure captures a parameter by copying it, and an entry holds a whole node.
        let entryKey = entry.key
        func subject() -> String { "parameter '\(entryKey)' of \(owner)" }
        let name = Located(entry.key, at: entry.keyLocation)
        guard let (typeNode, fields) = typedEntry(entry, subject(), known: known) else { return nil }
        var location: Located<Parameter.Location>?
        if let text = text(fields?["in"], "'in' of \(subject())", optional: false) {
            if let value = Parameter.Location(rawValue: text.value.lowercased()) {
                location = Located(value, at: text.location)
            } else {
                let hint =
                    text.value.lowercased() == "body"
                    ? "body fields go under the endpoint's 'body' (JSON) or 'form' (form-encoded)"
                    : "use path, query, header or cookie"
                diagnostics.error(
                    "unknown parameter location '\(text.value)' for \(subject()); \(hint)", at: text.location)
            }
        }
        let arrayFormat = fields?["arrayFormat"].flatMap { self.arrayFormat($0, subject()) }
        let key = text(fields?["key"], "'key' of \(subject())", optional: false)
        let documentation = fields.map { self.documentation($0, of: subject()) } ?? Documentation()
        guard
            var parameter = type(typeNode, subject()).map({
                Parameter(
                    name: name, key: key, type: $0, location: location, arrayFormat: arrayFormat,
                    documentation: documentation)
            })
        else { return nil }
        parameter.defaultValue = text(fields?["default"], "'default' of \(subject())", optional: false)
        if let node = fields?["dateFormat"] { parameter.dateFormat = dateFormat(node, subject()) }
        if let node = fields?["allowsSlashes"] {
            parameter.allowsSlashes = Located(bool(node, "'allowsSlashes' of \(subject())"), at: node.location)
        }
        return parameter
    }

    /// `body: Type` or `body: { field: Type }` (JSON), `form: { field: Type }` (form-encoded),
    /// `multipart: { field: Type }` (multipart/form-data) or `raw: media/type` (bytes as they are).
    private mutating func body(_ fields: MappingFields, of subject: String) -> RequestBody? {
        let (body, form, multipart, raw) = (fields["body"], fields["form"], fields["multipart"], fields["raw"])
        let given = (body != nil ? 1 : 0) + (form != nil ? 1 : 0) + (multipart != nil ? 1 : 0) + (raw != nil ? 1 : 0)
        guard given > 0 else { return nil }
        if given > 1 {
            let kinds = ["body", "form", "multipart", "raw"].filter { fields[$0] != nil }
            if let location = fields.keyLocation(kinds[1]) {
                diagnostics.error(
                    "\(subject) has both '\(kinds[0])' and '\(kinds[1])'; an endpoint sends one body: JSON ('body'), "
                        + "a form ('form'), multipart ('multipart') or raw bytes ('raw')", at: location)
                return nil
            }
        }
        if let node = body {
            if node.scalar != nil && !node.isNull {
                return type(node, "the body of \(subject)").map { .value($0) }
            }
            guard node.mappingEntries != nil else {
                diagnostics.error(
                    "expected a type or a mapping of fields for 'body' of \(subject), found \(node.kindDescription)",
                    at: node.location)
                return nil
            }
            return .jsonFields(inlineFields(node, of: "the body of \(subject)"), at: node.location)
        }
        if let raw { return self.raw(raw, of: subject) }
        guard let node = form ?? multipart else { return nil }
        let (key, kind) = form != nil ? ("form", "the form") : ("multipart", "the multipart body")
        guard node.mappingEntries != nil else {
            diagnostics.error(
                "expected a mapping of fields for '\(key)' of \(subject), found \(node.kindDescription)",
                at: node.location
            )
            return nil
        }
        let inline = inlineFields(node, of: "\(kind) of \(subject)")
        return form != nil ? .formFields(inline, at: node.location) : .multipartFields(inline, at: node.location)
    }

    /// `raw: image/jpeg`, or `raw: { media: image/jpeg, name: image, description: … }`.
    private mutating func raw(_ node: YAMLNode, of owner: String) -> RequestBody? {
        let subject = "'raw' of \(owner)"
        if node.scalar != nil {
            return text(node, subject, optional: false).map { .raw(RawBody(media: $0, location: node.location)) }
        }
        guard
            let fields = fields(
                of: node, subject, known: SpecKeys.raw, expected: "a media type, or a mapping with 'media' and 'name'")
        else { return nil }
        guard let media = text(fields["media"], "'media' of \(subject)", optional: false) else {
            if fields["media"] == nil {
                diagnostics.error(
                    "\(subject) has no 'media'; name what is sent, such as 'media: image/jpeg'", at: node.location)
            }
            return nil
        }
        return .raw(
            RawBody(
                media: media, name: text(fields["name"], "'name' of \(subject)", optional: false),
                documentation: documentation(fields, of: subject), location: node.location))
    }

    private mutating func inlineFields(_ node: YAMLNode, of owner: String) -> [Property] {
        let entries = node.mappingEntries ?? []
        if entries.isEmpty {
            diagnostics.error("\(owner) has no fields; list them, or leave the key out", at: node.location)
        }
        return entries.compactMapReservingAll { property($0, of: owner) }
    }
}

extension SpecDecoder {
    /// `arrayFormat: repeat | comma | brackets`: how a list of text travels in a query or a form.
    mutating func arrayFormat(_ node: YAMLNode, _ subject: @autoclosure () -> String) -> Located<Parameter.ArrayFormat>?
    {
        guard let text = text(node, "'arrayFormat' of \(subject())", optional: false) else { return nil }
        guard let value = Parameter.ArrayFormat(rawValue: text.value) else {
            diagnostics.error(
                "unknown array format '\(text.value)' for \(subject()); use 'repeat' (codes=A&codes=B), 'comma' "
                    + "(codes=A,B) or 'brackets' (codes[]=A&codes[]=B)", at: text.location)
            return nil
        }
        return Located(value, at: text.location)
    }
}
