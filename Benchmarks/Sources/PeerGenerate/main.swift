// The peer's generation, driven synchronously: what `swift-openapi-generator generate --mode types --mode client`
// does with no configuration file (internal access, the defensive naming strategy), without its async entry
// point, which valgrind 3.19 cannot run (it stops with an internal error in libdispatch's main-thread parking).
// Scripts/instructions.py counts this process's instructions as the peer's.
//
// Usage: PeerGenerate OPENAPI_DOCUMENT OUTPUT_DIRECTORY
import Foundation
import _OpenAPIGeneratorCore

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: PeerGenerate OPENAPI_DOCUMENT OUTPUT_DIRECTORY\n".utf8))
    exit(2)
}
let documentURL = URL(fileURLWithPath: arguments[1])
let outputURL = URL(fileURLWithPath: arguments[2])
do {
    let input = InMemoryInputFile(absolutePath: documentURL, contents: try Data(contentsOf: documentURL))
    for mode in [GeneratorMode.types, .client] {
        let config = Config(
            mode: mode, access: Config.defaultAccessModifier, namingStrategy: Config.defaultNamingStrategy)
        let files = try runGenerator(input: input, config: config, diagnostics: StdErrPrintingDiagnosticCollector())
        for file in files {
            try file.contents.write(to: outputURL.appendingPathComponent(file.baseName))
        }
    }
} catch {
    FileHandle.standardError.write(Data("PeerGenerate: \(error)\n".utf8))
    exit(1)
}
