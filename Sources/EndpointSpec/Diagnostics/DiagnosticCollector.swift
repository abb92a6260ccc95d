/// Gathers the diagnostics of one stage, so that every problem is reported in one run instead of the first only.
struct DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.containsErrors }

    mutating func error(_ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.error(message, at: location, notes: notes))
    }

    /// Adds every diagnostic another collector gathered.
    mutating func append(contentsOf other: DiagnosticCollector) {
        diagnostics += other.diagnostics
    }

    mutating func warning(_ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.warning(message, at: location, notes: notes))
    }

    /// Adds a note: something worth knowing that is neither a problem nor an approximation.
    mutating func note(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.note, message, at: location))
    }

    mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    /// Adds `note` to every diagnostic collected from index `start` on: a likely cause they share.
    mutating func addNote(_ note: Diagnostic.Note, toDiagnosticsFrom start: Int) {
        for index in start..<diagnostics.count { diagnostics[index].notes.append(note) }
    }
}
