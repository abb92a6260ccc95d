import Testing

@testable import EndpointSpec

@Suite("Type expressions")
struct TypeExpressionTests {
    @Test("every built-in type is found by its name, and only by its exact name")
    func builtinNames() {
        for type in BuiltinType.allCases {
            #expect(BuiltinType.named(type.rawValue) == type)
            #expect(BuiltinType.named(type.rawValue.lowercased()) == nil)
            #expect(BuiltinType.named(type.rawValue + "s") == nil)
            #expect(BuiltinType.named(String(type.rawValue.dropLast())) == nil)
        }
        for name in ["", "Item", "Integer", "Ü", "é", "Strin\u{67}\u{301}", "Upload?"] {
            #expect(BuiltinType.named(name) == nil, "\(name)")
        }
    }

    @Test(
        "valid types parse and print normalized",
        arguments: [
            ("String", "String"), ("Int?", "Int?"), ("[Event]", "[Event]"), ("[String: Int]", "[String: Int]"),
            ("[ String : [Item?] ]?", "[String: [Item?]]?"), ("[[Int]]", "[[Int]]"), ("JSON", "JSON"),
            ("  Date ", "Date"), ("user-profile", "user-profile"), ("Void", "Void"), ("Shop.Item", "Shop.Item"),
        ])
    func valid(text: String, printed: String) throws {
        let type = try TypeExpressionParser.parse(text).get()
        #expect(type.description == printed)
    }

    @Test(
        "a dictionary reads the same whether its spelling takes the short path or the full parser",
        arguments: [
            ("[String:Bool]", TypeExpression.dictionary(.builtin(.bool))),
            ("[String: Bool]?", .optional(.dictionary(.builtin(.bool)))),
            ("[String:   Item]", .dictionary(.model("Item"))),
            ("[String : Item]", .dictionary(.model("Item"))),
            ("[ String: Item ]?", .optional(.dictionary(.model("Item")))),
            ("[String: [Item]]", .dictionary(.array(.model("Item")))), ("[String]", .array(.builtin(.string))),
            ("[Strings: Item]", nil), ("[String: ]", nil), ("[String:Item?]", .dictionary(.optional(.model("Item")))),
        ])
    func dictionaries(text: String, expected: TypeExpression?) {
        #expect((try? TypeExpressionParser.parse(text).get()) == expected, "\(text)")
    }

    @Test("built-in names are built-ins, other names models")
    func builtinsAndModels() throws {
        #expect(try TypeExpressionParser.parse("[UUID]").get() == .array(.builtin(.uuid)))
        #expect(try TypeExpressionParser.parse("Customer?").get() == .optional(.model("Customer")))
        #expect(try TypeExpressionParser.parse("[String: Tier]").get().modelNames == ["Tier"])
    }

    @Test(
        "malformed types report what and where",
        arguments: [
            ("[String", 7, "expected ']'"), ("String??", 7, "optional once"),
            ("[Int: String]", 1, "keys must be 'String'"),
            ("Array<Int>", 5, "generic types"), ("", 0, "expected a type"), ("A B", 2, "unexpected 'B'"),
            ("[]", 1, "expected a type name"), ("?", 0, "expected a type name"),
            ("[String:]", 8, "expected a type name"),
            ("[A]]", 3, "unexpected ']'"), ("Int, String", 3, "unexpected ', String'"),
        ])
    func malformed(text: String, offset: Int, message: String) {
        guard case .failure(let failure) = TypeExpressionParser.parse(text) else {
            Issue.record("'\(text)' parsed")
            return
        }
        #expect(failure.offset == offset)
        #expect(failure.message.contains(message), "\(failure.message)")
    }

    @Test("brackets nest to the limit; one more is an error at that bracket; 100,000 do not exhaust the stack")
    func nestedBrackets() throws {
        func text(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
        }
        let limit = TypeExpressionParser.maximumNesting
        #expect(try TypeExpressionParser.parse(text(limit)).get().description == text(limit))
        for depth in [limit + 1, 100_000] {
            guard case .failure(let failure) = TypeExpressionParser.parse(text(depth)) else {
                Issue.record("\(depth) levels parsed")
                continue
            }
            #expect(failure.offset == limit)
        }
        let dictionaries =
            String(repeating: "[String: ", count: limit + 1) + "Int" + String(repeating: "]", count: limit + 1)
        #expect((try? TypeExpressionParser.parse(dictionaries).get()) == nil)
    }
}
