import Foundation
import Testing

@testable import EndpointCodegen

/// How generated lines are spelled.
@Suite("Swift source")
struct SwiftSourceTests {
    @Test("concatenated gives what joining gives, for every number of parts and any text", arguments: 2...9)
    func concatenated(parts count: Int) {
        // Empty, small (stored inline), long (stored on the heap), multi-byte and combining text.
        let pieces = ["", "a", "self.", String(repeating: "long ", count: 10), "é", "e\u{301}", "👩‍👩‍👧", "\u{0}", "z"]
        for offset in 0..<pieces.count {
            let parts = (0..<count).map { pieces[($0 + offset) % pieces.count] }
            #expect(concatenate(parts) == parts.joined(), "parts \(parts)")
        }
    }

    /// Calls the overload for `parts.count` parts.
    private func concatenate(_ parts: [String]) -> String {
        let p = parts
        switch p.count {
        case 2: return SwiftSource.concatenated(p[0], p[1])
        case 3: return SwiftSource.concatenated(p[0], p[1], p[2])
        case 4: return SwiftSource.concatenated(p[0], p[1], p[2], p[3])
        case 5: return SwiftSource.concatenated(p[0], p[1], p[2], p[3], p[4])
        case 6: return SwiftSource.concatenated(p[0], p[1], p[2], p[3], p[4], p[5])
        case 7: return SwiftSource.concatenated(p[0], p[1], p[2], p[3], p[4], p[5], p[6])
        case 8: return SwiftSource.concatenated(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
        case 9: return SwiftSource.concatenated(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8])
        default: preconditionFailure("no overload for \(p.count) parts")
        }
    }
}

/// The list the type namer qualifies shadowed names from.
@Suite("Type namer")
struct TypeNamerTests {
    @Test("every standard name the translator spells is in TypeNamer.standardNames")
    func standardNamesAreComplete() throws {
        // A name missing from the list would stay unqualified where a model of the same name shadows it.
        let folder = packageRoot.appendingPathComponent("Sources/EndpointCodegen/Translation")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 3)
        var names: Set<String> = []
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            // `swift("Hashable")`, `namer.runtime("Endpoint")`, `swift(flag ? "Int" : "String")`: every literal
            // inside the call's parentheses.
            for call in source.matches(of: /(?:swift|foundation|runtime)\(([^()]*"[^()]*)\)/) {
                for literal in call.output.1.matches(of: /"([A-Za-z]+)"/) { names.insert(String(literal.output.1)) }
            }
        }
        #expect(names.count > 30, "found \(names.sorted())")
        let missing = names.subtracting(TypeNamer.standardNames)
        #expect(missing.isEmpty, "missing: \(missing.sorted())")
    }
}
