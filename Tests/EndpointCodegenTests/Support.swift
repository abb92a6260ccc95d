import EndpointCodegen
import EndpointSpec
import Foundation
import Testing

/// The repository's root, found from this file.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Loads a spec from text, failing the test on any diagnostic.
func spec(_ text: String, file: String = "Test.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> ResolvedSpec
{
    let output = SpecLoader().load(text, file: file)
    #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.description))", sourceLocation: sourceLocation)
    return try #require(output.resolved, sourceLocation: sourceLocation) as ResolvedSpec
}

/// Generates files for a spec written inline, by file name.
func generate(_ text: String, options: GeneratorOptions = GeneratorOptions()) throws -> [String: String] {
    let files = try CodeGenerator(templates: try TemplateSet.defaults()).generate(
        try spec(text), specPath: "Specs/Test.yaml", options: options)
    return Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
}

/// Expects `snippet` to appear in `text` as consecutive lines, reporting the nearest difference otherwise.
func expectContains(_ text: String?, _ snippet: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let text = text ?? ""
    guard !text.contains(snippet) else { return }
    Issue.record("the generated code lacks:\n\(snippet)\n--- generated ---\n\(text)", sourceLocation: sourceLocation)
}
