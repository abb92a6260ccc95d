import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-endpoints [--target NAME …]`: writes each
/// spec's Swift into the `Generated` folder of its target, for checking generated sources in. Running it again
/// changes nothing unless a spec (or endpointgen.yaml) changed.
///
/// Without `--target` it only refreshes targets that already have a `Generated` folder: a target that applies
/// the build plugin instead must never get one, or the next build would find every file produced twice.
@main
struct GenerateEndpoints: CommandPlugin {
    static let usage = """
        USAGE: swift package --allow-writing-to-package-directory generate-endpoints [--target <name> ...]
               swift package --allow-writing-to-package-directory generate-endpoints --init <API> --target <name>

        Writes the Swift client of each NAME.endpoints.yaml into Sources/<target>/Generated, for checking in.
          --target <name>   Generate for this target (repeatable). A target's first generation needs it.
                            Without it, only targets that already have a Generated folder are refreshed,
                            so a target that applies the EndpointGen build plugin is never written into.
          --init <API>      Instead, start a spec: write a commented <API>.endpoints.yaml and an
                            endpointgen.yaml into the one --target's folder (nothing if either exists),
                            with the tool the plugins already built. Works for a target that applies
                            the build plugin: its next build generates the client.
          --help            Show this help.
        """

    /// The build plugin's naming rule for specs (``SpecFiles``, shared with it and endpointgen): `NAME.endpoints.yaml`,
    /// or an OpenAPI document `NAME.openapi.yaml`.
    static func isSpec(_ url: URL) -> Bool {
        SpecFiles.isTargetSpec(fileName: url.lastPathComponent)
    }

    /// What the arguments ask for: the `--target` names, and the API name of `--init`.
    struct Request {
        var targets: [String]
        var initName: String?
    }

    /// The request, or nil when the arguments asked for help (printed) or hold an unknown one or a bad
    /// combination (reported with the usage).
    static func request(from arguments: [String]) -> Request? {
        var extractor = ArgumentExtractor(arguments)
        if extractor.extractFlag(named: "help") > 0 || extractor.extractFlag(named: "h") > 0 {
            print(usage)
            return nil
        }
        let wanted = extractor.extractOption(named: "target")
        let initNames = extractor.extractOption(named: "init")
        guard extractor.remainingArguments.isEmpty else {
            let unknown = extractor.remainingArguments.map { "'\($0)'" }.joined(separator: ", ")
            Diagnostics.error("generate-endpoints: unknown argument \(unknown)\n" + usage)
            return nil
        }
        guard initNames.count <= 1, initNames.isEmpty || wanted.count == 1 else {
            Diagnostics.error("generate-endpoints: --init takes one API name and one --target\n" + usage)
            return nil
        }
        return Request(targets: wanted, initName: initNames.first)
    }

    /// Runs `endpointgen init NAME --directory FOLDER`; false (reported) when it fails.
    static func start(_ name: String, in folder: URL, tool: URL, target: String) throws -> Bool {
        let process = try Process.run(tool, arguments: ["init", name, "--directory", folder.path])
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("generate-endpoints: endpointgen init failed for target '\(target)'")
            return false
        }
        return true
    }

    /// Runs endpointgen for one target's specs into `folder`, with its `endpointgen.yaml` when `files` has one;
    /// false (reported) when it fails.
    static func generate(specs: [URL], into folder: URL, files: [URL], tool: URL, target: String) throws -> Bool {
        var arguments = ["generate"] + specs.map(\.path).sorted() + ["--output", folder.path]
        if let config = files.first(where: { $0.lastPathComponent == SpecFiles.configurationFileName }) {
            arguments += ["--config", config.path]
        }
        let process = try Process.run(tool, arguments: arguments)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("generate-endpoints: endpointgen failed for target '\(target)'")
            return false
        }
        return true
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let request = Self.request(from: arguments) else { return }
        let wanted = request.targets
        let sourceTargets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        for name in wanted where !sourceTargets.contains(where: { $0.name == name }) {
            Diagnostics.error("generate-endpoints: the package has no source target named '\(name)'")
            return
        }
        if let name = request.initName, let target = sourceTargets.first(where: { $0.name == wanted[0] }) {
            let tool = try context.tool(named: "endpointgen")
            _ = try Self.start(name, in: target.directoryURL, tool: tool.url, target: target.name)
            return
        }
        let targets = sourceTargets.filter { wanted.isEmpty || wanted.contains($0.name) }
        let tool = try context.tool(named: "endpointgen")
        var generated = 0
        for target in targets {
            let files = target.sourceFiles.map(\.url)
            let specs = files.filter(Self.isSpec)
            guard !specs.isEmpty else {
                if wanted.contains(target.name) {
                    Diagnostics.error("generate-endpoints: target '\(target.name)' has no NAME.endpoints.yaml")
                }
                continue
            }
            let folder = target.directoryURL.appendingPathComponent("Generated")
            var isFolder: ObjCBool = false
            let hasGenerated =
                FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
            guard wanted.contains(target.name) || hasGenerated else {
                Diagnostics.remark(
                    "generate-endpoints: skipped '\(target.name)', which has no Generated folder (it may use the build "
                        + "plugin); pass --target \(target.name) to generate into it")
                continue
            }
            guard try Self.generate(specs: specs, into: folder, files: files, tool: tool.url, target: target.name)
            else { return }
            generated += 1
        }
        if generated == 0 && wanted.isEmpty {
            Diagnostics.warning(
                "generate-endpoints: no target with a NAME.endpoints.yaml has a Generated folder; name one with --target"
            )
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same command for an Xcode project: each target's specs are among its input files, and `Generated` goes
/// beside the first spec. The same rules: `--target` names targets, and without it only targets that already
/// have a `Generated` folder there are refreshed.
extension GenerateEndpoints: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        guard let request = Self.request(from: arguments) else { return }
        let wanted = request.targets
        if request.initName != nil {
            Diagnostics.error("generate-endpoints: --init works in packages; in Xcode, run endpointgen init")
            return
        }
        let tool = try context.tool(named: "endpointgen")
        for target in context.xcodeProject.targets where wanted.isEmpty || wanted.contains(target.displayName) {
            let files = target.inputFiles.map(\.url)
            let specs = files.filter(Self.isSpec).sorted { $0.path < $1.path }
            guard let first = specs.first else { continue }
            let folder = first.deletingLastPathComponent().appendingPathComponent("Generated")
            guard wanted.contains(target.displayName) || FileManager.default.fileExists(atPath: folder.path) else {
                continue
            }
            guard
                try Self.generate(specs: specs, into: folder, files: files, tool: tool.url, target: target.displayName)
            else { return }
        }
    }
}
#endif
