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
        for suffix in [
            ".endpoints.yaml", ".endpoints.yml", ".openapi.yaml", ".openapi.yml", ".openapi.json", ".yaml", ".yml",
            ".json",
        ]
        where file.hasSuffix(suffix) {
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

    /// Spec text per file of each kind when the count is left to endpointgen (`files: auto`, the default): a
    /// spec of up to 16 KiB (about 80 endpoints without documentation, or 30 with it) keeps one models file and
    /// one endpoints file, and each further 16 KiB adds one of each, so a build can compile them in parallel.
    /// The build plugin (`Plugins/EndpointGenPlugin`) repeats these two values to name its outputs.
    package static let automaticBytesPerFile = 16_384

    /// The most files of each kind `files: auto` chooses: beyond it more files mostly add per-file work.
    package static let automaticMaximumFileCount = 8

    /// The number of files of each kind for a spec of `specByteCount` bytes when the count is automatic: it
    /// depends only on the spec's size, so the build plugin can work it out before the tool runs.
    package static func automaticFileCount(specByteCount: Int) -> Int {
        let count = (max(0, specByteCount) + automaticBytesPerFile - 1) / automaticBytesPerFile
        return min(automaticMaximumFileCount, max(1, count))
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
        return Int(fnv1a(name.utf8) % UInt64(count))
    }

    /// The file an endpoint goes to: the shard of `Namespace.endpoint`, hashed without building that string.
    static func shard(ofEndpoint endpoint: String, in namespace: String, count: Int) -> Int {
        guard count > 1 else { return 0 }
        let hash = fnv1a(endpoint.utf8, startingWith: fnv1a(".".utf8, startingWith: fnv1a(namespace.utf8)))
        return Int(hash % UInt64(count))
    }

    /// FNV-1a over `bytes`, continuing from `hash` (its offset basis to begin with).
    private static func fnv1a(_ bytes: String.UTF8View, startingWith hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        // A native string's bytes are contiguous: read them in place rather than through the view's iterator.
        bytes.withContiguousStorageIfAvailable { fnv1a(bytes: $0, startingWith: hash) }
            ?? fnv1a(bytes: bytes, startingWith: hash)
    }

    private static func fnv1a(bytes: some Sequence<UInt8>, startingWith hash: UInt64) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
