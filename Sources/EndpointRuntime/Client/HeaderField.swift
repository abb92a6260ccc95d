import Foundation
import HTTPRules

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a header cannot go on the wire: its name is not an RFC 9110 token, or its value holds CR, LF or NUL.
///
/// Such a header would split into two at the server (`X-Trace: a\r\nX-Injected: yes`), or be dropped without a
/// word by FoundationNetworking; the client refuses the request instead, as an `invalidRequest` naming it.
public struct InvalidHeaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The header's name, as given.
    public var name: String
    /// What is wrong with it.
    public var reason: String

    public var description: String {
        "the header '\(HeaderField.printable(name))' cannot be sent: \(reason)"
    }
}

/// The rules every header the runtime puts on a request goes through.
public enum HeaderField {
    /// Headers that carry credentials unless configured otherwise: redacted in logs, dropped on a redirect to
    /// another host. Compared case-insensitively.
    public static let defaultSensitiveNames: Set<String> = Set(HTTPRules.credentialHeaderNames)

    /// Whether a header's name says it carries a credential, whatever a client's configuration lists: it holds
    /// `auth`, `token`, `key`, `secret`, `password`, `session` or `cookie` (`X-Shop-Key`, `X-Session-Id`). Such
    /// headers are redacted in logs and dropped on a redirect to another host.
    public static func isCredentialLike(_ name: String) -> Bool {
        HTTPRules.isCredentialLike(name)
    }

    /// Throws when `name` is not a token or `value` holds CR, LF or NUL.
    public static func check(name: String, value: String) throws(InvalidHeaderError) {
        if name.isEmpty {
            throw InvalidHeaderError(name: name, reason: "the name is empty")
        }
        if let bad = name.utf8.first(where: { !isTokenByte($0) }) {
            throw InvalidHeaderError(
                name: name, reason: "the name contains \(describe(bad)); header names are RFC 9110 tokens")
        }
        if let bad = value.utf8.first(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
            throw InvalidHeaderError(name: name, reason: "the value contains \(describe(bad))")
        }
    }

    /// `tchar` of RFC 9110, section 5.6.2: what header names and `Link` parameter names are made of.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        HTTPRules.isTokenCharacter(scalar)
    }

    /// A `Cookie` header's value with `added` (`name=value` pairs) after the cookies it holds already, if any.
    static func cookies(_ existing: String?, adding added: String) -> String {
        guard let existing, !existing.isEmpty else { return added }
        return "\(existing); \(added)"
    }

    /// Whether two header names are the same, ignoring ASCII case (``HTTPRules/sameFieldName(_:_:)``).
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        HTTPRules.sameFieldName(lhs, rhs)
    }

    /// A byte of a token (``isTokenCharacter(_:)``).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        HTTPRules.isTokenByte(byte)
    }

    /// `cookie-octet` of RFC 6265: what a cookie's value is made of.
    static func isCookieOctet(_ byte: UInt8) -> Bool {
        HTTPRules.isCookieOctet(byte)
    }

    private static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0D: return "a carriage return (CR)"
        case 0x0A: return "a line feed (LF)"
        case 0x00: return "a NUL byte"
        case 0x20: return "a space"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return String(format: "the byte 0x%02X", byte)
        }
    }

    /// `text` with control characters escaped, for messages and logs; cut to `maximumLength` characters (with
    /// `…`) when given, for text a server chose.
    static func printable(_ text: String, maximumLength: Int? = nil) -> String {
        var text = text
        var suffix = ""
        if let maximumLength, text.unicodeScalars.count > maximumLength {
            text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumLength)))
            suffix = "…"
        }
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text + suffix }
        return text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? $0.escaped(asASCII: true) : String($0) }
            .joined() + suffix
    }
}

extension URLRequest {
    /// Sets a header after checking it with ``HeaderField/check(name:value:)``; nil removes it.
    ///
    /// Use this in interceptors: `URLRequest.setValue` drops a value with CR or LF silently on Linux.
    public mutating func setCheckedHeader(_ value: String?, for name: String) throws(InvalidHeaderError) {
        if let value { try HeaderField.check(name: name, value: value) }
        setValue(value, forHTTPHeaderField: name)
    }

    /// Adds a header value after checking it (several values join with commas).
    mutating func addCheckedHeader(_ value: String, for name: String) throws(InvalidHeaderError) {
        try HeaderField.check(name: name, value: value)
        addValue(value, forHTTPHeaderField: name)
    }

    /// Checks every header the request holds now (what an interceptor set, for one).
    func checkHeaders() throws(InvalidHeaderError) {
        for (name, value) in allHTTPHeaderFields ?? [:] { try HeaderField.check(name: name, value: value) }
    }
}
