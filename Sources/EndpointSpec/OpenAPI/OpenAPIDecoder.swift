/// The OpenAPI front end: reads an OpenAPI 3.0 or 3.1 document (YAML or JSON, read by our libyaml reader, so every
/// node keeps its `file:line:column`) into the same ``Spec`` a spec file decodes to; validation, resolution and
/// generation then run as for any spec.
///
/// What it maps, and what it approximates with a positioned warning, is listed in the `endpointgen` DocC article
/// *From an OpenAPI document* (`Sources/endpointgen/endpointgen.docc/FromOpenAPI.md`). Nothing is
/// dropped silently: a construct without a home in the format is a warning naming it and what was generated.
struct OpenAPIDecoder {
    var diagnostics = DiagnosticCollector()
    let file: String
    /// The document's root mapping, for `$ref`s.
    let root: YAMLNode
    /// `components.schemas` by name.
    var componentSchemas: [String: YAMLNode] = [:]
    /// The model name each component schema became, by the component's name.
    var componentModelNames: [String: String] = [:]
    /// Every model, in the order made: components first, then those inline schemas needed.
    private(set) var models: [ModelDefinition] = []
    /// Where each model is in ``models``, by name.
    private var modelIndex: [String: Int] = [:]
    /// The component each component model came from, by model name.
    var componentByModelName: [String: String] = [:]
    /// The model an inline schema became, by where the schema is: a schema that several operations reach through
    /// one `$ref` (a shared error response, a shared parameter) becomes one model, not one per operation.
    var inlineModels: [SourceLocation: String] = [:]
    /// The Swift type names of the models made so far, components' and inline ones', so no two collide.
    var modelNames: Set<String> = []
    /// The API's name, decided first: namespaces must not take it.
    var apiName = "API"
    /// Other servers operations name, in the order first named.
    var servers: [ServerDefinition] = []
    /// Scopes from the security schemes, in the order made, and each scheme's kind by its name.
    var scopes: [ScopeDefinition] = []
    var schemes: [String: SecurityScheme] = [:]
    /// How many operations were mapped, and how many of them only approximately.
    var operationCount = 0
    var approximatedOperations = 0
    /// Whether the operation being mapped met an approximation.
    var currentOperationApproximated = false
    /// Schema keywords the generated code does not act on, with how often they stand and where first.
    var unusedKeywords: [String: (count: Int, first: SourceLocation)] = [:]
    /// The `x-endpointgen-…` keys checked already (a schema may be seen more than once).
    var checkedExtensions: Set<SourceLocation> = []
    /// Where a property's example was the first item of its schema's `examples` list rather than its `example`.
    var examplesFromLists: Set<SourceLocation> = []

    /// The deepest a `$ref` chain or an inline schema may nest before it is refused.
    static let maximumDepth = 64

    /// How a security scheme's requirements become scopes.
    enum SecurityScheme {
        /// HTTP bearer, basic or an API key: one scope, named after the scheme.
        case single(String)
        /// OAuth 2 or OpenID Connect: a scope per OAuth scope, and one for the scheme with no scope named.
        case oauth(schemeScope: String, scopes: [String: String])
    }

    init(file: String, root: YAMLNode) {
        self.file = file
        self.root = root
    }

    /// Whether `root` is an OpenAPI or Swagger document rather than a spec: it has an `openapi` or `swagger` key.
    static func isDocument(_ root: YAMLNode) -> Bool {
        root.mappingEntries?.contains { $0.key == "openapi" || $0.key == "swagger" } ?? false
    }

    /// The spec an OpenAPI document describes, or the problems that stop it, and how much of it mapped exactly.
    static func decode(_ root: YAMLNode, file: String) -> (
        spec: Spec?, diagnostics: [Diagnostic], summary: OpenAPISummary
    ) {
        var decoder = OpenAPIDecoder(file: file, root: root)
        let spec = decoder.document()
        let summary = OpenAPISummary(
            operations: decoder.operationCount, approximatedOperations: decoder.approximatedOperations,
            schemas: decoder.componentSchemas.count, models: decoder.models.count)
        return (spec, decoder.diagnostics.diagnostics, summary)
    }

    private mutating func document() -> Spec? {
        if let swagger = field(root, "swagger") {
            diagnostics.error(
                "this is a Swagger \(swagger.scalar?.value ?? "2") document; EndpointGen reads OpenAPI 3.0 and 3.1: "
                    + "convert it first (for example with swagger2openapi, or the Swagger Editor's 'Convert to "
                    + "OpenAPI 3')", at: swagger.location)
            return nil
        }
        guard let versionNode = field(root, "openapi"), let version = versionNode.scalar?.value else { return nil }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            diagnostics.error(
                "OpenAPI \(version) is not supported; EndpointGen reads OpenAPI 3.0.x and 3.1.x",
                at: versionNode.location)
            return nil
        }
        checkExtensions(root, known: Self.rootExtensions)
        let info = field(root, "info")
        apiName = apiName(info)
        var spec = Spec(file: file, api: Located(apiName, at: root.location))
        if let description = info.flatMap({ text(field($0, "description")) }) {
            spec.description = Located(description, at: info?.location ?? root.location)
        }
        spec.baseURL = baseURL(field(root, "servers"))
        readSecuritySchemes()
        readComponentSchemas()
        spec.namespaces = operations(defaultSecurity: field(root, "security"))
        mergeSameInlineModels(in: &spec)
        spec.scopes = scopes
        spec.models = models
        spec.servers = servers
        if let dateFormat = field(root, "x-endpointgen-dateFormat"), let value = text(dateFormat) {
            spec.dateFormat = DateFormat(rawValue: value).map { Located($0, at: dateFormat.location) }
        }
        spec.models = modelsWithValidExamples(spec.models)
        reportUnusedKeywords()
        return spec
    }

    /// `x-endpointgen-api`, else the file's name before its first dot (`stripe.spec3.yaml` is `Stripe`).
    private func apiName(_ info: YAMLNode?) -> String {
        if let name = field(root, "x-endpointgen-api").flatMap({ text($0) }) { return name }
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        let name = SwiftName.typeName(stem)
        return name.isEmpty ? "API" : name
    }

    /// The first server's URL, when it is an absolute `http` or `https` URL without variables.
    private mutating func baseURL(_ servers: YAMLNode?) -> Located<String>? {
        guard let first = servers?.sequenceItems?.first, let urlNode = field(first, "url"),
            let url = urlNode.scalar?.value
        else { return nil }
        guard url.hasPrefix("https://") || url.hasPrefix("http://"), !url.contains("{") else {
            diagnostics.warning(
                "the server URL '\(url)' is relative or has variables; no base URL is generated, so the client "
                    + "supplies one (APIClient(baseURL:))", at: urlNode.location)
            return nil
        }
        let trimmed = url.hasSuffix("/") ? String(url.dropLast()) : url
        return Located(trimmed, at: urlNode.location)
    }

    // MARK: Reading nodes

    /// The value of `key` in a mapping node.
    func field(_ node: YAMLNode?, _ key: String) -> YAMLNode? {
        node?.mappingEntries?.first { $0.key == key }?.value
    }

    /// A scalar's text; nil for anything else or null.
    func text(_ node: YAMLNode?) -> String? {
        guard let node, !node.isNull else { return nil }
        return node.scalar?.value
    }

    /// Whether a scalar says `true`.
    func flag(_ node: YAMLNode?) -> Bool { text(node) == "true" }

    /// Documentation from `summary` and `description`.
    func documentation(_ node: YAMLNode, hasSummary: Bool = false) -> Documentation {
        var documentation = Documentation()
        if hasSummary, let summary = field(node, "summary"), let value = text(summary) {
            documentation.summary = Located(value, at: summary.location)
        }
        if let description = field(node, "description"), let value = text(description), !value.isEmpty {
            documentation.description = Located(value, at: description.location)
        }
        if let externalDocs = field(node, "externalDocs"), let seeAlso = seeAlso(externalDocs) {
            let text = documentation.description.map { $0.value + "\n\n" + seeAlso } ?? seeAlso
            documentation.description = Located(text, at: documentation.description?.location ?? externalDocs.location)
        }
        if flag(field(node, "deprecated")) { documentation.isDeprecated = true }
        return documentation
    }

    /// `externalDocs` as a DocC "See Also" line, `- SeeAlso: Description <https://…>`; nil unless its `url` is an
    /// absolute http or https URL of at most 2,048 characters with no space, control character, or angle bracket,
    /// so that a document's link cannot break out of the comment or the autolink.
    func seeAlso(_ externalDocs: YAMLNode) -> String? {
        guard let url = text(field(externalDocs, "url")), url.utf8.count <= 2_048,
            url.hasPrefix("https://") || url.hasPrefix("http://"),
            url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "<" && $0 != ">" })
        else { return nil }
        let description = text(field(externalDocs, "description"))?
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let description, !description.isEmpty else { return "- SeeAlso: <\(url)>" }
        return "- SeeAlso: \(description) <\(url)>"
    }

    /// The node a `$ref` points at, followed through further `$ref`s; the node itself when it has none. A
    /// reference outside the document, one that leads nowhere, or a chain of more than ``maximumDepth`` is an
    /// error at the `$ref`, and nil.
    mutating func resolved(_ node: YAMLNode) -> YAMLNode? {
        var current = node
        for _ in 0..<Self.maximumDepth {
            guard let reference = field(current, "$ref") else { return current }
            guard let target = text(reference) else {
                diagnostics.error("'$ref' must be a string, such as '#/components/schemas/Pet'", at: reference.location)
                return nil
            }
            guard target.hasPrefix("#/") else {
                diagnostics.error(
                    "'\(target)' refers outside this document; EndpointGen reads one file, so bundle the document "
                        + "first (for example with 'redocly bundle')", at: reference.location)
                return nil
            }
            guard let found = pointer(target) else {
                diagnostics.error("'\(target)' leads nowhere in this document", at: reference.location)
                return nil
            }
            current = found
        }
        diagnostics.error(
            "this '$ref' chain is more than \(Self.maximumDepth) references long, or a cycle", at: node.location)
        return nil
    }

    /// The node at a JSON pointer such as `#/components/schemas/Pet` (RFC 6901 escapes `~0` and `~1`).
    func pointer(_ target: String) -> YAMLNode? {
        var node: YAMLNode? = root
        for token in target.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = Self.unescapedPointerToken(token)
            if let items = node?.sequenceItems {
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                node = items[index]
            } else {
                node = field(node, key)
            }
            if node == nil { return nil }
        }
        return node
    }

    /// A JSON pointer token with its escapes undone: `~1` is `/`, `~0` is `~` (RFC 6901, in that order).
    static func unescapedPointerToken(_ token: Substring) -> String {
        guard token.contains("~") else { return String(token) }
        var result = ""
        var iterator = token.makeIterator()
        while let character = iterator.next() {
            guard character == "~" else {
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            case let other?: result.append("~"); result.append(other)
            case nil: result.append("~")
            }
        }
        return result
    }

    /// Adds a model that ``model(named:)`` can find.
    mutating func addModel(_ model: ModelDefinition) {
        modelIndex[model.name.value] = models.count
        models.append(model)
    }

    /// Gives the model at `index` in ``models`` a new name and documentation, as merging models does.
    mutating func renameModel(at index: Int, to name: String, documentation: Documentation) {
        modelIndex[models[index].name.value] = nil
        models[index].name.value = name
        models[index].documentation = documentation
        modelIndex[name] = index
    }

    /// Replaces every model, as merging models does.
    mutating func replaceModels(with newModels: [ModelDefinition]) {
        models = newModels
        modelIndex = [:]
        for (index, model) in models.enumerated() { modelIndex[model.name.value] = index }
    }

    /// The model made under `name`, if any.
    func madeModel(named name: String) -> ModelDefinition? {
        modelIndex[name].map { models[$0] }
    }

    /// The models with each property's `example` (or first `examples` item) kept where it is a value of the property's type (it becomes the
    /// model's generated `example`), and left out otherwise: the spec would refuse it.
    private mutating func modelsWithValidExamples(_ models: [ModelDefinition]) -> [ModelDefinition] {
        var byName: [String: ModelDefinition] = [:]
        for model in models { byName[model.name.value] = model }
        var kept = 0
        var keptFromLists = 0
        let checked = models.map { model -> ModelDefinition in
            guard case .object(var properties) = model.kind, properties.contains(where: { $0.example != nil }) else {
                return model
            }
            for index in properties.indices {
                guard let example = properties[index].example, let type = properties[index].type.expression else {
                    continue
                }
                if case .success = DefaultValue.resolve(example.value, for: type, models: byName) {
                    if examplesFromLists.contains(example.location) { keptFromLists += 1 } else { kept += 1 }
                } else {
                    properties[index].example = nil
                }
            }
            var copy = model
            copy.kind = .object(properties)
            return copy
        }
        // The examples used are no longer unused; those left out stay counted in the note.
        for (keyword, used) in [("example", kept), ("examples", keptFromLists)] {
            if let unused = unusedKeywords[keyword] {
                let remaining = unused.count - used
                unusedKeywords[keyword] = remaining > 0 ? (remaining, unused.first) : nil
            }
        }
        return checked
    }

    /// What the client does not do with a schema keyword; the keywords a schema may say that the generated code
    /// neither checks nor uses.
    static let unusedKeywordEffects: [String: String] = [
        "minimum": "it sends and reads numbers without checking their bounds",
        "maximum": "it sends and reads numbers without checking their bounds",
        "exclusiveMinimum": "it sends and reads numbers without checking their bounds",
        "exclusiveMaximum": "it sends and reads numbers without checking their bounds",
        "multipleOf": "it sends and reads numbers without checking them",
        "minLength": "it sends and reads text without checking its length",
        "maxLength": "it sends and reads text without checking its length",
        "pattern": "it sends and reads text without matching it",
        "minItems": "it sends and reads lists without checking their length",
        "maxItems": "it sends and reads lists without checking their length",
        "uniqueItems": "it sends and reads lists without checking that their items differ",
        "minProperties": "it reads objects without counting their members",
        "maxProperties": "it reads objects without counting their members",
        "readOnly": "the property is sent when set, like any other",
        "writeOnly": "the property is read when present, like any other",
        "default": "an absent value stays nil rather than taking the default",
        "example": "no example value is generated from it",
        "examples": "no example value is generated from it",
        "const": "the value is not checked against it",
    ]

    /// Counts the keywords of `schema` the generated code does not act on.
    mutating func noteUnusedKeywords(_ schema: YAMLNode) {
        checkExtensions(schema, known: Self.schemaExtensions)
        for entry in schema.mappingEntries ?? [] where Self.unusedKeywordEffects[entry.key] != nil {
            if let known = unusedKeywords[entry.key] {
                unusedKeywords[entry.key] = (known.count + 1, known.first)
            } else {
                unusedKeywords[entry.key] = (1, entry.keyLocation)
            }
        }
    }

    /// One note per keyword the generated code does not act on, at its first place, with how often it stands: not
    /// approximations of the API (so not warnings), but nothing the document says goes unmentioned.
    private mutating func reportUnusedKeywords() {
        for (keyword, use) in unusedKeywords.sorted(by: { $0.value.first < $1.value.first }) {
            let times = use.count == 1 ? "once" : "\(use.count) times"
            diagnostics.note(
                "'\(keyword)' (\(times) in this document) is not used by the generated client: "
                    + (Self.unusedKeywordEffects[keyword] ?? ""), at: use.first)
        }
    }

    /// Records an approximation of the operation being mapped, as a positioned warning.
    /// The `x-endpointgen-…` extensions read at the top level, on an operation, and on a schema.
    static let rootExtensions = ["x-endpointgen-api", "x-endpointgen-includes", "x-endpointgen-dateFormat"]
    static let operationExtensions = ["x-endpointgen-name", "x-endpointgen-namespace", "x-endpointgen-paging"]
    static let schemaExtensions = ["x-endpointgen-dateFormat"]

    /// An `x-endpointgen-…` key that is not one of `known` (a misspelling, or one read elsewhere) is an error, as an
    /// unknown key of a spec is: an extension that silently did nothing would leave wrong code unexplained. So is a
    /// `x-endpointgen-dateFormat` that is no date format. Each key is checked once, however often its node is seen.
    mutating func checkExtensions(_ node: YAMLNode, known: [String]) {
        for entry in node.mappingEntries ?? [] where entry.key.hasPrefix("x-endpointgen-") {
            guard checkedExtensions.insert(entry.keyLocation).inserted else { continue }
            guard known.contains(entry.key) else {
                diagnostics.error(
                    "'\(entry.key)' means nothing here; \(Self.extensionHint(entry.key, known: known))",
                    at: entry.keyLocation)
                continue
            }
            if entry.key == "x-endpointgen-dateFormat" {
                // Checked by the spec decoder's own `dateFormat` reader, so both front ends say the same.
                var decoder = SpecDecoder(file: file)
                _ = decoder.dateFormat(entry.value, "'\(entry.key)'")
                diagnostics.append(contentsOf: decoder.diagnostics)
            }
        }
    }

    /// What to write instead of an extension `key` that means nothing where it stands: the one meant (this place's,
    /// as "did you mean", or another place's, saying where that one is read), else the list.
    private static func extensionHint(_ key: String, known: [String]) -> String {
        let all = rootExtensions + operationExtensions
        guard let meant = all.contains(key) ? key : NameSuggester.suggestion(for: key, among: all) else {
            return "EndpointGen reads " + all.joined(separator: ", ")
        }
        if known.contains(meant) { return "did you mean '\(meant)'?" }
        let places = [
            ("at the top level", rootExtensions), ("on an operation", operationExtensions),
            ("on a schema", schemaExtensions),
        ].filter { $0.1.contains(meant) }.map(\.0)
        return (meant == key ? "it" : "'\(meant)'") + " is read " + places.joined(separator: " or ")
    }

    mutating func approximate(_ message: String, at location: SourceLocation) {
        currentOperationApproximated = true
        diagnostics.warning(message, at: location)
    }
}

/// How much of an OpenAPI document mapped exactly, for the line the commands print per document.
package struct OpenAPISummary: Sendable, Hashable {
    /// Operations mapped to endpoints.
    package var operations: Int
    /// Those of them with an approximation (each reported as a warning).
    package var approximatedOperations: Int
    /// `components.schemas`.
    package var schemas: Int
    /// Models made, components' and inline ones'.
    package var models: Int

    /// `468 operations → 468 endpoints (452 exact, 16 approximated), 819 schemas → 5,563 models`.
    package var description: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let exact = operations - approximatedOperations
        return "\(count(operations, "operation")) → \(count(operations, "endpoint")) (\(exact) exact, "
            + "\(approximatedOperations) approximated), \(count(schemas, "schema")) → \(count(models, "model"))"
    }
}
