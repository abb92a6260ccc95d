#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One problem found in a spec, with the place it was found and, where another place matters, notes naming it.
///
/// Diagnostics print the way compilers print them, so editors and Xcode put them on the line:
/// `Specs/Shop.yaml:12:7: error: unknown model 'Custmer'; did you mean 'Customer'?`
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is. Only errors make a spec unusable.
    package enum Severity: String, Hashable, Sendable {
        case error
        case warning
        case note
    }

    /// A second place that belongs to a diagnostic, such as the first of two clashing names.
    package struct Note: Hashable, Sendable {
        /// What the place is.
        package var message: String
        /// Where it is.
        package var location: SourceLocation

        /// Creates a note.
        package init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    /// Whether this is an error or a warning.
    package var severity: Severity
    /// What is wrong and, where it helps, what to do about it.
    package var message: String
    /// Where the problem is.
    package var location: SourceLocation
    /// Other places that explain the problem.
    package var notes: [Note]

    /// Creates a diagnostic.
    package init(_ severity: Severity, _ message: String, at location: SourceLocation, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// Creates an error.
    package static func error(_ message: String, at location: SourceLocation, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    /// Creates a warning.
    package static func warning(_ message: String, at location: SourceLocation, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    /// The compiler-style text: the diagnostic's line, then one line per note.
    ///
    /// Messages quote what the spec wrote, so control characters in them are escaped (`\r`, `\n`, `\u{1B}`):
    /// a spec cannot break a diagnostic into lines that an editor or CI would read as diagnostics of their own.
    package var description: String {
        var text = "\(location): \(severity.rawValue): \(Self.singleLine(message))"
        for note in notes {
            text += "\n\(note.location): note: \(Self.singleLine(note.message))"
        }
        return text
    }

    /// The name a "did you mean 'X'?" hint proposes, which an editor may offer to write at ``location``
    /// instead of what is there; nil when the message proposes none.
    package var suggestedReplacement: String? {
        guard let range = message.ranges(of: "did you mean '").last else { return nil }
        let rest = message[range.upperBound...]
        guard let end = rest.firstIndex(of: "'"), rest[end...].hasPrefix("'?") else { return nil }
        return String(rest[..<end])
    }

    /// `text` cut to its first `limit` characters and "…", for quoting what a spec wrote in a message.
    static func excerpt(_ text: String, limit: Int = 80) -> String {
        guard text.utf8.count > limit else { return text }
        let prefix = text.prefix(limit)
        return prefix.count < text.count ? prefix + "…" : text
    }

    /// `text` with every control character (C0, DEL, C1, and the Unicode line and paragraph separators) escaped.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": result += "\\r"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}

extension Array where Element == Diagnostic {
    /// Whether any of the diagnostics is an error.
    package var containsErrors: Bool {
        contains { $0.severity == .error }
    }

    /// The diagnostics in the order of their positions in the file; equal positions keep their order.
    package func sortedByLocation() -> [Diagnostic] {
        enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}
