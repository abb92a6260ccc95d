#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line-by-line comparison that shows only the lines that differ, for readable golden-file failures.
public func lineDiff(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var report: [String] = []
    for index in 0..<max(expectedLines.count, actualLines.count) {
        let want = index < expectedLines.count ? String(expectedLines[index]) : nil
        let got = index < actualLines.count ? String(actualLines[index]) : nil
        guard want != got else { continue }
        report.append("line \(index + 1):")
        if let want { report.append("- \(want)") }
        if let got { report.append("+ \(got)") }
    }
    return report.joined(separator: "\n")
}

/// Whether golden files should be rewritten instead of compared: `ENDPOINTGEN_RECORD=1 swift test`.
public var isRecordingGoldenFiles: Bool {
    getenv("ENDPOINTGEN_RECORD").map { String(cString: $0) } == "1"
}
