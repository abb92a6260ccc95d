import Foundation

/// One link of a `Link` header (RFC 8288): a target, its relation types and its other parameters.
///
/// `<https://api.github.com/repos/o/r/issues?page=2>; rel="next", <…?page=5>; rel="last"` holds two links. Paging
/// APIs (GitHub's among them) put their next, previous, first and last pages here.
public struct WebLink: Sendable, Hashable {
    /// The target as written between `<` and `>`; may be relative to the request's URL.
    public var target: String
    /// The relation types of `rel`, lower-cased (`rel="next last"` is two).
    public var relations: [String]
    /// The other parameters, names lower-cased, values unquoted (`title`, `type`, `hreflang`, …).
    public var parameters: [String: String]

    /// A link.
    public init(target: String, relations: [String], parameters: [String: String] = [:]) {
        self.target = target
        self.relations = relations
        self.parameters = parameters
    }

    /// The target as a URL, resolved against `base` (the request's URL) when it is relative.
    public func url(relativeTo base: URL?) -> URL? {
        URL(string: target, relativeTo: base)?.absoluteURL
    }

    /// The links of one or more `Link` field values (several header lines joined with `,` are one value).
    ///
    /// Commas and semicolons inside `<…>` and inside quoted strings do not split; `\"` escapes inside quotes;
    /// `rel` may hold several space-separated types; a parameter written twice keeps its first value, as
    /// RFC 8288 says. A link-value that does not parse is skipped, never guessed at.
    public static func parse(_ value: String) -> [WebLink] {
        var scanner = LinkScanner(Array(value.unicodeScalars))
        var links: [WebLink] = []
        while !scanner.isAtEnd {
            let start = scanner.index
            if let link = scanner.scanLink() {
                links.append(link)
            } else {
                scanner.index = start
            }
            scanner.skipToNextLink()
        }
        return links
    }
}

extension ReceivedResponse {
    /// The links of the response's `Link` header.
    public var links: [WebLink] {
        value(forHeader: "Link").map(WebLink.parse) ?? []
    }

    /// The target of the first link with relation `relation` (`next`, `prev`, `first`, `last`), resolved against
    /// `base`.
    public func link(_ relation: String, relativeTo base: URL? = nil) -> URL? {
        let relation = relation.lowercased()
        return links.first { $0.relations.contains(relation) }?.url(relativeTo: base)
    }
}

/// A cursor over a `Link` value, link by link.
private struct LinkScanner {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var isAtEnd: Bool { index >= scalars.count }
    var current: Unicode.Scalar? { isAtEnd ? nil : scalars[index] }

    mutating func skipSpaces() {
        while let current, current == " " || current == "\t" { index += 1 }
    }

    /// `<target> *( ; param )`, or nil when it is malformed.
    mutating func scanLink() -> WebLink? {
        skipSpaces()
        guard current == "<" else { return nil }
        index += 1
        let start = index
        // A URI reference holds no spaces, quotes or angle brackets.
        while let current, current != ">", current != "<", current != "\"", current != " ", current != "\t" {
            index += 1
        }
        guard current == ">" else { return nil }
        let target = String(String.UnicodeScalarView(scalars[start..<index]))
        index += 1
        var parameters: [String: String] = [:]
        while true {
            skipSpaces()
            guard current == ";" else { break }
            index += 1
            skipSpaces()
            guard let name = scanToken()?.lowercased() else { return nil }
            skipSpaces()
            var value = ""
            if current == "=" {
                index += 1
                skipSpaces()
                guard let scanned = current == "\"" ? scanQuoted() : scanBareValue() else { return nil }
                value = scanned
            }
            if parameters[name] == nil { parameters[name] = value }
        }
        skipSpaces()
        guard isAtEnd || current == "," else { return nil }
        let relations = parameters.removeValue(forKey: "rel").map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
        }
        return WebLink(target: target, relations: relations ?? [], parameters: parameters)
    }

    /// Skips to just after the next `,` that is outside `<…>` and quotes.
    mutating func skipToNextLink() {
        var inTarget = false
        var inQuotes = false
        while let current {
            index += 1
            switch current {
            case "\\" where inQuotes: index += 1
            case "\"" where !inTarget: inQuotes.toggle()
            case "<" where !inQuotes: inTarget = true
            case ">" where !inQuotes: inTarget = false
            case "," where !inTarget && !inQuotes: return
            default: break
            }
        }
    }

    /// An RFC 9110 token.
    mutating func scanToken() -> String? {
        let start = index
        while let current, HeaderField.isTokenCharacter(current) { index += 1 }
        return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
    }

    /// An unquoted parameter value: a token by the RFC, but servers also send `type=text/html`, so anything up
    /// to a space, `;` or `,`.
    mutating func scanBareValue() -> String? {
        let start = index
        while let current, current != ";", current != ",", current != " ", current != "\t", current != "\"" {
            index += 1
        }
        return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
    }

    /// A quoted string, with `\` escapes removed; nil when it never closes.
    mutating func scanQuoted() -> String? {
        index += 1
        var text = String.UnicodeScalarView()
        while let current {
            index += 1
            switch current {
            case "\"": return String(text)
            case "\\":
                guard let escaped = self.current else { return nil }
                text.append(escaped)
                index += 1
            default: text.append(current)
            }
        }
        return nil
    }
}
