#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `default:` or `example:` read against its type: the one rule that decides what such a value may be, used
/// by the validator (to report what cannot be) and the resolver (to record what it is).
package enum DefaultValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    /// A value of an enum model, as it travels on the wire.
    case enumCase(String)
    /// An ISO 8601 date and time, as seconds since 1970.
    case date(Double)
    /// A UUID, upper-cased.
    case uuid(String)
    /// An absolute URL.
    case url(String)

    /// The default `text` stands for as a value of `type`, or why it cannot be one.
    package static func resolve(
        _ text: String, for type: TypeExpression, models: [String: ModelDefinition]
    ) -> Result<DefaultValue, DefaultValueProblem> {
        switch type.unwrapped {
        case .builtin(.string):
            return .success(.string(text))
        case .builtin(let builtin) where [.int, .int32, .int64].contains(builtin):
            let fits =
                switch builtin {
                case .int32: Int32(text) != nil
                default: Int64(text) != nil
                }
            guard fits, let value = Int64(text) else {
                return .failure(.notA("whole number that fits \(builtin.rawValue)"))
            }
            return .success(.integer(value))
        case .builtin(let builtin) where [.double, .float].contains(builtin):
            guard let value = Double(text), value.isFinite else { return .failure(.notA("finite number")) }
            return .success(.number(value))
        case .builtin(.bool):
            switch text {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            default: return .failure(.notA("Bool: write true or false"))
            }
        case .builtin(.date):
            guard let seconds = isoSeconds(text) else {
                return .failure(.notA("date and time in ISO 8601, such as 2026-01-31T12:00:00Z"))
            }
            return .success(.date(seconds))
        case .builtin(.uuid):
            guard let uuid = UUID(uuidString: text) else { return .failure(.notA("UUID")) }
            return .success(.uuid(uuid.uuidString))
        case .builtin(.url):
            guard let url = URL(string: text), url.scheme != nil else {
                return .failure(.notA("URL with a scheme, such as https://example.com"))
            }
            return .success(.url(url.absoluteString))
        case .model(let name):
            guard let model = models[name], case .enumeration(let cases) = model.kind else {
                return .failure(.unsupportedType)
            }
            // An integer enum's value as the spec writes it: `1`, not `01`.
            let written = model.isIntegerEnumeration ? Int(text).map(String.init) ?? text : text
            guard
                let match = cases.first(where: {
                    model.isIntegerEnumeration ? Int($0.value.value) == Int(written) : $0.value.value == written
                })
            else {
                let values = cases.prefix(10).map { "'\($0.value.value)'" }.joined(separator: ", ")
                return .failure(.notA("value of '\(name)' (\(values)\(cases.count > 10 ? ", …" : ""))"))
            }
            return .success(.enumCase(match.value.value))
        default:
            return .failure(.unsupportedType)
        }
    }
}

/// Seconds since 1970 of an ISO 8601 date and time, with or without fractional seconds, read with the styles the
/// runtime reads them with (`JSONCoding.date(fromISO8601:)`).
private func isoSeconds(_ text: String) -> Double? {
    let date =
        (try? Date(text, strategy: Date.ISO8601FormatStyle()))
        ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    return date?.timeIntervalSince1970
}

/// Why a `default:` cannot be used.
package enum DefaultValueProblem: Error, Sendable, Hashable {
    /// The text is not a value of the type: "a whole number that fits Int32".
    case notA(String)
    /// Defaults and examples are for strings, numbers, booleans, dates, UUIDs, URLs and enums.
    case unsupportedType
}
