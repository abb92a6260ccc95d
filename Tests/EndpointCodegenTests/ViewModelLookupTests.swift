import Foundation
import Testing

/// Templates find fields through hand-kept `value(of:)` switches (reflection was too slow); a field missing
/// there would render as empty text, so every field of every view struct must have its case.
@Suite("View-model lookups")
struct ViewModelLookupTests {
    @Test("every field of every view struct is reachable from templates")
    func lookupsCoverFields() throws {
        let folder = packageRoot.appendingPathComponent("Sources/EndpointCodegen/ViewModel")
        let model = try String(contentsOf: folder.appendingPathComponent("ViewModel.swift"), encoding: .utf8)
        let lookups = try String(contentsOf: folder.appendingPathComponent("ViewModel+Template.swift"), encoding: .utf8)

        var structs: [String: [String]] = [:]
        var current: String?
        for line in model.split(separator: "\n") {
            if line.hasPrefix("struct "), let name = line.dropFirst(7).split(separator: ":").first {
                current = String(name)
                structs[String(name)] = []
            } else if line == "}" {
                current = nil
            } else if let current, line.hasPrefix("    var "), let field = line.dropFirst(8).split(separator: ":").first
            {
                structs[current]?.append(String(field))
            }
        }
        #expect(structs.count >= 10)
        for (name, fields) in structs {
            let start = try #require(lookups.range(of: "extension \(name): TemplateContext {"), "no lookup for \(name)")
            let extensionText = lookups[start.upperBound...].components(separatedBy: "\nextension ")[0]
            for field in fields {
                let lookup = try Regex("case \\.\(field): return \\.[a-zA-Z]+\\(self\\.\(field)\\)\n")
                #expect(extensionText.contains(lookup), "\(name).\(field) has no lookup")
            }
        }
    }
}
