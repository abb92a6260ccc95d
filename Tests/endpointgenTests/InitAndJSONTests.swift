import Foundation
import Testing

@Suite("endpointgen init and --diagnostics-format json, run as a process")
struct InitAndJSONTests {
    @Test("init writes a starter spec and endpointgen.yaml that validate and generate; it never overwrites")
    func starter() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Shop", "Notes"] {
            let target = folder.appendingPathComponent(name)
            let written = try await CLIRunner.run(["init", name, "--directory", target.path])
            #expect(written.status == 0, "\(written.standardError)")
            let spec = target.appendingPathComponent("\(name).endpoints.yaml").path
            let config = target.appendingPathComponent("endpointgen.yaml").path
            let valid = try await CLIRunner.run(["validate", spec])
            #expect(valid.status == 0 && valid.standardError.isEmpty, "\(valid.standardError)")
            let generated = try await CLIRunner.run([
                "generate", spec, "--config", config, "--output", target.appendingPathComponent("out").path,
            ])
            #expect(generated.status == 0, "\(generated.standardError)")
            let again = try await CLIRunner.run(["init", name, "--directory", target.path])
            #expect(again.status == 1)
            #expect(again.standardError.contains("exists already; nothing was written"))
        }
        let bad = try await CLIRunner.run(["init", "9lives", "--directory", folder.path])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("is not a Swift type name"))
    }

    @Test("--config: options given on the command line must agree with it, the default value included")
    func configDisagreement() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("endpointgen.yaml").path
        try "access: package\nfiles: 2\n".write(toFile: config, atomically: true, encoding: .utf8)
        let spec = "Specs/Shop.yaml"
        let output = folder.appendingPathComponent("out").path
        func generate(_ options: [String]) async throws -> CLIRunner.Result {
            try await CLIRunner.run(["generate", spec, "--config", config, "--output", output] + options)
        }
        let files = try await generate(["--files", "1"])
        #expect(files.status == 1)
        #expect(files.standardError.contains("'files: 2' disagrees with --files 1"), "\(files.standardError)")
        let access = try await generate(["--access", "public"])
        #expect(access.status == 1)
        #expect(access.standardError.contains("'access: package' disagrees with --access public"))
        let agreeing = try await generate(["--access", "package", "--files", "2"])
        #expect(agreeing.status == 0, "\(agreeing.standardError)")
        let fromConfig = try await generate([])
        #expect(fromConfig.status == 0, "\(fromConfig.standardError)")
        let written = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(
            written == [
                "Shop+Endpoints1.swift", "Shop+Endpoints2.swift", "Shop+Models1.swift", "Shop+Models2.swift",
                "Shop.swift",
            ])
        let models = try String(contentsOfFile: output + "/Shop+Models1.swift", encoding: .utf8)
        #expect(models.contains("package ") && !models.contains("public "))
    }

    @Test("--diagnostics-format json: one object per line with file, line, column, severity, message, notes, fix-it")
    func json() async throws {
        let path = "Tests/EndpointSpecTests/Fixtures/Invalid/five-mistakes.yaml"
        let result = try await CLIRunner.run(["validate", "--diagnostics-format", "json", path])
        #expect(result.status == 1)
        let objects = try result.standardError.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 5, "only diagnostics, no count line: \(result.standardError)")
        #expect(objects.allSatisfy { $0["file"] as? String == path && $0["severity"] as? String == "error" })
        #expect(objects.map { $0["line"] as? Int ?? 0 } == [14, 15, 16, 17, 24])
        #expect(objects.map { $0["column"] as? Int ?? 0 } == [15, 23, 17, 14, 17])
        #expect(objects[2]["message"] as? String == "unknown model 'Custmer'; did you mean 'Customer'?")
        #expect(objects[2]["fixIt"] as? String == "Customer")
        #expect(objects[1]["fixIt"] == nil)
        #expect(objects.allSatisfy { ($0["notes"] as? [Any])?.isEmpty == true })

        // Notes carry their own place; generate prints the same format.
        let duplicates = "Tests/EndpointSpecTests/Fixtures/Invalid/duplicate-endpoint-names.yaml"
        let generated = try await CLIRunner.run([
            "generate", "--diagnostics-format", "json", duplicates, "--output", try CLIRunner.temporaryDirectory().path,
        ])
        #expect(generated.status == 1)
        let first = try #require(
            try JSONSerialization.jsonObject(with: Data(generated.standardError.split(separator: "\n")[0].utf8))
                as? [String: Any])
        let notes = try #require(first["notes"] as? [[String: Any]])
        #expect(notes.first?["file"] as? String == duplicates && (notes.first?["line"] as? Int ?? 0) > 0, "\(first)")
    }
}
