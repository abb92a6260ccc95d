// One source file, compiled into both plugins and into endpointgen (each has a `PluginsShared` link to this
// folder), so the rules a plugin must know before the tool runs cannot drift from the tool's own.

/// The files around a spec: which files are specs, what the generated files are called, and how many there are
/// when the count is automatic. A build plugin declares its outputs with these before endpointgen runs.
enum SpecFiles {
    /// The names a spec goes by in a target: `NAME.endpoints.yaml`, or an OpenAPI document `NAME.openapi.yaml` (or
    /// `.yml`, `.json`).
    static let targetSpecSuffixes = [
        ".endpoints.yaml", ".endpoints.yml", ".openapi.yaml", ".openapi.yml", ".openapi.json",
    ]

    /// The configuration beside the specs of a target.
    static let configurationFileName = "endpointgen.yaml"

    /// Whether a target's file named `fileName` is a spec the plugins generate from.
    static func isTargetSpec(fileName: String) -> Bool {
        targetSpecSuffixes.contains { fileName.hasSuffix($0) }
    }

    /// `Shop` for `Sources/App/Shop.endpoints.yaml`, and for a spec given to the CLI as `Specs/Shop.yaml`.
    static func baseName(ofSpec path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in targetSpecSuffixes + [".yaml", ".yml", ".json"] where file.hasSuffix(suffix) {
            return String(file.dropLast(suffix.count))
        }
        return file
    }

    /// The generated files of the spec named `base` spread over `fileCount` files of each kind, in the order they
    /// are generated: `Shop.swift`, then `Shop+Models.swift` (or `Shop+Models1.swift` …), then the endpoints.
    static func generatedFileNames(base: String, fileCount: Int) -> [String] {
        ["\(base).swift"] + numbered(base + "+Models", fileCount) + numbered(base + "+Endpoints", fileCount)
    }

    /// `Shop+Models.swift` for one file, `Shop+Models1.swift` … for several.
    private static func numbered(_ stem: String, _ count: Int) -> [String] {
        count == 1 ? ["\(stem).swift"] : (1...count).map { "\(stem)\($0).swift" }
    }

    /// Whether `fileName` is a name the spec named `base` gives a generated file, for any file count: `Shop.swift`,
    /// `Shop+Models.swift`, `Shop+Models3.swift`, `Shop+Endpoints12.swift`. Decides which files of an output folder
    /// were generated, whatever the templates write into them.
    static func isGeneratedFileName(_ fileName: String, base: String) -> Bool {
        if fileName == "\(base).swift" { return true }
        for kind in ["+Models", "+Endpoints"] {
            let prefix = base + kind
            guard fileName.hasPrefix(prefix), fileName.hasSuffix(".swift") else { continue }
            let number = fileName.dropFirst(prefix.count).dropLast(".swift".count)
            if number.isEmpty || (number.first != "0" && number.allSatisfy(\.isASCII) && Int(number) != nil) {
                return true
            }
        }
        return false
    }

    /// Spec text per file of each kind when the count is automatic (`files: auto`, the default): a spec of up to
    /// 16 KiB (about 80 endpoints without documentation, or 30 with it) keeps one models file and one endpoints
    /// file, and each further 16 KiB adds one of each, so a build can compile them in parallel.
    static let automaticBytesPerFile = 16_384

    /// The most files of each kind an automatic count chooses: beyond it more files mostly add per-file work.
    static let automaticMaximumFileCount = 8

    /// The number of files of each kind for a spec of `specByteCount` bytes when the count is automatic: it depends
    /// only on the spec's size, so a plugin can work it out before the tool runs.
    static func automaticFileCount(specByteCount: Int) -> Int {
        let count = (max(0, specByteCount) + automaticBytesPerFile - 1) / automaticBytesPerFile
        return min(automaticMaximumFileCount, max(1, count))
    }
}
