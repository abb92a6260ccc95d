import HTTPRules

/// How a response body is read: the one rule that ties a body's type to the endpoint's media type, used by the
/// validator (to refuse what cannot work) and the resolver (to record what will happen).
package enum BodyReading: String, Sendable, Hashable {
    /// No body: `Void`.
    case none
    /// JSON, decoded into the type.
    case json
    /// Raw bytes: `Data` under a media type that is not JSON.
    case bytes
    /// Text in the response's charset: `String` under a media type that is not JSON.
    case text
}

/// Media types an endpoint asks for with `response.media` (sent as `Accept`).
package enum MediaType {
    /// Why `text` cannot be a media type, or nil when it can: `type/subtype`, RFC 9110 tokens, and optional
    /// `; name=value` parameters.
    package static func problem(with text: String) -> String? {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        let essence = parts[0].trimmingSpaces
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, HTTPRules.isToken(halves[0]), HTTPRules.isToken(halves[1]) else {
            return "'\(text)' is not a media type; write 'type/subtype', such as 'image/png' or 'text/csv'"
        }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = pair.count == 2 ? pair[1].trimmingSpaces : ""
            let quoted =
                value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                && !value.dropFirst().dropLast().unicodeScalars.contains {
                    $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
                }
            guard pair.count == 2, HTTPRules.isToken(pair[0].trimmingSpaces), quoted || HTTPRules.isToken(value)
            else {
                return "the parameter '\(parameter.trimmingSpaces)' of the media type '\(text)' is not 'name=value'"
            }
        }
        return nil
    }

    /// Whether bodies of `media` are JSON: none given, `application/json`, `text/json` or any `…+json`.
    package static func isJSON(_ media: String?) -> Bool {
        guard let media else { return true }
        let essence = media.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return essence == "application/json" || essence == "text/json" || essence.hasSuffix("+json")
    }

    /// How a body of `type` is read under `media`; nil when that media type cannot carry that type (a model
    /// from `image/png`). Where the spec names a media type, the Swift type decides: `Data` reads the bytes and
    /// `String` the text, even under a `…+json` media type (GitHub names raw bodies `application/vnd.github.raw+json`),
    /// never JSON decoded into them; without one, the body is JSON.
    package static func reading(of type: TypeExpression, media: String?) -> BodyReading? {
        if type == .builtin(.void) { return BodyReading.none }
        if media != nil {
            switch type.unwrapped {
            case .builtin(.data): return .bytes
            case .builtin(.string): return .text
            default: break
            }
        }
        if isJSON(media) { return .json }
        switch type.unwrapped {
        case .builtin(.data): return .bytes
        case .builtin(.string): return .text
        default: return nil
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
