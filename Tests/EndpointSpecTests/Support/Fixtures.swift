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

    /// Whether golden files should be rewritten instead of compared (`ENDPOINTGEN_RECORD=1`).
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["ENDPOINTGEN_RECORD"] == "1"
    }
}

/// A line-by-line comparison that shows only what differs.
func lineDiff(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var report: [String] = []
    for index in 0..<max(expectedLines.count, actualLines.count) {
        let want = index < expectedLines.count ? String(expectedLines[index]) : nil
        let got = index < actualLines.count ? String(actualLines[index]) : nil
        guard want != got else { continue }
        if let want { report.append("- \(want)") }
        if let got { report.append("+ \(got)") }
    }
    return report.joined(separator: "\n")
}
