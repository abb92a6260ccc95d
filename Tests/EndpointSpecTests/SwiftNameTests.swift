import Testing

@testable import EndpointSpec

@Suite("Swift names")
struct SwiftNameTests {
    @Test(
        "member names",
        arguments: [
            ("first_name", "firstName"), ("firstName", "firstName"), ("FirstName", "firstName"), ("URL", "url"),
            ("URLPath", "urlPath"), ("userID", "userID"), ("X-Request-Id", "xRequestId"), ("2fa", "_2fa"),
            ("in progress", "inProgress"), ("café", "café"), ("default", "default"), ("self", "self"),
            ("_links", "links"), ("a.b.c", "aBC"), ("+", "plusSign"), ("-", "hyphenMinus"), ("", "empty"),
            ("🚀", "🚀"), ("☕", "hotBeverage"), ("1e3", "_1e3"), ("~", "tilde"), ("日本", "日本"),
        ])
    func memberNames(spec: String, swift: String) {
        #expect(SwiftName.memberName(spec) == swift)
    }

    @Test(
        "type names",
        arguments: [
            ("user-profile", "UserProfile"), ("Customer", "Customer"), ("customer", "Customer"), ("v2 api", "V2Api"),
            ("3DSecure", "_3DSecure"), ("Self", "_Self"), ("Type", "_Type"), ("protocol", "_Protocol"),
            ("élan", "Élan"),
        ])
    func typeNames(spec: String, swift: String) {
        #expect(SwiftName.typeName(spec) == swift)
    }

    @Test(
        "every result is a valid identifier", arguments: ["a-b", "9", "..", "é", "🙂x", "\u{301}a", "a\u{301}", "%%%"])
    func validIdentifiers(spec: String) {
        for name in [SwiftName.memberName(spec), SwiftName.typeName(spec)] {
            let scalars = Array(name.unicodeScalars)
            #expect(!scalars.isEmpty)
            #expect(SwiftName.isIdentifierHead(scalars[0]), "\(name)")
            #expect(scalars.allSatisfy(SwiftName.isIdentifierCharacter), "\(name)")
        }
    }

    @Test("keywords are recognized for escaping")
    func keywords() {
        #expect(SwiftName.isKeyword("default"))
        #expect(SwiftName.isKeyword("Type"))
        #expect(!SwiftName.isKeyword("name"))
    }

    @Test("isKeyword answers as the keyword list does, for every keyword and for names that differ by a little")
    func keywordFilter() {
        for keyword in SwiftName.keywords {
            #expect(SwiftName.isKeyword(keyword), "\(keyword)")
            // The same length, first and last bytes, or one byte more or less, or another case: not keywords.
            var near = [keyword + "s", String(keyword.dropLast()), keyword.uppercased(), "_" + keyword, keyword + "_"]
            if keyword.count > 2 { near.append("\(keyword.first!)x\(keyword.dropFirst(2))") }
            for name in near where !SwiftName.keywords.contains(name) {
                #expect(!SwiftName.isKeyword(name), "\(name)")
            }
        }
        for name in ["", "é", "self\u{301}", "👩‍👩‍👧", "id", "count", "createdAt", String(repeating: "let", count: 20)] {
            #expect(SwiftName.isKeyword(name) == SwiftName.keywords.contains(name), "\(name)")
        }
    }
}

@Suite("Name suggestions")
struct NameSuggesterTests {
    @Test(
        "close names are suggested",
        arguments: [
            ("pahts", "path"), ("Custmer", "Customer"), ("respones", "response"), ("string", "String"), ("GTE", "GET"),
        ])
    func suggestions(typo: String, expected: String) {
        let candidates = ["path", "Customer", "response", "String", "GET", "method"]
        #expect(NameSuggester.suggestion(for: typo, among: candidates) == expected)
    }

    @Test("far names are not")
    func noSuggestion() {
        #expect(NameSuggester.suggestion(for: "zebra", among: ["path", "method"]) == nil)
        #expect(NameSuggester.suggestion(for: "x", among: []) == nil)
    }
}
