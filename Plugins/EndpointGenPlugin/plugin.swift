import Foundation
import PackagePlugin

/// Generates a target's API client at build time: every `NAME.endpoints.yaml` in the target becomes Swift in
/// the plugin's work folder, compiled with the target. An optional `endpointgen.yaml` beside the specs sets
/// access, file count and template overrides. Each spec is its own build command with declared inputs and
/// outputs, so an unchanged spec neither regenerates nor recompiles.
@main
struct EndpointGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try SpecNaming.commands(
            files: target.sourceFiles.map(\.url), target: target.name, place: target.directoryURL.path,
            tool: try context.tool(named: "endpointgen").url, workDirectory: context.pluginWorkDirectoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same build commands for an Xcode project's target: its spec files are the target's input files, and
/// `endpointgen.yaml` sits beside them, as in a package target.
extension EndpointGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try SpecNaming.commands(
            files: target.inputFiles.map(\.url), target: target.displayName, place: "the target",
            tool: try context.tool(named: "endpointgen").url, workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif

/// The plugin's naming rule and output names; they must agree with endpointgen's `FileLayout`. The consumer
/// package built by .ci/run exercises them with `files: 2`, and once more with `files: auto` and a spec above
/// 16 KiB; a test checks the automatic count's constants.
enum SpecNaming {
    /// One build command per spec among a target's `files`, with the spec, `endpointgen.yaml` and its templates
    /// as inputs and the files the layout names as outputs; an error naming the rule when there is no spec.
    /// Shared by the SwiftPM and Xcode faces of the plugin.
    static func commands(files: [URL], target: String, place: String, tool: URL, workDirectory: URL) throws
        -> [Command]
    {
        let specs = files.filter { isSpec($0) }.sorted { $0.path < $1.path }
        guard !specs.isEmpty else {
            Diagnostics.error(
                "EndpointGen: target '\(target)' applies the EndpointGen plugin but has no spec; add a file named "
                    + "NAME.endpoints.yaml (or an OpenAPI document, NAME.openapi.yaml) to \(place) (see the README)")
            return []
        }
        let config = files.first { $0.lastPathComponent == "endpointgen.yaml" }
        let settings = try config.map(settings(in:)) ?? (fileCount: nil, templates: nil)
        // Template overrides are inputs too: editing one regenerates.
        var templates: [URL] = []
        if let config, let folder = settings.templates {
            let directory = config.deletingLastPathComponent().appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            templates = names.filter { $0.hasSuffix(".mustache") }.sorted().map { directory.appendingPathComponent($0) }
        }
        let configFiles: [URL] = config.map { [$0] } ?? []
        return try specs.map { spec in
            let fileCount = try settings.fileCount ?? automaticFileCount(for: spec)
            let output = workDirectory.appendingPathComponent(baseName(of: spec))
            var arguments = ["generate", spec.path, "--output", output.path, "--files", "\(fileCount)"]
            if let config { arguments += ["--config", config.path] }
            return .buildCommand(
                displayName: "Generating the API client from \(spec.lastPathComponent)",
                executable: tool,
                arguments: arguments,
                inputFiles: [spec] + configFiles + templates,
                outputFiles: outputFiles(for: spec, fileCount: fileCount).map { output.appendingPathComponent($0) })
        }
    }

    /// The names a spec goes by: `NAME.endpoints.yaml`, or an OpenAPI document `NAME.openapi.yaml` (or `.json`);
    /// endpointgen's `FileLayout.baseName(ofSpec:)` names the outputs after NAME the same way.
    static let specSuffixes = [".endpoints.yaml", ".endpoints.yml", ".openapi.yaml", ".openapi.yml", ".openapi.json"]

    static func isSpec(_ url: URL) -> Bool {
        specSuffixes.contains { url.lastPathComponent.hasSuffix($0) }
    }

    static func baseName(of spec: URL) -> String {
        let name = spec.lastPathComponent
        for suffix in specSuffixes where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    static func outputFiles(for spec: URL, fileCount: Int) -> [String] {
        let base = baseName(of: spec)
        let models = fileCount == 1 ? ["\(base)+Models.swift"] : (1...fileCount).map { "\(base)+Models\($0).swift" }
        let endpoints =
            fileCount == 1 ? ["\(base)+Endpoints.swift"] : (1...fileCount).map { "\(base)+Endpoints\($0).swift" }
        return ["\(base).swift"] + models + endpoints
    }

    /// endpointgen's `FileLayout.automaticBytesPerFile` and `automaticMaximumFileCount`: with `files: auto` (or no
    /// `files:`), one file of each kind per this many bytes of spec, up to the maximum. A test checks that these
    /// agree with endpointgen's.
    static let automaticBytesPerFile = 16_384
    static let automaticMaximumFileCount = 8

    /// The file count endpointgen chooses for `spec` with `files: auto`: it depends only on the spec's size.
    /// endpointgen is given the number too (`--files`), and refuses to run if it came to another.
    static func automaticFileCount(for spec: URL) throws -> Int {
        let size = try FileManager.default.attributesOfItem(atPath: spec.path)[.size] as? Int ?? 0
        return min(automaticMaximumFileCount, max(1, (size + automaticBytesPerFile - 1) / automaticBytesPerFile))
    }

    /// `files:` and `templates:` from endpointgen.yaml, which decide the output names and the inputs;
    /// endpointgen reads and validates the whole file with its YAML reader. Here a flat `key: value` line is
    /// enough: a value may be quoted and followed by a comment. The file count is nil for `auto` or when unset.
    static func settings(in config: URL) throws -> (fileCount: Int?, templates: String?) {
        let text = try String(contentsOf: config, encoding: .utf8)
        var fileCount: Int?
        var templates: String?
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix(" ") && !line.hasPrefix("#") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let value = scalar(parts[1])
            switch parts[0].trimmingCharacters(in: .whitespaces) {
            case "files": fileCount = Int(value)
            case "templates": templates = value.isEmpty ? nil : value
            default: continue
            }
        }
        return (fileCount, templates)
    }

    /// A flat YAML scalar: quotes removed, or a trailing ` # comment` dropped.
    private static func scalar(_ raw: Substring) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        for quote in ["\"", "'"] where trimmed.hasPrefix(quote) {
            let rest = trimmed.dropFirst()
            return String(rest.prefix { String($0) != quote })
        }
        let beforeComment = trimmed.range(of: " #").map { trimmed[..<$0.lowerBound] } ?? Substring(trimmed)
        return beforeComment.trimmingCharacters(in: .whitespaces)
    }
}
