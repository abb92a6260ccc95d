import EndpointSpec

/// A parsed Mustache template: the tree the renderer walks.
///
/// The language is Mustache as its specification defines it (interpolation, sections, inverted sections,
/// comments, partials, set delimiters, standalone lines), plus what swift-mustache added and our templates
/// documented: the `{{%CONTENT_TYPE:TEXT}}` pragma and transforms such as `{{#first()}}`. Lambdas, dynamic
/// partial names and template inheritance are not supported; a template using them does not parse.
struct Template: Sendable {
    /// The nodes, in order.
    let nodes: [Node]
    /// The nodes laid out for rendering.
    let program: TemplateProgram

    /// One piece of a template.
    enum Node: Sendable {
        /// Literal text, as UTF-8.
        case text([UInt8])
        /// `{{name}}` (escaped unless the template is `TEXT`), `{{{name}}}` or `{{&name}}` (never escaped).
        case variable(Reference, escapesHTML: Bool)
        /// `{{#name}}…{{/name}}`, or with `inverted` `{{^name}}…{{/name}}`.
        case section(Reference, inverted: Bool, body: [Node])
        /// `{{>name}}`; `indentation` is the whitespace before a standalone partial tag.
        case partial(name: String, indentation: [UInt8], location: SourceLocation)
    }

    /// A name as a tag writes it: `.`, `name`, `a.b.c`, `.name` (current context only), optionally wrapped in
    /// transforms: `count(items)`, `first()`.
    struct Reference: Sendable {
        /// The name's parts, each resolved to the view-model field it names; empty for `.` and for a bare
        /// transform such as `first()`.
        var path: [TemplateName]
        /// Whether only the current context is searched (the name starts with `.`, or is `.`).
        var isAnchored: Bool
        /// Whether the transforms apply to the position in the innermost list (`first()`, `index()`), not a value.
        var readsLoopPosition = false
        /// Transforms, innermost first: `uppercased(reversed(x))` is `[.reversed, .uppercased]`.
        var transforms: [Transform]
    }

    /// The transforms a tag may apply. Which values each applies to is in ``TemplateRenderer``.
    enum Transform: String, Sendable, CaseIterable {
        case first, last, index, even, odd
        case uppercased, lowercased, capitalized, reversed, empty, count, sorted
        case equalzero, plusone, minusone
    }
}

/// A problem with a template: unknown, unreadable, not parsing, or failing to render.
package struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    package var message: String
    /// The template file, with line and column when known.
    package var location: SourceLocation

    /// Creates an error.
    package init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// `Templates/Models.mustache:3:5: error: …`
    package var description: String { "\(location): error: \(message)" }
}

// MARK: - Parsing

extension Template {
    /// Parses `text`, resolving its names in `vocabulary`; `file` names the template in errors.
    init(parsing text: String, file: String, vocabulary: TemplateVocabulary) throws(TemplateError) {
        var scanner = TemplateScanner(text: Array(text.utf8), file: file, vocabulary: vocabulary)
        let tokens = try scanner.tokens()
        nodes = try TemplateTreeBuilder(tokens: TemplateScanner.strippingStandaloneLines(tokens), file: file).build()
        program = TemplateProgram(nodes)
    }
}

/// A flat token, before sections are nested.
struct TemplateToken {
    enum Kind {
        case text([UInt8])
        case variable(Template.Reference, escapesHTML: Bool)
        case sectionStart(Template.Reference, name: String, inverted: Bool)
        case sectionEnd(name: String)
        case partial(name: String)
        /// Comments, set-delimiter tags and pragmas: they render nothing but can make a line standalone.
        case silent
    }

    var kind: Kind
    var location: SourceLocation
    /// Indentation removed from a standalone partial tag's line, which its lines get instead.
    var indentation: [UInt8] = []

    /// Whether the tag disappears with its line when it stands alone on it (the specification's "standalone").
    var canStandAlone: Bool {
        switch kind {
        case .sectionStart, .sectionEnd, .partial, .silent: return true
        case .text, .variable: return false
        }
    }
}

/// Splits template bytes into text and tags, following set-delimiter tags.
struct TemplateScanner {
    let text: [UInt8]
    let file: String
    /// The names the view models answer to.
    let vocabulary: TemplateVocabulary
    /// `file`, interned once for the locations of its tags.
    private let fileName: FileName
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    private var escapesHTML = true

    init(text: [UInt8], file: String, vocabulary: TemplateVocabulary) {
        self.text = text
        self.file = file
        self.vocabulary = vocabulary
        self.fileName = FileName.interned(file)
    }

    mutating func tokens() throws(TemplateError) -> [TemplateToken] {
        var tokens: [TemplateToken] = []
        var textStart = position
        var textLocation = location(at: position)
        while position < text.count {
            guard matches(open, at: position) else {
                advance()
                continue
            }
            if textStart < position {
                tokens.append(TemplateToken(kind: .text(Array(text[textStart..<position])), location: textLocation))
            }
            let tagLocation = location(at: position)
            tokens.append(try tag(at: tagLocation))
            textStart = position
            textLocation = location(at: position)
        }
        if textStart < position {
            tokens.append(TemplateToken(kind: .text(Array(text[textStart..<position])), location: textLocation))
        }
        return tokens
    }

    /// Reads the tag that starts at `position`, leaving `position` after its closing delimiter.
    private mutating func tag(at location: SourceLocation) throws(TemplateError) -> TemplateToken {
        for _ in open { advance() }
        skipSpaces()
        let sigil = position < text.count ? text[position] : 0
        let isTripleMustache = sigil == UInt8(ascii: "{")
        if "#^/>!=&%{".utf8.contains(sigil) { advance() }
        var closing = close
        if isTripleMustache { closing = [UInt8(ascii: "}")] + close }
        if sigil == UInt8(ascii: "=") { closing = [UInt8(ascii: "=")] + close }
        let contentStart = position
        while position < text.count && !matches(closing, at: position) { advance() }
        guard position < text.count else {
            throw TemplateError(
                message: "a tag is not closed with '\(String(decoding: closing, as: UTF8.self))'", location: location)
        }
        let content = String(decoding: text[contentStart..<position], as: UTF8.self)
        for _ in closing { advance() }
        let body = content.trimmingSpaces
        func token(_ kind: TemplateToken.Kind) -> TemplateToken { TemplateToken(kind: kind, location: location) }

        switch sigil {
        case UInt8(ascii: "!"):
            return token(.silent)
        case UInt8(ascii: "="):
            let parts = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                throw TemplateError(
                    message: "a set-delimiter tag takes two delimiters without spaces or '=': {{=<% %>=}}",
                    location: location)
            }
            open = Array(parts[0].utf8)
            close = Array(parts[1].utf8)
            return token(.silent)
        case UInt8(ascii: "%"):
            try pragma(body, at: location)
            return token(.silent)
        case UInt8(ascii: ">"):
            guard !body.isEmpty, !body.hasPrefix("*") else {
                throw TemplateError(
                    message: body.isEmpty
                        ? "a partial tag needs a template name: {{>Header}}"
                        : "dynamic partial names ('{{>*name}}') are not supported; name the template",
                    location: location)
            }
            return token(.partial(name: body))
        case UInt8(ascii: "#"), UInt8(ascii: "^"):
            return token(
                .sectionStart(
                    try reference(body, at: location), name: body, inverted: sigil == UInt8(ascii: "^")))
        case UInt8(ascii: "/"):
            return token(.sectionEnd(name: body))
        case UInt8(ascii: "{"), UInt8(ascii: "&"):
            return token(.variable(try reference(body, at: location), escapesHTML: false))
        case UInt8(ascii: "$"), UInt8(ascii: "<"):
            throw TemplateError(
                message: "template inheritance ('{{$…}}', '{{<…}}') is not supported", location: location)
        default:
            return token(.variable(try reference(body, at: location), escapesHTML: escapesHTML))
        }
    }

    /// `{{%CONTENT_TYPE:TEXT}}` turns HTML escaping off for the rest of the template; `…:HTML` turns it on.
    private mutating func pragma(_ body: String, at location: SourceLocation) throws(TemplateError) {
        let parts = body.split(separator: ":", maxSplits: 1).map { String($0).trimmingSpaces }
        guard parts.count == 2, parts[0] == "CONTENT_TYPE", parts[1] == "TEXT" || parts[1] == "HTML" else {
            throw TemplateError(
                message: "unknown pragma '{{%\(body)}}'; the one pragma is {{%CONTENT_TYPE:TEXT}} (or :HTML)",
                location: location)
        }
        escapesHTML = parts[1] == "HTML"
    }

    /// Parses a tag's name, with transforms: `uppercased(name)`, `first()`.
    private func reference(_ body: String, at location: SourceLocation) throws(TemplateError) -> Template.Reference {
        var name = Substring(body)
        var transforms: [Template.Transform] = []
        while name.utf8.last == UInt8(ascii: ")") {
            guard let open = name.firstIndex(of: "(") else {
                throw TemplateError(message: "'\(body)' has a ')' without '('", location: location)
            }
            let transformName = String(name[..<open]).trimmingSpaces
            guard let transform = Template.Transform(rawValue: transformName) else {
                let known = Template.Transform.allCases.map { "\($0.rawValue)()" }.joined(separator: ", ")
                throw TemplateError(
                    message: "unknown transform '\(transformName)' in '\(body)'; transforms are \(known)",
                    location: location)
            }
            transforms.insert(transform, at: 0)
            name = name[name.index(after: open)..<name.index(before: name.endIndex)]
            name = Substring(String(name).trimmingSpaces)
        }
        var hasDot = false
        for byte in name.utf8 {
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: " ") {
                throw TemplateError(message: "'\(body)' is not a name", location: location)
            }
            if byte == UInt8(ascii: ".") { hasDot = true }
        }
        if name.isEmpty {
            guard !transforms.isEmpty else {
                throw TemplateError(message: "a tag needs a name: {{name}}", location: location)
            }
            let isPositional =
                switch transforms[0] {
                case .first, .last, .index, .even, .odd: true
                default: false
                }
            guard isPositional else {
                throw TemplateError(
                    message: "'\(body)' needs a value: only first(), last(), index(), even() and odd() stand alone",
                    location: location)
            }
            return Template.Reference(path: [], isAnchored: true, readsLoopPosition: true, transforms: transforms)
        }
        if !hasDot {
            return Template.Reference(
                path: [TemplateName(String(name), in: vocabulary)], isAnchored: false, transforms: transforms)
        }
        if name == "." { return Template.Reference(path: [], isAnchored: true, transforms: transforms) }
        // Split on the UTF-8 bytes: a name is ASCII in practice, and splitting by Character costs several times more.
        let isAnchored = name.utf8.first == UInt8(ascii: ".")
        let parts = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            .dropFirst(isAnchored ? 1 : 0)
        guard !parts.contains(where: { $0.isEmpty }) else {
            throw TemplateError(message: "'\(body)' is not a name: a dot must separate two names", location: location)
        }
        return Template.Reference(
            path: parts.map { TemplateName(String(Substring($0)), in: vocabulary) }, isAnchored: isAnchored,
            transforms: transforms)
    }

    private func matches(_ delimiter: [UInt8], at index: Int) -> Bool {
        guard index + delimiter.count <= text.count else { return false }
        for (offset, byte) in delimiter.enumerated() where text[index + offset] != byte { return false }
        return true
    }

    private mutating func advance() {
        if text[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    private mutating func skipSpaces() {
        while position < text.count && (text[position] == UInt8(ascii: " ") || text[position] == UInt8(ascii: "\t")) {
            advance()
        }
    }

    /// Line and column (counting characters, not UTF-8 continuation bytes) of the byte at `index`.
    private func location(at index: Int) -> SourceLocation {
        let column = text[lineStart..<index].reduce(1) { UTF8.isContinuation($1) ? $0 : $0 + 1 }
        return SourceLocation(file: fileName, line: line, column: column)
    }

    /// Removes the lines that hold nothing but one section, comment, partial, delimiter or pragma tag and
    /// whitespace, as the specification asks: the tag's indentation and its line break go, the tag's work stays.
    static func strippingStandaloneLines(_ tokens: [TemplateToken]) -> [TemplateToken] {
        var tokens = tokens
        // Decide on the original text first: trimming one tag's line must not change whether the next stands alone.
        // What goes is counted from the text's ends: a line break and blanks at the start of the text after the
        // tag, blanks at the end of the text before it. The two never overlap within one text.
        var trims: [(index: Int, head: Int, tail: Int)] = []
        for (index, token) in tokens.enumerated() where token.canStandAlone {
            var tail = 0
            if index > 0 {
                guard case .text(let bytes) = tokens[index - 1].kind else { continue }
                let lastBreak = bytes.lastIndex(of: UInt8(ascii: "\n"))
                let blanks = bytes[(lastBreak.map { $0 + 1 } ?? 0)...]
                guard blanks.allSatisfy(isBlank), lastBreak != nil || index == 1 else { continue }
                tail = blanks.count
            }
            var head = 0
            if index + 1 < tokens.count {
                guard case .text(let bytes) = tokens[index + 1].kind,
                    let firstBreak = bytes.firstIndex(of: UInt8(ascii: "\n")),
                    bytes[..<firstBreak].allSatisfy({ isBlank($0) || $0 == UInt8(ascii: "\r") })
                else { continue }
                head = firstBreak + 1
            }
            trims.append((index, head, tail))
        }
        for trim in trims {
            if trim.tail > 0, case .text(let bytes) = tokens[trim.index - 1].kind {
                if case .partial = tokens[trim.index].kind {
                    tokens[trim.index].indentation = Array(bytes.suffix(trim.tail))
                }
                tokens[trim.index - 1].kind = .text(Array(bytes.dropLast(trim.tail)))
            }
            if trim.head > 0, case .text(let bytes) = tokens[trim.index + 1].kind {
                tokens[trim.index + 1].kind = .text(Array(bytes.dropFirst(trim.head)))
            }
        }
        return tokens
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}

/// Nests section tokens into a tree, checking that sections open and close in order.
struct TemplateTreeBuilder {
    let tokens: [TemplateToken]
    let file: String

    func build() throws(TemplateError) -> [Template.Node] {
        var index = 0
        let nodes = try nodes(from: &index, closing: nil)
        return nodes
    }

    private func nodes(from index: inout Int, closing open: TemplateToken?) throws(TemplateError) -> [Template.Node] {
        var nodes: [Template.Node] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .text(let bytes):
                if !bytes.isEmpty { nodes.append(.text(bytes)) }
            case .variable(let reference, let escapesHTML):
                nodes.append(.variable(reference, escapesHTML: escapesHTML))
            case .sectionStart(let reference, _, let inverted):
                let body = try self.nodes(from: &index, closing: token)
                nodes.append(.section(reference, inverted: inverted, body: body))
            case .sectionEnd(let name):
                guard let open, case .sectionStart(_, let openName, _) = open.kind else {
                    throw TemplateError(
                        message: "'{{/\(name)}}' closes a section that was never opened", location: token.location)
                }
                guard name == openName else {
                    throw TemplateError(
                        message: "'{{/\(name)}}' closes the section '\(openName)' opened at \(open.location.line):"
                            + "\(open.location.column); close it with '{{/\(openName)}}'",
                        location: token.location)
                }
                return nodes
            case .partial(let name):
                nodes.append(.partial(name: name, indentation: token.indentation, location: token.location))
            case .silent:
                break
            }
        }
        if let open, case .sectionStart(_, let name, _) = open.kind {
            throw TemplateError(
                message: "the section '\(name)' is never closed; end it with '{{/\(name)}}'", location: open.location)
        }
        return nodes
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        // On the UTF-8 bytes: spaces and tabs are ASCII, so the indices found are character boundaries, and no
        // grapheme breaking is needed to find them.
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = utf8.firstIndex(where: { !blank($0) }), let last = utf8.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(Substring(utf8[first...last]))
    }
}
