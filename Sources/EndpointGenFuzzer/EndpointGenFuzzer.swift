// The fuzz target: bytes as a spec through the whole in-memory pipeline (load → decode → validate → generate).
//
// Built with `-DFUZZING` and libFuzzer (`Tests/Fuzz/run.sh`), libFuzzer's `main` calls `fuzzOne` with each input.
// Built plainly, as `swift build` does, it is the reproducer: `EndpointGenFuzzer CRASH-FILE...` runs each file.
// Either way a crash, a hang or a memory blow-up is a bug in the pipeline. Not a product: nothing ships it.
import EndpointCodegen
import EndpointSpec
import Foundation

/// The default templates, parsed once for the process (which is why leak detection is off for fuzzing).
let generator: CodeGenerator = {
    do {
        return CodeGenerator(templates: try TemplateSet.defaults())
    } catch {
        fatalError("the default templates do not parse: \(error)")
    }
}()

/// Runs one input through every stage; generation runs only for a spec without errors, as in `generate`.
func runPipeline(_ bytes: [UInt8]) {
    let output = SpecLoader().load(bytes, file: "fuzz.yaml")
    for diagnostic in output.diagnostics { _ = diagnostic.description }
    guard let spec = output.resolved else { return }
    for files in [1, 3] {
        _ = try? generator.generate(spec, specPath: "fuzz.yaml", options: GeneratorOptions(fileCount: files))
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    runPipeline(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
/// The reproducer: runs each file named on the command line through the pipeline once.
@main
enum Reproducer {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            print("usage: EndpointGenFuzzer FILE...  (runs each file through the pipeline; see Tests/Fuzz/README.md)")
            exit(2)
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                exit(1)
            }
            runPipeline([UInt8](data))
            print("\(path): ok")
        }
    }
}
#endif
