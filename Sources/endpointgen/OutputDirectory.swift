import EndpointCodegen
import EndpointSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The folder generated files go to: writes only files whose bytes change, and removes files it generated
/// earlier from the same spec that are no longer generated (for example after a change of `--files`), known by
/// their names (`Shop+Models3.swift`), so custom templates change nothing about it.
struct OutputDirectory {
    /// What bringing the folder up to date does (or, with `--check`, would do).
    struct Changes {
        var written: [String] = []
        var unchanged: [String] = []
        var removed: [String] = []

        var isEmpty: Bool { written.isEmpty && removed.isEmpty }
    }

    let path: String

    /// Compares `files` (generated from the spec file `specFileName`) with the folder; writes unless `dryRun`.
    func update(with files: [GeneratedFile], specFileName: String, dryRun: Bool) throws -> Changes {
        var changes = Changes()
        if !dryRun {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        for file in files {
            let filePath = PathText.joining(path, file.name)
            // Copied as one block: `Data(file.contents.utf8)` appends byte by byte.
            var contents = file.contents
            let bytes = contents.withUTF8 { Data($0) }
            if FileManager.default.contents(atPath: filePath) == bytes {
                changes.unchanged.append(filePath)
                continue
            }
            changes.written.append(filePath)
            if !dryRun { try bytes.write(to: URL(fileURLWithPath: filePath), options: .atomic) }
        }
        let current = Set(files.map(\.name))
        // Ours by name, not by content: a custom header template must not keep stale files alive.
        let base = FileLayout.baseName(ofSpec: specFileName)
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in existing.sorted()
        where !current.contains(name) && FileLayout.isGeneratedFileName(name, base: base) {
            let filePath = PathText.joining(path, name)
            changes.removed.append(filePath)
            if !dryRun { try FileManager.default.removeItem(atPath: filePath) }
        }
        return changes
    }
}
