import ArgumentParser
import EndpointCodegen
import EndpointSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `endpointgen import`: an OpenAPI document written out as the equivalent spec, to own from then on.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Writes the spec an OpenAPI 3.0 or 3.1 document describes, as NAME.endpoints.yaml.",
        discussion: """
            Reads the document as 'generate' does and writes the spec it maps to: generating from that spec gives \
            the same Swift as generating from the document. What the document said only approximately is \
            reported, and listed in comments at the top of the spec. Nothing is written over an existing file.

            Examples:
              endpointgen import petstore.yaml
              endpointgen import stripe.spec3.yaml --output Sources/StripeClient/Stripe.endpoints.yaml
            """
    )

    @Argument(help: ArgumentHelp("The OpenAPI document (YAML or JSON).", valueName: "document"))
    var document: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "The spec file to write; NAME.endpoints.yaml in the current folder, NAME the document's.",
            valueName: "file"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "How problems are printed: 'text' (file:line:column: error: …) or 'json' (one object per line).",
            valueName: "format"))
    var diagnosticsFormat: DiagnosticsFormat = .text

    func run() throws {
        let loaded = SpecLoader().load(contentsOf: document)
        for diagnostic in loaded.diagnostics { diagnosticsFormat.print(diagnostic) }
        guard loaded.openAPI != nil else {
            Console.error(
                "\(document): error: not an OpenAPI document (it has no 'openapi' key); a spec needs no import")
            throw ExitCode.failure
        }
        guard let spec = loaded.spec else { throw ExitCode.failure }
        let target = output ?? "\(FileLayout.baseName(ofSpec: document)).endpoints.yaml"
        guard !FileManager.default.fileExists(atPath: target) else {
            Console.error("\(target): error: exists already; nothing was written")
            throw ExitCode.failure
        }
        let notes = loaded.diagnostics.filter { $0.severity == .warning }.map(\.description)
        let source = document.split(separator: "/").last.map(String.init) ?? document
        let text = SpecWriter.text(of: spec, source: source, notes: notes)
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        Console.output("\(document): wrote \(target) (\(spec.models.count) models, \(spec.endpointCount) endpoints)")
    }
}
