import EndpointGenSupport

/// Reads a ``Spec`` out of a YAML node tree, the second stage of loading.
///
/// It decides what each scalar means for the key it stands under, reports unknown keys and values of the
/// wrong kind, and keeps going after a problem so that one run reports them all. Cross-references (models,
/// scopes, path placeholders) are the ``SpecValidator``'s business.
struct SpecDecoder {
    var diagnostics = DiagnosticCollector()
    private let file: String

    init(file: String) {
        self.file = file
    }

    /// Decodes the document; the spec is returned whenever the root is a mapping, problems or not.
    static func decode(_ root: YAMLNode, file: String) -> (spec: Spec?, diagnostics: [Diagnostic]) {
        var decoder = SpecDecoder(file: file)
        let spec = decoder.spec(root)
        return (spec, decoder.diagnostics.diagnostics)
    }

    private mutating func spec(_ root: YAMLNode) -> Spec? {
        guard
            let fields = fields(
                of: root, "the spec", known: SpecKeys.topLevel,
                expected: "a mapping with 'api', 'models' and 'endpoints' (see Specs/README.md)")
        else { return nil }

        let api = text(fields["api"], "'api'", optional: false)
        if fields["api"] == nil {
            diagnostics.error(
                "the spec has no 'api'; add the name of the generated Swift namespace, such as 'api: Shop'",
                at: root.location)
        }
        var spec = Spec(file: file, api: api ?? Located("API", at: root.location))
        spec.baseURL = text(fields["baseURL"], "'baseURL'", optional: false)
        spec.description = text(fields["description"], "'description'")
        spec.dateFormat = dateFormat(fields["dateFormat"], "the API")
        if let node = fields["servers"] { spec.servers = servers(node) }
        if let node = fields["headers"] { spec.constantHeaders = constantHeaders(node, of: "the API") }
        if let node = fields["params"] { spec.parameters = apiParameters(node) }
        if let node = fields["scopes"] { spec.scopes = scopes(node) }
        if let node = fields["errors"] { spec.errors = errors(node, of: "the API") }
        let endpointsNode = fields["endpoints"]
        (spec.models, spec.namespaces) = modelsAndNamespaces(models: fields["models"], endpoints: endpointsNode)
        addAPIParameters(spec.parameters, to: &spec.namespaces)
        if endpointsNode == nil {
            diagnostics.error(
                "the spec has no 'endpoints'; add at least one namespace with one endpoint (see Specs/README.md)",
                at: root.location)
        }
        return spec
    }

    /// Gives each endpoint the API-wide parameters of its method that it does not declare itself (by name), after
    /// its own, so every later stage sees them as the endpoint's.
    private func addAPIParameters(_ parameters: [APIParameter], to namespaces: inout [Namespace]) {
        guard !parameters.isEmpty else { return }
        for namespace in namespaces.indices {
            for index in namespaces[namespace].endpoints.indices {
                let method = namespaces[namespace].endpoints[index].method.value
                for api in parameters where api.applies(to: method) {
                    let own = namespaces[namespace].endpoints[index].parameters
                    guard !own.contains(where: { $0.name.value == api.parameter.name.value }) else { continue }
                    namespaces[namespace].endpoints[index].parameters.append(api.parameter)
                }
            }
        }
    }

    // MARK: Servers and constant headers

    /// `servers: { name: https://… }`.
    private mutating func servers(_ node: YAMLNode) -> [ServerDefinition] {
        guard let entries = namedEntries(of: node, "'servers'", expected: "a mapping from server names to URLs")
        else { return [] }
        return entries.compactMap { entry in
            text(entry.value, "the URL of server '\(entry.key)'", optional: false).map {
                ServerDefinition(name: Located(entry.key, at: entry.keyLocation), url: $0)
            }
        }
    }

    /// `headers: { Header-Name: value }`: constant headers of the API or of one endpoint; a value may be
    /// `{ value: …, overridable: true }` for a header a client's configured headers replace.
    mutating func constantHeaders(_ node: YAMLNode, of owner: String) -> [ConstantHeader] {
        guard let entries = namedEntries(of: node, "'headers' of \(owner)", expected: "a mapping of header names")
        else { return [] }
        return entries.compactMap { entry in
            let subject = "header '\(entry.key)' of \(owner)"
            let name = Located(entry.key, at: entry.keyLocation)
            guard entry.value.mappingEntries != nil else {
                return text(entry.value, "the value of \(subject)", optional: false).map {
                    ConstantHeader(name: name, value: $0)
                }
            }
            guard
                let fields = fields(
                    of: entry.value, subject, known: SpecKeys.constantHeader,
                    expected: "a value, or a mapping with 'value' and 'overridable'"),
                let value = text(fields["value"], "'value' of \(subject)", optional: false)
            else {
                if entry.value.mappingEntries?.contains(where: { $0.key == "value" }) == false {
                    diagnostics.error("\(subject) needs 'value'", at: entry.keyLocation)
                }
                return nil
            }
            var header = ConstantHeader(name: name, value: value)
            if let node = fields["overridable"] { header.isOverridable = bool(node, "'overridable' of \(subject)") }
            return header
        }
    }

    // MARK: Scopes

    private mutating func scopes(_ node: YAMLNode) -> [ScopeDefinition] {
        guard let entries = namedEntries(of: node, "'scopes'", expected: "a mapping of scope names") else { return [] }
        return entries.compactMap { entry in
            let subject = "scope '\(entry.key)'"
            guard
                let fields = fields(
                    of: entry.value, subject, known: SpecKeys.scope, expected: "a mapping (or nothing)",
                    nullIsEmpty: true)
            else { return nil }
            var includes: [Located<String>] = []
            if let node = fields["includes"] {
                if let items = node.sequenceItems {
                    includes = items.compactMap { text($0, "an entry of 'includes' of \(subject)", optional: false) }
                } else if let single = text(node, "'includes' of \(subject)") {
                    includes = [single]
                }
            }
            return ScopeDefinition(
                name: Located(entry.key, at: entry.keyLocation), includes: includes,
                description: text(fields["description"], "'description' of \(subject)"),
                auth: fields["auth"].flatMap { auth($0, of: subject) })
        }
    }

    /// `auth: bearer | basic | none`, or `auth: { apiKey: Name, in: header | query | cookie }`.
    private mutating func auth(_ node: YAMLNode, of owner: String) -> Located<ScopeAuth>? {
        let subject = "'auth' of \(owner)"
        let expected = "'bearer', 'basic', 'none', or a mapping with 'apiKey' (and 'in': header, query or cookie)"
        if node.scalar != nil {
            guard let scheme = text(node, subject, optional: false) else { return nil }
            switch scheme.value {
            case "bearer": return Located(.bearer, at: scheme.location)
            case "basic": return Located(.basic, at: scheme.location)
            case "none": return Located(.none, at: scheme.location)
            default:
                let hint =
                    NameSuggester.suggestion(for: scheme.value, among: ["bearer", "basic", "none", "apiKey"])
                    .map { "did you mean '\($0)'? Use " } ?? "use "
                diagnostics.error(
                    "unknown auth scheme '\(scheme.value)' for \(owner); \(hint)\(expected)", at: scheme.location)
                return nil
            }
        }
        guard let fields = fields(of: node, subject, known: SpecKeys.auth, expected: expected) else { return nil }
        guard let name = text(fields["apiKey"], "'apiKey' of \(subject)", optional: false) else {
            if fields["apiKey"] == nil {
                diagnostics.error(
                    "\(subject) has no 'apiKey'; name the header, query item or cookie, such as 'apiKey: X-Api-Key'",
                    at: node.location)
            }
            return nil
        }
        var location = ScopeAuth.KeyLocation.header
        if let written = text(fields["in"], "'in' of \(subject)", optional: false) {
            guard let value = ScopeAuth.KeyLocation(rawValue: written.value.lowercased()) else {
                diagnostics.error(
                    "unknown API key location '\(written.value)' for \(owner); use header, query or cookie",
                    at: written.location)
                return nil
            }
            location = value
        }
        return Located(.apiKey(name: name, location: location), at: node.location)
    }

    // MARK: Errors

    mutating func errors(_ node: YAMLNode, of owner: String) -> [ErrorResponse] {
        let subject = "'errors' of \(owner)"
        guard let entries = namedEntries(of: node, subject, expected: "a mapping from status to error model") else {
            return []
        }
        return entries.compactMap { entry in
            guard let status = status(entry.key, at: entry.keyLocation, in: subject),
                let type = type(entry.value, "status \(entry.key) in \(subject)", allowsVoid: true)
            else { return nil }
            return ErrorResponse(status: Located(status, at: entry.keyLocation), type: type)
        }
    }

    private mutating func status(_ text: String, at location: SourceLocation, in subject: String) -> ErrorResponse
        .Status?
    {
        if text == "default" { return .default }
        let scalars = Array(text.unicodeScalars)
        if scalars.count == 3, scalars[0] == "4" || scalars[0] == "5",
            scalars[1...].allSatisfy({ $0 == "X" || $0 == "x" })
        {
            return .range(scalars[0] == "4" ? 4 : 5)
        }
        let rule = "\(subject) maps error statuses 400–599, '4XX', '5XX' or 'default' to error models"
        guard let code = Int(text), scalars.allSatisfy({ $0.properties.numericType != nil }) else {
            diagnostics.error("'\(text)' is not an HTTP status; \(rule)", at: location)
            return nil
        }
        guard (400...599).contains(code) else {
            let kind = (100...399).contains(code) ? "is not an error status" : "is not an HTTP status"
            diagnostics.error("status \(text) \(kind); \(rule)", at: location)
            return nil
        }
        return .code(code)
    }

    // MARK: Models

    private mutating func model(_ entry: YAMLMappingEntry) -> ModelDefinition? {
        let subject = "model '\(entry.key)'"
        guard
            let fields = fields(
                of: entry.value, subject, known: SpecKeys.model,
                expected:
                    "a mapping with 'properties' (an object), 'enum' (a list of values) or 'oneOf' (a list of models)")
        else { return nil }
        let name = Located(entry.key, at: entry.keyLocation)
        let documentation = documentation(fields, of: subject)
        let kinds = ["properties", "enum", "oneOf"].filter { fields[$0] != nil }
        // A model that only extends others is an object with their properties and none of its own.
        if kinds.isEmpty, let node = fields["extends"] {
            var model = ModelDefinition(name: name, kind: .object([]), documentation: documentation)
            model.extends = names(node, "'extends' of \(subject)")
            return model
        }
        guard kinds.count == 1 else {
            if kinds.count > 1 {
                diagnostics.error(
                    "\(subject) has both '\(kinds[0])' and '\(kinds[1])'; a model is an object, an enumeration or one of "
                        + "several models", at: fields.keyLocation(kinds[1]) ?? entry.keyLocation)
            } else {
                diagnostics.error(
                    "\(subject) needs 'properties' (an object), 'enum' (a list of values) or 'oneOf' (a list of models)",
                    at: entry.keyLocation)
            }
            return nil
        }
        for (key, kind) in [("extends", "properties"), ("discriminator", "oneOf")] where fields[key] != nil {
            if fields[kind] == nil, let location = fields.keyLocation(key) {
                diagnostics.error("'\(key)' of \(subject) needs '\(kind)'; remove it, or add '\(kind)'", at: location)
            }
        }
        if let properties = fields["properties"] {
            guard let entries = namedEntries(of: properties, "'properties' of \(subject)", expected: "a mapping") else {
                return nil
            }
            let list = entries.compactMapReservingAll { property($0, of: subject) }
            var model = ModelDefinition(name: name, kind: .object(list), documentation: documentation)
            if let node = fields["extends"] { model.extends = names(node, "'extends' of \(subject)") }
            return model
        }
        if let values = fields["enum"] {
            let cases = enumCases(values, of: subject)
            var model = ModelDefinition(name: name, kind: .enumeration(cases), documentation: documentation)
            let integers = cases.filter(\.isInteger)
            if !integers.isEmpty, integers.count < cases.count, let mixed = cases.first(where: { !$0.isInteger }) {
                diagnostics.error(
                    "'enum' of \(subject) mixes integers and strings ('\(integers[0].value.value)' and "
                        + "'\(mixed.value.value)'); quote the integers to make them all strings",
                    at: mixed.value.location)
            }
            model.isIntegerEnumeration = !cases.isEmpty && integers.count == cases.count
            return model
        }
        guard let variantsNode = fields["oneOf"] else { return nil }
        let variants = oneOfVariants(variantsNode, of: subject)
        // Counted as written: an entry that was refused has been reported on its own.
        if let items = variantsNode.sequenceItems, items.count < 2 {
            diagnostics.error(
                "'oneOf' of \(subject) needs at least two types; for one, use that type itself",
                at: variantsNode.location)
        }
        let oneOf = OneOf(
            variants: variants, discriminator: fields["discriminator"].flatMap { discriminator($0, of: subject) })
        return ModelDefinition(name: name, kind: .oneOf(oneOf), documentation: documentation)
    }

    /// The entries of `oneOf`: each a type, or a mapping `{ type: String, name: id }`.
    private mutating func oneOfVariants(_ node: YAMLNode, of owner: String) -> [OneOfVariant] {
        let subject = "'oneOf' of \(owner)"
        guard let items = node.sequenceItems else {
            diagnostics.error(
                "\(subject) is a list of types, such as '[Card, BankAccount]' or '[String, Customer]', found "
                    + node.kindDescription, at: node.location)
            return []
        }
        return items.compactMap { item in
            guard item.scalar == nil else { return type(item, "an entry of \(subject)").map { OneOfVariant(type: $0) } }
            if item.sequenceItems != nil {
                diagnostics.error(
                    "an entry of \(subject) is a YAML list; write a list type in quotes, such as \"[Entry]\"",
                    at: item.location)
                return nil
            }
            guard
                let fields = fields(
                    of: item, "an entry of \(subject)", known: SpecKeys.oneOfVariant,
                    expected: "a type, or a mapping with 'type' and 'name'")
            else { return nil }
            guard let typeNode = fields["type"] else {
                diagnostics.error("an entry of \(subject) needs 'type'", at: item.location)
                return nil
            }
            let name = text(fields["name"], "'name' of an entry of \(subject)", optional: false)
            let format = fields["dateFormat"].flatMap { dateFormat($0, "an entry of \(subject)") }
            return type(typeNode, "an entry of \(subject)").map {
                var variant = OneOfVariant(type: $0, name: name)
                variant.dateFormat = format
                return variant
            }
        }
    }

    /// A list of names, or one name.
    private mutating func names(_ node: YAMLNode, _ subject: String) -> [Located<String>] {
        if let items = node.sequenceItems {
            return items.compactMap { text($0, "an entry of \(subject)", optional: false) }
        }
        return text(node, subject, optional: false).map { [$0] } ?? []
    }

    /// `discriminator: kind`, or `discriminator: { property: kind, mapping: { value: Model } }`.
    private mutating func discriminator(_ node: YAMLNode, of owner: String) -> Discriminator? {
        let subject = "'discriminator' of \(owner)"
        if node.scalar != nil {
            return text(node, subject, optional: false).map { Discriminator(property: $0) }
        }
        guard
            let fields = fields(
                of: node, subject, known: SpecKeys.discriminator,
                expected: "a property name, or a mapping with 'property' and 'mapping'")
        else { return nil }
        guard let property = text(fields["property"], "'property' of \(subject)", optional: false) else {
            if fields["property"] == nil {
                diagnostics.error(
                    "\(subject) has no 'property'; name the JSON property, such as 'kind'", at: node.location)
            }
            return nil
        }
        var mapping: [DiscriminatorValue] = []
        if let mappingNode = fields["mapping"],
            let entries = namedEntries(
                of: mappingNode, "'mapping' of \(subject)", expected: "a mapping from values to model names")
        {
            mapping = entries.compactMap { entry in
                text(entry.value, "the model for '\(entry.key)' in \(subject)", optional: false).map {
                    DiscriminatorValue(value: Located(entry.key, at: entry.keyLocation), model: $0)
                }
            }
        }
        return Discriminator(property: property, mapping: mapping)
    }

    /// A model property or inline body field: `name: Type`, or `name: { type: Type, key: wire_name, … }`.
    mutating func property(_ entry: YAMLMappingEntry, of owner: String) -> Property? {
        // Captures the key alone: a closure captures a parameter by copying it, and an entry holds a whole node.
        let entryKey = entry.key
        func subject() -> String { "property '\(entryKey)' of \(owner)" }
        let name = Located(entry.key, at: entry.keyLocation)
        guard let (typeNode, fields) = typedEntry(entry, subject(), known: SpecKeys.property) else { return nil }
        let key = text(fields?["key"], "'key' of \(subject())", optional: false)
        let documentation = fields.map { self.documentation($0, of: subject()) } ?? Documentation()
        guard
            var property = type(typeNode, subject()).map({
                Property(name: name, key: key, type: $0, documentation: documentation)
            })
        else { return nil }
        property.defaultValue = text(fields?["default"], "'default' of \(subject())", optional: false)
        property.example = text(fields?["example"], "'example' of \(subject())", optional: false)
        if let node = fields?["dateFormat"] { property.dateFormat = dateFormat(node, subject()) }
        if let node = fields?["arrayFormat"] { property.arrayFormat = arrayFormat(node, subject()) }
        if let text = text(fields?["encoding"], "'encoding' of \(subject())", optional: false) {
            if let encoding = PartEncoding(rawValue: text.value) {
                property.encoding = Located(encoding, at: text.location)
            } else {
                diagnostics.error(
                    "unknown encoding '\(text.value)' for \(subject()); use 'json' (one JSON part) or 'nested' (a text "
                        + "part per field, named like 'address[line1]')", at: text.location)
            }
        }
        if let node = fields?["nullable"] {
            property.nullable = Located(bool(node, "'nullable' of \(subject())"), at: node.location)
        }
        return property
    }

    private mutating func enumCases(_ node: YAMLNode, of owner: String) -> [EnumCase] {
        guard let items = node.sequenceItems else {
            diagnostics.error(
                "expected a list of values for 'enum' of \(owner), found \(node.kindDescription)", at: node.location)
            return []
        }
        if items.isEmpty {
            diagnostics.error("'enum' of \(owner) has no values; list at least one", at: node.location)
        }
        return items.compactMap { item in
            if let scalar = item.scalar {
                guard !(scalar.style == .plain && scalar.value.isEmpty) else {
                    diagnostics.error(
                        "empty value in 'enum' of \(owner); write '\"\"' if the empty string is meant",
                        at: item.location)
                    return nil
                }
                var enumCase = EnumCase(value: Located(scalar.value, at: item.location))
                enumCase.isInteger = scalar.style == .plain && Int(scalar.value) != nil
                return enumCase
            }
            let subject = "a value of 'enum' of \(owner)"
            guard
                let fields = fields(
                    of: item, subject, known: SpecKeys.enumCase, expected: "text or a mapping with 'value'")
            else { return nil }
            guard let value = text(fields["value"], "'value' of \(subject)", optional: false) else {
                if fields["value"] == nil {
                    diagnostics.error("\(subject) has no 'value'; add the string sent on the wire", at: item.location)
                }
                return nil
            }
            var enumCase = EnumCase(
                value: value, name: text(fields["name"], "'name' of \(subject)", optional: false),
                documentation: documentation(fields, of: subject))
            enumCase.isInteger = fields["value"]?.scalar?.style == .plain && Int(value.value) != nil
            return enumCase
        }
    }

    // MARK: Endpoints

    /// A namespace's name and the entries of its endpoints, before they are decoded.
    private struct NamespaceEntries: Sendable {
        var name: Located<String>
        var endpoints: [YAMLMappingEntry]
    }

    /// One endpoint to decode: its entry and the index of its namespace.
    private struct EndpointEntry: Sendable {
        var namespace: Int
        var entry: YAMLMappingEntry
    }

    /// What one run of models and endpoints decoded to.
    private struct DecodedRun: Sendable {
        var models: [ModelDefinition] = []
        /// The endpoints of each namespace the run reached, by the namespace's index.
        var endpoints: [(namespace: Int, endpoints: [Endpoint])] = []
        var diagnostics: [Diagnostic] = []
    }

    /// Models and endpoints (a model costs about two endpoints) decoded per run: enough that a run costs far more
    /// than handing it to a thread, few enough that a 1,000-endpoint spec has runs to spare for a faster core.
    private static let unitsPerRun = 48
    /// The most runs a spec is decoded in.
    private static let maximumRuns = 16

    /// The models and the namespaces. They do not depend on each other, nor does one endpoint on another, so after
    /// the shape of 'models' and 'endpoints' is checked here, they are decoded in runs, each with a decoder and
    /// diagnostics of its own (the loader sorts every diagnostic by position afterwards), on every core.
    private mutating func modelsAndNamespaces(
        models modelsNode: YAMLNode?, endpoints endpointsNode: YAMLNode?
    ) -> (models: [ModelDefinition], namespaces: [Namespace]) {
        let modelEntries =
            modelsNode.flatMap { namedEntries(of: $0, "'models'", expected: "a mapping of model names") } ?? []
        let namespaces = endpointsNode.map { namespaceEntries($0) } ?? []
        var endpointEntries: [EndpointEntry] = []
        endpointEntries.reserveCapacity(namespaces.reduce(0) { $0 + $1.endpoints.count })
        for (index, namespace) in namespaces.enumerated() {
            for entry in namespace.endpoints { endpointEntries.append(EndpointEntry(namespace: index, entry: entry)) }
        }
        let units = modelEntries.count + endpointEntries.count
        let file = file
        let runs = mapRuns(of: units, runs: min(Self.maximumRuns, units / Self.unitsPerRun)) {
            [modelEntries, endpointEntries, namespaces] range in
            var decoder = SpecDecoder(file: file)
            var run = DecodedRun()
            run.models.reserveCapacity(max(0, min(range.upperBound, modelEntries.count) - range.lowerBound))
            for unit in range {
                if unit < modelEntries.count {
                    if let model = decoder.model(modelEntries[unit]) { run.models.append(model) }
                } else {
                    let endpoint = endpointEntries[unit - modelEntries.count]
                    if run.endpoints.last?.namespace != endpoint.namespace {
                        run.endpoints.append((endpoint.namespace, []))
                        // The rest of the run, or of the namespace, whichever ends first.
                        run.endpoints[run.endpoints.count - 1].endpoints.reserveCapacity(
                            min(namespaces[endpoint.namespace].endpoints.count, range.upperBound - unit))
                    }
                    decoder.endpoints(
                        endpoint.entry, in: namespaces[endpoint.namespace].name.value,
                        into: &run.endpoints[run.endpoints.count - 1].endpoints)
                }
            }
            run.diagnostics = decoder.diagnostics.diagnostics
            return run
        }
        var models: [ModelDefinition] = []
        models.reserveCapacity(modelEntries.count)
        var decoded = namespaces.map { Namespace(name: $0.name, endpoints: []) }
        for run in runs {
            models += run.models
            // A namespace that one run decoded whole takes the run's array as it is.
            for (namespace, endpoints) in run.endpoints {
                if decoded[namespace].endpoints.isEmpty {
                    decoded[namespace].endpoints = endpoints
                } else {
                    decoded[namespace].endpoints += endpoints
                }
            }
            diagnostics.append(contentsOf: run.diagnostics)
        }
        return (models, decoded)
    }

    /// The namespaces under 'endpoints' that are mappings, with their endpoints' entries.
    private mutating func namespaceEntries(_ node: YAMLNode) -> [NamespaceEntries] {
        guard let entries = namedEntries(of: node, "'endpoints'", expected: "a mapping of namespaces") else {
            return []
        }
        if entries.isEmpty {
            diagnostics.error(
                "'endpoints' is empty; add at least one namespace with one endpoint (see Specs/README.md)",
                at: node.location)
        }
        return entries.compactMap { entry in
            let subject = "namespace '\(entry.key)'"
            guard let endpoints = namedEntries(of: entry.value, subject, expected: "a mapping of endpoint names") else {
                return nil
            }
            if endpoints.isEmpty {
                diagnostics.error("\(subject) has no endpoints; add one or remove the namespace", at: entry.keyLocation)
            }
            return NamespaceEntries(name: Located(entry.key, at: entry.keyLocation), endpoints: endpoints)
        }
    }
}
