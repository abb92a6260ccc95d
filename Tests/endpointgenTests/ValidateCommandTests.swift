import Foundation
import Testing

@Suite("endpointgen validate, run as a process")
struct ValidateCommandTests {
    @Test("the example specs are valid: exit 0, a summary per spec, nothing on standard error")
    func examples() async throws {
        let specs = ["Specs/Countries.yaml", "Specs/GitHubEvents.yaml", "Specs/Login.yaml", "Specs/Shop.yaml"]
        let result = try await CLIRunner.run(["validate"] + specs)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != ":" }) } == specs)
        #expect(
            result.standardOutput.contains("Specs/Shop.yaml: valid (5 models, 4 endpoints, 3 namespaces, 2 scopes)"))
    }

    @Test("a spec with five mistakes prints five sorted diagnostics and exits 1")
    func fiveMistakes() async throws {
        let path = "Tests/EndpointSpecTests/Fixtures/Invalid/five-mistakes.yaml"
        let result = try await CLIRunner.run(["validate", path])
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        let positions = lines.prefix(5).map { line -> [Int] in
            let parts = line.dropFirst(path.count + 1).split(separator: ":")
            return [Int(parts[0]) ?? 0, Int(parts[1]) ?? 0]
        }
        #expect(positions == [[14, 15], [15, 23], [16, 17], [17, 14], [24, 17]])
        #expect(lines[2] == "\(path):16:17: error: unknown model 'Custmer'; did you mean 'Customer'?")
        #expect(lines.prefix(5).allSatisfy { $0.hasPrefix("\(path):") && $0.contains(": error: ") })
        #expect(lines[5] == "\(path): 5 errors, 0 warnings")
    }

    @Test(
        "hostile files end with one clear error and exit 1",
        arguments: [
            ("billion-laughs", "more than 2,000,000 nodes"),
            ("invalid-utf8", "invalid trailing UTF-8 octet"),
            ("empty", "the file is empty"),
            ("only-comments", "only comments"),
            ("multiple-documents", "more than one YAML document"),
            ("tab-indentation", "tabs"),
        ])
    func hostile(name: String, message: String) async throws {
        let result = try await CLIRunner.run(["validate", "Tests/EndpointSpecTests/Fixtures/Invalid/\(name).yaml"])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(": error: ") == true)
        #expect(lines.first?.contains(message) == true, "\(result.standardError)")
    }

    @Test("a 100,000-deep document is refused, not a crash")
    func deepNesting() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        try text.write(to: directory.appendingPathComponent("deep.yaml"), atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["validate", "deep.yaml"], in: directory)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("deep.yaml:1:513: error: the document nests deeper than 512 levels"))
    }

    @Test("valid and invalid specs together: the valid one is summarized, the status is 1")
    func mixed() async throws {
        let result = try await CLIRunner.run([
            "validate", "Specs/Shop.yaml", "Tests/EndpointSpecTests/Fixtures/Invalid/empty-endpoints.yaml",
        ])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("Specs/Shop.yaml: valid"))
        #expect(result.standardError.contains("empty-endpoints.yaml:2:12: error: 'endpoints' is empty"))
    }

    @Test("warnings pass unless --warnings-as-errors; --quiet drops the summary")
    func warnings() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = """
            api: Search
            endpoints:
              Queries:
                find: { path: /search, body: { text: String }, response: "[String]" }
            """
        try spec.write(to: directory.appendingPathComponent("search.yaml"), atomically: true, encoding: .utf8)

        let plain = try await CLIRunner.run(["validate", "search.yaml"], in: directory)
        #expect(plain.status == 0)
        #expect(
            plain.standardError.hasPrefix("search.yaml:4:34: warning: endpoint 'Queries.find' sends a body with GET"))
        #expect(plain.standardOutput == "search.yaml: valid (0 models, 1 endpoint, 1 namespace, 0 scopes, 1 warning)\n")

        let quiet = try await CLIRunner.run(["validate", "--quiet", "search.yaml"], in: directory)
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput == "")

        let strict = try await CLIRunner.run(["validate", "--warnings-as-errors", "search.yaml"], in: directory)
        #expect(strict.status == 1)
        #expect(strict.standardError.hasSuffix("search.yaml: 0 errors, 1 warning\n"))
    }

    @Test("a missing file is an error naming it")
    func missingFile() async throws {
        let result = try await CLIRunner.run(["validate", "Specs/Nope.yaml"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Specs/Nope.yaml: error: cannot read 'Specs/Nope.yaml': no such file\n"))
    }

    @Test("no spec is a usage error")
    func noArguments() async throws {
        let result = try await CLIRunner.run(["validate"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Missing expected argument '<spec> ...'"))
        #expect(result.standardError.contains("Usage: endpointgen validate"))
    }
}

@Suite("endpointgen help")
struct HelpTests {
    @Test("--help names the commands and shows examples")
    func help() async throws {
        let result = try await CLIRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("validate"))
        #expect(result.standardOutput.contains("Examples:"))
        #expect(result.standardOutput.contains("endpointgen validate Specs/Shop.yaml"))
    }

    @Test("validate --help explains the output and shows examples")
    func validateHelp() async throws {
        let result = try await CLIRunner.run(["validate", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("--warnings-as-errors"))
        #expect(result.standardOutput.contains("Examples:"))
        #expect(
            result.standardOutput.contains("file:line:column") || result.standardOutput.contains("Specs/Shop.yaml:12:7")
        )
    }

    @Test("--version prints the version, and it is the newest release in CHANGELOG.md")
    func version() async throws {
        let result = try await CLIRunner.run(["--version"])
        #expect(result.status == 0)
        let changelog = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // The first `## [x.y.z] - date` heading; `## [Unreleased]` does not count.
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let version = newest?.dropFirst(4).prefix { $0 != "]" }
        #expect(
            version.map { "\($0)\n" } == result.standardOutput, "CHANGELOG.md's newest release: \(newest ?? "none")")
    }
}
