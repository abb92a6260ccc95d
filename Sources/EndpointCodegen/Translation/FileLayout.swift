/// Which output file holds what. The names depend only on the spec's file name and the options, so a build
/// plugin can declare them before the tool runs; assignment to files hashes names, so adding one model or
/// endpoint moves nothing else.
package enum FileLayout {
    /// The output files for a spec file such as `Specs/Shop.yaml`, in the order they are generated.
    package static func fileNames(forSpec specPath: String, fileCount: Int) -> [String] {
        let base = baseName(ofSpec: specPath)
        return [mainFileName(base)] + modelFileNames(base, fileCount) + endpointFileNames(base, fileCount)
    }

    /// `Shop` for `Specs/Shop.yaml` and for `Sources/App/Shop.endpoints.yaml` (the build plugin's naming rule).
    package static func baseName(ofSpec specPath: String) -> String {
        let file = specPath.split(separator: "/").last.map(String.init) ?? specPath
        for suffix in [".endpoints.yaml", ".endpoints.yml", ".yaml", ".yml"] where file.hasSuffix(suffix) {
            return String(file.dropLast(suffix.count))
        }
        return file
    }

    /// Whether `fileName` is a name this layout gives a file of the spec named `base`, for any file count:
    /// `Shop.swift`, `Shop+Models.swift`, `Shop+Models3.swift`, `Shop+Endpoints12.swift`. Decides which files
    /// of an output folder were generated from the spec, whatever the templates write into them.
    package static func isGeneratedFileName(_ fileName: String, base: String) -> Bool {
        if fileName == mainFileName(base) { return true }
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

    static func mainFileName(_ base: String) -> String { "\(base).swift" }

    static func modelFileNames(_ base: String, _ count: Int) -> [String] {
        count == 1 ? ["\(base)+Models.swift"] : (1...count).map { "\(base)+Models\($0).swift" }
    }

    static func endpointFileNames(_ base: String, _ count: Int) -> [String] {
        count == 1 ? ["\(base)+Endpoints.swift"] : (1...count).map { "\(base)+Endpoints\($0).swift" }
    }

    /// The file (0-based) that `name` goes to: FNV-1a of its UTF-8, so it is the same on every machine and run.
    /// With one file there is nothing to hash.
    static func shard(of name: String, count: Int) -> Int {
        guard count > 1 else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }
}
