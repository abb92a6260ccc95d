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

/// The plugin's build commands. Which files are specs, the output names and the automatic file count are
/// ``SpecFiles``' rules, the one source file (`Plugins/PluginsShared`) that endpointgen compiles too.
enum SpecNaming {
    /// One build command per spec among a target's `files`, with the spec, `endpointgen.yaml` and its templates
    /// as inputs and the files the layout names as outputs; a warning saying how to start one when there is no spec.
    /// Shared by the SwiftPM and Xcode faces of the plugin.
    static func commands(files: [URL], target: String, place: String, tool: URL, workDirectory: URL) throws
        -> [Command]
    {
        let specs = files.filter { SpecFiles.isTargetSpec(fileName: $0.lastPathComponent) }.sorted { $0.path < $1.path }
        guard !specs.isEmpty else {
            // A warning, not an error: an error here would also stop `swift package generate-endpoints --init`,
            // which SwiftPM runs only after applying the build plugins, so the way out would be closed.
            Diagnostics.warning(
                "EndpointGen: target '\(target)' applies the EndpointGen plugin but has no spec yet. Start one with "
                    + "`swift package --allow-writing-to-package-directory generate-endpoints --init NAME --target "
                    + "\(target)`, which writes a commented NAME.endpoints.yaml that builds as written, or add your own "
                    + "NAME.endpoints.yaml (or an OpenAPI document, NAME.openapi.yaml) to \(place)")
            return []
        }
        let config = files.first { $0.lastPathComponent == SpecFiles.configurationFileName }
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
            let base = SpecFiles.baseName(ofSpec: spec.path)
            let output = workDirectory.appendingPathComponent(base)
            var arguments = ["generate", spec.path, "--output", output.path, "--files", "\(fileCount)"]
            if let config { arguments += ["--config", config.path] }
            return .buildCommand(
                displayName: "Generating the API client from \(spec.lastPathComponent)",
                executable: tool,
                arguments: arguments,
                inputFiles: [spec] + configFiles + templates,
                outputFiles: SpecFiles.generatedFileNames(base: base, fileCount: fileCount).map {
                    output.appendingPathComponent($0)
                })
        }
    }

    /// The file count endpointgen chooses for `spec` with `files: auto`: it depends only on the spec's size.
    /// endpointgen is given the number too (`--files`), and refuses to run if it came to another.
    static func automaticFileCount(for spec: URL) throws -> Int {
        let size = try FileManager.default.attributesOfItem(atPath: spec.path)[.size] as? Int ?? 0
        return SpecFiles.automaticFileCount(specByteCount: size)
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
