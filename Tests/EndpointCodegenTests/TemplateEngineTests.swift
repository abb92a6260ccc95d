import Testing

@testable import EndpointCodegen

/// The template engine against the Mustache specification's cases (github.com/mustache/spec: interpolation,
/// sections, inverted, comments, delimiters, partials), plus the pragma and transforms our templates may use.
@Suite("Template engine")
struct TemplateEngineTests {
    /// A view model made of a dictionary, for tests.
    struct Data: TemplateContext {
        var fields: [String: TemplateValue]
        func value(of name: TemplateName) -> TemplateValue? { fields[name.text] }
    }

    private func render(
        _ template: String, _ fields: [String: TemplateValue] = [:], partials: [String: String] = [:]
    ) throws -> String {
        var sources = ["main": (text: template, path: "main.mustache")]
        for (name, text) in partials { sources[name] = (text, "\(name).mustache") }
        let set = try TemplateSet(sources: sources)
        var renderer = TemplateRenderer(
            templates: set.templates, sources: set.sources, root: Data(fields: fields), capacity: 0)
        try renderer.render(set.templates["main"]!)
        return String(decoding: renderer.output.bytes, as: UTF8.self)
    }

    private func object(_ fields: [String: TemplateValue]) -> TemplateValue { .object(Data(fields: fields)) }

    @Test("interpolation: escaped by default, raw with {{{ }}} and {{& }}, raw everywhere after the TEXT pragma")
    func interpolation() throws {
        let forbidden: [String: TemplateValue] = ["forbidden": .text(#"& " < > '"#)]
        #expect(try render("Hello, {{subject}}!", ["subject": .text("world")]) == "Hello, world!")
        #expect(try render("{{forbidden}}", forbidden) == "&amp; &quot; &lt; &gt; &#39;")
        #expect(try render("{{{forbidden}}}|{{&forbidden}}", forbidden) == #"& " < > '|& " < > '"#)
        #expect(try render("{{%CONTENT_TYPE:TEXT}}\n{{forbidden}}", forbidden) == #"& " < > '"#)
        #expect(try render("| {{ string }} |", ["string": .text("---")]) == "| --- |")
        #expect(try render("{{missing}}|{{null}}", ["null": .null]) == "|")
        #expect(try render("{{n}} {{b}}", ["n": .number(85), "b": .flag(true)]) == "85 true")
        #expect(
            try render("  {{string}}\n", ["string": .text("---")]) == "  ---\n", "interpolation is never standalone")
    }

    @Test("dotted names: resolved from the first part outwards, then strictly inside; broken chains are empty")
    func dottedNames() throws {
        let data: [String: TemplateValue] = [
            "person": object(["name": .text("Joe")]),
            "a": object(["b": object([:])]),
            "c": object(["name": .text("Jim")]),
            "name": .text("outer"),
        ]
        #expect(try render("{{person.name}} == {{#person}}{{name}}{{/person}}", data) == "Joe == Joe")
        #expect(try render("[{{a.b.c}}]", data) == "[]")
        #expect(try render("{{#a}}{{b.name}}{{/a}}", data) == "", "b is found, so name is not looked for outside it")
        #expect(try render("{{#c}}{{.name}}|{{#a}}{{.name}}{{/a}}{{/c}}", data) == "Jim|")
    }

    @Test("sections: false, null, missing and empty lists vanish; lists repeat; other values become the context")
    func sections() throws {
        let data: [String: TemplateValue] = [
            "yes": .flag(true), "no": .flag(false), "null": .null, "empty": .values([]),
            "list": .values([object(["item": .text("1")]), object(["item": .text("2")])]),
            "strings": .texts(["a", "b"]),
            "context": object(["name": .text("Joe")]),
            "outer": .text("O"),
        ]
        #expect(
            try render("[{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{#null}}N{{/null}}{{#missing}}M{{/missing}}]", data) == "[Y]")
        #expect(try render("{{#empty}}E{{/empty}}{{^empty}}none{{/empty}}", data) == "none")
        #expect(try render("{{#list}}{{item}}{{outer}}{{/list}}", data) == "1O2O")
        #expect(try render("{{#strings}}({{.}}){{/strings}}", data) == "(a)(b)")
        #expect(try render("{{#context}}Hi {{name}}.{{/context}}", data) == "Hi Joe.")
        #expect(
            try render("{{^yes}}Y{{/yes}}{{^no}}N{{/no}}{{^null}}U{{/null}}{{^missing}}M{{/missing}}", data) == "NUM")
    }

    @Test("standalone lines: a line holding only a section, comment or delimiter tag disappears with its break")
    func standaloneLines() throws {
        let yes: [String: TemplateValue] = ["boolean": .flag(true)]
        #expect(try render("| This Is\n{{#boolean}}\n|\n{{/boolean}}\n| A Line\n", yes) == "| This Is\n|\n| A Line\n")
        #expect(
            try render("| This Is\n  {{#boolean}}\n|\n  {{/boolean}}\n| A Line\n", yes) == "| This Is\n|\n| A Line\n")
        #expect(try render("|\r\n{{#boolean}}\r\n{{/boolean}}\r\n|", yes) == "|\r\n|")
        #expect(try render("  {{#boolean}}\n#{{/boolean}}\n/", yes) == "#\n/")
        #expect(try render("#{{#boolean}}\n/\n  {{/boolean}}", yes) == "#\n/\n")
        #expect(try render(" | {{#boolean}} {{! Important Whitespace }}\n {{/boolean}} | \n", yes) == " |  \n  | \n")
        #expect(
            try render("| This Is\n{{^boolean}}\n|\n{{/boolean}}\n| A Line\n", ["boolean": .flag(false)])
                == "| This Is\n|\n| A Line\n")
        #expect(try render("Begin.\n{{!\nSomething's going on here...\n}}\nEnd.") == "Begin.\nEnd.")
        #expect(try render("12345{{! Comment Block! }}67890") == "1234567890")
        #expect(try render("{{#boolean}}{{/boolean}}\n{{#boolean}}\n{{/boolean}}\nend", yes) == "\nend")
    }

    @Test("set delimiters, inside sections and back")
    func delimiters() throws {
        #expect(try render("{{=<% %>=}}(<%text%>)", ["text": .text("Hey!")]) == "(Hey!)")
        let template =
            "[\n{{#section}}\n  {{data}}\n  |data|\n{{/section}}\n\n{{= | | =}}\n|#section|\n  {{data}}\n  |data|\n|/section|\n]\n"
        let data: [String: TemplateValue] = ["section": .flag(true), "data": .text("I got interpolated.")]
        #expect(
            try render(template, data) == "[\n  I got interpolated.\n  |data|\n\n  {{data}}\n  I got interpolated.\n]\n"
        )
        #expect(try render("{{=| |=}}|x||={{ }}=|{{x}}|x|", ["x": .text("X")]) == "XX|x|")
    }

    @Test("partials: inherit the context, indent their lines when standalone, and may recurse over data")
    func partials() throws {
        #expect(try render("\"{{>text}}\"", partials: ["text": "from partial"]) == "\"from partial\"")
        #expect(
            try render(
                "\\\n {{>partial}}\n/\n", ["content": .text("<\n->")], partials: ["partial": "|\n{{{content}}}\n|\n"])
                == "\\\n |\n <\n->\n |\n/\n")
        let leaf = object(["content": .text("Y"), "nodes": .values([])])
        let tree: [String: TemplateValue] = ["content": .text("X"), "nodes": .values([leaf])]
        #expect(
            try render("{{>node}}", tree, partials: ["node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"]) == "X<Y<>>")
    }

    @Test("transforms: position in a list, and on text, lists and numbers")
    func transforms() throws {
        let data: [String: TemplateValue] = ["items": .texts(["b", "a", "c"]), "name": .text("shop api")]
        #expect(try render("{{#items}}{{.}}{{^last()}}, {{/last()}}{{/items}}", data) == "b, a, c")
        #expect(try render("{{#items}}{{#first()}}[{{/first()}}{{index()}}{{/items}}", data) == "[012")
        #expect(try render("{{#items}}{{#even()}}{{.}}{{/even()}}{{/items}}", data) == "bc")
        #expect(try render("{{count(items)}} {{plusone(count(items))}}", data) == "3 4")
        #expect(try render("{{#sorted(items)}}{{.}}{{/sorted(items)}}", data) == "abc")
        #expect(
            try render("{{uppercased(name)}} {{capitalized(name)}} {{reversed(name)}}", data)
                == "SHOP API Shop Api ipa pohs")
        #expect(try render("{{^empty(items)}}some{{/empty(items)}}", data) == "some")
        #expect(try render("[{{first()}}]", data) == "[]", "outside a list there is no position")
    }

    @Test(
        "templates that cannot work are errors at their line and column",
        arguments: [
            (
                "a\n  {{#open}}\n",
                "main.mustache:2:3: error: the section 'open' is never closed; end it with '{{/open}}'"
            ),
            ("{{/close}}", "main.mustache:1:1: error: '{{/close}}' closes a section that was never opened"),
            ("x {{name", "main.mustache:1:3: error: a tag is not closed with '}}'"),
            ("{{{name}}", "main.mustache:1:1: error: a tag is not closed with '}}}'"),
            (
                "{{= a =}}",
                "main.mustache:1:1: error: a set-delimiter tag takes two delimiters without spaces or '=': {{=<% %>=}}"
            ),
            (
                "\n {{frist()}}",
                "main.mustache:2:2: error: unknown transform 'frist' in 'frist()'; transforms are first(), last(), index(), even(), odd(), uppercased(), lowercased(), capitalized(), reversed(), empty(), count(), sorted(), equalzero(), plusone(), minusone()"
            ),
            (
                "{{count()}}",
                "main.mustache:1:1: error: 'count()' needs a value: only first(), last(), index(), even() and odd() stand alone"
            ),
            ("{{a..b}}", "main.mustache:1:1: error: 'a..b' is not a name: a dot must separate two names"),
            (
                "{{%CONTENT_TYPE:XML}}",
                "main.mustache:1:1: error: unknown pragma '{{%CONTENT_TYPE:XML}}'; the one pragma is {{%CONTENT_TYPE:TEXT}} (or :HTML)"
            ),
            ("{{>Heder}}", "main.mustache:1:1: error: no template named 'Heder'; templates are main"),
            (
                "{{>*dynamic}}",
                "main.mustache:1:1: error: dynamic partial names ('{{>*name}}') are not supported; name the template"
            ),
            (
                "{{$block}}{{/block}}",
                "main.mustache:1:1: error: template inheritance ('{{$…}}', '{{<…}}') is not supported"
            ),
        ])
    func errors(template: String, message: String) throws {
        let error = #expect(throws: TemplateError.self) { try render(template) }
        #expect(error?.description == message)
    }

    @Test(
        "long lists render on several cores with the same bytes, and first()/last()/index() still count the whole list",
        arguments: [0, 1, 15, 16, 17, 31, 33, 100, 257])
    func parallelLists(count: Int) throws {
        let items = (0..<count).map { "v\($0)" }
        let expected = items.enumerated().map { "\($0.offset == 0 ? "[" : "")\($0.element)#\($0.offset)" }
            .joined(separator: ",")
        let template = "{{#items}}{{#first()}}[{{/first()}}{{.}}#{{index()}}{{^last()}},{{/last()}}{{/items}}"
        #expect(try render(template, ["items": .texts(items)]) == expected)
    }

    @Test("a partial that includes itself without end is an error, not a crash")
    func endlessPartial() throws {
        let error = #expect(throws: TemplateError.self) {
            try render("{{>loop}}", ["yes": .flag(true)], partials: ["loop": "{{#yes}}{{>loop}}{{/yes}}"])
        }
        #expect(
            error?.description
                == "loop.mustache:1:9: error: partials nest deeper than 100 here; does 'loop' include itself in a "
                + "section that never ends?")
    }

    @Test("text runs split by a comment render as one, and text after a section stays outside its body")
    func textRuns() throws {
        let data: [String: TemplateValue] = ["yes": .flag(true), "no": .flag(false), "name": .text("N")]
        #expect(try render("a{{! one }}b{{=<% %>=}}c<%name%>d", data) == "abcNd")
        #expect(try render("{{#no}}x{{/no}}y{{! between }}z", data) == "yz")
        #expect(try render("{{#yes}}x{{/yes}}y{{! between }}z", data) == "xyz")
        #expect(try render("{{^yes}}x{{! in }}w{{/yes}}y{{#no}}{{#yes}}q{{/yes}}{{/no}}z", data) == "yz")
        let program = try TemplateSet(sources: ["main": ("{{#no}}x{{/no}}y{{! between }}z", "main.mustache")])
            .templates["main"]!.program
        #expect(program.instructions.count == 3, "the section, its text, and the text after it as one run")
        #expect(program.instructions[0].end == 2, "the section's body is only its own text")
        #expect(String(decoding: program.bytes(of: program.instructions[2]), as: UTF8.self) == "yz")
    }

    @Test("a rendered file loses the spaces at the ends of its lines and ends in exactly one line break")
    func trimmedFile() throws {
        let set = try TemplateSet(sources: ["main": ("{{%CONTENT_TYPE:TEXT}}\n{{text}}", "main.mustache")])
        let cases: [(String, String)] = [
            ("", "\n"), ("   ", "\n"), ("\n\n\n", "\n"), ("a", "a\n"), ("a  \n  b \n\n", "a\n  b\n"),
            ("  \nx", "\nx\n"), ("é  \n\tt \t \n", "é\n\tt \t\n"),
        ]
        for (text, expected) in cases {
            let bytes = try set.render(TemplateEngineTests.Data(fields: ["text": .text(text)]), template: "main")
            #expect(String(decoding: bytes.bytes, as: UTF8.self) == expected, "\(text.debugDescription)")
        }
    }

    @Test(
        "trimming in place gives what trimming a copy gives, a full buffer and lines longer than its growth included",
        arguments: [0, 1, 63, 64, 65, 4096])
    func trimmedInPlace(capacity: Int) {
        // Lines of every length up to past a page, some ending in spaces, some blank, some only spaces.
        var text = ""
        for index in 0..<300 {
            let length = (index * 37) % 5000
            text += String(repeating: Character(UnicodeScalar(UInt8(97 + index % 26))), count: length)
            text += String(repeating: " ", count: index % 4)
            if index % 9 != 8 { text += "\n" }
        }
        for piece in [text, "x", String(repeating: "y", count: 64), String(repeating: "z", count: 63) + " ", "\n \n"] {
            let buffer = ByteBuffer(capacity: capacity)
            buffer.append(piece)
            buffer.trimTrailingSpaces()
            // The same rule written plainly: each line without trailing spaces, blank lines at the end dropped, one
            // line break to end.
            var lines = piece.split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0.reversed().drop { $0 == " " }.reversed())
            }
            while lines.last?.isEmpty == true { lines.removeLast() }
            let expected = lines.joined(separator: "\n") + "\n"
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected, "\(piece.prefix(20).debugDescription)")
        }
    }

    @Test("the output buffer keeps every byte in order as it grows", arguments: [0, 1, 63, 64, 65, 1000])
    func outputBuffer(capacity: Int) {
        let buffer = ByteBuffer(capacity: capacity)
        var expected: [UInt8] = []
        for index in 0..<500 {
            let piece = String(repeating: Character(UnicodeScalar(UInt8(97 + index % 26))), count: index % 7) + "ü"
            buffer.append(piece)
            buffer.append(UInt8(ascii: "|"))
            expected += Array(piece.utf8) + [UInt8(ascii: "|")]
        }
        let long = [UInt8](repeating: 0x41, count: 10_000)
        long.withUnsafeBufferPointer { buffer.append($0) }
        expected += long
        #expect(buffer.count == expected.count)
        #expect(Array(buffer.bytes) == expected)
    }

    @Test("the engine knows no field: a program's vocabulary numbers the names its view models switch over")
    func vocabulary() throws {
        /// A view model that answers by number, as generated views do through `TemplateField`.
        struct Greeting: TemplateContext {
            static let vocabulary = TemplateVocabulary(["salutation", "who"])
            func value(of name: TemplateName) -> TemplateValue? {
                switch name.key {
                case 0: .text("Hello")
                case 1: .text("world")
                default: nil
                }
            }
        }
        let source = ["main": (text: "{{salutation}}, {{who}}{{missing}}!", path: "main.mustache")]
        let set = try TemplateSet(sources: source, vocabulary: Greeting.vocabulary)
        let numbered = try set.render(Greeting(), template: "main")
        #expect(String(decoding: numbered.bytes, as: UTF8.self) == "Hello, world!\n")
        let unnumbered = try TemplateSet(sources: source).render(Greeting(), template: "main")
        // Without the vocabulary no name has a key.
        #expect(String(decoding: unnumbered.bytes, as: UTF8.self) == ", !\n")
        #expect(
            TemplateField.allCases.allSatisfy {
                TemplateField(TemplateName("\($0)", in: TemplateField.vocabulary)) == $0
            })
    }
}
