import HTTPRules

/// Endpoint checks: scope, types, path and parameters, body, and argument names.
extension SpecValidator {
    mutating func check(_ endpoint: Endpoint) {
        let subject = "endpoint '\(endpoint.qualifiedName)'"
        if let requirement = endpoint.scope { checkScopeRequirement(requirement, of: subject) }
        checkType(endpoint.response, of: "the response")
        for success in endpoint.successStatuses {
            checkType(success.type, of: "the response for status \(success.status.value)")
        }
        // Where each parameter travels, decided once for every check below that asks.
        let template = PathTemplate(endpoint.path.value)
        let placement = ParameterPlacement(endpoint, template: template)
        checkResponseMedia(of: endpoint, placement: placement, subject: subject)
        checkResponseHeaders(of: endpoint, subject: subject)
        checkPaging(of: endpoint, placement: placement, subject: subject)
        checkRedirect(of: endpoint, subject: subject)
        checkStream(of: endpoint, subject: subject)
        checkErrorTypes(endpoint.errors)
        checkParameters(of: endpoint, template: template, placement: placement, subject: subject)
        checkBody(of: endpoint, subject: subject)

        checkConstantHeaders(of: endpoint, subject: subject)
        if let server = endpoint.server, !spec.servers.contains(where: { $0.name.value == server.value }) {
            let hint =
                spec.servers.isEmpty
                ? "; define it under 'servers' at the top of the spec, such as 'servers: { \(server.value): "
                    + "https://… }'"
                : suggestionHint(for: server.value, among: spec.servers.lazy.map(\.name.value))
            diagnostics.error("unknown server '\(server.value)' for \(subject)\(hint)", at: server.location)
        }

        // Labelled like `checkMemberNames`'s argument: an array of unlabelled tuples is converted element by element.
        var labels: [(name: Located<String>, swift: String)] = endpoint.parameters.map {
            (name: $0.name, swift: SwiftName.memberName($0.name.value))
        }
        var bodyLabels: [(name: Located<String>, swift: String)] = []
        switch endpoint.body {
        case .value(let type)?: bodyLabels.append((Located("body", at: type.text.location), "body"))
        case .jsonFields(let fields, _)?, .formFields(let fields, _)?, .multipartFields(let fields, _)?:
            bodyLabels += fields.map { ($0.name, SwiftName.memberName($0.name.value)) }
        case .raw(let raw)?:
            bodyLabels.append((raw.name ?? Located("body", at: raw.location), SwiftName.memberName(raw.argumentName)))
        case nil: break
        }
        // A parameter and a body field of the same name would be one argument label twice.
        let parameterLabels =
            bodyLabels.isEmpty
            ? [:] : Dictionary(labels.map { ($0.swift, $0.name) }, uniquingKeysWith: { first, _ in first })
        for label in bodyLabels {
            if let parameter = parameterLabels[label.swift], parameter.value == label.name.value {
                diagnostics.error(
                    "the body of \(subject) has an argument '\(label.name.value)', like the parameter at "
                        + "\(parameter.location.lineAndColumn); rename one of them (a 'key' keeps the name on the wire)",
                    at: label.name.location)
            }
        }
        labels += bodyLabels
        checkMemberNames(labels, kind: "argument", in: subject)

        if endpoint.method.value == .head, endpoint.response.expression != .builtin(.void) {
            diagnostics.warning(
                "\(subject) uses HEAD, whose responses have no body, but declares the response "
                    + "'\(endpoint.response.text.value)'; use 'Void'", at: endpoint.response.text.location)
        }
    }

    /// The media type is well formed and can carry each body type; `Accept` is said in one place only.
    private mutating func checkResponseMedia(of endpoint: Endpoint, placement: ParameterPlacement, subject: String) {
        let media = endpoint.responseMedia
        if let media {
            if let problem = MediaType.problem(with: media.value) {
                diagnostics.error("'media' of the response of \(subject): \(problem)", at: media.location)
            }
            for (parameter, location) in zip(endpoint.parameters, placement.locations)
            where location == .header && parameter.wireName.lowercased() == "accept" {
                diagnostics.error(
                    "\(subject) sets 'Accept' both as the header parameter '\(parameter.name.value)' and through the "
                        + "response's 'media'; keep one", at: parameter.name.location)
            }
        }
        let bodies =
            endpoint.successStatuses.isEmpty
            ? [endpoint.response] : endpoint.successStatuses.map(\.type)
        for body in bodies {
            if let media, MediaType.isJSON(media.value), let type = body.expression,
                let reading = MediaType.reading(of: type, media: media.value), reading == .bytes || reading == .text
            {
                diagnostics.warning(
                    "the response of \(subject) is '\(type)' under the JSON media type '\(media.value)', so its body is "
                        + "read as the \(reading == .bytes ? "bytes" : "text") it is, not decoded as JSON; to decode a "
                        + "JSON \(reading == .bytes ? "base64 string" : "string"), leave 'media' out",
                    at: body.text.location)
            }
            guard let type = body.expression, MediaType.reading(of: type, media: media?.value) == nil else { continue }
            diagnostics.error(
                "the response of \(subject) has the media type '\(media?.value ?? "")', which is not JSON, so its body is bytes or "
                    + "text: use 'Data' or 'String' (optional for an empty body), not '\(type)'",
                at: body.text.location)
        }
    }

    /// A redirect to read: one response (no paging, no several statuses), and a `Location` worth declaring.
    private mutating func checkRedirect(of endpoint: Endpoint, subject: String) {
        guard let redirect = endpoint.redirect else { return }
        if endpoint.paging != nil || !endpoint.successStatuses.isEmpty {
            diagnostics.error(
                "\(subject) reads its redirect, so its answer is the redirect itself; it cannot also "
                    + (endpoint.paging != nil ? "page" : "list success statuses") + "; remove one of them",
                at: redirect)
        } else if !endpoint.responseHeaders.contains(where: { $0.wireName.value.lowercased() == "location" }) {
            diagnostics.warning(
                "\(subject) reads its redirect but declares no 'Location' header, so where it points is lost; add "
                    + "'headers: { Location: URL }' to the response", at: redirect)
        }
    }

    /// A stream: values of one type, which is not `Void` or bytes, read as they arrive, so nothing that needs the
    /// whole body (several statuses, headers, paging, a redirect, another media type).
    private mutating func checkStream(of endpoint: Endpoint, subject: String) {
        guard let stream = endpoint.stream else { return }
        let format = stream.format.value == .sse ? "Server-Sent Events" : "JSON Lines"
        let conflicts: [(Bool, String)] = [
            (!endpoint.successStatuses.isEmpty, "list success statuses"),
            (!endpoint.responseHeaders.isEmpty, "declare response headers"),
            (endpoint.paging != nil, "page"),
            (endpoint.redirect != nil, "read a redirect"),
            (endpoint.responseMedia != nil, "name a 'media' (the stream asks for its own)"),
        ]
        for (conflicts, what) in conflicts where conflicts {
            diagnostics.error(
                "\(subject) streams \(format), read as they arrive; it cannot also \(what); remove one of them",
                at: stream.format.location)
        }
        guard endpoint.successStatuses.isEmpty, let type = endpoint.response.expression else { return }
        if type == .builtin(.void) || type.unwrapped == .builtin(.data) {
            diagnostics.error(
                "\(subject) streams \(format), but its response type is '\(endpoint.response.text.value)'; name the "
                    + "type of each value, such as 'type: Completion' (or 'String' for the text as it is)",
                at: endpoint.response.text.location)
        }
    }

    private mutating func checkResponseHeaders(of endpoint: Endpoint, subject: String) {
        let headers = endpoint.responseHeaders
        for header in headers {
            func name() -> String { "response header '\(header.wireName.value)' of \(subject)" }
            if let problem = HTTPFieldName.problem(with: header.wireName.value, forSending: false) {
                diagnostics.error("\(name()): \(problem)", at: header.wireName.location)
            }
            checkType(header.type, of: name())
            if let format = header.dateFormat, header.type.expression?.unwrapped != .builtin(.date) {
                diagnostics.error(
                    "'dateFormat' of \(name()) applies to a 'Date' or 'Date?' header, not '\(header.type.text.value)'; "
                        + "remove it", at: format.location)
            }
            if let type = header.type.expression, !isTextual(type.unwrapped, allowsLists: true) {
                diagnostics.error(
                    "\(name()) has the type '\(type)', which a header's text cannot hold; use "
                        + "\(BuiltinType.textLikeTypes), an enum model, or a list of them",
                    at: header.type.text.location)
            }
            if let given = header.name, SwiftName.memberName(given.value).isEmpty {
                diagnostics.error("'name' of \(name()) has no letters or digits; name the property", at: given.location)
            }
        }
        checkWireNames(headers.map(\.wireName), kind: "response header", in: subject, caseInsensitive: true)
        // A header named twice is reported above once; its property would only say the same again.
        var seen: Set<String> = []
        let distinct = headers.filter { seen.insert($0.wireName.value.lowercased()).inserted }
        checkMemberNames(
            distinct.map { ($0.name ?? $0.wireName, SwiftName.memberName($0.propertyName)) },
            kind: "response header property", in: subject)
    }

    private mutating func checkPaging(of endpoint: Endpoint, placement: ParameterPlacement, subject: String) {
        guard let paging = endpoint.paging else { return }
        let location: SourceLocation
        switch paging {
        case .link(let at): location = at
        case .nextURL(let path), .cursor(let path, _), .lastItem(let path, _, _): location = path.location
        }
        if endpoint.method.value != .get {
            diagnostics.error(
                "\(subject) pages, but uses \(endpoint.method.value.rawValue); paging asks for the next page with GET, "
                    + "so remove 'paging' or use GET", at: location)
            return
        }
        guard let response = endpoint.response.expression else { return }
        if !endpoint.successStatuses.isEmpty {
            if case .link = paging { return }
            diagnostics.error(
                "\(subject) answers several success statuses, so 'next' and 'cursor' have no one model to read; page "
                    + "by 'link', or declare one response type", at: location)
            return
        }
        switch paging {
        case .link:
            break
        case .nextURL(let path):
            switch FieldPath.resolve(path.value, from: response, models: models) {
            case .failure(let problem):
                diagnostics.error("'next' of the paging of \(subject): \(problem.message)", at: path.location)
            case .success(let field) where field.type.unwrapped != .builtin(.url):
                diagnostics.error(
                    "'next' of the paging of \(subject) is '\(path.value)', of type '\(field.type)'; it must be the "
                        + "next page's URL, of type 'URL?' (or 'URL')", at: path.location)
            case .success:
                break
            }
        case .cursor(let path, let parameterName), .lastItem(let path, let parameterName, _):
            let isLastItem: Bool
            let cursorType: Result<TypeExpression, FieldPath.Problem>
            if case .lastItem(_, _, let condition) = paging {
                isLastItem = true
                cursorType = FieldPath.resolveLastItem(path.value, from: response, models: models).map(\.field.type)
                if let condition { checkPagingCondition(condition, of: response, subject: subject) }
            } else {
                isLastItem = false
                cursorType = FieldPath.resolve(path.value, from: response, models: models).map(\.type)
            }
            let key = isLastItem ? "lastItem" : "cursor"
            switch cursorType {
            case .failure(let problem):
                diagnostics.error("'\(key)' of the paging of \(subject): \(problem.message)", at: path.location)
            case .success(let type) where !isTextual(type.unwrapped, allowsLists: false):
                diagnostics.error(
                    "'\(key)' of the paging of \(subject) is '\(path.value)', of type '\(type)', which cannot be "
                        + "sent back as a query item; use a String, a number or an enum model",
                    at: path.location)
            case .success:
                break
            }
            let query = zip(endpoint.parameters, placement.locations).filter { $0.1 == .query }.map(\.0)
            if let other = zip(endpoint.parameters, placement.locations).first(where: {
                $0.0.name.value == parameterName.value && $0.1 != .query
            }) {
                diagnostics.error(
                    "'param' of the paging of \(subject) is '\(parameterName.value)', which is sent in the "
                        + "\(other.1.rawValue); a cursor goes back in the query, so declare it with 'in: query'",
                    at: parameterName.location)
            } else if !query.contains(where: { $0.name.value == parameterName.value }) {
                let hint =
                    query.isEmpty
                    ? "declare it under 'params', such as '\(parameterName.value): String?'"
                    : "the query parameters are \(query.map(\.name.value).joined(separator: ", "))"
                diagnostics.error(
                    "'param' of the paging of \(subject) is '\(parameterName.value)', which is no query parameter of "
                        + "the endpoint; \(hint)", at: parameterName.location)
            }
        }
    }

    /// `while` of paging by the last item: a `Bool` (or `Bool?`, nil meaning no more) in the body.
    private mutating func checkPagingCondition(
        _ condition: Located<String>, of response: TypeExpression, subject: String
    ) {
        switch FieldPath.resolve(condition.value, from: response, models: models) {
        case .failure(let problem):
            diagnostics.error("'while' of the paging of \(subject): \(problem.message)", at: condition.location)
        case .success(let field) where field.type.unwrapped != .builtin(.bool):
            diagnostics.error(
                "'while' of the paging of \(subject) is '\(condition.value)', of type '\(field.type)'; it must say "
                    + "whether there are more pages, a 'Bool' such as 'hasMore'", at: condition.location)
        case .success:
            break
        }
    }

    private mutating func checkParameters(
        of endpoint: Endpoint, template: PathTemplate, placement: ParameterPlacement, subject: String
    ) {
        let pathContent = endpoint.pathContentLocation
        for problem in template.problems {
            diagnostics.error(problem.message, at: pathContent?.advanced(by: problem.offset) ?? endpoint.path.location)
        }
        checkWireNames(
            template.placeholders.map {
                Located("{\($0.name)}", at: pathContent?.advanced(by: $0.offset) ?? endpoint.path.location)
            }, kind: "placeholder", in: "the path of \(subject)")

        var filled: Set<String> = []
        for (parameter, location) in zip(endpoint.parameters, placement.locations) {
            let firstProblem = diagnostics.diagnostics.count
            defer {
                // `response: Story` indented two spaces too far lands under `params`: a parameter named like an
                // endpoint key whose checks fail was most likely meant as that key.
                if diagnostics.diagnostics.count > firstProblem, parameter.location == nil, parameter.key == nil,
                    SpecKeys.endpoint.contains(parameter.name.value)
                {
                    diagnostics.addNote(
                        SpecDecoder.endpointKeyNote(parameter.name.value, at: parameter.name.location),
                        toDiagnosticsFrom: firstProblem)
                }
            }
            checkType(parameter.type, of: "parameter '\(parameter.name.value)'")
            checkDefault(
                parameter.defaultValue, of: parameter.type, subject: "parameter '\(parameter.name.value)' of \(subject)"
            )
            if let slashes = parameter.allowsSlashes, slashes.value,
                location != .path || parameter.type.expression.map({ $0 != .builtin(.string) }) ?? false
            {
                diagnostics.error(
                    "'allowsSlashes' applies to path parameters of type String, but parameter "
                        + "'\(parameter.name.value)' of \(subject) is a \(location.rawValue) parameter of type "
                        + "'\(parameter.type.text.value)'; remove it", at: slashes.location)
            }
            if location == .path {
                if placement.isPlaceholder(parameter.wireName) {
                    filled.insert(parameter.wireName)
                } else {
                    diagnostics.error(
                        "path parameter '\(parameter.name.value)' of \(subject) does not appear in the path "
                            + "'\(endpoint.path.value)'; add '{\(parameter.wireName)}' to the path, or send it "
                            + "with 'in: query'", at: parameter.location?.location ?? parameter.name.location)
                }
            }
            if location == .header {
                let wireName = parameter.key ?? parameter.name
                if let problem = HTTPFieldName.problem(with: wireName.value) {
                    diagnostics.error(
                        "header parameter '\(parameter.name.value)' of \(subject): \(problem)",
                        at: wireName.location)
                }
            }
            if location == .cookie {
                // A cookie's name is an RFC 6265 token, the same characters as a header name.
                let wireName = parameter.key ?? parameter.name
                if !HTTPRules.isToken(wireName.value) {
                    diagnostics.error(
                        "cookie parameter '\(parameter.name.value)' of \(subject) is named '\(wireName.value)', which is "
                            + "not a cookie name; use letters, digits and !#$%&'*+-.^_`|~ only (RFC 6265), and 'key' "
                            + "for the name on the wire", at: wireName.location)
                }
            }
            checkParameterType(parameter, in: location, of: subject)
        }
        for placeholder in template.placeholders where !filled.contains(placeholder.name) {
            diagnostics.error(
                "path placeholder '{\(placeholder.name)}' of \(subject) has no path parameter; add "
                    + "'\(placeholder.name): String' (or another type) under 'params'",
                at: pathContent?.advanced(by: placeholder.offset) ?? endpoint.path.location)
        }

        if placement.locations.contains(.cookie),
            let header = zip(endpoint.parameters, placement.locations).first(where: {
                $0.1 == .header && $0.0.wireName.lowercased() == "cookie"
            })?.0
        {
            diagnostics.error(
                "header parameter '\(header.name.value)' of \(subject) writes the 'Cookie' header that its cookie "
                    + "parameters write; declare each cookie as a parameter with 'in: cookie'",
                at: (header.key ?? header.name).location)
        }
        for location in [Parameter.Location.query, .header, .cookie] {
            let names = zip(endpoint.parameters, placement.locations).filter { $0.1 == location }.map {
                $0.0.key ?? $0.0.name
            }
            checkWireNames(
                names, kind: "\(location.rawValue) parameter", in: subject, caseInsensitive: location == .header)
        }
    }

    /// Path, query and header values are text on the wire; only some types can be.
    private mutating func checkParameterType(
        _ parameter: Parameter, in location: Parameter.Location, of subject: String
    ) {
        guard let type = parameter.type.expression else { return }
        func name() -> String { "\(location.rawValue) parameter '\(parameter.name.value)' of \(subject)" }
        if location == .path, type.isOptional {
            diagnostics.error(
                "\(name()) cannot be optional: the path always needs it; drop the '?', or send it in the query",
                at: parameter.type.text.location)
            return
        }
        checkDateFormat(parameter.dateFormat, of: parameter.type, subject: name())
        let allowsLists = location == .query
        if let format = parameter.arrayFormat,
            !(allowsLists && type.unwrapped.isArray && isTextual(type.unwrapped, allowsLists: true))
        {
            diagnostics.error(
                "'arrayFormat' applies to query parameters whose type is a list of text, but \(name()) has the type "
                    + "'\(type)'; remove 'arrayFormat'", at: format.location)
        }
        // A structure in the query is spread over bracketed keys (`created[gte]=…`); a path or a header holds text.
        if location != .query, !isTextual(type.unwrapped, allowsLists: allowsLists) {
            let lists = allowsLists ? ", or a list of them" : ""
            diagnostics.error(
                "\(name()) has the type '\(type)', which cannot be sent as text; use \(BuiltinType.textLikeTypes) "
                    + "or an enum model\(lists)", at: parameter.type.text.location)
        }
    }

    /// Whether values of `type` can be written as text (a list of such values too, where `allowsLists`).
    func isTextual(_ type: TypeExpression, allowsLists: Bool) -> Bool {
        type.isTextual(allowsLists: allowsLists, models: models)
    }

    private mutating func checkBody(of endpoint: Endpoint, subject: String) {
        guard let body = endpoint.body else { return }
        let location: SourceLocation
        switch body {
        case .value(let type):
            checkType(type, of: "the body")
            location = type.text.location
        case .jsonFields(let fields, let at):
            location = at
            for field in fields {
                checkType(field.type, of: "field '\(field.name.value)'")
                checkField(field, of: subject, allowsNull: true)
            }
            checkWireNames(fields.map { $0.key ?? $0.name }, kind: "JSON key", in: "the body of \(subject)")
        case .formFields(let fields, let at):
            location = at
            for field in fields {
                checkType(field.type, of: "field '\(field.name.value)'")
                // Text, lists of text, and structures spread over bracketed keys all travel in a form; 'Upload'
                // is refused by `checkType`, and bytes of their own are most likely a file.
                checkField(field, of: subject, allowsNull: false, inForm: true)
                if let type = field.type.expression, type.unwrapped.arrayElement == .builtin(.data) {
                    diagnostics.error(
                        "form field '\(field.name.value)' of \(subject) has the type '\(type)', bytes that a form can only "
                            + "carry as base64 text; files need 'multipart' ('Upload'), and base64 inside a model is "
                            + "'Data' in a property", at: field.type.text.location)
                }
            }
            checkWireNames(fields.map { $0.key ?? $0.name }, kind: "form key", in: "the form of \(subject)")
        case .multipartFields(let fields, let at):
            location = at
            for field in fields {
                // Text, files and JSON values all travel as parts (`Void` is refused where it is read).
                checkType(field.type, of: "field '\(field.name.value)'", allowsUpload: true)
                checkField(field, of: subject, allowsNull: false, inMultipart: true)
            }
            checkWireNames(fields.map { $0.key ?? $0.name }, kind: "part name", in: "the multipart body of \(subject)")
        case .raw(let raw):
            location = raw.location
            if let problem = MediaType.problem(with: raw.media.value) {
                diagnostics.error("the raw body of \(subject): \(problem)", at: raw.media.location)
            }
        }
        if endpoint.method.value == .get || endpoint.method.value == .head {
            diagnostics.warning(
                "\(subject) sends a body with \(endpoint.method.value.rawValue); many servers and proxies drop it, "
                    + "so consider query parameters or another method", at: location)
        }
    }

    /// `nullable` and `default` of a body field: null only in JSON and only for optional fields.
    private mutating func checkField(
        _ field: Property, of subject: String, allowsNull: Bool, inMultipart: Bool = false, inForm: Bool = false
    ) {
        checkEncoding(field, subject: "field '\(field.name.value)' of \(subject)", inMultipart: inMultipart)
        if let format = field.arrayFormat, let type = field.type.expression,
            !(inForm && type.unwrapped.isArray && isTextual(type.unwrapped, allowsLists: true))
        {
            diagnostics.error(
                "'arrayFormat' applies to form fields whose type is a list of text, but field "
                    + "'\(field.name.value)' of \(subject) is '\(type)'"
                    + (inForm ? "" : " in a body that is not a form") + "; remove 'arrayFormat'", at: format.location)
        }
        checkDefault(field.defaultValue, of: field.type, subject: "field '\(field.name.value)' of \(subject)")
        checkDateFormat(field.dateFormat, of: field.type, subject: "field '\(field.name.value)' of \(subject)")
        guard let nullable = field.nullable, nullable.value else { return }
        let name = "field '\(field.name.value)' of \(subject)"
        if !allowsNull {
            diagnostics.error(
                "\(name) is 'nullable', but only a JSON body can carry null; remove 'nullable'",
                at: nullable.location)
        } else if let type = field.type.expression, !type.isOptional {
            diagnostics.error(
                "\(name) is 'nullable' but not optional; make its type '\(type)?', so that leaving it out stays "
                    + "possible beside sending null", at: nullable.location)
        }
    }

    /// The constant headers of an endpoint: sendable names and values, none twice, none a credential, and none
    /// also a header parameter or the response media type.
    private mutating func checkConstantHeaders(of endpoint: Endpoint, subject: String) {
        guard !endpoint.constantHeaders.isEmpty else { return }
        checkConstantHeaders(endpoint.constantHeaders, of: subject)
        let parameterNames = Set(
            endpoint.parameters.filter { $0.location?.value == .header }.map { $0.wireName.lowercased() })
        for header in endpoint.constantHeaders {
            let lowered = header.name.value.lowercased()
            if parameterNames.contains(lowered) {
                diagnostics.error(
                    "constant header '\(header.name.value)' of \(subject) is also a header parameter; keep one of them",
                    at: header.name.location)
            } else if lowered == "accept", let media = endpoint.responseMedia {
                if header.value.value.lowercased() == media.value.lowercased() {
                    diagnostics.error(
                        "constant header 'Accept' of \(subject) repeats what 'media' of its response sends as 'Accept'; "
                            + "keep 'media'", at: header.name.location)
                } else {
                    diagnostics.error(
                        "constant header 'Accept: \(header.value.value)' of \(subject) conflicts with 'media: "
                            + "\(media.value)' of its response, which is sent as 'Accept' and says how the body is "
                            + "read; keep one of them", at: header.name.location,
                        notes: [.init("'media' is here", at: media.location)])
                }
            }
        }
    }
}

extension SpecValidator {
    /// Constant headers: each name a header a request may carry, each value one line, and no credentials.
    mutating func checkConstantHeaders(_ headers: [ConstantHeader], of owner: String) {
        for header in headers {
            if let problem = HTTPFieldName.problem(with: header.name.value) {
                diagnostics.error("constant header of \(owner): \(problem)", at: header.name.location)
            } else if HTTPRules.isCredentialHeaderName(header.name.value) {
                diagnostics.error(
                    "constant header '\(header.name.value)' of \(owner) would put a credential in the spec and in "
                        + "the generated code; declare it as a scope's 'auth' (bearer, basic or apiKey) instead",
                    at: header.name.location)
            } else if let word = HTTPRules.credentialWord(in: header.name.value) {
                // The runtime treats such a header as a credential (redacted in logs, dropped on a redirect to another
                // host), so a constant one is most likely a secret written into the generated code.
                diagnostics.warning(
                    "constant header '\(header.name.value)' of \(owner) has a name the client treats as a credential's "
                        + "(it holds '\(word)'); if its value is a secret, declare it as a scope's 'auth' (apiKey) "
                        + "instead of writing it in the spec", at: header.name.location)
            }
            if let bad = header.value.value.unicodeScalars.first(where: {
                $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F
            }) {
                diagnostics.error(
                    "the value of constant header '\(header.name.value)' of \(owner) contains the control character "
                        + "U+\(String(repeating: "0", count: 4 - String(bad.value, radix: 16).count))"
                        + "\(String(bad.value, radix: 16, uppercase: true)); a header value is one line of text",
                    at: header.value.location)
            }
        }
        checkWireNames(headers.map(\.name), kind: "constant header", in: owner, caseInsensitive: true)
    }

    /// A `default:` must be a value of its type, and its type one a default can have.
    mutating func checkDefault(_ text: Located<String>?, of type: TypeReference, subject: @autoclosure () -> String) {
        checkValue(text, kind: "default", of: type, subject: subject())
    }

    /// An `example:` follows the rule of defaults.
    mutating func checkExample(_ text: Located<String>?, of type: TypeReference, subject: @autoclosure () -> String) {
        checkValue(text, kind: "example", of: type, subject: subject())
    }

    private mutating func checkValue(
        _ text: Located<String>?, kind: String, of type: TypeReference, subject: @autoclosure () -> String
    ) {
        guard let text, let expression = type.expression else { return }
        let subject = subject()
        switch DefaultValue.resolve(text.value, for: expression, models: models) {
        case .success:
            break
        case .failure(.notA(let expected)):
            diagnostics.error("the \(kind) '\(text.value)' of \(subject) is not a \(expected)", at: text.location)
        case .failure(.unsupportedType):
            diagnostics.error(
                "\(subject) has \(kind == "example" ? "an" : "a") \(kind), but its type '\(expression)' cannot have one; "
                    + "\(kind)s are for String, numbers, Bool, Date, UUID, URL and enum models", at: text.location)
        }
    }
}
