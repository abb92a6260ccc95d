import ArgumentParser
import EndpointSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How diagnostics are printed to standard error: as compilers print them, or one JSON object per line for
/// editors and CI annotations.
enum DiagnosticsFormat: String, ExpressibleByArgument, CaseIterable {
    /// `Specs/Shop.yaml:12:7: error: unknown model 'Custmer'; did you mean 'Customer'?`, notes on lines of
    /// their own.
    case text
    /// `{"file":"Specs/Shop.yaml","line":12,"column":7,"severity":"error","message":"…","notes":[],"fixIt":"Customer"}`
    /// per line (JSON Lines); `fixIt`, when present, is the name to write at the position instead.
    case json

    /// Prints `diagnostic` to standard error in this format.
    func print(_ diagnostic: Diagnostic) {
        switch self {
        case .text: Console.error(diagnostic.description)
        case .json: Console.error(Self.json(diagnostic))
        }
    }

    /// One diagnostic as one line of JSON, keys in a fixed order.
    static func json(_ diagnostic: Diagnostic) -> String {
        let record = Record(
            file: diagnostic.location.file, line: diagnostic.location.line, column: diagnostic.location.column,
            severity: diagnostic.severity.rawValue, message: diagnostic.message,
            notes: diagnostic.notes.map {
                Record.Note(
                    file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message)
            },
            fixIt: diagnostic.suggestedReplacement)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and integers cannot fail.
        return (try? encoder.encode(record)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private struct Record: Encodable {
        struct Note: Encodable {
            var file: String
            var line: Int
            var column: Int
            var message: String
        }

        var file: String
        var line: Int
        var column: Int
        var severity: String
        var message: String
        var notes: [Note]
        var fixIt: String?
    }
}
