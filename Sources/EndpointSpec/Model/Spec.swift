/// A spec as its file says it: the API's name, scopes, error schemas, models and endpoints, each with the place
/// it was written. See `Specs/README.md` for the format.
public struct Spec: Sendable {
    /// The file the spec was read from, as the user named it.
    public var file: String
    /// `api`: the name of the generated namespace, such as `Shop`.
    public var api: Located<String>
    /// `baseURL`: where the API lives, if the spec says.
    public var baseURL: Located<String>?
    /// `description`: documentation for the API namespace.
    public var description: Located<String>?
    /// `scopes`, in the file's order.
    public var scopes: [ScopeDefinition]
    /// `errors` at the top level: the error models every endpoint uses unless it says otherwise.
    public var errors: [ErrorResponse]
    /// `models`, in the file's order.
    public var models: [ModelDefinition]
    /// `endpoints`, grouped by namespace, in the file's order.
    public var namespaces: [Namespace]

    /// Creates a spec.
    public init(
        file: String, api: Located<String>, baseURL: Located<String>? = nil, description: Located<String>? = nil,
        scopes: [ScopeDefinition] = [], errors: [ErrorResponse] = [], models: [ModelDefinition] = [],
        namespaces: [Namespace] = []
    ) {
        self.file = file
        self.api = api
        self.baseURL = baseURL
        self.description = description
        self.scopes = scopes
        self.errors = errors
        self.models = models
        self.namespaces = namespaces
    }

    /// Every endpoint, namespace by namespace.
    public var endpoints: [Endpoint] {
        namespaces.flatMap(\.endpoints)
    }
}

/// Documentation that can be attached to models, properties, parameters and endpoints.
public struct Documentation: Sendable, Hashable {
    /// `summary`: one line.
    public var summary: Located<String>?
    /// `description`: any length.
    public var description: Located<String>?
    /// `deprecated: true`.
    public var isDeprecated: Bool

    /// Creates documentation.
    public init(summary: Located<String>? = nil, description: Located<String>? = nil, isDeprecated: Bool = false) {
        self.summary = summary
        self.description = description
        self.isDeprecated = isDeprecated
    }
}

/// A type written in the spec: its text and, when the text parses, its meaning.
public struct TypeReference: Sendable, Hashable {
    /// The text as written, with its place.
    public var text: Located<String>
    /// The parsed type; nil when the text is malformed (that has been reported).
    public var expression: TypeExpression?
    /// Where the text's first character is, when positions inside the text map to the file exactly
    /// (a one-line plain or quoted scalar without escapes); nil otherwise.
    public var contentLocation: SourceLocation?

    /// Creates a type reference.
    public init(text: Located<String>, expression: TypeExpression?, contentLocation: SourceLocation? = nil) {
        self.text = text
        self.expression = expression
        self.contentLocation = contentLocation
    }
}

/// An authorization scope: a kind of token, such as `Guest` or `Customer`.
public struct ScopeDefinition: Sendable, Hashable {
    /// The scope's name.
    public var name: Located<String>
    /// `includes`: scopes whose endpoints a token of this scope may also call.
    public var includes: [Located<String>]
    /// `description`.
    public var description: Located<String>?

    /// Creates a scope.
    public init(name: Located<String>, includes: [Located<String>] = [], description: Located<String>? = nil) {
        self.name = name
        self.includes = includes
        self.description = description
    }
}

/// One line of an `errors` mapping: which status decodes into which error model.
public struct ErrorResponse: Sendable, Hashable {
    /// Which statuses the line covers.
    public enum Status: Sendable, Hashable, CustomStringConvertible {
        /// Exactly this status, 400–599.
        case code(Int)
        /// `4XX` or `5XX`: every status of the class (4 or 5).
        case range(Int)
        /// `default`: every error status no other line covers.
        case `default`

        public var description: String {
            switch self {
            case .code(let code): return String(code)
            case .range(let first): return "\(first)XX"
            case .default: return "default"
            }
        }
    }

    /// The statuses.
    public var status: Located<Status>
    /// The error model's type.
    public var type: TypeReference

    /// Creates an error line.
    public init(status: Located<Status>, type: TypeReference) {
        self.status = status
        self.type = type
    }
}

/// A model: an object with properties, or an enumeration of strings.
public struct ModelDefinition: Sendable, Hashable {
    /// What kind of model it is.
    public enum Kind: Sendable, Hashable {
        case object([Property])
        case enumeration([EnumCase])
    }

    /// The model's name, which type expressions refer to.
    public var name: Located<String>
    /// Its properties or cases.
    public var kind: Kind
    /// Its documentation.
    public var documentation: Documentation

    /// Creates a model.
    public init(name: Located<String>, kind: Kind, documentation: Documentation = Documentation()) {
        self.name = name
        self.kind = kind
        self.documentation = documentation
    }
}

/// A property of an object model, or a field of an inline request body.
public struct Property: Sendable, Hashable {
    /// The name in Swift terms (before identifier rules apply).
    public var name: Located<String>
    /// `key`: the JSON (or form) key when it differs from the name.
    public var key: Located<String>?
    /// The property's type.
    public var type: TypeReference
    /// Its documentation.
    public var documentation: Documentation

    /// The key on the wire: `key` when given, else the name.
    public var wireName: String { key?.value ?? name.value }

    /// Creates a property.
    public init(
        name: Located<String>, key: Located<String>? = nil, type: TypeReference,
        documentation: Documentation = Documentation()
    ) {
        self.name = name
        self.key = key
        self.type = type
        self.documentation = documentation
    }
}

/// One value of a string enumeration.
public struct EnumCase: Sendable, Hashable {
    /// The value on the wire.
    public var value: Located<String>
    /// `name`: the Swift case name when the derived one will not do.
    public var name: Located<String>?
    /// Its documentation.
    public var documentation: Documentation

    /// Creates an enum case.
    public init(value: Located<String>, name: Located<String>? = nil, documentation: Documentation = Documentation()) {
        self.value = value
        self.name = name
        self.documentation = documentation
    }
}

/// A group of endpoints, generated as one caseless enum inside the API namespace.
public struct Namespace: Sendable, Hashable {
    /// The namespace's name.
    public var name: Located<String>
    /// Its endpoints, in the file's order.
    public var endpoints: [Endpoint]

    /// Creates a namespace.
    public init(name: Located<String>, endpoints: [Endpoint]) {
        self.name = name
        self.endpoints = endpoints
    }
}
