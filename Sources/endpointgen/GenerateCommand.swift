import ArgumentParser
import EndpointCodegen
import EndpointGenSupport
import EndpointSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `endpointgen generate`: writes the Swift client for specs.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generates Swift models and endpoints from specs.",
        discussion: """
            For a spec Shop.yaml it writes Shop.swift (the API namespace, scopes, namespaces), \
            Shop+Models.swift and Shop+Endpoints.swift; a spec above 16 KiB is spread over more files so that \
            a build compiles them in parallel, one more of each kind per 16 KiB up to 8 (Shop+Models1.swift … \
            and Shop+Endpoints1.swift …), unless --files sets the number. Files are written only when their \
            bytes change, and files \
            generated earlier from the same spec that are no longer generated are removed. Spec problems are \
            printed as file:line:column: error: …, as by 'validate'.

            Examples:
              endpointgen generate Specs/Shop.yaml --output Generated
              endpointgen generate Specs/*.yaml --output Sources/API --access package --files 4
              endpointgen generate Specs/Shop.yaml --output Sources/ShopAPI --check
            """
    )

    @Argument(help: ArgumentHelp("The spec files to generate from.", valueName: "spec"))
    var specs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the Swift files to.", valueName: "dir"))
    var output: String

    // No defaults on the options below: a default makes ArgumentParser describe it through reflection at every
    // start, a cost paid on each build by the plugin, and nil tells "not given" from "given as the default value",
    // which --config needs to find a disagreement.
    @Option(help: "The access level of generated declarations: public (the default), package or internal.")
    var access: GeneratorOptions.AccessLevel?

    @Option(
        help: ArgumentHelp(
            "Spread models and endpoints over this many files each (1 to 256), or 'auto' (the default): one of "
                + "each per 16 KiB of spec, up to 8.", valueName: "n"))
    var files: FileCount?

    @Option(
        help: ArgumentHelp("A folder of NAME.mustache files that replace the built-in templates.", valueName: "dir"))
    var templates: String?

    @Flag(help: "Write nothing; exit 1 and list the files that are not up to date.")
    var check = false

    @Flag(
        help: ArgumentHelp(
            "Fail on warnings as well as on errors, writing nothing: an OpenAPI construct that was only "
                + "approximated is a warning."))
    var strict = false

    @Flag(
        help: """
            Print the time of each phase (read, parse, decode, validate, translate, render, write) to standard \
            error, with libyaml's bare event parse of the same file as the floor to compare with.
            """)
    var timings = false

    @Option(
        help: ArgumentHelp(
            "An endpointgen.yaml with access, files and templates; options given here must agree with it.",
            valueName: "file"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "How spec problems are printed: 'text' (file:line:column: error: …, the default) or 'json' (one object "
                + "per line).", valueName: "format"))
    var diagnosticsFormat: DiagnosticsFormat?

    func validate() throws {
        let bases = specs.map(FileLayout.baseName(ofSpec:))
        if let repeated = bases.first(where: { base in bases.filter { $0 == base }.count > 1 }) {
            throw ValidationError(
                "Two specs are named '\(repeated)'; their generated files would overwrite each other.")
        }
    }

    func run() throws {
        let diagnosticsFormat = self.diagnosticsFormat ?? .text
        var access = self.access
        var configuredFiles: FileCount?
        var templates = self.templates
        if let config {
            let (configuration, diagnostics) = GeneratorConfiguration.load(config)
            for diagnostic in diagnostics { diagnosticsFormat.print(diagnostic) }
            guard let configuration else { throw ExitCode.failure }
            configuredFiles = configuration.files
            if case .exactly(let configured) = configuration.files, case .exactly(let given) = files,
                configured != given
            {
                Console.error("\(config): error: 'files: \(configured)' disagrees with --files \(given)")
                throw ExitCode.failure
            }
            if let configured = configuration.access, let access, configured != access {
                Console.error(
                    "\(config): error: 'access: \(configured.rawValue)' disagrees with --access \(access.rawValue)")
                throw ExitCode.failure
            }
            access = access ?? configuration.access
            templates = configuration.templates ?? templates
        }
        let templateSet: TemplateSet
        do {
            templateSet = try templates.map(TemplateSet.overriding(withDirectory:)) ?? TemplateSet.defaults()
        } catch let error as TemplateError {
            Console.error(error.description)
            throw ExitCode.failure
        }
        let generator = CodeGenerator(templates: templateSet)
        let directory = OutputDirectory(path: output)
        var failed = false
        var stale: [String] = []
        let clock = ContinuousClock()
        for path in specs {
            let started = clock.now
            let loaded = SpecLoader().load(contentsOf: path)
            for diagnostic in loaded.diagnostics { diagnosticsFormat.print(diagnostic) }
            if let openAPI = loaded.openAPI, diagnosticsFormat == .text {
                Console.output("\(path): \(openAPI.description)")
            }
            guard let spec = loaded.resolved else {
                failed = true
                continue
            }
            if strict, loaded.diagnostics.contains(where: { $0.severity == .warning }) {
                Console.error("\(path): error: --strict: warnings count as errors; nothing was generated")
                failed = true
                continue
            }
            // The file count can depend on the spec's size, so it is settled per spec; --files and the
            // configuration must come to the same number (the build plugin passes both).
            let fileCount = (files ?? configuredFiles ?? .automatic).count(forSpecOf: loaded.byteCount)
            if let config, let configured = configuredFiles, let files,
                configured.count(forSpecOf: loaded.byteCount) != fileCount
            {
                let automatic = FileLayout.automaticFileCount(specByteCount: loaded.byteCount)
                Console.error(
                    "\(config): error: 'files: \(configured.description)' disagrees with --files \(files.description)"
                        + (configured == .automatic || files == .automatic
                            ? " for \(path) (auto is \(automatic) for its \(loaded.byteCount) bytes)" : ""))
                failed = true
                continue
            }
            let options = GeneratorOptions(access: access ?? .public, fileCount: fileCount)
            var phaseTimes = loaded.phaseTimes
            let generated: [GeneratedFile]
            do {
                generated = try generator.generate(spec, specPath: path, options: options, phaseTimes: &phaseTimes)
            } catch {
                Console.error(error.description)
                failed = true
                continue
            }
            let specFileName = path.split(separator: "/").last.map(String.init) ?? path
            let changes: OutputDirectory.Changes
            do {
                changes = try phaseTimes.measure("write") {
                    try directory.update(with: generated, specFileName: specFileName, dryRun: check)
                }
            } catch let failure as OutputDirectory.Failure {
                Console.error(failure.description)
                failed = true
                continue
            }
            // What falls between the phases (freeing what a phase is done with, sorting diagnostics), so that the
            // total is the wall-clock time from reading the spec to writing the last file.
            phaseTimes.add("other", max(.zero, clock.now - started - phaseTimes.total))
            if timings { Console.error(Self.timingReport(path: path, phaseTimes: phaseTimes)) }
            if check {
                stale +=
                    changes.written.map { "\($0) is not up to date" } + changes.removed.map { "\($0) would be removed" }
            } else {
                let milliseconds = Int(phaseTimes.total.milliseconds.rounded())
                Console.output(
                    "\(path): \(Console.count(spec.models.count, "model")), "
                        + "\(Console.count(spec.endpointCount, "endpoint")) → \(Console.count(generated.count, "file")) "
                        + "in \(output) (\(changes.written.count) written, \(changes.unchanged.count) unchanged"
                        + (changes.removed.isEmpty ? "" : ", \(changes.removed.count) removed")
                        + ") in \(milliseconds) ms")
            }
        }
        if check && !stale.isEmpty {
            for line in stale { Console.error("error: \(line); run endpointgen generate to update it") }
            failed = true
        }
        if failed { throw ExitCode.failure }
    }

    /// `Shop.yaml: timings: read 0.05 ms, parse 0.41 ms, …, total 3.20 ms; floor (libyaml events only, 1,204
    /// events) 0.12 ms`: one line, so scripts can take it apart.
    private static func timingReport(path: String, phaseTimes: PhaseTimes) -> String {
        let phases = phaseTimes.phases.map { "\($0.name) \(format($0.duration))" }
        var line = "\(path): timings: \(phases.joined(separator: ", ")), total \(format(phaseTimes.total))"
        // The floor re-reads the file so that it pays for the same work as `read` + `parse` would without us.
        if let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) {
            var floor = PhaseTimes()
            let events = floor.measure("floor") { YAMLReader.countEvents(in: bytes) }
            if let events {
                line += "; floor (libyaml events only, \(events) events) \(format(floor.total))"
            }
        }
        return line
    }

    private static func format(_ duration: Duration) -> String {
        // Two decimals, as "%.2f" would give, without Foundation's String(format:).
        let hundredths = Int((duration.milliseconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
    }
}

extension GeneratorOptions.AccessLevel: ExpressibleByArgument {}
