/// Parses the type grammar of the spec format:
///
/// ```
/// type    := primary '?'?
/// primary := '[' type ']' | '[' 'String' ':' type ']' | 'Expandable' '<' name '>' | name
/// ```
///
/// `name` is a built-in type or a model name. Spaces between tokens are allowed. Brackets nest at most
/// ``maximumNesting`` deep, so that no later stage recurses without a bound on what a spec wrote.
enum TypeExpressionParser {
    /// How deep `[…]` may nest in one type; `[[[[[[[[Item]]]]]]]]` is 8. Real APIs stay below 4, and every stage
    /// after the parser (validation, naming, the compiler itself) walks types recursively.
    static let maximumNesting = 32

    /// What is wrong with a type expression, and at which character (0-based) of the text.
    struct Failure: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// Whether the character ends a type name.
    static func isDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        // A switch, not a Set: this runs for every character of every type in a spec.
        switch scalar {
        case "[", "]", ":", "?", " ", "\t", ",", "<", ">", "{", "}": return true
        default: return false
        }
    }

    static func parse(_ text: String) -> Result<TypeExpression, Failure> {
        if let simple = simpleType(text) { return .success(simple) }
        var parser = Cursor(Array(text.unicodeScalars))
        do {
            parser.skipSpaces()
            if parser.isAtEnd {
                throw Failure(message: "expected a type such as 'String', '[Item]' or 'Item?'", offset: 0)
            }
            let type = try parser.parseType()
            parser.skipSpaces()
            if !parser.isAtEnd {
                let rest = Diagnostic.excerpt(
                    String(String.UnicodeScalarView(parser.scalars[parser.index...])), limit: 40)
                throw Failure(message: "unexpected '\(rest)' after the type '\(type)'", offset: parser.index)
            }
            return .success(type)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "\(error)", offset: 0))
        }
    }

    /// Most types are `Name`, `Name?`, `[Name]`, `[String: Name]`, each optional or not, with no other spaces;
    /// those need no cursor. Read over the text's bytes with integer offsets; nil sends anything else (and text
    /// without contiguous bytes) to the cursor.
    private static func simpleType(_ text: String) -> TypeExpression? {
        enum Collection { case none, array, dictionary }
        let shape: (name: String, collection: Collection, isOptional: Bool)? =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var start = 0
                var end = bytes.count
                let isOptional = end > start && bytes[end - 1] == UInt8(ascii: "?")
                if isOptional { end -= 1 }
                var collection = Collection.none
                if end - start >= 2 && bytes[start] == UInt8(ascii: "[") && bytes[end - 1] == UInt8(ascii: "]") {
                    start += 1
                    end -= 1
                    collection = .array
                    // `String:`, then spaces, then the value's name.
                    let key = "String:".utf8
                    if end - start > key.count && bytes[start..<(start + key.count)].elementsEqual(key) {
                        start += key.count
                        while start < end && bytes[start] == UInt8(ascii: " ") { start += 1 }
                        collection = .dictionary
                    }
                }
                guard start < end, bytes[start..<end].allSatisfy(isNameByte) else { return nil }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                return (name, collection, isOptional)
            } ?? nil
        guard let shape else { return nil }
        var type = BuiltinType.named(shape.name).map(TypeExpression.builtin) ?? .model(shape.name)
        switch shape.collection {
        case .none: break
        case .array: type = .array(type)
        case .dictionary: type = .dictionary(type)
        }
        if shape.isOptional { type = .optional(type) }
        return type
    }

    /// ASCII letters, digits and `_`: bytes that a type name made only of them may hold.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    private struct Cursor {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// How many `[` are open at `index`.
        var depth = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var isAtEnd: Bool { index >= scalars.count }
        var current: Unicode.Scalar? { isAtEnd ? nil : scalars[index] }

        mutating func skipSpaces() {
            while let current, current == " " || current == "\t" { index += 1 }
        }

        mutating func parseType() throws -> TypeExpression {
            var type = try parsePrimary()
            skipSpaces()
            if current == "?" {
                index += 1
                type = .optional(type)
                skipSpaces()
                if current == "?" {
                    throw Failure(
                        message: "a type is optional once at most: write '\(type)' instead of '\(type)?'",
                        offset: index)
                }
            }
            return type
        }

        mutating func parsePrimary() throws -> TypeExpression {
            skipSpaces()
            guard let current else {
                throw Failure(message: "expected a type after this point", offset: index)
            }
            if current == "[" {
                return try parseCollection()
            }
            let start = index
            while let scalar = self.current, !TypeExpressionParser.isDelimiter(scalar) { index += 1 }
            guard index > start else {
                throw Failure(message: "expected a type name, found '\(current)'", offset: start)
            }
            let name = String(String.UnicodeScalarView(scalars[start..<index]))
            skipSpaces()
            if self.current == "<" {
                guard name == "Expandable" else {
                    throw Failure(
                        message: "generic types such as '\(name)<...>' are not part of the type grammar; "
                            + "write '[T]', '[String: T]', 'T?' or 'Expandable<Model>'", offset: index)
                }
                return try parseExpandable()
            }
            if let builtin = BuiltinType.named(name) { return .builtin(builtin) }
            return .model(name)
        }

        /// `Expandable<Model>`, after its name: a model's id or the model.
        mutating func parseExpandable() throws -> TypeExpression {
            let open = index
            index += 1
            skipSpaces()
            let start = index
            while let scalar = current, !TypeExpressionParser.isDelimiter(scalar) { index += 1 }
            let model = String(String.UnicodeScalarView(scalars[start..<index]))
            guard !model.isEmpty, BuiltinType.named(model) == nil else {
                throw Failure(
                    message: "'Expandable<...>' takes the name of a model, whose id or whole object a value is",
                    offset: start)
            }
            try close(openedAt: open, with: ">")
            return .expandable(model)
        }

        mutating func parseCollection() throws -> TypeExpression {
            let open = index
            guard depth < TypeExpressionParser.maximumNesting else {
                throw Failure(
                    message: "the type nests '[' more than \(TypeExpressionParser.maximumNesting) levels deep; "
                        + "define a model for the inner part", offset: open)
            }
            depth += 1
            defer { depth -= 1 }
            index += 1
            let first = try parseType()
            skipSpaces()
            if current == ":" {
                guard case .builtin(.string) = first else {
                    throw Failure(
                        message: "dictionary keys must be 'String' (JSON object keys are text): write "
                            + "'[String: …]'", offset: open + 1)
                }
                index += 1
                let value = try parseType()
                try close(openedAt: open)
                return .dictionary(value)
            }
            try close(openedAt: open)
            return .array(first)
        }

        /// Steps over the `]` (or `>`) that closes the `[` (or `<`) at `open`.
        mutating func close(openedAt open: Int, with closer: Unicode.Scalar = "]") throws {
            skipSpaces()
            guard current == closer else {
                let found = current.map { "found '\($0)'" } ?? "the type ends"
                throw Failure(
                    message:
                        "expected '\(closer)' to close the '\(scalars[open])' at character \(open + 1), but \(found)",
                    offset: index)
            }
            index += 1
        }
    }
}
