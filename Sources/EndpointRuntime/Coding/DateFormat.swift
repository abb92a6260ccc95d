import Foundation

/// How a date travels: ISO 8601 text (the default), or a number of seconds or milliseconds since 1970 (Unix time,
/// as Stripe and many others send `created: 1694038270`). A spec chooses it per property or parameter with
/// `dateFormat:`, or for the whole API at the top level.
public enum DateFormat: Sendable, Hashable {
    /// `2023-09-06T22:11:10Z`, with or without fractional seconds.
    case iso8601
    /// `1694038270`: whole seconds since 1970-01-01T00:00:00Z; a fraction is kept when a date has one.
    case unixSeconds
    /// `1694038270000`: milliseconds since 1970-01-01T00:00:00Z.
    case unixMilliseconds

    /// The number a Unix format writes for `date`: whole when the date is, so `1694038270` never reads
    /// `1694038270.0`. Nil for ISO 8601.
    func number(for date: Date) -> UnixNumber? {
        let value: Double
        switch self {
        case .iso8601: return nil
        case .unixSeconds: value = date.timeIntervalSince1970
        case .unixMilliseconds: value = (date.timeIntervalSince1970 * 1000).rounded()
        }
        if value == value.rounded(), let whole = Int64(exactly: value) { return .whole(whole) }
        return .fraction(value)
    }

    /// The date a Unix number stands for.
    func date(from number: Double) -> Date {
        Date(timeIntervalSince1970: self == .unixMilliseconds ? number / 1000 : number)
    }

    /// The date as text in this format, for a query, a path, a header or a form.
    public func text(for date: Date) -> String {
        switch number(for: date) {
        case .whole(let whole)?: return String(whole)
        case .fraction(let value)?: return String(value)
        case nil: return JSONCoding.iso8601String(from: date)
        }
    }

    /// A number on the wire: whole or with a fraction.
    enum UnixNumber {
        case whole(Int64)
        case fraction(Double)
    }
}

/// A date written in a ``DateFormat``, whatever the encoder's own date strategy.
struct FormattedDate: Encodable, Sendable {
    var date: Date
    var format: DateFormat

    init(_ date: Date, _ format: DateFormat) {
        self.date = date
        self.format = format
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch format.number(for: date) {
        case .whole(let whole)?: try container.encode(whole)
        case .fraction(let value)?: try container.encode(value)
        case nil: try container.encode(date)
        }
    }
}

@_spi(Generated)
extension KeyedDecodingContainer where K == ModelCodingKey {
    /// A date member in `dateFormat`. Generated code only: a model property with a `dateFormat`.
    public func decodeMember(_ type: Date.Type, _ name: String, dateFormat: DateFormat) throws -> Date {
        guard dateFormat != .iso8601 else { return try decodeMember(type, name) }
        return dateFormat.date(from: try decode(Double.self, forKey: ModelCodingKey(name)))
    }

    /// An optional date member in `dateFormat`; nil when missing or null.
    public func decodeMemberIfPresent(_ type: Date.Type, _ name: String, dateFormat: DateFormat) throws -> Date? {
        guard dateFormat != .iso8601 else { return try decodeMemberIfPresent(type, name) }
        return try decodeIfPresent(Double.self, forKey: ModelCodingKey(name)).map(dateFormat.date(from:))
    }

    /// A nullable date member (`Date??`) in `dateFormat`; nil when missing or null.
    public func decodeMemberIfPresent(_ type: Date?.Type, _ name: String, dateFormat: DateFormat) throws -> Date?? {
        try decodeMemberIfPresent(Date.self, name, dateFormat: dateFormat).map { $0 }
    }

    /// A list of dates in `dateFormat`.
    public func decodeMember(_ type: [Date].Type, _ name: String, dateFormat: DateFormat) throws -> [Date] {
        guard dateFormat != .iso8601 else { return try decodeMember(type, name) }
        return try decode([Double].self, forKey: ModelCodingKey(name)).map(dateFormat.date(from:))
    }

    /// An optional list of dates in `dateFormat`; nil when missing or null.
    public func decodeMemberIfPresent(_ type: [Date].Type, _ name: String, dateFormat: DateFormat) throws -> [Date]? {
        guard dateFormat != .iso8601 else { return try decodeMemberIfPresent(type, name) }
        return try decodeIfPresent([Double].self, forKey: ModelCodingKey(name))?.map(dateFormat.date(from:))
    }
}

@_spi(Generated)
extension SingleValueDecodingContainer {
    /// A date in `dateFormat`: a `oneOf` variant `Date` of an API whose dates are Unix time. Generated code only.
    public func decode(_ type: Date.Type, dateFormat: DateFormat) throws -> Date {
        dateFormat == .iso8601 ? try decode(type) : dateFormat.date(from: try decode(Double.self))
    }

    /// A list of dates in `dateFormat`.
    public func decode(_ type: [Date].Type, dateFormat: DateFormat) throws -> [Date] {
        dateFormat == .iso8601 ? try decode(type) : try decode([Double].self).map(dateFormat.date(from:))
    }
}

@_spi(Generated)
extension SingleValueEncodingContainer {
    /// Writes a date in `dateFormat`. Generated code only.
    public mutating func encode(_ value: Date, dateFormat: DateFormat) throws {
        try encode(FormattedDate(value, dateFormat))
    }

    /// Writes a list of dates in `dateFormat`.
    public mutating func encode(_ value: [Date], dateFormat: DateFormat) throws {
        try encode(value.map { FormattedDate($0, dateFormat) })
    }
}

@_spi(Generated)
extension KeyedEncodingContainer where K == ModelCodingKey {
    /// Writes a date member in `dateFormat`. Generated code only.
    public mutating func encodeMember(_ value: Date, _ name: String, dateFormat: DateFormat) throws {
        try encode(FormattedDate(value, dateFormat), forKey: ModelCodingKey(name))
    }

    /// Writes a date member in `dateFormat` unless it is nil.
    public mutating func encodeMemberIfPresent(_ value: Date?, _ name: String, dateFormat: DateFormat) throws {
        guard let value else { return }
        try encodeMember(value, name, dateFormat: dateFormat)
    }

    /// Writes a nullable date member: nothing for nil, `null` for `.some(nil)`, else the date in `dateFormat`.
    public mutating func encodeMemberIfPresent(_ value: Date??, _ name: String, dateFormat: DateFormat) throws {
        switch value {
        case nil: return
        case .some(nil): try encodeNil(forKey: ModelCodingKey(name))
        case .some(.some(let date)): try encodeMember(date, name, dateFormat: dateFormat)
        }
    }

    /// Writes a list of dates in `dateFormat`.
    public mutating func encodeMember(_ value: [Date], _ name: String, dateFormat: DateFormat) throws {
        try encode(value.map { FormattedDate($0, dateFormat) }, forKey: ModelCodingKey(name))
    }

    /// Writes a list of dates in `dateFormat` unless it is nil.
    public mutating func encodeMemberIfPresent(_ value: [Date]?, _ name: String, dateFormat: DateFormat) throws {
        guard let value else { return }
        try encodeMember(value, name, dateFormat: dateFormat)
    }
}

extension Parameter {
    /// A date parameter or form field in `dateFormat`, or none when `value` is nil.
    public init(_ name: String, _ value: Date?, dateFormat: DateFormat) {
        self.init(name, value.map { dateFormat.text(for: $0) })
    }

    /// A list of dates in `dateFormat`, or none when `values` is nil.
    public init(_ name: String, _ values: [Date]?, dateFormat: DateFormat, arrayFormat: ArrayFormat = .repeat) {
        self.init(name, values?.map { dateFormat.text(for: $0) }, arrayFormat: arrayFormat)
    }
}

extension MultipartPart {
    /// A date text part in `dateFormat`, or none when `value` is nil.
    public init(_ name: String, _ value: Date?, dateFormat: DateFormat) {
        self.init(name, value.map { dateFormat.text(for: $0) })
    }

    /// A date text part per element in `dateFormat`, or none when `values` is nil.
    public init(_ name: String, _ values: [Date]?, dateFormat: DateFormat) {
        self.init(name, values?.map { dateFormat.text(for: $0) })
    }
}

@_spi(Generated)
extension DateFormat {
    /// A JSON body field's date in this format, for `RequestBody.jsonFields`. Generated code only.
    public func field(_ value: Date?) -> (any Encodable & Sendable)? {
        value.map { FormattedDate($0, self) }
    }

    /// A nullable JSON body field's date (`Date??`): nil leaves it out, `.some(nil)` sends null.
    public func field(_ value: Date??) -> (any Encodable & Sendable)? {
        switch value {
        case nil: return nil
        case .some(nil):
            // The field is there and holds nothing: an `Optional` inside, which the body encodes as `null`.
            let null: any Encodable & Sendable = Date?.none
            return .some(null)
        case .some(.some(let date)): return FormattedDate(date, self)
        }
    }

    /// A JSON body field's list of dates in this format.
    public func field(_ value: [Date]?) -> (any Encodable & Sendable)? {
        value.map { $0.map { FormattedDate($0, self) } }
    }
}
