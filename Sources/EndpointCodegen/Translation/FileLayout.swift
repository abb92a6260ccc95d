/// Which output file holds what. The names depend only on the spec's file name and the options, so a build
/// plugin can declare them before the tool runs: they are ``SpecFiles``' rules, one source file that the plugins
/// compile too (`Plugins/PluginsShared`). Assignment to files hashes names, so adding one model or endpoint moves
/// nothing else.
package enum FileLayout {
    /// The output files for a spec file such as `Specs/Shop.yaml`, in the order they are generated.
    package static func fileNames(forSpec specPath: String, fileCount: Int) -> [String] {
        SpecFiles.generatedFileNames(base: baseName(ofSpec: specPath), fileCount: fileCount)
    }

    /// `Shop` for `Specs/Shop.yaml` and for `Sources/App/Shop.endpoints.yaml` (the build plugin's naming rule).
    package static func baseName(ofSpec specPath: String) -> String {
        SpecFiles.baseName(ofSpec: specPath)
    }

    /// Whether `fileName` is a name this layout gives a file of the spec named `base`, for any file count.
    package static func isGeneratedFileName(_ fileName: String, base: String) -> Bool {
        SpecFiles.isGeneratedFileName(fileName, base: base)
    }

    /// The number of files of each kind for a spec of `specByteCount` bytes when the count is automatic
    /// (`files: auto`): one of each per ``SpecFiles/automaticBytesPerFile`` of spec, at most
    /// ``SpecFiles/automaticMaximumFileCount``. The build plugin compiles the same rule.
    package static func automaticFileCount(specByteCount: Int) -> Int {
        SpecFiles.automaticFileCount(specByteCount: specByteCount)
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
