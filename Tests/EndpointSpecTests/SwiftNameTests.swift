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
