/// Endpoint checks: scope, types, path and parameters, body, and argument names.
extension SpecValidator {
    mutating func check(_ endpoint: Endpoint) {
        let what = "endpoint '\(endpoint.qualifiedName)'"
        if let scope = endpoint.scope, !scopeNames.contains(scope.value) {
            let hint =
                scopeNames.isEmpty
                ? "; define it under 'scopes' at the top of the spec"
                : suggestionHint(for: scope.value, among: spec.scopes.lazy.map(\.name.value))
            diagnostics.error("unknown scope '\(scope.value)' for \(what)\(hint)", at: scope.location)
        }
        checkType(endpoint.response, of: "the response")
        checkErrorTypes(endpoint.errors)
        checkParameters(of: endpoint, what: what)
        checkBody(of: endpoint, what: what)

        var labels = endpoint.parameters.map { ($0.name, SwiftName.memberName($0.name.value)) }
        switch endpoint.body {
        case .value(let type)?: labels.append((Located("body", at: type.text.location), "body"))
        case .jsonFields(let fields, _)?, .formFields(let fields, _)?:
            labels += fields.map { ($0.name, SwiftName.memberName($0.name.value)) }
        case nil: break
        }
        checkMemberNames(labels, kind: "argument", in: what)

        if endpoint.method.value == .head, endpoint.response.expression != .builtin(.void) {
            diagnostics.warning(
                "\(what) uses HEAD, whose responses have no body, but declares the response "
                    + "'\(endpoint.response.text.value)'; use 'Void'", at: endpoint.response.text.location)
        }
    }

    private mutating func checkParameters(of endpoint: Endpoint, what: String) {
        let template = PathTemplate(endpoint.path.value)
        let placement = ParameterPlacement(endpoint, template: template)
        let pathContent = endpoint.pathContentLocation
        for problem in template.problems {
            diagnostics.error(problem.message, at: pathContent?.advanced(by: problem.offset) ?? endpoint.path.location)
        }
        checkWireNames(
            template.placeholders.map {
                Located("{\($0.name)}", at: pathContent?.advanced(by: $0.offset) ?? endpoint.path.location)
            }, kind: "placeholder", in: "the path of \(what)")

        var filled: Set<String> = []
        for (parameter, location) in zip(endpoint.parameters, placement.locations) {
            checkType(parameter.type, of: "parameter '\(parameter.name.value)'")
            if location == .path {
                if placement.placeholderSet.contains(parameter.wireName) {
                    filled.insert(parameter.wireName)
                } else {
                    diagnostics.error(
                        "path parameter '\(parameter.name.value)' of \(what) does not appear in the path "
                            + "'\(endpoint.path.value)'; add '{\(parameter.wireName)}' to the path, or send it "
                            + "with 'in: query'", at: parameter.location?.location ?? parameter.name.location)
                }
            }
            if location == .header {
                let wireName = parameter.key ?? parameter.name
                if let problem = HTTPFieldName.problem(with: wireName.value) {
                    diagnostics.error(
                        "header parameter '\(parameter.name.value)' of \(what): \(problem)",
                        at: wireName.location)
                }
            }
            checkParameterType(parameter, in: location, of: what)
        }
        for placeholder in template.placeholders where !filled.contains(placeholder.name) {
            diagnostics.error(
                "path placeholder '{\(placeholder.name)}' of \(what) has no path parameter; add "
                    + "'\(placeholder.name): String' (or another type) under 'params'",
                at: pathContent?.advanced(by: placeholder.offset) ?? endpoint.path.location)
        }

        for location in [Parameter.Location.query, .header] {
            let names = zip(endpoint.parameters, placement.locations).filter { $0.1 == location }.map {
                $0.0.key ?? $0.0.name
            }
            checkWireNames(
                names, kind: "\(location.rawValue) parameter", in: what, caseInsensitive: location == .header)
        }
    }

    /// Path, query and header values are text on the wire; only some types can be.
    private mutating func checkParameterType(_ parameter: Parameter, in location: Parameter.Location, of what: String) {
        guard let type = parameter.type.expression else { return }
        let name = "\(location.rawValue) parameter '\(parameter.name.value)' of \(what)"
        if location == .path, type.isOptional {
            diagnostics.error(
                "\(name) cannot be optional: the path always needs it; drop the '?', or send it in the query",
                at: parameter.type.text.location)
            return
        }
        let allowsLists = location == .query
        if let format = parameter.arrayFormat, !(allowsLists && type.unwrapped.isArray) {
            diagnostics.error(
                "'arrayFormat' applies to query parameters whose type is a list, but \(name) has the type "
                    + "'\(type)'; remove 'arrayFormat'", at: format.location)
        }
        if !isTextual(type.unwrapped, allowsLists: allowsLists) {
            let lists = allowsLists ? ", or a list of them" : ""
            diagnostics.error(
                "\(name) has the type '\(type)', which cannot be sent as text; use String, a number, Bool, Date, "
                    + "UUID, URL or an enum model\(lists)", at: parameter.type.text.location)
        }
    }

    /// Whether values of `type` can be written as text (a list of such values too, where `allowsLists`).
    func isTextual(_ type: TypeExpression, allowsLists: Bool) -> Bool {
        switch type {
        case .builtin(let builtin): return builtin.isTextual
        case .model(let name):
            guard let model = models[name] else { return true }  // Unknown models are reported on their own.
            if case .enumeration = model.kind { return true }
            return false
        case .array(let element): return allowsLists && isTextual(element, allowsLists: false)
        case .optional, .dictionary: return false
        }
    }

    private mutating func checkBody(of endpoint: Endpoint, what: String) {
        guard let body = endpoint.body else { return }
        let location: SourceLocation
        switch body {
        case .value(let type):
            checkType(type, of: "the body")
            location = type.text.location
        case .jsonFields(let fields, let at):
            location = at
            for field in fields { checkType(field.type, of: "field '\(field.name.value)'") }
            checkWireNames(fields.map { $0.key ?? $0.name }, kind: "JSON key", in: "the body of \(what)")
        case .formFields(let fields, let at):
            location = at
            for field in fields {
                checkType(field.type, of: "field '\(field.name.value)'")
                if let type = field.type.expression, !isTextual(type.unwrapped, allowsLists: true) {
                    diagnostics.error(
                        "form field '\(field.name.value)' of \(what) has the type '\(type)', which a form cannot "
                            + "carry; use String, a number, Bool, Date, UUID, URL, an enum model, or a list of them",
                        at: field.type.text.location)
                }
            }
            checkWireNames(fields.map { $0.key ?? $0.name }, kind: "form key", in: "the form of \(what)")
        }
        if endpoint.method.value == .get || endpoint.method.value == .head {
            diagnostics.warning(
                "\(what) sends a body with \(endpoint.method.value.rawValue); many servers and proxies drop it, "
                    + "so consider query parameters or another method", at: location)
        }
    }
}
