import EndpointSpec

/// Spells spec types and standard names as Swift, qualifying a standard name only where the spec defines a
/// type of the same name (a model called `Result` or `Error`), so the code reads plainly and stays unambiguous.
struct TypeNamer: Sendable {
    /// The API enum's Swift name.
    let api: String
    /// The standard names (see ``standardNames``) that a type the generated code declares shadows: the API, its
    /// namespaces, models, scopes and container enums. Empty for nearly every spec, so spelling a standard name
    /// is a check for emptiness rather than a hash lookup among all the declared names, and the code for every
    /// endpoint spells half a dozen.
    private let shadowedStandardNames: Set<String>

    /// Each model's Swift name, escaped, and how code outside the models refers to it, by spec name: worked out
    /// once, where every property and endpoint that uses a model would otherwise spell it again.
    private let modelNames: [String: (bare: String, qualified: String)]

    init(spec: ResolvedSpec) {
        api = SwiftName.typeName(spec.api.value)
        var names: Set<String> = [api]
        names.formUnion(GeneratedNames.containers.map(\.name))
        for model in spec.models { names.insert(SwiftName.typeName(model.name.value)) }
        for scope in spec.scopes { names.insert(SwiftName.typeName(scope.name.value)) }
        for namespace in spec.namespaces { names.insert(SwiftName.typeName(namespace.name.value)) }
        shadowedStandardNames = names.intersection(Self.standardNames)
        let models = "\(SwiftSource.identifier(api)).\(GeneratedNames.models)."
        var modelNames: [String: (bare: String, qualified: String)] = [:]
        modelNames.reserveCapacity(spec.models.count)
        for model in spec.models {
            let bare = SwiftSource.identifier(SwiftName.typeName(model.name.value))
            modelNames[model.name.value] = (bare, models + bare)
        }
        self.modelNames = modelNames
    }

    /// A name from the standard library (`Swift`), Foundation or the runtime, qualified if the spec shadows it.
    /// `name` is one of ``standardNames``.
    func standard(_ name: String, module: String) -> String {
        assert(Self.standardNames.contains(name), "\(name) is missing from TypeNamer.standardNames")
        return !shadowedStandardNames.isEmpty && shadowedStandardNames.contains(name) ? "\(module).\(name)" : name
    }

    /// Every name the generated code takes from the standard library, Foundation or the runtime, unqualified
    /// unless the spec declares a type of the same name. `TypeNamerTests` checks that each name the translator
    /// passes to `swift(_:)`, `foundation(_:)` or `runtime(_:)` is here.
    static let standardNames: Set<String> = Set(BuiltinType.allCases.map(\.rawValue)).union([
        // Swift
        "Bool", "Codable", "CodingKey", "Decoder", "Encoder", "Error", "Hashable", "Int", "Never", "RawRepresentable",
        "Sendable", "String", "Void",
        // Foundation
        "Date", "URL", "UUID",
        // EndpointRuntime
        "AuthScheme", "AuthorizationScope", "DateFormat", "DeclaredFailure", "EmptyErrorBody", "Endpoint",
        "ErrorSchema",
        "EventStream", "Expandable",
        "HeaderValue", "Indirect", "JSONValue", "ModelCodingKey", "ModelEquality", "MultipartPart", "Parameter",
        "ParameterValue", "ReceivedResponse", "Reply", "ResponseHeaders", "Server", "AuthorizedEndpoint",
        "Endpoint", "UndeclaredStatusError", "Upload",
    ])

    func swift(_ name: String) -> String { standard(name, module: "Swift") }
    func foundation(_ name: String) -> String { standard(name, module: "Foundation") }
    func runtime(_ name: String) -> String { standard(name, module: "EndpointRuntime") }

    /// A model's Swift name, escaped.
    func modelName(_ name: String) -> String {
        modelNames[name]?.bare ?? SwiftSource.identifier(SwiftName.typeName(name))
    }

    /// `Shop.Models.Customer`: how code outside the models refers to one.
    func qualifiedModel(_ name: String) -> String {
        modelNames[name]?.qualified ?? "\(SwiftSource.identifier(api)).\(GeneratedNames.models).\(modelName(name))"
    }

    /// How generated code spells a built-in type.
    private func spelling(of builtin: BuiltinType) -> String {
        switch builtin {
        case .string, .int, .int32, .int64, .double, .float, .bool: return swift(builtin.rawValue)
        case .date, .uuid, .url, .data: return foundation(builtin.rawValue)
        case .json: return runtime("JSONValue")
        case .upload: return runtime("Upload")
        case .void: return swift("Void")
        }
    }

    /// The Swift spelling of a type; models bare inside the models' enum, qualified elsewhere.
    func type(_ expression: TypeExpression, qualifyingModels: Bool) -> String {
        switch expression {
        case .builtin(let builtin):
            return spelling(of: builtin)
        case .model(let name):
            return qualifyingModels ? qualifiedModel(name) : modelName(name)
        case .array(let element):
            return "[\(type(element, qualifyingModels: qualifyingModels))]"
        case .dictionary(let value):
            return "[\(swift("String")): \(type(value, qualifyingModels: qualifyingModels))]"
        case .optional(let wrapped):
            return "\(type(wrapped, qualifyingModels: qualifyingModels))?"
        case .expandable(let name):
            return "\(runtime("Expandable"))<\(qualifyingModels ? qualifiedModel(name) : modelName(name))>"
        }
    }
}
