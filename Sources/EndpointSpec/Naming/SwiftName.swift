/// Turns names written in a spec into Swift identifiers.
///
/// Validation uses it to find spec names that would become the same Swift name; code generation uses it to
/// name what it emits, so both always agree. The result is a valid identifier in every case: words are split
/// at anything Swift does not allow in an identifier (dashes, spaces, dots, punctuation) and joined in camel
/// case, a leading digit gets a `_` in front, and a name with no usable character at all is spelled from the
/// Unicode names of its characters (`+` becomes `plusSign`). Keywords are returned as they are: whoever prints
/// the identifier escapes them with backticks (see ``isKeyword(_:)``).
package enum SwiftName {
    /// The name as an UpperCamelCase type name: `user-profile` → `UserProfile`.
    ///
    /// `Type`, `Protocol`, `Self` and `Any` get a leading `_`: after a dot Swift reads them as metatypes or
    /// keywords even in backticks, so a nested type of that name could not be constructed.
    package static func typeName(_ name: String) -> String {
        let result = identifier(from: name, upperFirst: true)
        return metatypeNames.contains(result) ? "_" + result : result
    }

    private static let metatypeNames: Set<String> = ["Type", "Protocol", "Self", "Any"]

    /// The name as a lowerCamelCase member name: `first_name` → `firstName`, `URLPath` → `urlPath`.
    package static func memberName(_ name: String) -> String {
        identifier(from: name, upperFirst: false)
    }

    /// The case name of an enum value (`value`, or its `name`): a member name, except that `none` becomes `_none`,
    /// because `.none` beside an optional of the enum means `Optional.none` to Swift (a comparison
    /// `kind == .none` warns, and is an error under warnings-as-errors).
    package static func enumCaseName(_ name: String) -> String {
        let member = memberName(name)
        return member == "none" ? "_none" : member
    }

    /// Whether `identifier` must be written in backticks where a declaration or member name stands.
    package static func isKeyword(_ identifier: String) -> Bool {
        // Most names are not keywords, and most of those fall where no keyword does in `keywordFilter`: they are
        // answered without hashing the name, which costs more than the filter's one bit test.
        let bit = keywordFilterBit(identifier)
        guard keywordFilter[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { return false }
        return keywords.contains(identifier)
    }

    /// A bit for each keyword, at `keywordFilterBit(_:)` of it; built from `keywords`, so every keyword has its
    /// bit set.
    private static let keywordFilter: [UInt64] = {
        var filter = [UInt64](repeating: 0, count: 4)
        for keyword in keywords {
            let bit = keywordFilterBit(keyword)
            filter[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        return filter
    }()

    /// Where a name falls in `keywordFilter`: a mix of its length and its first and last bytes, in 0..<256.
    private static func keywordFilterBit(_ name: String) -> Int {
        let utf8 = name.utf8
        guard let first = utf8.first, let last = utf8.last else { return 0 }
        return (utf8.count &* 37 &+ Int(first) &* 11 &+ Int(last)) & 255
    }

    /// Swift's reserved words (declarations, statements, expressions, types and patterns) plus the contextual
    /// ones that would confuse a reader or the parser in generated code.
    package static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "precedencegroup",
        "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break",
        "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
        "Self", "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    // MARK: Building identifiers

    private static func identifier(from name: String, upperFirst: Bool) -> String {
        // Most names are already plain ASCII camel case; they come out unchanged, without splitting into words.
        if isPlainCamelCase(name, upperFirst: upperFirst) { return name }
        var words = self.words(in: name)
        if words.isEmpty { words = spelledOut(name) }
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 && !upperFirst {
                result += lowercasingLeadingCapitals(word)
            } else {
                result += uppercasingFirst(word)
            }
        }
        if let first = result.unicodeScalars.first, !isIdentifierHead(first) {
            result = "_" + result
        }
        return result
    }

    /// Whether `name` is ASCII letters and digits only, starting with a letter of the wanted case: what
    /// `identifier(from:upperFirst:)` would return unchanged.
    private static func isPlainCamelCase(_ name: String, upperFirst: Bool) -> Bool {
        // The contiguous bytes when the string has them (native and small strings do), else its UTF-8 view.
        name.utf8.withContiguousStorageIfAvailable { isPlainCamelCase($0, upperFirst: upperFirst) }
            ?? isPlainCamelCase(name.utf8, upperFirst: upperFirst)
    }

    private static func isPlainCamelCase(_ bytes: some Sequence<UInt8>, upperFirst: Bool) -> Bool {
        var utf8 = bytes.makeIterator()
        guard let first = utf8.next() else { return false }
        let firstIsWanted =
            upperFirst
            ? (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
            : (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
        guard firstIsWanted else { return false }
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            default:
                return false
            }
        }
        return true
    }

    /// Runs of identifier characters; everything else separates words. `_` separates words too, so
    /// `first_name` becomes two words, unless it leads the name (`_links` keeps its meaning as `links`).
    private static func words(in name: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if scalar != "_" && isIdentifierCharacter(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// Words from the Unicode names of the characters, for names made only of symbols: `-` → `hyphenMinus`.
    private static func spelledOut(_ name: String) -> [String] {
        guard !name.isEmpty else { return ["empty"] }
        var words: [String] = []
        for scalar in name.unicodeScalars {
            let unicodeName = scalar.properties.name ?? "U+\(String(scalar.value, radix: 16, uppercase: true))"
            words += self.words(in: unicodeName.lowercased())
        }
        return words.isEmpty ? ["value"] : words
    }

    /// `URLPath` → `urlPath`, `ID` → `id`, `Name` → `name`, `iOS` stays `iOS`.
    private static func lowercasingLeadingCapitals(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        var capitals = 0
        while capitals < scalars.count && scalars[capitals].properties.isUppercase { capitals += 1 }
        guard capitals > 0 else { return word }
        // In `URLPath` the `P` starts the next word and keeps its capital.
        let lowered = capitals == scalars.count || capitals == 1 ? capitals : capitals - 1
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if index < lowered {
                result.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func uppercasingFirst(_ word: String) -> String {
        guard let first = word.unicodeScalars.first else { return word }
        return String(first).uppercased() + String(word.unicodeScalars.dropFirst())
    }

    // MARK: Swift's identifier grammar (The Swift Programming Language, "Lexical Structure")

    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A) || value == 0x5F
        }
        return headRanges.contains { $0.contains(value) }
    }

    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x30 && value <= 0x39 { return true }
        if isIdentifierHead(scalar) { return true }
        return (0x0300...0x036F).contains(value) || (0x1DC0...0x1DFF).contains(value)
            || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value)
    }

    private static let headRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF,
        0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF,
        0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD,
        0x30000...0x3FFFD, 0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD,
        0x80000...0x8FFFD, 0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD,
        0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]
}
