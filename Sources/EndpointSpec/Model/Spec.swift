/// A spec as its file says it: the API's name, scopes, error schemas, models and endpoints, each with the place
/// it was written. See `Specs/README.md` for the format.
package struct Spec: Sendable {
    /// The file the spec was read from, as the user named it.
    package var file: String
    /// `api`: the name of the generated namespace, such as `Shop`.
    package var api: Located<String>
    /// `baseURL`: where the API lives, if the spec says.
    package var baseURL: Located<String>?
    /// `description`: documentation for the API namespace.
    package var description: Located<String>?
    /// `scopes`, in the file's order.
    package var scopes: [ScopeDefinition]
    /// `errors` at the top level: the error models every endpoint uses unless it says otherwise.
    package var errors: [ErrorResponse]
    /// `models`, in the file's order.
    package var models: [ModelDefinition]
    /// `endpoints`, grouped by namespace, in the file's order.
    package var namespaces: [Namespace]
    /// `headers`: constant headers every request sends, in the file's order.
    package var constantHeaders: [ConstantHeader] = []
    /// `servers`: other base URLs endpoints may name, in the file's order.
    package var servers: [ServerDefinition] = []
    /// `dateFormat`: how the API's dates travel unless a property or parameter says otherwise.
    package var dateFormat: Located<DateFormat>?
    /// `params`: parameters every endpoint of some methods has (`Idempotency-Key` on every POST).
    package var parameters: [APIParameter] = []

    /// Creates a spec.
    package init(
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
    package var endpoints: [Endpoint] {
        namespaces.flatMap(\.endpoints)
    }

    /// How many endpoints there are, without gathering them into one array as ``endpoints`` does.
    package var endpointCount: Int { namespaces.reduce(0) { $0 + $1.endpoints.count } }
}

/// Documentation that can be attached to models, properties, parameters and endpoints.
///
/// Held as one reference, nil when there is none (``RareFields``): every property, parameter, endpoint and model has a
/// documentation, most have none or only a description, and those values are copied as the spec is decoded,
/// checked and resolved. Inline, its two located texts and flag made each of them 57 bytes bigger.
package struct Documentation: Sendable, Hashable {
    private var texts = RareFields<Texts>()

    private struct Texts: Sendable, Hashable, EmptyFields {
        var summary: Located<String>?
        var description: Located<String>?
        var isDeprecated = false
    }

    /// `summary`: one line.
    package var summary: Located<String>? {
        get { texts.box?.fields.summary }
        set { texts.fields.summary = newValue }
    }

    /// `description`: any length.
    package var description: Located<String>? {
        get { texts.box?.fields.description }
        set { texts.fields.description = newValue }
    }

    /// `deprecated: true`.
    package var isDeprecated: Bool {
        get { texts.box?.fields.isDeprecated ?? false }
        set { texts.fields.isDeprecated = newValue }
    }

    /// Creates documentation.
    package init(summary: Located<String>? = nil, description: Located<String>? = nil, isDeprecated: Bool = false) {
        if summary != nil || description != nil || isDeprecated {
            texts.fields = Texts(summary: summary, description: description, isDeprecated: isDeprecated)
        }
    }
}

/// A type written in the spec: its text and, when the text parses, its meaning.
package struct TypeReference: Sendable, Hashable {
    /// The text as written, with its place.
    package var text: Located<String>
    /// The parsed type; nil when the text is malformed (that has been reported).
    package var expression: TypeExpression?
    /// Where the text's first character is, when positions inside the text map to the file exactly
    /// (a one-line plain or quoted scalar without escapes); nil otherwise.
    package var contentLocation: SourceLocation?

    /// Creates a type reference.
    package init(text: Located<String>, expression: TypeExpression?, contentLocation: SourceLocation? = nil) {
        self.text = text
        self.expression = expression
        self.contentLocation = contentLocation
    }
}

/// An authorization scope: a kind of token, such as `Guest` or `Customer`.
package struct ScopeDefinition: Sendable, Hashable {
    /// The scope's name.
    package var name: Located<String>
    /// `includes`: scopes whose endpoints a token of this scope may also call.
    package var includes: [Located<String>]
    /// `description`.
    package var description: Located<String>?
    /// `auth`: how the scope's credential travels; bearer when absent.
    package var auth: Located<ScopeAuth>?

    /// Creates a scope.
    package init(
        name: Located<String>, includes: [Located<String>] = [], description: Located<String>? = nil,
        auth: Located<ScopeAuth>? = nil
    ) {
        self.name = name
        self.includes = includes
        self.description = description
        self.auth = auth
    }
}

/// How a scope's credential travels: `auth` of a scope.
package enum ScopeAuth: Sendable, Hashable {
    /// Where an API key travels.
    package enum KeyLocation: String, CaseIterable, Sendable, Hashable {
        case header
        case query
        case cookie
    }

    /// `auth: bearer`, the default: `Authorization: Bearer …`.
    case bearer
    /// `auth: basic`: `Authorization: Basic …`.
    case basic
    /// `auth: { apiKey: X-Api-Key, in: header }`: the key in a header, query item or cookie of that name.
    case apiKey(name: Located<String>, location: KeyLocation)
    /// `auth: none`: an anonymous scope sends no credential.
    case none
}

/// Which scopes an endpoint needs: `scope: Customer`, all of several (`scope: [Read, Write]`), or any one of
/// several (`scope: { anyOf: [ApiKey, OAuth] }`).
package struct ScopeRequirement: Sendable, Hashable {
    /// Whether a token needs all the scopes or one of them.
    package enum Kind: Sendable, Hashable {
        case allOf
        case anyOf
    }

    package var kind: Kind
    /// The scope names, as written; one for a plain `scope: Name`.
    package var names: [Located<String>]
    /// Where the requirement was written.
    package var location: SourceLocation

    package init(kind: Kind, names: [Located<String>], location: SourceLocation) {
        self.kind = kind
        self.names = names
        self.location = location
    }

    /// A plain `scope: Name`.
    package init(_ name: Located<String>) {
        self.init(kind: .allOf, names: [name], location: name.location)
    }
}

/// One line of an `errors` mapping: which status decodes into which error model.
package struct ErrorResponse: Sendable, Hashable {
    /// Which statuses the line covers.
    package enum Status: Sendable, Hashable, CustomStringConvertible {
        /// Exactly this status, 400–599.
        case code(Int)
        /// `4XX` or `5XX`: every status of the class (4 or 5).
        case range(Int)
        /// `default`: every error status no other line covers.
        case `default`

        package var description: String {
            switch self {
            case .code(let code): return String(code)
            case .range(let first): return "\(first)XX"
            case .default: return "default"
            }
        }
    }

    /// The statuses.
    package var status: Located<Status>
    /// The error model's type.
    package var type: TypeReference

    /// Creates an error line.
    package init(status: Located<Status>, type: TypeReference) {
        self.status = status
        self.type = type
    }
}

/// A model: an object with properties, an enumeration of strings or integers, or one of several models.
package struct ModelDefinition: Sendable, Hashable {
    /// What kind of model it is.
    package enum Kind: Sendable, Hashable {
        case object([Property])
        case enumeration([EnumCase])
        /// `oneOf: [Cat, Dog]`: a value of one of several models.
        case oneOf(OneOf)
    }

    /// The model's name, which type expressions refer to.
    package var name: Located<String>
    /// Its properties or cases.
    package var kind: Kind
    /// Its documentation.
    package var documentation: Documentation
    /// `extends`: object models whose properties this object model has too, before its own.
    package var extends: [Located<String>] = []
    /// For an enumeration: whether its values are integers (`enum: [0, 1, 2]`) rather than strings.
    package var isIntegerEnumeration = false

    /// The models a `oneOf` model may directly be (its model variants, not lists or dictionaries of them); none for
    /// other kinds. Only these can lead decoding back to the model without reading anything.
    package var oneOfVariants: [Located<String>] {
        guard case .oneOf(let oneOf) = kind else { return [] }
        return oneOf.variants.compactMap(\.modelName)
    }

    /// Creates a model.
    package init(name: Located<String>, kind: Kind, documentation: Documentation = Documentation()) {
        self.name = name
        self.kind = kind
        self.documentation = documentation
    }
}

/// `oneOf` with an optional `discriminator`: which types a value may be, and how to tell them apart.
package struct OneOf: Sendable, Hashable {
    /// The variants, in the order they are tried when there is no discriminator.
    package var variants: [OneOfVariant]
    /// The property that names the variant, and its values; nil for a value tried against each variant in turn.
    package var discriminator: Discriminator?

    package init(variants: [OneOfVariant], discriminator: Discriminator? = nil) {
        self.variants = variants
        self.discriminator = discriminator
    }
}

/// One entry of `oneOf`: a type (a model, a built-in type, a list or a dictionary), `Customer` or `"[Entry]"`, or a
/// mapping `{ type: String, name: id }` that names its Swift case.
package struct OneOfVariant: Sendable, Hashable {
    /// The variant's type.
    package var type: TypeReference
    /// `name`: the Swift case name when the one derived from the type will not do.
    package var name: Located<String>?
    /// `dateFormat`: how a `Date` variant travels, over the API's.
    package var dateFormat: Located<DateFormat>?

    package init(type: TypeReference, name: Located<String>? = nil) {
        self.type = type
        self.name = name
    }

    /// The model's name, where the variant is a model (not a list or a dictionary of one).
    package var modelName: Located<String>? {
        guard case .model(let model)? = type.expression else { return nil }
        return Located(model, at: type.text.location)
    }

    /// The case name before identifier rules apply: `name` when given, else one derived from the type
    /// (``TypeExpression/variantCaseName``).
    package var caseName: String? { name?.value ?? type.expression?.variantCaseName }
}

/// `discriminator: kind`, or `discriminator: { property: kind, mapping: { cat: Cat } }`.
package struct Discriminator: Sendable, Hashable {
    /// The JSON property whose value names the variant.
    package var property: Located<String>
    /// Values and the models they name, in the file's order; a variant not mapped is named by its model name.
    package var mapping: [DiscriminatorValue]

    package init(property: Located<String>, mapping: [DiscriminatorValue] = []) {
        self.property = property
        self.mapping = mapping
    }
}

/// One entry of a discriminator's `mapping`.
package struct DiscriminatorValue: Sendable, Hashable {
    package var value: Located<String>
    package var model: Located<String>

    package init(value: Located<String>, model: Located<String>) {
        self.value = value
        self.model = model
    }
}

/// A property of an object model, or a field of an inline request body.
package struct Property: Sendable, Hashable {
    /// The name in Swift terms (before identifier rules apply).
    package var name: Located<String>
    /// The property's type.
    package var type: TypeReference
    /// Its documentation.
    package var documentation: Documentation
    /// `key`, `nullable`, `default` and `example`, which few properties have.
    private var extras = RareFields<Extras>()

    private struct Extras: Sendable, Hashable, EmptyFields {
        var key: Located<String>?
        var nullable: Located<Bool>?
        var defaultValue: Located<String>?
        var example: Located<String>?
        var dateFormat: Located<DateFormat>?
        var encoding: Located<PartEncoding>?
        var arrayFormat: Located<Parameter.ArrayFormat>?
    }

    /// `arrayFormat`: how a list of text travels in a form body.
    package var arrayFormat: Located<Parameter.ArrayFormat>? {
        get { extras.box?.fields.arrayFormat }
        set { extras.fields.arrayFormat = newValue }
    }

    /// `encoding`: how a structured field of a multipart body travels.
    package var encoding: Located<PartEncoding>? {
        get { extras.box?.fields.encoding }
        set { extras.fields.encoding = newValue }
    }

    /// `dateFormat`: how a date property travels, over the API's.
    package var dateFormat: Located<DateFormat>? {
        get { extras.box?.fields.dateFormat }
        set { extras.fields.dateFormat = newValue }
    }

    /// `key`: the JSON (or form) key when it differs from the name.
    package var key: Located<String>? {
        get { extras.box?.fields.key }
        set { extras.fields.key = newValue }
    }

    /// `nullable: true`: the field may be sent as an explicit `null`, distinct from leaving it out.
    package var nullable: Located<Bool>? {
        get { extras.box?.fields.nullable }
        set { extras.fields.nullable = newValue }
    }

    /// `default`: the value an argument or initializer parameter defaults to, as written.
    package var defaultValue: Located<String>? {
        get { extras.box?.fields.defaultValue }
        set { extras.fields.defaultValue = newValue }
    }

    /// `example`: a value for the model's generated example instance, as written.
    package var example: Located<String>? {
        get { extras.box?.fields.example }
        set { extras.fields.example = newValue }
    }

    /// The key on the wire: `key` when given, else the name.
    package var wireName: String { key?.value ?? name.value }

    /// Creates a property.
    package init(
        name: Located<String>, key: Located<String>? = nil, type: TypeReference,
        documentation: Documentation = Documentation()
    ) {
        self.name = name
        self.type = type
        self.documentation = documentation
        if key != nil { self.key = key }
    }
}

/// One value of an enumeration.
package struct EnumCase: Sendable, Hashable {
    /// The value on the wire, as written.
    package var value: Located<String>
    /// Whether it was written as a plain integer (`0`, not `"0"`).
    package var isInteger = false
    /// `name`: the Swift case name when the derived one will not do.
    package var name: Located<String>?
    /// Its documentation.
    package var documentation: Documentation

    /// Creates an enum case.
    package init(value: Located<String>, name: Located<String>? = nil, documentation: Documentation = Documentation()) {
        self.value = value
        self.name = name
        self.documentation = documentation
    }
}

/// A group of endpoints, generated as one caseless enum inside the API namespace.
package struct Namespace: Sendable, Hashable {
    /// The namespace's name.
    package var name: Located<String>
    /// Its endpoints, in the file's order.
    package var endpoints: [Endpoint]

    /// Creates a namespace.
    package init(name: Located<String>, endpoints: [Endpoint]) {
        self.name = name
        self.endpoints = endpoints
    }
}

/// A header with a fixed value: `X-GitHub-Api-Version: 2022-11-28` under `headers`, for the whole API or one
/// endpoint.
package struct ConstantHeader: Sendable, Hashable {
    /// The header's name on the wire.
    package var name: Located<String>
    /// Its value.
    package var value: Located<String>
    /// `overridable: true`: a client's configured header of the same name is sent instead (a client pins its own
    /// `Stripe-Version`).
    package var isOverridable = false

    package init(name: Located<String>, value: Located<String>) {
        self.name = name
        self.value = value
    }
}

/// A parameter at the top level: sent by every endpoint of `methods` (every endpoint when empty) that does not
/// declare a parameter of the same name itself.
package struct APIParameter: Sendable, Hashable {
    package var parameter: Parameter
    package var methods: [Located<HTTPMethod>]

    package init(parameter: Parameter, methods: [Located<HTTPMethod>]) {
        self.parameter = parameter
        self.methods = methods
    }

    /// Whether an endpoint of `method` gets it.
    package func applies(to method: HTTPMethod) -> Bool {
        methods.isEmpty || methods.contains { $0.value == method }
    }
}

/// How a structured field of a multipart body travels: `encoding` of the field.
package enum PartEncoding: String, CaseIterable, Sendable, Hashable {
    /// One part holding the value as JSON, the default.
    case json
    /// One text part per leaf, named by bracketed keys (`file_link_data[create]`), as a form carries it.
    case nested
}

/// How a date travels: `dateFormat` of the API, a property or a parameter.
package enum DateFormat: String, CaseIterable, Sendable, Hashable {
    /// `2023-09-06T22:11:10Z`, the default.
    case iso8601
    /// Seconds since 1970, a number.
    case unixSeconds
    /// Milliseconds since 1970, a number.
    case unixMilliseconds
}

/// Another base URL, named so endpoints can point at it: `uploads: https://uploads.github.com` under `servers`.
package struct ServerDefinition: Sendable, Hashable {
    /// The name endpoints use (`server: uploads`).
    package var name: Located<String>
    /// The URL.
    package var url: Located<String>

    package init(name: Located<String>, url: Located<String>) {
        self.name = name
        self.url = url
    }
}
