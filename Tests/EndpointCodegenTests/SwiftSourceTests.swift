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
