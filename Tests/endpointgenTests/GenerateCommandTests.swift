import Foundation
import TestSupport
import Testing

@Suite("endpointgen generate, run as a process")
struct GenerateCommandTests {
    private func modificationDates(in folder: URL) throws -> [String: Date] {
        var dates: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            dates[name] = attributes[.modificationDate] as? Date
        }
        return dates
    }

    private func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return files
    }

    @Test("generates the predicted files, then regenerates byte-identically without touching them")
    func idempotent() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("Specs/Shop.yaml: 5 models, 4 endpoints → 3 files in "))
        #expect(first.standardOutput.contains("(3 written, 0 unchanged) in "))
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [
                "Shop.swift", "Shop+Models.swift", "Shop+Endpoints.swift",
            ])
        let bytes = try contents(of: folder)
        let dates = try modificationDates(in: folder)

        try await Task.sleep(nanoseconds: 1_100_000_000)
        let second = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path])
        #expect(second.status == 0)
        #expect(second.standardOutput.contains("(0 written, 3 unchanged)"))
        #expect(try contents(of: folder) == bytes)
        #expect(try modificationDates(in: folder) == dates)
    }

    @Test("a file edited by hand is found out and rewritten, whether its size changed or only one byte did")
    func editedFiles() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path])
        #expect(first.status == 0, "\(first.standardError)")
        let bytes = try contents(of: folder)
        let models = folder.appendingPathComponent("Shop+Models.swift")
        let original = try #require(bytes["Shop+Models.swift"])
        var edits: [Data] = []
        var sameSize = original
        sameSize[sameSize.count / 2] ^= 0x01
        edits.append(sameSize)  // one byte, same size
        edits.append(original + Data("// more\n".utf8))  // longer
        edits.append(original.dropLast())  // shorter
        edits.append(Data())  // empty
        for edit in edits {
            try edit.write(to: models)
            let check = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path, "--check"])
            #expect(check.status == 1)
            #expect(check.standardError.contains("Shop+Models.swift is not up to date"), "\(check.standardError)")
            let again = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path])
            #expect(again.standardOutput.contains("(1 written, 2 unchanged)"), "\(again.standardOutput)")
            #expect(try contents(of: folder) == bytes)
        }
    }

    @Test("a file that cannot be written is named with the system's reason, and nothing half-written is left")
    func unwritableOutput() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A folder where the models file should go: the rename over it fails.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Shop+Models.swift/inside"), withIntermediateDirectories: true)
        let blocked = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path])
        #expect(blocked.status == 1)
        #expect(
            blocked.standardError.contains(
                "error: cannot write '\(folder.path)/Shop+Models.swift': Is a directory; give an --output folder you "
                    + "may write to, or move what is in the way"), "\(blocked.standardError)")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [
                "Shop.swift", "Shop+Models.swift",
            ])

        // An output folder that would have to be made inside a file.
        let inFile = folder.appendingPathComponent("Shop.swift/out").path
        let notFolder = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", inFile])
        #expect(notFolder.status == 1)
        #expect(
            notFolder.standardError.contains(
                "error: cannot write '\(inFile)': the folder cannot be created (Not a directory)"),
            "\(notFolder.standardError)")
    }

    @Test("a rewritten file keeps its permissions")
    func permissionsKept() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path])
        let file = folder.appendingPathComponent("Shop+Endpoints.swift").path
        try FileManager.default.setAttributes([.posixPermissions: 0o664], ofItemAtPath: file)
        try Data("// edited by hand\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path])
        #expect(result.standardOutput.contains("(1 written, 2 unchanged)"), "\(result.standardOutput)")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o664)
        #expect(FileManager.default.contents(atPath: file)?.starts(with: Data("// Generated".utf8)) == true)
    }

    @Test("--check passes on up-to-date output and fails, listing files, on stale output")
    func check() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await CLIRunner.run(["generate", "Specs/Login.yaml", "--output", folder.path])
        let clean = try await CLIRunner.run(["generate", "Specs/Login.yaml", "--output", folder.path, "--check"])
        #expect(clean.status == 0)
        #expect(clean.standardError == "")

        let models = folder.appendingPathComponent("Login+Models.swift")
        try "// edited by hand\n".write(to: models, atomically: true, encoding: .utf8)
        let stale = try await CLIRunner.run(["generate", "Specs/Login.yaml", "--output", folder.path, "--check"])
        #expect(stale.status == 1)
        #expect(stale.standardError.contains("Login+Models.swift is not up to date"))
        #expect(try String(contentsOf: models, encoding: .utf8) == "// edited by hand\n", "--check must not write")
    }

    @Test("changing --files removes the files that are no longer generated, and only ours")
    func staleFiles() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path, "--files", "3"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 7)
        try "// Mine.\n".write(
            to: folder.appendingPathComponent("Handwritten.swift"), atomically: true, encoding: .utf8)
        _ = try await CLIRunner.run(["generate", "Specs/Login.yaml", "--output", folder.path])

        let result = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path])
        #expect(result.standardOutput.contains("6 removed"), "\(result.standardOutput)")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [
                "Shop.swift", "Shop+Models.swift", "Shop+Endpoints.swift", "Handwritten.swift",
                "Login.swift", "Login+Models.swift", "Login+Endpoints.swift",
            ])
    }

    @Test("a spec above 16 KiB is spread over more files unless --files or the configuration says otherwise")
    func automaticFileCount() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // About 20 KB: two files of each kind with the automatic count.
        let spec = folder.appendingPathComponent("Big.yaml")
        let text = """
            api: Big
            models:
            \((1...80).map { "  Model\($0): { properties: { id: Int, name: String, note: String? } }" }.joined(separator: "\n"))
            endpoints:
              Things:
            \((1...200).map { "    get\($0): { path: /things/\($0), response: Model\($0 % 80 + 1), summary: Reads thing \($0). }" }
                .joined(separator: "\n"))

            """
        try text.write(to: spec, atomically: true, encoding: .utf8)
        let size = text.utf8.count
        #expect(size > 16_384 && size <= 32_768, "\(size)")
        let output = folder.appendingPathComponent("out")
        let automatic = try await CLIRunner.run(["generate", spec.path, "--output", output.path])
        #expect(automatic.status == 0, "\(automatic.standardError)")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: output.path)) == [
                "Big.swift", "Big+Models1.swift", "Big+Models2.swift", "Big+Endpoints1.swift", "Big+Endpoints2.swift",
            ])
        let one = try await CLIRunner.run(["generate", spec.path, "--output", output.path, "--files", "1"])
        #expect(one.standardOutput.contains("→ 3 files") && one.standardOutput.contains("4 removed"))
        let explicit = try await CLIRunner.run(["generate", spec.path, "--output", output.path, "--files", "auto"])
        #expect(explicit.standardOutput.contains("→ 5 files"), "\(explicit.standardOutput)")

        // The build plugin passes the count it worked out together with the configuration: they must agree.
        let config = folder.appendingPathComponent("endpointgen.yaml")
        try "files: auto\n".write(to: config, atomically: true, encoding: .utf8)
        let configured = ["generate", spec.path, "--output", output.path, "--config", config.path]
        #expect(try await CLIRunner.run(configured).status == 0)
        #expect(try await CLIRunner.run(configured + ["--files", "2"]).status == 0)
        let disagreeing = try await CLIRunner.run(configured + ["--files", "3"])
        #expect(disagreeing.status == 1)
        #expect(
            disagreeing.standardError.contains(
                "'files: auto' disagrees with --files 3 for \(spec.path) (auto is 2 for its \(size) bytes)"),
            "\(disagreeing.standardError)")
        try "files: many\n".write(to: config, atomically: true, encoding: .utf8)
        let bad = try await CLIRunner.run(configured)
        #expect(bad.status == 1)
        let message = "endpointgen.yaml:1:8: error: 'files' takes auto or a whole number from 1 to 256"
        #expect(bad.standardError.contains(message), "\(bad.standardError)")
    }

    @Test("stale files are found by name, so a custom header template does not keep them")
    func staleFilesWithCustomHeader() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "{{%CONTENT_TYPE:TEXT}}\n// Our company's header.\n".write(
            to: templates.appendingPathComponent("Header.mustache"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out")
        let arguments = ["generate", "Specs/Shop.yaml", "--output", output.path, "--templates", templates.path]
        #expect(try await CLIRunner.run(arguments + ["--files", "2"]).status == 0)
        try "// Mine.\n".write(
            to: output.appendingPathComponent("Shop+Extras.swift"), atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(arguments)
        #expect(result.standardOutput.contains("4 removed"), "\(result.standardOutput)")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: output.path)) == [
                "Shop.swift", "Shop+Models.swift", "Shop+Endpoints.swift", "Shop+Extras.swift",
            ])
    }

    @Test("a spec with errors prints its diagnostics, writes nothing and exits 1")
    func specErrors() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let result = try await CLIRunner.run([
            "generate", "Tests/EndpointSpecTests/Fixtures/Invalid/five-mistakes.yaml", "--output", output.path,
        ])
        #expect(result.status == 1)
        #expect(result.standardError.split(separator: "\n").count == 5)
        #expect(result.standardError.contains("five-mistakes.yaml:16:17: error: unknown model 'Custmer'"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("--timings prints every phase and the libyaml floor on one line of standard error")
    func timings() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", folder.path, "--timings"])
        #expect(result.status == 0)
        let line = result.standardError.trimmingCharacters(in: .newlines)
        #expect(!line.contains("\n"), "\(line)")
        #expect(line.hasPrefix("Specs/Shop.yaml: timings: read "), "\(line)")
        for phase in ["parse", "decode", "validate", "translate", "render", "write", "other", "total"] {
            #expect(line.contains(", \(phase) "), "no \(phase) in \(line)")
        }
        // The phases, `other` (the time between them) included, add up to the total: "read 0.05 ms, …, total 3.20 ms".
        let timed = line.split(separator: ": timings: ")[1].split(separator: ";")[0].split(separator: ", ").map {
            (name: $0.split(separator: " ")[0], milliseconds: Double($0.split(separator: " ")[1]) ?? -1)
        }
        let phases = timed.dropLast()
        #expect(timed.last?.name == "total", "\(line)")
        let sum = phases.reduce(0) { $0 + $1.milliseconds }
        #expect(phases.allSatisfy { $0.milliseconds >= 0 }, "\(line)")
        #expect(abs(sum - (timed.last?.milliseconds ?? 0)) <= 0.005 * Double(phases.count + 1), "\(line)")
        #expect(line.contains("; floor (libyaml events only, "), "\(line)")
        #expect(line.hasSuffix(" ms"), "\(line)")
    }

    @Test("template overrides: a bad template is reported with its line and column")
    func templates() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "{{%CONTENT_TYPE:TEXT}}\n{{#file}}\n{{/header}}\n".write(
            to: templates.appendingPathComponent("Header.mustache"), atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run([
            "generate", "Specs/Shop.yaml", "--output", folder.appendingPathComponent("out").path, "--templates",
            templates.path,
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "\(templates.path)/Header.mustache:3:1: error: '{{/header}}' closes the section 'file' opened at "
                + "2:1; close it with '{{/file}}'\n")
    }

    /// Generates each of `specs` with the built-in template `name` changed (`stored` replaced by `custom`), checks
    /// that the output type-checks with warnings as errors, and hands each spec's file whose name contains
    /// `fileMarker` to `inspect`.
    private func generateWithOverride(
        of name: String, replacing stored: String, with custom: String, specs: [String], fileMarker: String,
        inspect: (_ spec: String, _ text: String) -> Void
    ) async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let builtIn = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("Templates/\(name).mustache"), encoding: .utf8)
        #expect(builtIn.contains(stored))
        try builtIn.replacingOccurrences(of: stored, with: custom)
            .write(to: templates.appendingPathComponent("\(name).mustache"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out")
        for spec in specs {
            try? FileManager.default.removeItem(at: output)
            let result = try await CLIRunner.run([
                "generate", spec, "--output", output.path, "--templates", templates.path,
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let sources = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted().map {
                output.appendingPathComponent($0)
            }
            let file = try #require(sources.first { $0.lastPathComponent.contains(fileMarker) })
            inspect(spec, try String(contentsOf: file, encoding: .utf8))
            let checked = try await TypeChecker.typeCheck(
                sources, modulesDirectory: CLIRunner.productsDirectory.appendingPathComponent("Modules"),
                extraArguments: ["-warnings-as-errors", "-module-name", "Client"])
            #expect(checked.status == 0, "\(spec): \(checked.output)")
        }
    }

    @Test("a Struct template decides the Swift of a property: let declarations and a doc line of its own compile")
    func structTemplateFromStructure() async throws {
        // EdgeCases has keywords for names, recursive (boxed) models and nullable properties.
        try await generateWithOverride(
            of: "Struct", replacing: "{{^isBoxed}}\n        {{declaration}}\n{{/isBoxed}}\n",
            with: """
                {{^isBoxed}}
                        /// Travels as `{{wireName}}`{{#isOptional}}, and may be absent{{/isOptional}}.
                        {{access}}let {{name}}: {{type}}
                {{/isBoxed}}

                """,
            specs: ["Specs/Shop.yaml", "Specs/EdgeCases.yaml"], fileMarker: "+Models"
        ) { spec, models in
            guard spec.hasSuffix("Shop.yaml") else { return }
            #expect(
                models.contains("/// Travels as `first_name`.\n        public let firstName: String\n"), "\(models)")
            #expect(
                models.contains("/// Travels as `avatar_id`, and may be absent.\n        public let avatarId: String?"))
            #expect(!models.contains("public var firstName"))
        }
    }

    @Test("a ResponseHeaders template decides the Swift of a header: let properties with their wire names compile")
    func responseHeadersTemplateFromStructure() async throws {
        // EdgeCases has headers called `self` and `default`; GitHubEvents reads rate limits and dates.
        try await generateWithOverride(
            of: "ResponseHeaders", replacing: "        {{access}}var {{name}}: {{type}}\n",
            with: "        /// Read from {{{wireLiteral}}}.\n        {{access}}let {{name}}: {{type}}\n",
            specs: ["Specs/GitHubEvents.yaml", "Specs/EdgeCases.yaml"], fileMarker: "+Endpoints"
        ) { spec, endpoints in
            guard spec.hasSuffix("GitHubEvents.yaml") else { return }
            #expect(
                endpoints.contains(
                    "/// Read from \"X-RateLimit-Remaining\".\n        public let rateLimitRemaining: Int\n"),
                "\(endpoints)")
            #expect(!endpoints.contains("public var rateLimitRemaining"))
        }
    }

    @Test(
        "bad options are usage errors",
        arguments: [["--files", "0"], ["--files", "257"], ["--files", "automatic"], ["--access", "open"]])
    func badOptions(options: [String]) async throws {
        let result = try await CLIRunner.run(["generate", "Specs/Shop.yaml", "--output", "/tmp/unused"] + options)
        #expect(result.status == 64)
    }

    @Test("the binary works when copied alone to another folder: templates are embedded")
    func standalone() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("endpointgen")
        try FileManager.default.copyItem(at: CLIRunner.executable, to: copy)
        let spec = folder.appendingPathComponent("Shop.yaml")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Specs/Shop.yaml"), to: spec)
        #expect(try await runCopy(copy, ["generate", "Shop.yaml", "--output", "out"], in: folder) == 0)
        let generated = try String(
            contentsOf: folder.appendingPathComponent("out/Shop+Endpoints.swift"), encoding: .utf8)
        let checkedIn = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("Sources/ShopAPI/Shop+Endpoints.swift"),
            encoding: .utf8)
        #expect(generated == checkedIn)
    }

    @Test("a copy still open for writing elsewhere is started once it is closed, not failed with ETXTBSY")
    func busyCopy() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("endpointgen")
        try FileManager.default.copyItem(at: CLIRunner.executable, to: copy)
        let writer = try FileHandle(forWritingTo: copy)
        let closing = Task {
            try await Task.sleep(for: .milliseconds(300))
            try writer.close()
        }
        #expect(try await runCopy(copy, ["--version"], in: folder) == 0)
        try await closing.value
    }

    /// Runs a freshly copied executable; its termination status. While the copy was being written, another
    /// test may have started a child process, which inherits the write descriptor (fork keeps descriptors that
    /// are not close-on-exec) and holds it for as long as it runs; exec then fails with ETXTBSY. That is
    /// retried for up to 10 s, every other error is thrown.
    private func runCopy(_ executable: URL, _ arguments: [String], in folder: URL) async throws -> Int32 {
        var attempt = 1
        while true {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = folder
            do {
                return try await ChildProcess.run(process)
            } catch let error as NSError where Self.isBusyTextFile(error) && attempt < 100 {
                attempt += 1
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    private static func isBusyTextFile(_ error: NSError) -> Bool {
        let cause = error.userInfo[NSUnderlyingErrorKey] as? NSError ?? error
        return cause.domain == NSPOSIXErrorDomain && cause.code == Int(ETXTBSY)
    }
}
