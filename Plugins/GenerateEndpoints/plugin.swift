import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-endpoints [--target NAME]`: writes each
/// spec's Swift into the `Generated` folder of its target, for checking generated sources in. Running it again
/// changes nothing unless a spec (or endpointgen.yaml) changed.
@main
struct GenerateEndpoints: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let wanted = Set(extractor.extractOption(named: "target"))
        let targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            .filter { wanted.isEmpty || wanted.contains($0.name) }
        let tool = try context.tool(named: "endpointgen")
        var generated = 0
        for target in targets {
            let files = target.sourceFiles.map(\.url)
            let specs = files.filter {
                $0.lastPathComponent.hasSuffix(".endpoints.yaml") || $0.lastPathComponent.hasSuffix(".endpoints.yml")
            }
            guard !specs.isEmpty else {
                if wanted.contains(target.name) {
                    Diagnostics.error("generate-endpoints: target '\(target.name)' has no NAME.endpoints.yaml")
                }
                continue
            }
            var arguments = ["generate"] + specs.map(\.path).sorted()
            arguments += ["--output", target.directoryURL.appendingPathComponent("Generated").path]
            if let config = files.first(where: { $0.lastPathComponent == "endpointgen.yaml" }) {
                arguments += ["--config", config.path]
            }
            let process = try Process.run(tool.url, arguments: arguments)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Diagnostics.error("generate-endpoints: endpointgen failed for target '\(target.name)'")
                return
            }
            generated += 1
        }
        if generated == 0 && wanted.isEmpty {
            Diagnostics.warning("generate-endpoints: no target has a NAME.endpoints.yaml")
        }
    }
}
