import ArgumentParser
import EndpointSpec

/// `endpointgen validate`: checks specs and prints every problem as `file:line:column: error: …`.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Checks specs and reports every problem with its file, line and column.",
        discussion: """
            Problems are printed to standard error the way compilers print them, so editors can jump to them:
              Specs/Shop.yaml:12:7: error: unknown model 'Custmer'; did you mean 'Customer'?
            Each valid spec gets a one-line summary on standard output. The exit status is 1 when any spec \
            has an error (or a warning, with --warnings-as-errors), 0 otherwise.

            Examples:
              endpointgen validate Specs/Shop.yaml
              endpointgen validate Specs/*.yaml
              endpointgen validate --quiet --warnings-as-errors Specs/Shop.yaml
              endpointgen validate --diagnostics-format json Specs/Shop.yaml
            """
    )

    @Argument(help: ArgumentHelp("The spec files to check.", valueName: "spec"))
    var specs: [String]

    @Flag(
        name: [.customLong("warnings-as-errors"), .customLong("strict")],
        help: "Fail on warnings as well as on errors (an approximated OpenAPI construct is a warning).")
    var warningsAsErrors = false

    @Flag(name: .shortAndLong, help: "Print only problems, no summary lines.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "How problems are printed: 'text' (file:line:column: error: …) or 'json' (one object per line, no "
                + "count lines), for editors and CI.", valueName: "format"))
    var diagnosticsFormat: DiagnosticsFormat = .text

    func run() throws {
        let loader = SpecLoader()
        var failed = false
        for path in specs {
            let output = loader.load(contentsOf: path)
            for diagnostic in output.diagnostics { diagnosticsFormat.print(diagnostic) }
            let errors = output.diagnostics.filter { $0.severity == .error }.count
            let warnings = output.diagnostics.filter { $0.severity == .warning }.count
            if errors > 0 || (warningsAsErrors && warnings > 0) {
                failed = true
                if diagnosticsFormat == .text {
                    Console.error("\(path): \(Console.count(errors, "error")), \(Console.count(warnings, "warning"))")
                }
            } else if let spec = output.spec, !quiet {
                Console.output("\(path): valid (\(Self.summary(of: spec, warnings: warnings)))")
            }
            if let openAPI = output.openAPI, !quiet, diagnosticsFormat == .text {
                Console.output("\(path): \(openAPI.description)")
            }
        }
        if failed { throw ExitCode.failure }
    }

    private static func summary(of spec: Spec, warnings: Int) -> String {
        var parts = [
            Console.count(spec.models.count, "model"),
            Console.count(spec.endpointCount, "endpoint"),
            Console.count(spec.namespaces.count, "namespace"),
            Console.count(spec.scopes.count, "scope"),
        ]
        if warnings > 0 { parts.append(Console.count(warnings, "warning")) }
        return parts.joined(separator: ", ")
    }
}
