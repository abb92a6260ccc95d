import EndpointGenSupport

/// Checks a decoded ``Spec`` as a whole: references, scopes, paths and parameters, and names that would clash
/// in Swift. Every problem is collected; nothing stops at the first. The stage after decoding: it reads a ``Spec``
/// value and nothing else, so it can be tried on one built or changed in code.
package struct SpecValidator {
    var diagnostics = DiagnosticCollector()
    let spec: Spec
    /// Models by spec name (the first of a name, if a name were repeated).
    let models: [String: ModelDefinition]
    /// The names of all scopes.
    let scopeNames: Set<String>
    /// How many more names "did you mean" hints may compare, so that a flood of typos against a huge spec
    /// stays linear instead of comparing every typo with every name.
    private var suggestionBudget = 2_000_000

    init(spec: Spec) {
        self.spec = spec
        var models: [String: ModelDefinition] = [:]
        for model in spec.models where models[model.name.value] == nil { models[model.name.value] = model }
        self.models = models
        self.scopeNames = Set(spec.scopes.map(\.name.value))
    }

    /// "; did you mean 'X'?" while the budget lasts, else nothing.
    mutating func suggestionHint(for name: String, among candidates: some Collection<String>) -> String {
        guard suggestionBudget >= candidates.count else { return "" }
        suggestionBudget -= candidates.count
        return NameSuggester.hint(for: name, among: candidates)
    }

    /// Every problem in the spec.
    package static func validate(_ spec: Spec) -> [Diagnostic] {
        var validator = SpecValidator(spec: spec)
        validator.run()
        return validator.diagnostics.diagnostics
    }

    /// Endpoints checked per run: a big spec's endpoints are checked in runs on every core, each run with its own
    /// diagnostics, which are sorted by location afterwards, so the result is the same as one pass.
    private static let endpointsPerRun = 64
    /// The most runs a spec's endpoints are checked in.
    private static let maximumRuns = 16

    private mutating func run() {
        // Where each endpoint is rather than copies of them (an endpoint is a big value).
        let endpoints = spec.namespaces.indices.flatMap { namespace in
            spec.namespaces[namespace].endpoints.indices.map { (namespace, $0) }
        }
        let endpointRuns = min(Self.maximumRuns, endpoints.count / Self.endpointsPerRun)
        guard endpointRuns > 1 else {
            checkSpecWide()
            for (namespace, endpoint) in endpoints { check(spec.namespaces[namespace].endpoints[endpoint]) }
            return
        }
        // Run 0 makes the spec-wide checks, each other run checks a range of the endpoints; whichever thread is free
        // takes the next run. The hint budget is shared out, half to the spec-wide checks and half to the endpoints,
        // so that all runs together compare no more names than one pass would.
        var prototype = self
        prototype.suggestionBudget /= 2 * endpointRuns
        var specWide = self
        specWide.suggestionBudget -= prototype.suggestionBudget * endpointRuns
        let parts = mapChunks(endpointRuns + 1) { [prototype, specWide] run in
            if run == 0 {
                var validator = specWide
                validator.checkSpecWide()
                return validator.diagnostics
            }
            var validator = prototype
            for (namespace, endpoint) in endpoints[runRange(run - 1, of: endpoints.count, runs: endpointRuns)] {
                validator.check(validator.spec.namespaces[namespace].endpoints[endpoint])
            }
            return validator.diagnostics
        }
        for part in parts { diagnostics.append(contentsOf: part) }
    }

    /// Everything but the checks of each endpoint on its own: the API's own fields, models, scopes, names that
    /// must differ across a namespace, and the access protocols of scope choices.
    private mutating func checkSpecWide() {
        checkBaseURL()
        checkServers()
        checkConstantHeaders(spec.constantHeaders, of: "the API")
        checkModels()
        checkScopes()
        checkErrorTypes(spec.errors)
        checkTypeNames()
        for namespace in spec.namespaces {
            // Two endpoints of one name can only come from a response alternative (YAML refuses a key twice).
            checkMemberNames(
                namespace.endpoints.map { ($0.name, SwiftName.memberName($0.name.value)) },
                kind: "endpoint", in: "namespace '\(namespace.name.value)'",
                sameName: { name in
                    "endpoint '\(name)' of namespace '\(namespace.name.value)' has the name of another endpoint or of a "
                        + "response alternative ('ENDPOINT_ALTERNATIVE'); rename one of them"
                })
        }
        checkScopeChoiceNames()
    }

    private mutating func checkBaseURL() {
        guard let baseURL = spec.baseURL else { return }
        checkURL(baseURL, named: "'baseURL'")
    }

    /// Each server: a URL like `baseURL`, and a name that becomes a Swift member of `Servers`.
    private mutating func checkServers() {
        for server in spec.servers { checkURL(server.url, named: "the URL of server '\(server.name.value)'") }
        checkMemberNames(
            spec.servers.map { ($0.name, SwiftName.memberName($0.name.value)) }, kind: "server", in: "the spec")
    }

    private mutating func checkURL(_ url: Located<String>, named name: String) {
        let text = url.value
        let rest = text.hasPrefix("https://") ? text.dropFirst(8) : text.hasPrefix("http://") ? text.dropFirst(7) : nil
        guard let rest, let host = rest.split(separator: "/", omittingEmptySubsequences: false).first, !host.isEmpty,
            !text.contains(where: { $0 == " " || $0 == "?" || $0 == "#" })
        else {
            diagnostics.error(
                "\(name) must be an absolute http or https URL without query or fragment, such as "
                    + "'https://api.example.com/v1'", at: url.location)
            return
        }
    }

    // MARK: Models

    private mutating func checkModels() {
        for model in spec.models {
            let name = model.name
            if BuiltinType.named(name.value) != nil {
                diagnostics.error(
                    "model '\(name.value)' has the name of a built-in type, so '\(name.value)' in a type would be "
                        + "ambiguous; rename the model", at: name.location)
            }
            if name.value.unicodeScalars.contains(where: { TypeExpressionParser.isDelimiter($0) }) {
                diagnostics.error(
                    "model name '\(name.value)' cannot be used in a type expression because of its spaces or "
                        + "punctuation; use letters, digits, '_', '-' or '.'", at: name.location)
            }
            let owner = "model '\(name.value)'"
            switch model.kind {
            case .object:
                checkExtends(of: model)
                let properties = ModelComposition.properties(of: model, models: models)
                for property in properties {
                    checkType(property.type, of: "property '\(property.name.value)'")
                    checkDateFormat(
                        property.dateFormat, of: property.type, subject: "property '\(property.name.value)' of \(owner)"
                    )
                    checkEncoding(
                        property, subject: "property '\(property.name.value)' of \(owner)", inMultipart: false)
                    if let format = property.arrayFormat {
                        diagnostics.error(
                            "'arrayFormat' applies to form fields and query parameters, not to property "
                                + "'\(property.name.value)' of \(owner), which JSON carries as an array; remove it",
                            at: format.location)
                    }
                    checkDefault(
                        property.defaultValue, of: property.type,
                        subject: "property '\(property.name.value)' of \(owner)")
                    checkExample(
                        property.example, of: property.type, subject: "property '\(property.name.value)' of \(owner)")
                    if let nullable = property.nullable, nullable.value, let type = property.type.expression,
                        !type.isOptional
                    {
                        diagnostics.error(
                            "property '\(property.name.value)' of \(owner) is 'nullable' but not optional; make its type "
                                + "'\(type)?'", at: nullable.location)
                    }
                }
                checkMemberNames(
                    properties.map { ($0.name, SwiftName.memberName($0.name.value)) }, kind: "property", in: owner)
                checkWireNames(properties.map { $0.key ?? $0.name }, kind: "JSON key", in: owner)
            case .enumeration(let cases):
                checkWireNames(cases.map(\.value), kind: "value", in: owner)
                checkMemberNames(
                    cases.map { ($0.name ?? $0.value, SwiftName.enumCaseName($0.name?.value ?? $0.value.value)) },
                    kind: "enum case", in: owner)
            case .oneOf(let oneOf):
                checkOneOf(oneOf, of: model)
            }
        }
        reportModelCycles(through: \.extends, includingSelf: true) { closing in
            "this 'extends' of '\(closing.value)' closes a cycle: '\(closing.value)' would extend itself; a model "
                + "cannot be its own base, so remove one of the 'extends' on the cycle"
        }
        // A model one of itself is reported with its `oneOf`.
        reportModelCycles(through: \.oneOfVariants, includingSelf: false) { closing in
            "'\(closing.value)' in this 'oneOf' leads back to the model it is written in; models that are one of "
                + "each other cannot be decoded, so remove one of them"
        }
    }

    /// Each cycle of models through `edges` (`extends`, `oneOf`), reported once, at its first edge in file order
    /// that stays inside the cycle.
    private mutating func reportModelCycles(
        through edges: (ModelDefinition) -> [Located<String>], includingSelf: Bool,
        message: (_ closing: Located<String>) -> String
    ) {
        let names = spec.models.map(\.name.value)
        let graph = NameGraph(names: names, targets: spec.models.map { edges($0).map(\.value) })
        for cycle in graph.cycles() where includingSelf || cycle.count > 1 {
            let members = Set(cycle.map { names[$0] })
            let closing = cycle.flatMap { edges(spec.models[$0]) }.filter { members.contains($0.value) }.min {
                $0.location < $1.location
            }
            if let closing { diagnostics.error(message(closing), at: closing.location) }
        }
    }

    /// Each base is a known object model other than the model itself.
    private mutating func checkExtends(of model: ModelDefinition) {
        let owner = "model '\(model.name.value)'"
        for base in model.extends {
            guard let definition = models[base.value] else {
                diagnostics.error(
                    "\(owner) extends unknown model '\(base.value)'"
                        + suggestionHint(for: base.value, among: spec.models.lazy.map(\.name.value)),
                    at: base.location)
                continue
            }
            guard case .object = definition.kind else {
                diagnostics.error(
                    "\(owner) extends '\(base.value)', which is not an object model; only a model with 'properties' "
                        + "can be extended", at: base.location)
                continue
            }
        }
    }

    /// The variants are known, distinct types that a JSON value can be (not `Void`, `Upload`, `JSON` or an optional);
    /// with a discriminator they are object models, each named by a value. A variant that an earlier one always
    /// takes first is a warning.
    private mutating func checkOneOf(_ oneOf: OneOf, of model: ModelDefinition) {
        let owner = "model '\(model.name.value)'"
        let allowed =
            "a variant is a model, a built-in type such as 'String' or 'Int', a list such as '\"[Entry]\"', a "
            + "dictionary such as '\"[String: Int]\"' or 'Expandable<Model>'"
        var seen: Set<String> = []
        // Each variant as written, and the JSON it reads: a date in Unix time reads a number, not text.
        var earlier: [(shown: TypeExpression, reads: TypeExpression)] = []
        for variant in oneOf.variants {
            guard let type = variant.type.expression else { continue }
            let text = variant.type.text
            let format = variant.dateFormat?.value ?? spec.dateFormat?.value ?? .iso8601
            let reads = type.isDateOrDates && format != .iso8601 ? TypeExpression.builtin(.double) : type
            if let refused = Self.refusedVariantReason(type) {
                diagnostics.error("'\(type)' cannot be a variant in 'oneOf' of \(owner): \(refused)", at: text.location)
                continue
            }
            var known = true
            for name in type.modelNames where models[name] == nil {
                known = false
                diagnostics.error(
                    "unknown model '\(name)' in 'oneOf' of \(owner)"
                        + suggestionHint(for: name, among: spec.models.lazy.map(\.name.value)).nonEmpty(
                            or: "; \(allowed)"),
                    at: location(of: name, in: variant.type))
            }
            guard known else { continue }
            checkType(variant.type, of: "an entry of 'oneOf' of \(owner)")
            if !seen.insert(type.description).inserted {
                diagnostics.error("'\(type)' is listed twice in 'oneOf' of \(owner)", at: text.location)
            } else if type == .model(model.name.value) {
                diagnostics.error("\(owner) cannot be one of itself; remove it from its 'oneOf'", at: text.location)
            } else if oneOf.discriminator != nil,
                !(variant.modelName.flatMap { models[$0.value] }.map(isObject) ?? false)
            {
                diagnostics.error(
                    "'\(type)' in 'oneOf' of \(owner) is not an object model; with a discriminator each "
                        + "variant is an object that holds the property, so remove the discriminator to try each "
                        + "variant in turn", at: text.location)
            } else if let format = variant.dateFormat, !type.isDateOrDates {
                diagnostics.error(
                    "'dateFormat' applies to a 'Date' variant, not '\(type)'; remove it", at: format.location)
            } else if oneOf.discriminator == nil,
                let shadow = earlier.first(where: { takesEveryValue(of: reads, before: $0.reads) })?.shown
            {
                diagnostics.warning(
                    "'\(type)' in 'oneOf' of \(owner) is never chosen: variants are tried in the order written, and "
                        + "'\(shadow)' before it takes every value it would; put '\(type)' before '\(shadow)'",
                    at: text.location)
            }
            earlier.append((type, reads))
        }
        // Two variants given the same `name` are reported too; the same type twice has been reported above.
        let caseNames = oneOf.variants.compactMap { variant in
            variant.caseName.map {
                (
                    place: variant.name ?? variant.type.text, type: variant.type.text.value,
                    swift: SwiftName.memberName($0)
                )
            }
        }
        Self.forEachRepeat(in: caseNames, key: \.swift) { item, earlier in
            guard item.type != earlier.type else { return }
            diagnostics.error(
                "variant '\(item.place.value)' of 'oneOf' of \(owner) becomes the case '\(item.swift)', like "
                    + "'\(earlier.place.value)' at \(earlier.place.location.lineAndColumn); give one of them another "
                    + "'name' ('{ type: \(item.type), name: … }')", at: item.place.location,
                notes: [.init("'\(earlier.place.value)' is here", at: earlier.place.location)])
        }
        guard let discriminator = oneOf.discriminator else { return }
        let modelVariants = Set(oneOf.variants.compactMap(\.modelName?.value))
        for entry in discriminator.mapping where !modelVariants.contains(entry.model.value) {
            diagnostics.error(
                "the discriminator value '\(entry.value.value)' of \(owner) names '\(entry.model.value)', which is not "
                    + "in its 'oneOf'; map it to one of "
                    + oneOf.variants.compactMap(\.modelName?.value).filter { models[$0] != nil }.uniqued().map {
                        "'\($0)'"
                    }
                    .joined(separator: ", "),
                at: entry.model.location)
        }
        checkWireNames(discriminator.mapping.map(\.value), kind: "discriminator value", in: owner)
        for variant in oneOf.variants {
            guard let variant = variant.modelName, let definition = models[variant.value] else { continue }
            let property = ModelComposition.properties(of: definition, models: models).first {
                $0.wireName == discriminator.property.value
            }
            guard let property, let type = property.type.expression else { continue }
            let isString: Bool
            switch type.unwrapped {
            case .builtin(.string): isString = true
            case .model(let name): isString = models[name].map { isStringEnumeration($0) } ?? true
            default: isString = false
            }
            if !isString {
                diagnostics.error(
                    "property '\(property.name.value)' of model '\(variant.value)' is the discriminator of \(owner), "
                        + "so it must be a String or a string enum, not '\(type)'", at: property.type.text.location)
            }
        }
    }

    /// Why a type cannot be a variant of a `oneOf`, or nil when it can.
    private static func refusedVariantReason(_ type: TypeExpression) -> String? {
        switch type {
        case .optional:
            return "a variant is never optional; make the property or response that holds the model optional instead"
        case .builtin(.json):
            return "'JSON' would take every value, and a value no variant fits is kept as JSON in the 'unknown' case "
                + "already"
        case .builtin(.void):
            return "'Void' means no body"
        case _ where type.contains(.upload):
            return "'Upload' is only for fields of a 'multipart' body"
        default:
            return nil
        }
    }

    /// Whether `earlier`, tried first, decodes every JSON value that `type` would: text before a date, id or
    /// URL; a floating-point number before an integer; a wider integer before a narrower one; an open enum (which
    /// keeps unknown values) before what it is made of.
    private func takesEveryValue(of type: TypeExpression, before earlier: TypeExpression) -> Bool {
        enum Kind { case text, number, integer, narrowInteger, other }
        func kind(_ type: TypeExpression) -> Kind {
            switch type {
            case .builtin(.string), .builtin(.date), .builtin(.uuid), .builtin(.url): return .text
            case .builtin(.double), .builtin(.float): return .number
            case .builtin(.int), .builtin(.int64): return .integer
            case .builtin(.int32): return .narrowInteger
            case .model(let name):
                guard let model = models[name], case .enumeration = model.kind else { return .other }
                return model.isIntegerEnumeration ? .integer : .text
            default: return .other
            }
        }
        func isOpen(_ type: TypeExpression) -> Bool {
            guard case .model(let name) = type, let model = models[name], case .enumeration = model.kind else {
                return false
            }
            return true
        }
        switch (kind(earlier), kind(type)) {
        case (.text, .text): return earlier == .builtin(.string) || isOpen(earlier)
        case (.number, .integer), (.number, .narrowInteger), (.integer, .narrowInteger): return true
        case (.integer, .integer): return true
        default: return false
        }
    }

    private func isObject(_ model: ModelDefinition) -> Bool {
        if case .object = model.kind { return true }
        return false
    }

    private func isStringEnumeration(_ model: ModelDefinition) -> Bool {
        if case .enumeration = model.kind { return !model.isIntegerEnumeration }
        return false
    }

    mutating func checkErrorTypes(_ errors: [ErrorResponse]) {
        for error in errors {
            checkType(error.type, of: "error \(error.status.value)")
            switch error.type.expression {
            case .model?, .builtin(.void)?, nil: continue
            case let type?:
                diagnostics.error(
                    "the error type for status \(error.status.value) is '\(type)'; an error body is a model (or 'Void' "
                        + "for none), so define a model for it", at: error.type.text.location)
            }
        }
    }

    /// Reports model names in `type` that no model defines.
    mutating func checkType(_ type: TypeReference, of subject: @autoclosure () -> String, allowsUpload: Bool = false) {
        guard let expression = type.expression else { return }
        if !allowsUpload, expression.contains(.upload) {
            diagnostics.error(
                "'Upload' is only for fields of a 'multipart' body (a raw body is 'raw: media/type'); bytes inside "
                    + "JSON are 'Data' (base64)", at: location(of: "Upload", in: type))
        }
        for name in expression.modelNames where models[name] == nil {
            let hint =
                Self.builtinAliases[name].map { "; for \(subject()) write '\($0)'" }
                ?? suggestionHint(
                    for: name, among: spec.models.map(\.name.value) + BuiltinType.allCases.map(\.rawValue))
            diagnostics.error("unknown model '\(name)'\(hint)", at: location(of: name, in: type))
        }
        if expression.containsExpandable { checkExpandables(in: expression, type) }
    }

    /// `encoding` belongs to a multipart field that is a structure (not text, not a file).
    mutating func checkEncoding(_ field: Property, subject: @autoclosure () -> String, inMultipart: Bool) {
        // An unknown model has been reported; whether it would be text is not known.
        guard let encoding = field.encoding, let type = field.type.expression,
            type.modelNames.allSatisfy({ models[$0] != nil })
        else { return }
        let element = type.unwrapped.arrayElement
        if !inMultipart {
            diagnostics.error(
                "'encoding' applies to fields of a 'multipart' body, not to \(subject()); remove it",
                at: encoding.location)
        } else if element == .builtin(.upload) || element.isTextual(allowsLists: false, models: models) {
            diagnostics.error(
                "'encoding' applies to a multipart field that is a structure (a model, a dictionary, a list of "
                    + "models), but \(subject()) is '\(type)', which travels as "
                    + (element == .builtin(.upload) ? "a file" : "text") + "; remove 'encoding'",
                at: encoding.location)
        }
    }

    /// `dateFormat` applies to `Date`, `Date?`, `[Date]` and `[Date]?`; a spec-wide Unix format does not reach a
    /// date inside a dictionary or a nested list, which stays ISO 8601 and is worth a warning.
    mutating func checkDateFormat(
        _ format: Located<DateFormat>?, of type: TypeReference, subject: @autoclosure () -> String
    ) {
        // Most properties have no format, in an API that keeps ISO 8601: nothing to check.
        guard format != nil || (spec.dateFormat.map { $0.value != .iso8601 } ?? false),
            let expression = type.expression
        else { return }
        let isDate = expression.isDateOrDates
        if let format, !isDate {
            diagnostics.error(
                "'dateFormat' applies to dates ('Date', 'Date?', '[Date]'), but \(subject()) has the type "
                    + "'\(expression)'; remove 'dateFormat'", at: format.location)
        } else if format == nil, !isDate, expression.contains(.date), let apiFormat = spec.dateFormat,
            apiFormat.value != .iso8601
        {
            diagnostics.warning(
                "the API's 'dateFormat: \(apiFormat.value.rawValue)' reaches 'Date', 'Date?' and '[Date]' only; the "
                    + "dates in \(subject()) ('\(expression)') travel as ISO 8601; give them a model of their own, or "
                    + "a type such as '[Date]'", at: type.text.location)
        }
    }

    /// `Expandable<Model>` holds an id string or the object: the model is an object, or a `oneOf` of objects, so
    /// the two never read the same JSON.
    private mutating func checkExpandables(in expression: TypeExpression, _ type: TypeReference) {
        switch expression {
        case .builtin, .model: return
        case .array(let inner), .dictionary(let inner), .optional(let inner): checkExpandables(in: inner, type)
        case .expandable(let name):
            guard let model = models[name] else { return }
            let isObjectLike: Bool
            switch model.kind {
            case .object: isObjectLike = true
            case .enumeration: isObjectLike = false
            case .oneOf(let oneOf):
                isObjectLike = oneOf.variants.allSatisfy { variant in
                    variant.modelName.flatMap { models[$0.value] }.map(isObject) ?? false
                }
            }
            if !isObjectLike {
                diagnostics.error(
                    "'Expandable<\(name)>' needs an object model, or a 'oneOf' of object models: its value is the "
                        + "object's id (a string) or the object, and '\(name)' could be read from a string too; use "
                        + "a 'oneOf' with the variants you expect instead", at: location(of: name, in: type))
            }
        }
    }

    /// What people coming from other languages write for the built-in types.
    private static let builtinAliases: [String: String] = [
        "Integer": "Int", "integer": "Int", "Long": "Int64", "long": "Int64", "Boolean": "Bool", "boolean": "Bool",
        "Number": "Double", "number": "Double", "Str": "String", "str": "String", "Object": "JSON",
        "object": "JSON", "Any": "JSON", "any": "JSON", "DateTime": "Date", "Uuid": "UUID", "Uri": "URL",
        "URI": "URL", "Array": "[T]", "Dictionary": "[String: T]", "Optional": "T?",
    ]

    /// Where `name` stands as a whole token inside a type's text; the text's start when it cannot be found.
    private func location(of name: String, in type: TypeReference) -> SourceLocation {
        let text = type.text
        let scalars = Array(text.value.unicodeScalars)
        let target = Array(name.unicodeScalars)
        guard !target.isEmpty, scalars.count >= target.count else { return text.location }
        for start in 0...(scalars.count - target.count) where Array(scalars[start..<(start + target.count)]) == target {
            let before = start == 0 || TypeExpressionParser.isDelimiter(scalars[start - 1])
            let end = start + target.count
            let after = end == scalars.count || TypeExpressionParser.isDelimiter(scalars[end])
            if before && after { return type.contentLocation?.advanced(by: start) ?? text.location }
        }
        return text.location
    }

    // MARK: Names

    /// Reports spec names that become the same Swift identifier, naming both places.
    ///
    /// The same spec name twice is a duplicate, which the reader or the wire-name check reports, unless
    /// `sameName` says how else it came about (an endpoint named like another's response alternative).
    mutating func checkMemberNames(
        _ items: [(name: Located<String>, swift: String)], kind: @autoclosure () -> String,
        in owner: @autoclosure () -> String, sameName: ((_ name: String) -> String)? = nil
    ) {
        Self.forEachRepeat(in: items, key: \.swift) { item, earlier in
            guard earlier.name.value != item.name.value else {
                if let sameName {
                    diagnostics.error(
                        sameName(item.name.value), at: item.name.location,
                        notes: [.init("'\(earlier.name.value)' is here", at: earlier.name.location)])
                }
                return
            }
            diagnostics.error(
                "\(kind()) '\(item.name.value)' of \(owner()) becomes the Swift name '\(item.swift)', like "
                    + "'\(earlier.name.value)' at \(earlier.name.location.lineAndColumn); rename one of them",
                at: item.name.location, notes: [.init("'\(earlier.name.value)' is here", at: earlier.name.location)])
        }
    }

    /// Reports the same name on the wire twice.
    mutating func checkWireNames(
        _ names: [Located<String>], kind: @autoclosure () -> String, in owner: @autoclosure () -> String,
        caseInsensitive: Bool = false
    ) {
        Self.forEachRepeat(in: names, key: { caseInsensitive ? $0.value.lowercased() : $0.value }) { name, earlier in
            diagnostics.error(
                "duplicate \(kind()) '\(name.value)' in \(owner()); it is already used at "
                    + "\(earlier.location.lineAndColumn)", at: name.location,
                notes: [.init("'\(earlier.value)' is first used here", at: earlier.location)])
        }
    }

    /// Calls `report` with each item whose key an earlier item has, and the first such earlier item, in order.
    ///
    /// Most lists checked are a few parameters or properties long: those compare each item with the ones before
    /// it, which allocates nothing, where hashing every key into a dictionary cost more than the rest of the
    /// check. Longer lists are hashed, so the time stays linear in the list's length.
    static func forEachRepeat<Item>(in items: [Item], key: (Item) -> String, _ report: (Item, Item) -> Void) {
        if items.count <= linearScanLimit {
            for index in items.indices.dropFirst() {
                let itemKey = key(items[index])
                if let earlier = items[..<index].first(where: { key($0) == itemKey }) { report(items[index], earlier) }
            }
            return
        }
        var first: [String: Item] = [:]
        for item in items {
            let itemKey = key(item)
            if let earlier = first[itemKey] { report(item, earlier) } else { first[itemKey] = item }
        }
    }

    /// The longest list ``forEachRepeat(in:key:_:)`` checks without hashing.
    static let linearScanLimit = 8

    /// Models, scopes and namespaces become type names; each group shares a Swift namespace.
    private mutating func checkTypeNames() {
        checkMemberNames(
            spec.models.map { ($0.name, SwiftName.typeName($0.name.value)) }, kind: "model", in: "the spec")
        checkMemberNames(
            spec.scopes.map { ($0.name, SwiftName.typeName($0.name.value)) }, kind: "scope", in: "the spec")
        let api = SwiftName.typeName(spec.api.value)
        for namespace in spec.namespaces {
            let swift = SwiftName.typeName(namespace.name.value)
            if let role = Self.reservedNamespaceNames[swift] {
                diagnostics.error(
                    "namespace '\(namespace.name.value)' becomes '\(api).\(swift)', which the generated code uses for "
                        + "\(role); rename the namespace", at: namespace.name.location)
            } else if swift == api {
                diagnostics.error(
                    "namespace '\(namespace.name.value)' has the API's own name, so inside it '\(api)' would mean the "
                        + "namespace and the generated code could not reach the API's models; rename the namespace "
                        + "or the API", at: namespace.name.location)
            }
        }
        for scope in spec.scopes where SwiftName.typeName(scope.name.value) == GeneratedNames.access {
            diagnostics.error(
                "scope '\(scope.name.value)' would hide '\(api).\(GeneratedNames.access)', where the generated code "
                    + "declares what each scope may call; rename the scope", at: scope.name.location)
        }
        checkMemberNames(
            spec.namespaces.map { ($0.name, SwiftName.typeName($0.name.value)) }, kind: "namespace", in: "the spec")
    }

    /// Type names the generated API enum holds besides the namespaces, with what each holds.
    static let reservedNamespaceNames = Dictionary(
        uniqueKeysWithValues: GeneratedNames.containers.map { ($0.name, $0.holds) })
}

extension String {
    /// The text, or `replacement` when it is empty.
    fileprivate func nonEmpty(or replacement: String) -> String { isEmpty ? replacement : self }
}

extension Sequence where Element: Hashable {
    /// The elements, each once, in their first order.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
