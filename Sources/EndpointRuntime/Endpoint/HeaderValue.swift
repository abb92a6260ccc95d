import Foundation

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
