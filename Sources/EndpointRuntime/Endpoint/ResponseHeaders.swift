import Foundation

/// The response headers an endpoint declares, read into typed properties.
///
/// Generated code makes one struct per endpoint that declares `headers:` under its response; the endpoint's
/// factory answers with them, the body and the status as a ``Reply``.
public protocol ResponseHeaders: Sendable {
    /// Reads the headers from `response`; throws ``ResponseHeaderError`` for a required header that is missing
    /// or a header whose value is not of its declared type.
    init(from response: ReceivedResponse) throws
}

/// A header that is missing or whose value does not read as its declared type.
public struct ResponseHeaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The header's name as declared.
    public var name: String
    /// The value as received, control characters escaped and cut to 100 characters; nil when it was missing.
    public var value: String?
    /// The declared type, as in `Int` or `[String]`.
    public var expectedType: String

    public var description: String {
        guard let value else { return "the response has no '\(name)' header, which is declared as \(expectedType)" }
        return "the response header '\(name)' is '\(value)', which is not \(expectedType)"
    }

    /// An error about the header `name`; `value` is made printable and cut short.
    public init(name: String, value: String?, expectedType: String) {
        self.name = name
        self.value = value.map { HeaderField.printable($0, maximumLength: 100) }
        self.expectedType = expectedType
    }
}

extension ReceivedResponse {
    /// The header `name` read as `Value`; throws ``ResponseHeaderError`` when it is missing or does not read.
    public func header<Value: HeaderValue>(_ name: String, as type: Value.Type = Value.self) throws -> Value {
        guard let text = value(forHeader: name) else {
            throw ResponseHeaderError(name: name, value: nil, expectedType: "\(Value.self)")
        }
        return try Self.read(text, name: name, url: url)
    }

    /// The header `name` read as `Value`, or nil when the response does not have it; throws
    /// ``ResponseHeaderError`` when it is there but does not read.
    public func header<Value: HeaderValue>(_ name: String, as type: Value?.Type = Value?.self) throws -> Value? {
        guard let text = value(forHeader: name) else { return nil }
        return try Self.read(text, name: name, url: url) as Value
    }

    /// A date header in `dateFormat`: a Unix time in seconds or milliseconds, where the usual reading (an HTTP
    /// date, ISO 8601, or seconds) would take milliseconds for seconds. Generated code only.
    @_spi(Generated)
    public func header(_ name: String, dateFormat: DateFormat) throws -> Date {
        guard let text = value(forHeader: name) else {
            throw ResponseHeaderError(name: name, value: nil, expectedType: "Date")
        }
        return try Self.readDate(text, name: name, format: dateFormat, url: url)
    }

    /// An optional date header in `dateFormat`; nil when the response does not have it.
    @_spi(Generated)
    public func header(_ name: String, dateFormat: DateFormat) throws -> Date? {
        guard let text = value(forHeader: name) else { return nil }
        return try Self.readDate(text, name: name, format: dateFormat, url: url)
    }

    private static func readDate(_ text: String, name: String, format: DateFormat, url: URL?) throws -> Date {
        guard format != .iso8601 else { return try read(text, name: name, url: url) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let number = Double(trimmed), number.isFinite, !trimmed.contains(where: { $0 == "e" || $0 == "E" })
        else {
            let unit = format == .unixMilliseconds ? "milliseconds" : "seconds"
            throw ResponseHeaderError(name: name, value: text, expectedType: "Date (\(unit) since 1970)")
        }
        return format.date(from: number)
    }

    private static func read<Value: HeaderValue>(_ text: String, name: String, url: URL?) throws -> Value {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Value(headerText: trimmed, relativeTo: url) else {
            throw ResponseHeaderError(name: name, value: text, expectedType: "\(Value.self)")
        }
        return value
    }
}

@_spi(Generated)
extension EndpointProtocol {
    /// An endpoint answering with a ``Reply``: the body decoded from JSON, the headers declared in `Headers` and the
    /// status; its declared errors typed as `Failure`. `paging` reads the body, as for an endpoint without headers.
    ///
    /// Generated factories of endpoints that declare response headers build their endpoints with this, `empty`
    /// or `reading(…readBody:)`, with `Headers` the struct generated beside the factory.
    public static func json<Body: Decodable, Headers: ResponseHeaders>(
        method: HTTPMethod, path: EndpointPath, query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Body>? = nil
    ) -> Self where Response == Reply<Body, Headers> {
        reading(
            method: method, path: path, query: query, headers: headers, body: body,
            errors: errors, paging: paging,
            readBody: { response, decoder in try response.decode(Body.self, with: decoder) })
    }

    /// An endpoint answering with a ``Reply`` of no body: the headers declared in `Headers` and the status.
    public static func empty<Headers: ResponseHeaders>(
        method: HTTPMethod, path: EndpointPath, query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Void>? = nil
    ) -> Self where Response == Reply<Void, Headers> {
        reading(
            method: method, path: path, query: query, headers: headers, body: body,
            errors: errors, paging: paging, readBody: { _, _ in })
    }

    /// An endpoint answering with a ``Reply``: the body read by `readBody` from the whole response, the headers
    /// declared in `Headers` and the status.
    public static func reading<Body: Sendable, Headers: ResponseHeaders>(
        method: HTTPMethod, path: EndpointPath, query: [Parameter] = [],
        headers: [Parameter] = [], body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(),
        paging: Paging<Body>? = nil,
        readBody: @escaping @Sendable (_ response: ReceivedResponse, _ decoder: JSONDecoder) throws -> Body
    ) -> Self where Response == Reply<Body, Headers> {
        reading(
            method: method, path: path, query: query, headers: headers, body: body,
            errors: errors, paging: paging?.map(\.body),
            readResponse: { response, decoder in try Reply(response, body: try readBody(response, decoder)) })
    }
}

extension Endpoint {
    /// This endpoint answering with a ``Reply``: its body, the headers declared in `Headers` and the status; its
    /// paging rule still reads the body. For endpoints built by hand (wrap the result in an ``AuthorizedEndpoint``
    /// for a scope); generated ones answer with a `Reply` already when their spec declares headers.
    public func withHeaders<Headers: ResponseHeaders>(
        _ headers: Headers.Type = Headers.self
    ) -> Endpoint<Reply<Response, Headers>, Failure> {
        let read = readResponse
        var endpoint = mappingResponse { response, decoder in
            try Reply<Response, Headers>(response, body: try read(response, decoder))
        }
        endpoint.paging = paging?.map(\.body)
        return endpoint
    }
}
