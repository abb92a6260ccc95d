import EndpointCodegen
import EndpointSpec
import Foundation
import TestSupport
import Testing

/// Every `Specs/NAME.yaml` generates exactly the files checked in under `Sources/NAMEAPI`, which the package
/// compiles with warnings as errors; so the golden files are also compile-tested. `ENDPOINTGEN_RECORD=1 swift test`
/// rewrites them (review the diff before committing).
@Suite("Golden files")
struct GoldenFileTests {
    static let specs: [String] = {
        let folder = packageRoot.appendingPathComponent("Specs").path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    @Test("every example spec has a checked-in target", arguments: specs)
    func generatedMatchesCheckedIn(specFile: String) throws {
        let specPath = "Specs/\(specFile)"
        let output = SpecLoader().load(contentsOf: packageRoot.appendingPathComponent(specPath).path)
        let spec = try #require(output.resolved, "\(output.diagnostics.map(\.description))")
        let files = try CodeGenerator(templates: try TemplateSet.defaults()).generate(spec, specPath: specPath)
        let folder = packageRoot.appendingPathComponent("Sources/\(FileLayout.baseName(ofSpec: specFile))API")

        if isRecordingGoldenFiles {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in files {
                try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.name), options: .atomic)
            }
            return
        }
        let checkedIn = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(checkedIn.sorted() == files.map(\.name).sorted())
        for file in files {
            let expected = (try? String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)) ?? ""
            #expect(
                file.contents == expected,
                "\(file.name) differs from the checked-in file:\n\(lineDiff(expected: expected, actual: file.contents))"
            )
        }
    }
}
