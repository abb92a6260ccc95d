import Foundation

/// Files kept beside the tests, found from this source file's path so no resource bundle is needed.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let invalidDirectory = directory.appendingPathComponent("Invalid")

    /// The repository's `Specs/` folder.
    static let specsDirectory =
        directory
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Specs")

    /// The names of the invalid specs, without extension, sorted.
    static func invalidSpecNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: invalidDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The example specs in `Specs/`, sorted.
    static func exampleSpecNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: specsDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.sorted()
    }
}
