/// One problem found in a spec, with the place it was found and, where another place matters, notes naming it.
///
/// Diagnostics print the way compilers print them, so editors and Xcode put them on the line:
/// `Specs/Shop.yaml:12:7: error: unknown model 'Custmer'; did you mean 'Customer'?`
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is. Only errors make a spec unusable.
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
        case note
    }

    /// A second place that belongs to a diagnostic, such as the first of two clashing names.
    public struct Note: Hashable, Sendable {
        /// What the place is.
        public var message: String
        /// Where it is.
        public var location: SourceLocation

        /// Creates a note.
        public init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    /// Whether this is an error or a warning.
    public var severity: Severity
    /// What is wrong and, where it helps, what to do about it.
    public var message: String
    /// Where the problem is.
    public var location: SourceLocation
    /// Other places that explain the problem.
    public var notes: [Note]

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// Creates an error.
    public static func error(_ message: String, at location: SourceLocation, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    /// Creates a warning.
    public static func warning(_ message: String, at location: SourceLocation, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    /// The compiler-style text: the diagnostic's line, then one line per note.
    public var description: String {
        var text = "\(location): \(severity.rawValue): \(message)"
        for note in notes {
            text += "\n\(note.location): note: \(note.message)"
        }
        return text
    }
}

extension Array where Element == Diagnostic {
    /// Whether any of the diagnostics is an error.
    public var containsErrors: Bool {
        contains { $0.severity == .error }
    }

    /// The diagnostics in the order of their positions in the file; equal positions keep their order.
    public func sortedByLocation() -> [Diagnostic] {
        enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}
