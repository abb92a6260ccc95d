/// A spec that passed validation, with every decision a later stage needs made once: types parsed and
/// non-optional, each parameter's location decided, path templates parsed, bodies and error schemas resolved.
/// The translator reads only this; positions stay on everything a later error could point at.
package struct ResolvedSpec: Sendable {
    /// The file the spec was read from, as the user named it.
    package var file: String
    /// `api`: the generated namespace's name.
    package var api: Located<String>
    /// `baseURL`, if the spec says.
    package var baseURL: Located<String>?
    /// `description` of the API.
    package var description: Located<String>?
    /// `scopes`, in the file's order.
    package var scopes: [ResolvedScope]
    /// The distinct "any of" sets endpoints accept, in the order they first appear.
    package var scopeChoices: [ResolvedScopeChoice] = []
    /// The API's default error schema.
    package var errors: [ResolvedError]
    /// `models`, in the file's order.
    package var models: [ResolvedModel]
    /// The endpoints, grouped by namespace, in the file's order.
    package var namespaces: [ResolvedNamespace]
    /// The API's constant headers, in the file's order.
    package var constantHeaders: [ResolvedHeader] = []
    /// Other base URLs endpoints name, in the file's order.
    package var servers: [ResolvedServer] = []

    /// How many endpoints there are, counted namespace by namespace.
    package var endpointCount: Int { namespaces.reduce(0) { $0 + $1.endpoints.count } }
}

/// Another base URL that endpoints may name.
package struct ResolvedServer: Sendable, Hashable {
    /// The name endpoints use (`server: uploads`).
    package var name: Located<String>
    package var url: Located<String>
    /// The name of its `Servers` member before identifier rules (backticks) apply.
    package var swiftName: String
}

/// A scope and the scopes it includes directly (validation has ruled out unknown names and cycles).
package struct ResolvedScope: Sendable, Hashable {
    package var name: Located<String>
    package var includes: [Located<String>]
    package var description: Located<String>?
    /// How its credential travels: bearer unless the spec says otherwise.
    package var auth: ScopeAuth
    /// The "any of" choices (indices into ``ResolvedSpec/scopeChoices``) this scope is one of.
    package var choices: [Int] = []
}

/// A set of scopes an endpoint accepts any one of (`scope: { anyOf: [ApiKey, OAuth] }`); each distinct set is
/// one access protocol that its members' protocols inherit.
package struct ResolvedScopeChoice: Sendable, Hashable {
    /// The scope names, in the order the first endpoint that offers this choice wrote them.
    package var names: [String]

    /// `ApiKeyOrOAuth`: the name of its access protocol, before identifier rules apply.
    package var protocolName: String { names.map(SwiftName.typeName).joined(separator: "Or") }
}

/// One line of an error schema: a status and what its body decodes into, a model or `Void`.
package struct ResolvedError: Sendable, Hashable {
    package var status: Located<ErrorResponse.Status>
    /// `.model(name)` or `.builtin(.void)`.
    package var type: TypeExpression
    /// Where the type was written.
    package var location: SourceLocation
}

/// A model: an object with properties (those it extends included), an enum, or one of several models.
/// A value of an enum model, with the Swift case name decided once.
package struct ResolvedEnumCase: Sendable, Hashable {
    /// The value on the wire, as written.
    package var wireValue: String
    /// The Swift case name before identifier rules (backticks) apply: the spec's `name`, else derived from the
    /// value (`in_progress` → `inProgress`, `none` → `_none`).
    package var swiftName: String
    package var documentation: Documentation
}

package struct ResolvedModel: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case object([ResolvedProperty])
        case enumeration([ResolvedEnumCase])
        case oneOf(ResolvedOneOf)
    }

    package var name: Located<String>
    package var kind: Kind
    package var documentation: Documentation
    /// For an enumeration: integer values rather than strings.
    package var isIntegerEnumeration = false
    /// Whether an error response decodes into it (the API's or an endpoint's `errors`), so it is an `Error`.
    package var isErrorModel = false
}

/// One of several types, with how a value tells which.
package struct ResolvedOneOf: Sendable, Hashable {
    /// The variants, in the order written (and tried, without a discriminator).
    package var variants: [ResolvedVariant]
    /// The discriminator's JSON property and values; nil to try each variant in turn.
    package var discriminator: ResolvedDiscriminator?
}

/// A variant of a `oneOf`: its type and its case name, before identifier rules apply.
package struct ResolvedVariant: Sendable, Hashable {
    package var type: TypeExpression
    /// The Swift case name before identifier rules (backticks) apply: the spec's `name`, else the type's.
    package var caseName: String
    /// How a `Date` or `[Date]` variant travels: the API's `dateFormat`, else ISO 8601.
    package var dateFormat: DateFormat = .iso8601

    /// The model's name, where the variant is a model.
    package var modelName: String? {
        if case .model(let name) = type { return name }
        return nil
    }
}

/// A discriminator, its values decided.
package struct ResolvedDiscriminator: Sendable, Hashable {
    /// The JSON property.
    package var property: String
    /// Every value a variant is decoded from, in order: the mapping's, then each unmapped variant's own name.
    package var values: [(value: String, model: String)]
    /// The value each variant is encoded with: its first mapped value, else its name; by variant.
    package var encodedValues: [String: String]

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.property == rhs.property && lhs.encodedValues == rhs.encodedValues
            && lhs.values.map(\.value) == rhs.values.map(\.value) && lhs.values.map(\.model) == rhs.values.map(\.model)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(property)
        for entry in values {
            hasher.combine(entry.value)
            hasher.combine(entry.model)
        }
    }
}

/// A model property or an inline body field.
package struct ResolvedProperty: Sendable, Hashable {
    /// The name as the spec writes it.
    package var name: Located<String>
    /// The property's (or argument's) name before identifier rules (backticks) apply: `firstName` for
    /// `first_name`.
    package var swiftName: String
    /// The JSON key or form key.
    package var wireName: String
    package var type: TypeExpression
    package var documentation: Documentation
    /// `nullable: true`: may be sent as an explicit `null`.
    package var isNullable: Bool = false
    /// The initializer's or argument's default.
    package var defaultValue: DefaultValue?
    /// The value of the model's generated example.
    package var example: DefaultValue?
    /// In a multipart body: whether the field travels as a JSON part, rather than text or a file.
    package var isJSONPart: Bool = false
    /// In a form body: whether the field is a structure spread over bracketed keys (`address[line1]=…`).
    package var isNested: Bool = false
    /// How a `Date`, `Date?` or `[Date]` travels: its own `dateFormat`, else the API's, else ISO 8601.
    package var dateFormat: DateFormat = .iso8601
    /// In a form body: how a list of text travels.
    package var arrayFormat: Parameter.ArrayFormat = .repeat
    /// Whether the property refers directly (not through a list or a dictionary) to a model on a cycle of models
    /// through itself, so it must be stored behind a reference for its model to have a size.
    package var isBoxed: Bool = false
}

/// A header with a fixed value.
package struct ResolvedHeader: Sendable, Hashable {
    package var name: String
    package var value: String
    /// A client's configured header of the same name is sent instead.
    package var isOverridable = false
}

/// A parameter with its location decided.
package struct ResolvedParameter: Sendable, Hashable {
    package var name: Located<String>
    /// The argument's label before identifier rules (backticks) apply: `dryRun` for `dry_run`.
    package var swiftName: String
    /// The placeholder, query item or header name.
    package var wireName: String
    package var type: TypeExpression
    package var location: Parameter.Location
    package var arrayFormat: Parameter.ArrayFormat
    package var documentation: Documentation
    /// The argument's default.
    package var defaultValue: DefaultValue?
    /// A path parameter whose value may span several segments.
    package var allowsSlashes: Bool = false
    /// A query parameter that is a structure spread over bracketed keys (`created[gte]=…`).
    package var isNested: Bool = false
    /// How a `Date`, `Date?` or `[Date]` travels: its own `dateFormat`, else the API's, else ISO 8601.
    package var dateFormat: DateFormat = .iso8601
}

/// What an endpoint sends.
package enum ResolvedBody: Sendable, Hashable {
    /// One JSON-encoded value.
    case value(TypeExpression)
    /// A JSON object whose fields are arguments.
    case jsonFields([ResolvedProperty])
    /// `application/x-www-form-urlencoded` fields, arguments too.
    case formFields([ResolvedProperty])
    /// `multipart/form-data` fields, arguments too.
    case multipartFields([ResolvedProperty])
    /// Bytes as they are: one `Upload` argument whose Swift name (before identifier rules) is `argumentName`, sent as
    /// `media` unless it names its own.
    /// Boxed, as ``RequestBody/raw(_:)`` is.
    indirect case raw(media: String, argumentName: String, documentation: Documentation)
}

/// An endpoint, everything decided.
package struct ResolvedEndpoint: Sendable, Hashable {
    package var name: Located<String>
    /// The factory's name before identifier rules (backticks) apply.
    package var swiftName: String
    /// The namespace's name.
    package var namespace: String
    package var method: Located<HTTPMethod>
    /// The path, split where its parameters go.
    package var path: ResolvedPath
    /// Every parameter in the file's order.
    package var parameters: [ResolvedParameter]
    /// The path parameters in the order their placeholders first appear in the path.
    package var pathParameters: [ResolvedParameter]
    package var body: ResolvedBody?
    /// The response type; `Void` for none.
    package var response: TypeExpression
    /// The response headers it reads, in the file's order; empty for most endpoints.
    package var responseHeaders: [ResolvedResponseHeader] = []
    /// How it finds its next page, if it pages.
    package var paging: ResolvedPaging?
    /// The media type it asks for with `Accept`, when the spec names one.
    package var responseMedia: String?
    /// How the body of `response` is read.
    package var responseReading: BodyReading = .json
    /// Several success statuses, each with its body; empty when the response is the one type `response`.
    package var successStatuses: [ResolvedSuccessStatus] = []
    /// What a caller's token must be allowed; nil for an endpoint anyone may call.
    package var access: ResolvedAccess?
    /// The endpoint's own error schema, before the API's defaults.
    package var errors: [ResolvedError]
    package var documentation: Documentation
    /// The constant headers it sends of its own.
    package var ownHeaders: [ResolvedHeader] = []
    /// The API's constant headers it sends: all of them unless it overrides some (with its own constant, a header
    /// parameter or a response media type).
    package var apiHeaders: [ResolvedHeader] = []
    /// The server it lives at instead of the base URL: an index into ``ResolvedSpec/servers``.
    package var server: Int?
    /// Whether a redirect is the response it reads, rather than a hop to follow.
    package var readsRedirects = false
    /// Whether the response is a stream of values of ``response``, read as they arrive, and how it is cut.
    package var stream: ResponseStreamFormat?

    /// The parameters that are not in the path (query and headers), in the file's order.
    package var otherParameters: [ResolvedParameter] { parameters.filter { $0.location != .path } }

    /// `Namespace.name`, for messages.
    package var qualifiedName: String { "\(namespace).\(name.value)" }
}

/// How a streamed response is cut into values.
package enum ResponseStreamFormat: Sendable, Hashable {
    /// Server-Sent Events; an event whose data is `terminator` ends the stream.
    case serverSentEvents(terminator: String?)
    /// JSON Lines.
    case jsonLines
}

/// What a caller's token must be allowed to call an endpoint.
package enum ResolvedAccess: Sendable, Hashable {
    /// Every one of these scopes (one for a plain `scope: Name`), as written.
    case allOf([String])
    /// Any one of these scopes, as written; `choice` is the set's index in ``ResolvedSpec/scopeChoices``.
    case anyOf([String], choice: Int)

    /// The scope names, as written.
    package var names: [String] {
        switch self {
        case .allOf(let names), .anyOf(let names, _): names
        }
    }

    /// `` scope `Customer` ``, `` scopes `Read` and `Write` `` or `` scope `Key`, `Session` or `OAuth` ``: for
    /// documentation.
    package var description: String {
        let quoted = names.map { "`\($0)`" }
        guard let last = quoted.last, quoted.count > 1 else { return "scope " + (quoted.first ?? "") }
        switch self {
        case .allOf: return "scopes " + quoted.dropLast().joined(separator: ", ") + " and " + last
        case .anyOf: return "scope " + quoted.dropLast().joined(separator: ", ") + " or " + last
        }
    }
}

/// An endpoint's path, split where its parameters go, so that generated code hands the runtime the pieces and no
/// request reads the template again.
package struct ResolvedPath: Sendable, Hashable {
    /// A piece of the path.
    package enum Component: Sendable, Hashable {
        /// Text as the spec writes it (never empty).
        case literal(String)
        /// The value of the path parameter at this index of ``ResolvedEndpoint/pathParameters``.
        case parameter(Int)
    }

    /// The path as the spec writes it, `/repos/{owner}/{repo}/events`, for documentation and messages.
    package var template: Located<String>
    /// The pieces in order.
    package var components: [Component]

    /// The path of `template`, placed as `placement` read it.
    package init(_ template: Located<String>, placement: ParameterPlacement) {
        self.template = template
        var components: [Component] = []
        components.reserveCapacity(2 * placement.placeholderOrder.count + 1)
        for (literal, placeholder) in zip(placement.literals, placement.placeholderOrder) {
            if !literal.isEmpty { components.append(.literal(literal)) }
            components.append(.parameter(placeholder))
        }
        if let last = placement.literals.last, !last.isEmpty { components.append(.literal(last)) }
        self.components = components
    }
}

/// A response header to read.
package struct ResolvedResponseHeader: Sendable, Hashable {
    /// The header's name on the wire.
    package var wireName: Located<String>
    /// The property's Swift name before identifier rules (backticks) apply: from `name`, or the header name in
    /// camel case (`X-RateLimit-Remaining` → `xRateLimitRemaining`).
    package var swiftName: String
    package var type: TypeExpression
    package var documentation: Documentation
    /// A date header in Unix time; `.iso8601` for the usual reading (HTTP date, ISO 8601 or seconds).
    package var dateFormat: DateFormat = .iso8601
}

/// One of several success statuses and how its body is read.
package struct ResolvedSuccessStatus: Sendable, Hashable {
    package var status: Int
    package var type: TypeExpression
    package var reading: BodyReading
}

/// How an endpoint finds its next page.
package enum ResolvedPaging: Sendable, Hashable {
    /// The `Link` header's `rel="next"`.
    case link
    /// A URL in the body.
    case nextURL(FieldPath)
    /// A value in the body, sent back as the query item `queryName`.
    case cursor(FieldPath, queryName: String)
    /// A field of the last element of a list in the body, sent back as the query item `queryName` while the
    /// boolean at `condition` is true (without one, while the list is not empty).
    case lastItem(list: FieldPath, field: FieldPath, queryName: String, condition: FieldPath?)
}

/// A namespace of endpoints.
package struct ResolvedNamespace: Sendable, Hashable {
    package var name: Located<String>
    package var endpoints: [ResolvedEndpoint]
}
