import EndpointSpec

/// Spelling values as Swift source: identifiers, string literals, doc comments.
enum SwiftSource {
    /// The parts one after another, as one string allocated once at its final size and filled by copying bytes:
    /// what `"\(a)…\(b)"` makes, for the lines written for every property and endpoint, where interpolation
    /// appends piece by piece and grows the string as it goes.
    ///
    /// One overload per number of parts, rather than a variadic parameter: the parts travel as a tuple on the
    /// stack, where a variadic call allocated an array for them (and freed it) every time.
    @inline(__always)
    static func concatenated(_ a: String, _ b: String) -> String { concatenated(parts: (a, b)) }

    @inline(__always)
    static func concatenated(_ a: String, _ b: String, _ c: String) -> String { concatenated(parts: (a, b, c)) }

    @inline(__always)
    static func concatenated(_ a: String, _ b: String, _ c: String, _ d: String) -> String {
        concatenated(parts: (a, b, c, d))
    }

    @inline(__always)
    static func concatenated(_ a: String, _ b: String, _ c: String, _ d: String, _ e: String) -> String {
        concatenated(parts: (a, b, c, d, e))
    }

    @inline(__always)
    static func concatenated(_ a: String, _ b: String, _ c: String, _ d: String, _ e: String, _ f: String) -> String {
        concatenated(parts: (a, b, c, d, e, f))
    }

    @inline(__always)
    static func concatenated(_ a: String, _ b: String, _ c: String, _ d: String, _ e: String, _ f: String, _ g: String)
        -> String
    { concatenated(parts: (a, b, c, d, e, f, g)) }

    @inline(__always)
    static func concatenated(
        _ a: String, _ b: String, _ c: String, _ d: String, _ e: String, _ f: String, _ g: String, _ h: String
    ) -> String { concatenated(parts: (a, b, c, d, e, f, g, h)) }

    @inline(__always)
    static func concatenated(
        _ a: String, _ b: String, _ c: String, _ d: String, _ e: String, _ f: String, _ g: String, _ h: String,
        _ i: String
    ) -> String { concatenated(parts: (a, b, c, d, e, f, g, h, i)) }

    /// `parts`, a tuple of strings only, concatenated: a tuple of one type is laid out as an array of it.
    @inline(__always)
    private static func concatenated<Parts>(parts: Parts) -> String {
        withUnsafeBytes(of: parts) { bytes in concatenated(bytes.assumingMemoryBound(to: String.self)) }
    }

    private static func concatenated(_ parts: UnsafeBufferPointer<String>) -> String {
        var count = 0
        for part in parts { count += part.utf8.count }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for part in parts {
                let start = offset
                offset +=
                    part.utf8.withContiguousStorageIfAvailable { bytes in
                        UnsafeMutableBufferPointer(rebasing: buffer[start...]).initialize(fromContentsOf: bytes)
                    } ?? UnsafeMutableBufferPointer(rebasing: buffer[start...]).initialize(from: part.utf8).1
            }
            return offset
        }
    }

    /// Whether every UTF-8 byte of `text` passes `test`: a loop over the string's contiguous bytes, where
    /// `allSatisfy` over the UTF-8 view steps through its index one byte at a time.
    @inline(__always)
    private static func allBytes(of text: String, are test: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where !test(byte) { return false }
            return true
        } ?? text.utf8.allSatisfy(test)
    }

    /// An identifier, in backticks when it is a keyword.
    static func identifier(_ name: String) -> String {
        SwiftName.isKeyword(name) ? "`\(name)`" : name
    }

    /// How many characters `text` shows, for deciding whether a declaration fits on one line: its byte count when
    /// it is ASCII, which `count` would find by walking grapheme clusters.
    static func width(_ text: String) -> Int {
        // One OR over the contiguous bytes (the compiler vectorizes it); a byte-by-byte `allSatisfy` over the UTF-8
        // view cost as much as `count`.
        let isASCII =
            text.utf8.withContiguousStorageIfAvailable { bytes in bytes.reduce(0, |) < 0x80 } ?? false
        return isASCII ? text.utf8.count : text.count
    }

    /// A parameter's declaration and the name its body uses: a parameter named `self` would hide `self`, so it
    /// keeps its label but is called `selfValue` inside.
    static func parameter(label: String) -> (declaration: String, use: String) {
        label == "`self`" ? ("`self` selfValue", "selfValue") : (label, label)
    }

    /// A string literal whose text is exactly `text`: quotes, backslashes (so `\(` cannot interpolate),
    /// line breaks and other control characters are escaped.
    static func stringLiteral(_ text: String) -> String {
        isPlainLiteralText(text) ? "\"\(text)\"" : "\"" + escapedLiteralText(text) + "\""
    }

    /// What goes between a string literal's quotes for `text`, escaped as ``stringLiteral(_:)`` escapes it: the
    /// literal parts of an interpolated string.
    static func stringLiteralContent(_ text: String) -> String {
        isPlainLiteralText(text) ? text : escapedLiteralText(text)
    }

    /// Whether `text` is printable ASCII without quotes or backslashes, which a literal holds as it is.
    private static func isPlainLiteralText(_ text: String) -> Bool {
        allBytes(of: text, are: { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C })
    }

    private static func escapedLiteralText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || isLineBreak(scalar) || isInvisible(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `///` lines for documentation text. Every kind of line break starts a new `///` line, so no text can end
    /// the comment and become code; `*/`, `"""`, `\(` and backticks are inert inside line comments.
    static func docLines(_ paragraphs: [String?]) -> [String] {
        var lines: [String] = []
        for case let paragraph? in paragraphs {
            // Most paragraphs are one line of printable ASCII: one `///` line, without splitting into an array.
            if let line = singleLine(paragraph) {
                guard !line.isEmpty else { continue }
                if !lines.isEmpty { lines.append("///") }
                lines.append(concatenated("/// ", String(line)))
                continue
            }
            var paragraphLines = split(paragraph)
            while paragraphLines.last?.isEmpty == true { paragraphLines.removeLast() }
            while paragraphLines.first?.isEmpty == true { paragraphLines.removeFirst() }
            guard !paragraphLines.isEmpty else { continue }
            if !lines.isEmpty { lines.append("///") }
            lines += paragraphLines.map { $0.isEmpty ? "///" : "/// \($0)" }
        }
        return lines
    }

    /// The text as one line, trailing spaces and tabs trimmed, when it is printable ASCII (tabs allowed), which
    /// holds no line break and nothing to drop; nil otherwise.
    private static func singleLine(_ text: String) -> Substring? {
        guard allBytes(of: text, are: { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) else { return nil }
        var end = text.utf8.endIndex
        while end > text.utf8.startIndex {
            let previous = text.utf8.index(before: end)
            guard text.utf8[previous] == 0x20 || text.utf8[previous] == 0x09 else { break }
            end = previous
        }
        return text[..<end]
    }

    /// The lines of text that is not a ``singleLine(_:)`` (``docLines(_:)`` has tried that first), each with its
    /// trailing spaces trimmed and control characters dropped.
    private static func split(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = scalar == "\r"
            if isLineBreak(scalar) || scalar == "\n" || scalar == "\r" {
                lines.append(trimmingTrailingSpaces(String(current)))
                current = String.UnicodeScalarView()
            } else if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
                continue
            } else {
                current.append(scalar)
            }
        }
        lines.append(trimmingTrailingSpaces(String(current)))
        return lines
    }

    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Line breaks besides `\n` and `\r` that editors or the compiler may honour.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        [0x0B, 0x0C, 0x85, 0x2028, 0x2029].contains(scalar.value)
    }

    /// Characters that would hide what a literal really says (bidirectional overrides and the like).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0xFEFF
    }
}
