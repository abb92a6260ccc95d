import EndpointSpec
import Foundation
import TestSupport
import Testing

/// Every file in `Fixtures/Invalid` is a spec with mistakes; the `.diagnostics` file beside it holds the exact
/// diagnostics it must produce, in order. `ENDPOINTGEN_RECORD=1 swift test` rewrites them (review the diff!).
@Suite("Invalid specs produce exactly their recorded diagnostics")
struct InvalidSpecFixtureTests {
    @Test("there are at least 25 invalid fixtures, each with recorded diagnostics")
    func fixturesExist() throws {
        let names = Fixtures.invalidSpecNames()
        #expect(names.count >= 25)
        for name in names {
            let expected = Fixtures.invalidDirectory.appendingPathComponent("\(name).diagnostics")
            #expect(FileManager.default.fileExists(atPath: expected.path), "no \(name).diagnostics")
        }
    }

    @Test("the diagnostics match", arguments: Fixtures.invalidSpecNames())
    func diagnosticsMatch(name: String) throws {
        let specURL = Fixtures.invalidDirectory.appendingPathComponent("\(name).yaml")
        let expectedURL = Fixtures.invalidDirectory.appendingPathComponent("\(name).diagnostics")
        let output = SpecLoader().load([UInt8](try Data(contentsOf: specURL)), file: "\(name).yaml")
        let actual = output.diagnostics.map(\.description).joined(separator: "\n") + "\n"

        if isRecordingGoldenFiles {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(actual == expected, "\(name).yaml diagnostics differ:\n\(lineDiff(expected: expected, actual: actual))")
        #expect(output.diagnostics.containsErrors == (output.spec == nil))
        #expect(!output.diagnostics.isEmpty, "a fixture in Invalid/ must produce at least one diagnostic")
    }
}
