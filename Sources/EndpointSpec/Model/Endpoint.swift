/// One HTTP endpoint, generated as a `static func` returning an `Endpoint` or `AuthorizedEndpoint`.
package struct Endpoint: Sendable, Hashable {
    /// The endpoint's name inside its namespace (the factory function's name).
    package var name: Located<String>
    /// The namespace's name, for messages.
    package var namespace: String
    /// `method`, `GET` when absent.
    package var method: Located<HTTPMethod>
    /// `path`: the path template, with `{placeholders}` for path parameters.
    package var path: Located<String>
    /// Where the path's first character is, when positions inside it map to the file exactly; nil otherwise.
    package var pathContentLocation: SourceLocation?
    /// `params`, in the file's order.
    package var parameters: [Parameter]
    /// `body` or `form`, if any.
    package var body: RequestBody?
    /// `response` (or its `type`): `Void` when absent.
    package var response: TypeReference
    /// `response.headers`: the response headers the endpoint reads, in the file's order.
    package var responseHeaders: [ResponseHeader] = []
    /// `response.paging`: how the endpoint finds its next page, if it pages.
    package var paging: Paging?
    /// `response.media`: the media type the endpoint asks for (`Accept`), when it is not plain JSON.
    package var responseMedia: Located<String>?
    /// `response: { 200: Player, 204: Void }`: several success statuses, each with its body, in the file's
    /// order; empty when the response is one type.
    package var successStatuses: [SuccessStatus] = []
    /// `scope`: the scopes a token needs, if any.
    package var scope: ScopeRequirement?
    /// `errors`: error models for this endpoint, before the API's defaults.
    package var errors: [ErrorResponse]
    /// `summary`, `description`, `deprecated`.
    package var documentation: Documentation
    /// `headers`: constant headers this endpoint sends, over the API's.
    package var constantHeaders: [ConstantHeader] = []
    /// `server`: the name of another base URL (under the spec's `servers`) this endpoint lives at.
    package var server: Located<String>?
    /// `response.redirect: true`: a redirect is the response to read, not a hop to follow; where it was said.
    package var redirect: SourceLocation?
    /// `response.stream`: the body is a stream of values (Server-Sent Events or JSON Lines), each of the
    /// response type, read as it arrives.
    package var stream: ResponseStream?

    /// Creates an endpoint.
    package init(
        name: Located<String>, namespace: String, method: Located<HTTPMethod>, path: Located<String>,
        parameters: [Parameter] = [], body: RequestBody? = nil, response: TypeReference,
        scope: ScopeRequirement? = nil, errors: [ErrorResponse] = [], documentation: Documentation = Documentation()
    ) {
        self.name = name
        self.namespace = namespace
        self.method = method
        self.path = path
        self.parameters = parameters
        self.body = body
        self.response = response
        self.scope = scope
        self.errors = errors
        self.documentation = documentation
    }

    /// `Namespace.name`, for messages.
    package var qualifiedName: String { "\(namespace).\(name.value)" }
}

/// A response header an endpoint reads: `X-RateLimit-Remaining: Int` under `response.headers`.
package struct ResponseHeader: Sendable, Hashable {
    /// The header's name on the wire, as written.
    package var wireName: Located<String>
    /// `name`: the property's name in Swift terms, when given.
    package var name: Located<String>?
    /// The type its value reads as.
    package var type: TypeReference
    /// Its documentation.
    package var documentation: Documentation
    /// `dateFormat`: a date header in Unix time rather than an HTTP date (the API's default does not reach
    /// headers, whose dates are HTTP dates: `Last-Modified`, `Retry-After`).
    package var dateFormat: Located<DateFormat>?

    /// The property's name before identifier rules apply: `name`, or the header's name in camel case
    /// (`X-RateLimit-Remaining` is `xRateLimitRemaining`); a one-word name is lower-cased whole, so `ETag` is
    /// `etag`, as a reader would write it.
    package var propertyName: String {
        if let name { return name.value }
        let words = wireName.value.split { !$0.isLetter && !$0.isNumber }
        return SwiftName.memberName(words.count == 1 ? wireName.value.lowercased() : wireName.value)
    }

    /// Creates a response header.
    package init(
        wireName: Located<String>, name: Located<String>? = nil, type: TypeReference,
        documentation: Documentation = Documentation()
    ) {
        self.wireName = wireName
        self.name = name
        self.type = type
        self.documentation = documentation
    }
}

/// One success status of an endpoint that declares several, and its body's type.
package struct SuccessStatus: Sendable, Hashable {
    package var status: Located<Int>
    package var type: TypeReference

    package init(status: Located<Int>, type: TypeReference) {
        self.status = status
        self.type = type
    }
}

/// How an endpoint finds its next page: `response.paging`.
///
/// Indirect: few endpoints page, and an endpoint's value, copied as the spec is decoded, checked and resolved,
/// keeps only a reference in place of the two located names of a cursor.
package indirect enum Paging: Sendable, Hashable {
    /// `paging: link`: the `Link` header's `rel="next"` target.
    case link(at: SourceLocation)
    /// `paging: { next: field.path }`: a URL in the body, by property names from the response model.
    case nextURL(Located<String>)
    /// `paging: { cursor: field.path, param: name }`: a value in the body, sent back as the query parameter `name`.
    case cursor(Located<String>, parameter: Located<String>)
    /// `paging: { lastItem: data.id, param: startingAfter, while: hasMore }`: a field of the last element of a list
    /// in the body, sent back as the query parameter `param` while the boolean `while` is true (or, without it,
    /// while the list is not empty).
    case lastItem(Located<String>, parameter: Located<String>, condition: Located<String>?)
}

/// The HTTP methods an endpoint may use.
package enum HTTPMethod: String, CaseIterable, Sendable, Hashable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case head = "HEAD"
    case options = "OPTIONS"
}

/// A parameter of an endpoint: part of the path, the query, the headers or the `Cookie` header.
package struct Parameter: Sendable, Hashable {
    /// Where a parameter travels.
    package enum Location: String, CaseIterable, Sendable, Hashable {
        case path
        case query
        case header
        /// `name=value` in the request's one `Cookie` header, beside a scope's API key cookie if it has one.
        case cookie
    }

    /// How a list travels in the query.
    package enum ArrayFormat: String, CaseIterable, Sendable, Hashable {
        /// `codes=DEU&codes=FRA`: the key once per element (the default).
        case `repeat`
        /// `codes=DEU,FRA`: one key, elements joined with commas.
        case comma
        /// `codes[]=DEU&codes[]=FRA`: the key with `[]` once per element (Rails, PHP, Stripe).
        case brackets
    }

    /// The name in Swift terms (the argument label, before identifier rules apply).
    package var name: Located<String>
    /// The parameter's type.
    package var type: TypeReference
    /// `in`, when written; otherwise `path` for names the path mentions and `query` for the rest.
    package var location: Located<Location>?
    /// Its documentation.
    package var documentation: Documentation
    /// `key`, `arrayFormat`, `default` and `allowsSlashes`, which few parameters have.
    private var extras = RareFields<Extras>()

    private struct Extras: Sendable, Hashable, EmptyFields {
        var key: Located<String>?
        var arrayFormat: Located<ArrayFormat>?
        var defaultValue: Located<String>?
        var allowsSlashes: Located<Bool>?
        var dateFormat: Located<DateFormat>?
    }

    /// `key`: the name on the wire (placeholder, query item or header name) when it differs from the name.
    package var key: Located<String>? {
        get { extras.box?.fields.key }
        set { extras.fields.key = newValue }
    }

    /// `arrayFormat`, for query lists; `repeat` when absent.
    package var arrayFormat: Located<ArrayFormat>? {
        get { extras.box?.fields.arrayFormat }
        set { extras.fields.arrayFormat = newValue }
    }

    /// `default`: the value the argument defaults to, as written.
    package var defaultValue: Located<String>? {
        get { extras.box?.fields.defaultValue }
        set { extras.fields.defaultValue = newValue }
    }

    /// `allowsSlashes: true`: a path parameter whose value may span several segments (`docs/a.md`).
    /// `dateFormat`: how a date parameter travels, over the API's.
    package var dateFormat: Located<DateFormat>? {
        get { extras.box?.fields.dateFormat }
        set { extras.fields.dateFormat = newValue }
    }

    package var allowsSlashes: Located<Bool>? {
        get { extras.box?.fields.allowsSlashes }
        set { extras.fields.allowsSlashes = newValue }
    }

    /// The name on the wire: `key` when given, else the name.
    package var wireName: String { key?.value ?? name.value }

    /// Creates a parameter.
    package init(
        name: Located<String>, key: Located<String>? = nil, type: TypeReference, location: Located<Location>? = nil,
        arrayFormat: Located<ArrayFormat>? = nil, documentation: Documentation = Documentation()
    ) {
        self.name = name
        self.type = type
        self.location = location
        self.documentation = documentation
        if key != nil || arrayFormat != nil { extras.fields = Extras(key: key, arrayFormat: arrayFormat) }
    }
}

/// What an endpoint sends as its body.
package enum RequestBody: Sendable, Hashable {
    /// `body: Type`: one value of a type, JSON-encoded.
    case value(TypeReference)
    /// `body: { field: Type, … }`: a JSON object whose fields become arguments.
    case jsonFields([Property], at: SourceLocation)
    /// `form: { field: Type, … }`: `application/x-www-form-urlencoded` fields, arguments too.
    case formFields([Property], at: SourceLocation)
    /// `multipart: { field: Type, … }`: `multipart/form-data` fields (text, `Upload` files, JSON), arguments too.
    case multipartFields([Property], at: SourceLocation)
    /// `raw: media/type`: bytes or text as they are, one `Upload` argument. Boxed: few endpoints send raw bodies,
    /// and unboxed its documentation and names made every endpoint's body (most have none) 150 bytes.
    indirect case raw(RawBody)

    /// The inline fields, if the body has any.
    package var fields: [Property] {
        switch self {
        case .value, .raw: return []
        case .jsonFields(let fields, _), .formFields(let fields, _), .multipartFields(let fields, _): return fields
        }
    }
}

/// `raw: image/jpeg`, or `raw: { media: image/jpeg, name: image, description: … }`.
package struct RawBody: Sendable, Hashable {
    /// The media type sent as `Content-Type` unless the caller's `Upload` names its own.
    package var media: Located<String>
    /// `name`: the argument's name; `body` when absent.
    package var name: Located<String>?
    package var documentation: Documentation
    /// Where `raw` was written.
    package var location: SourceLocation

    package init(
        media: Located<String>, name: Located<String>? = nil, documentation: Documentation = Documentation(),
        location: SourceLocation
    ) {
        self.media = media
        self.name = name
        self.documentation = documentation
        self.location = location
    }

    /// The argument's name before identifier rules apply.
    package var argumentName: String { name?.value ?? "body" }
}

/// `response: { type: Completion, stream: sse, terminator: "[DONE]" }`: a response read as a stream of values.
package struct ResponseStream: Sendable, Hashable {
    /// How the body is cut into values.
    package enum Format: String, Sendable, Hashable, CaseIterable {
        /// `text/event-stream`: each event's data is a value.
        case sse
        /// JSON Lines (`application/jsonl`, `application/x-ndjson`): each line is a value.
        case jsonl
    }

    package var format: Located<Format>
    /// An event data that ends the stream (Server-Sent Events only), such as `[DONE]`.
    package var terminator: Located<String>?

    package init(format: Located<Format>, terminator: Located<String>? = nil) {
        self.format = format
        self.terminator = terminator
    }
}
