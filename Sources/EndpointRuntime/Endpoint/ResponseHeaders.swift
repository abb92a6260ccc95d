import Foundation

/// The response headers an endpoint declares, read into typed properties.
///
/// Generated code makes one struct per endpoint that declares `headers:` under its response; the endpoint's
/// `…WithHeaders` factory returns them with the body and the status as a ``Reply``.
public protocol ResponseHeaders: Sendable {
    /// Reads the headers from `response`; throws ``ResponseHeaderError`` for a required header that is missing
    /// or a header whose value is not of its declared type.
    init(from response: ReceivedResponse) throws
}

/// A successful response with the body decoded, the declared headers read and the status.
public struct Reply<Body: Sendable, Headers: ResponseHeaders>: Sendable {
    /// The decoded body.
    public var body: Body
    /// The headers the endpoint declares, typed.
    public var headers: Headers
    /// The status code (a 2xx; 200 for a body reused after a `304 Not Modified`).
    public var status: Int
    /// Every header field as the server sent it, for what the spec does not declare.
    public var headerFields: [String: String]

    /// A reply; for tests and previews.
    public init(body: Body, headers: Headers, status: Int = 200, headerFields: [String: String] = [:]) {
        self.body = body
        self.headers = headers
        self.status = status
        self.headerFields = headerFields
    }
}

extension Reply: Equatable where Body: Equatable, Headers: Equatable {}

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

/// A type a response header's value reads as: the text-like types parameters use, string enums, and lists of
/// them (RFC 9110's comma-separated `#` lists).
public protocol HeaderValue: Sendable {
    /// The value of `text` (surrounding spaces already trimmed), or nil when it does not read as this type.
    /// `url` is the response's URL, which relative URLs resolve against.
    init?(headerText text: String, relativeTo url: URL?)
}

extension String: HeaderValue {
    public init?(headerText text: String, relativeTo url: URL?) { self = text }
}

extension Int: HeaderValue {
    public init?(headerText text: String, relativeTo url: URL?) { self.init(text) }
}

extension Int32: HeaderValue {
    public init?(headerText text: String, relativeTo url: URL?) { self.init(text) }
}

extension Int64: HeaderValue {
    public init?(headerText text: String, relativeTo url: URL?) { self.init(text) }
}

extension Double: HeaderValue {
    public init?(headerText text: String, relativeTo url: URL?) {
        guard let value = Double(text), value.isFinite else { return nil }
        self = value
    }
}

extension Float: HeaderValue {
    public init?(headerText text: String, relativeTo url: URL?) {
        guard let value = Float(text), value.isFinite else { return nil }
        self = value
    }
}

extension Bool: HeaderValue {
    /// `true` or `false`, in any case.
    public init?(headerText text: String, relativeTo url: URL?) {
        switch text.lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
}

extension UUID: HeaderValue {
    public init?(headerText text: String, relativeTo url: URL?) { self.init(uuidString: text) }
}

extension URL: HeaderValue {
    /// An absolute URL, or a relative one (a `Location: /orders/7`) resolved against the response's URL.
    public init?(headerText text: String, relativeTo url: URL?) {
        guard let value = URL(string: text, relativeTo: url)?.absoluteURL, value.scheme != nil else { return nil }
        self = value
    }
}

extension Date: HeaderValue {
    /// An HTTP date (RFC 9110: `Sun, 06 Nov 1994 08:49:37 GMT`, and the obsolete RFC 850 and asctime forms),
    /// an ISO 8601 date, or seconds since 1970 (`X-RateLimit-Reset: 1700000000`).
    public init?(headerText text: String, relativeTo url: URL?) {
        if let date = HTTPDate.parse(text) ?? JSONCoding.date(fromISO8601: text) {
            self = date
        } else if let seconds = Double(text), seconds.isFinite, !text.contains(where: { $0 == "e" || $0 == "E" }) {
            self = Date(timeIntervalSince1970: seconds)
        } else {
            return nil
        }
    }
}

extension HeaderValue where Self: RawRepresentable, RawValue == String {
    public init?(headerText text: String, relativeTo url: URL?) { self.init(rawValue: text) }
}

extension HeaderValue where Self: RawRepresentable, RawValue == Int {
    public init?(headerText text: String, relativeTo url: URL?) {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { return nil }
        self.init(rawValue: value)
    }
}

extension Array: HeaderValue where Element: HeaderValue {
    /// The elements of a comma-separated list; commas inside double quotes do not split, empty elements are
    /// skipped (RFC 9110, section 5.6.1). Nil when any element does not read.
    public init?(headerText text: String, relativeTo url: URL?) {
        var elements: [Element] = []
        for item in HeaderList.split(text) {
            guard let element = Element(headerText: item, relativeTo: url) else { return nil }
            elements.append(element)
        }
        self = elements
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
    public func header(_ name: String, dateFormat: DateFormat) throws -> Date {
        guard let text = value(forHeader: name) else {
            throw ResponseHeaderError(name: name, value: nil, expectedType: "Date")
        }
        return try Self.readDate(text, name: name, format: dateFormat, url: url)
    }

    /// An optional date header in `dateFormat`; nil when the response does not have it.
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

/// RFC 9110's list syntax.
enum HeaderList {
    /// The elements of `text`, trimmed, with empty ones dropped; commas in double quotes (with `\` escapes)
    /// do not split.
    static func split(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if inQuotes && character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == "," && !inQuotes {
                items.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        items.append(current)
        return items.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// HTTP dates (RFC 9110, section 5.6.7), parsed by hand: no formatter, no locale, no shared state.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or `Sun Nov  6 08:49:37 1994`.
    static func parse(_ text: String) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let day: Int?
        let month: Int?
        var year: Int?
        let time: String
        if words.count == 6, words[0].hasSuffix(","), words[5] == "GMT" {
            // IMF-fixdate.
            (day, month, year, time) = (Int(words[1]), monthNumber(words[2]), Int(words[3]), words[4])
        } else if words.count == 4, words[0].hasSuffix(","), words[3] == "GMT" {
            // RFC 850: two-digit years are taken as the nearest century that is not more than 50 years ahead.
            let parts = words[1].split(separator: "-").map(String.init)
            guard parts.count == 3 else { return nil }
            (day, month, year, time) = (Int(parts[0]), monthNumber(parts[1]), Int(parts[2]), words[2])
            if let short = year, parts[2].count == 2 { year = short + (short < 70 ? 2000 : 1900) }
        } else if words.count == 5 {
            // asctime.
            (day, month, year, time) = (Int(words[2]), monthNumber(words[1]), Int(words[4]), words[3])
        } else {
            return nil
        }
        let clock = time.split(separator: ":").map { Int($0) }
        guard let day, let month, let year, clock.count == 3, let hour = clock[0], let minute = clock[1],
            let second = clock[2], (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second), (1...9999).contains(year)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    private static func monthNumber(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

extension TypedEndpoint {
    /// This endpoint answered with its body, the headers in `Headers` and the status, as one ``Reply``.
    ///
    /// `Headers` is usually inferred: generated `…WithHeaders` factories call this with their declared type.
    public func withHeaders<Headers: ResponseHeaders>(
        _ headers: Headers.Type = Headers.self
    ) -> TypedEndpoint<Reply<Response, Headers>, Failure> {
        let read = readResponse
        var endpoint = mappingResponse { response, decoder in
            Reply<Response, Headers>(
                body: try read(response, decoder), headers: try Headers(from: response), status: response.status,
                headerFields: response.headers)
        }
        endpoint.paging = paging?.map(\.body)
        return endpoint
    }
}

extension TypedAuthorizedEndpoint {
    /// This endpoint answered with its body, the headers in `Headers` and the status, as one ``Reply``; same scope.
    public func withHeaders<Headers: ResponseHeaders>(
        _ headers: Headers.Type = Headers.self
    ) -> TypedAuthorizedEndpoint<Authorization, Reply<Response, Headers>, Failure> {
        TypedAuthorizedEndpoint<Authorization, Reply<Response, Headers>, Failure>(endpoint.withHeaders())
    }
}
