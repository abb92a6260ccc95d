import EndpointGenSupport
import EndpointSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Renders parsed templates against view models into UTF-8 bytes.
///
/// Mustache's rules: a name is looked up from the innermost context outwards (a dotted name's first part only);
/// sections over lists repeat, over false, null, missing names and empty lists vanish, and over anything else
/// render once with the value as the new innermost context; inverted sections do the opposite. Partials render
/// in the context of their tag.
struct TemplateRenderer {
    /// Partials may nest this deep; past it, a partial is taken to include itself without end.
    static let maximumPartialDepth = 100

    let templates: [String: Template]
    /// The source of each template, to re-parse a partial with the indentation of a standalone tag.
    let sources: [String: (text: String, path: String)]
    /// The names the view models answer to, for those partials.
    let vocabulary: TemplateVocabulary
    private(set) var output: ByteBuffer
    private var stack: [TemplateValue]
    private var loops: [(index: Int, count: Int)] = []
    private var partialDepth = 0
    /// Whether a long list may still be split over the cores: not inside a list that already is, nor in a file
    /// rendered beside others.
    private var mayRenderListsInParallel: Bool
    private var indentedPartials: [String: Template] = [:]

    init(
        templates: [String: Template], sources: [String: (text: String, path: String)],
        vocabulary: TemplateVocabulary = .none, root: some TemplateContext, capacity: Int, listsInParallel: Bool = true
    ) {
        self.templates = templates
        self.sources = sources
        self.vocabulary = vocabulary
        self.stack = [.object(root)]
        output = ByteBuffer(capacity: capacity)
        mayRenderListsInParallel = listsInParallel
    }

    /// Renders `template` into the output.
    mutating func render(_ template: Template) throws(TemplateError) {
        let program = template.program
        try run(program, 0..<program.instructions.count)
    }

    /// Runs the instructions of `program` in `range`.
    private mutating func run(_ program: TemplateProgram, _ range: Range<Int>) throws(TemplateError) {
        var index = range.lowerBound
        while index < range.upperBound {
            let instruction = program.instructions[index]
            index += 1
            switch instruction.kind {
            case .text:
                output.append(program.bytes(of: instruction))
            case .escapedVariable, .variable:
                if let value = resolve(program.references[instruction.operand]) {
                    write(value, escapingHTML: instruction.kind == .escapedVariable)
                }
            case .section, .invertedSection:
                let body = index..<instruction.end
                index = instruction.end
                let value = resolve(program.references[instruction.operand])
                if instruction.kind == .invertedSection {
                    if !(value?.isTruthy ?? false) { try run(program, body) }
                    continue
                }
                switch value {
                case nil, .null, .flag(false):
                    break
                case .flag(true):
                    try run(program, body)
                case .list(let elements):
                    try renderList(elements, program, body)
                case let value?:
                    stack.append(value)
                    try run(program, body)
                    stack.removeLast()
                }
            case .partial:
                let partial = program.partials[instruction.operand]
                try renderPartial(partial.name, indentation: partial.indentation, at: partial.location)
            }
        }
    }

    /// A list section: the body once per element. A long list at the top level is rendered in chunks on all
    /// cores, each chunk into its own buffer, joined in order: the bytes are the same as rendering one by one.
    private mutating func renderList(
        _ elements: any TemplateList, _ program: TemplateProgram, _ body: Range<Int>
    ) throws(TemplateError) {
        let cores = availableCores
        guard cores > 1, mayRenderListsInParallel, elements.count >= Self.parallelListLength else {
            try renderElements(elements, 0..<elements.count, program, body)
            return
        }
        let chunks = Swift.min(cores * 4, elements.count)
        var child = self
        child.mayRenderListsInParallel = false
        let prototype = child
        let results = mapRuns(of: elements.count, runs: chunks) { range -> Result<ByteBuffer, TemplateError> in
            var renderer = prototype
            renderer.output = ByteBuffer(capacity: Self.chunkCapacity)
            do throws(TemplateError) {
                try renderer.renderElements(elements, range, program, body)
                return .success(renderer.output)
            } catch {
                return .failure(error)
            }
        }
        // Grown once, to the chunks' size plus room for what follows the list, rather than doubling (and copying
        // the whole buffer) as the chunks arrive.
        let size = results.reduce(0) { total, result in total + ((try? result.get())?.count ?? 0) }
        output.reserve(size + Self.roomAfterList)
        for result in results { output.append(try result.get().bytes) }
    }

    /// Lists at least this long are rendered in parallel.
    private static let parallelListLength = 16

    /// Room each chunk of a parallel list starts with.
    private static let chunkCapacity = 1 << 16

    /// Bytes kept free after a parallel list's output for the text that follows it (a closing brace, the next
    /// declaration), so that it does not make the buffer grow again at once.
    private static let roomAfterList = 1 << 14

    private mutating func renderElements(
        _ elements: any TemplateList, _ range: Range<Int>, _ program: TemplateProgram, _ body: Range<Int>
    ) throws(TemplateError) {
        for index in range {
            stack.append(elements.element(at: index))
            loops.append((index, elements.count))
            try run(program, body)
            loops.removeLast()
            stack.removeLast()
        }
    }

    private mutating func renderPartial(_ name: String, indentation: [UInt8], at location: SourceLocation)
        throws(TemplateError)
    {
        guard partialDepth < Self.maximumPartialDepth else {
            throw TemplateError(
                message: "partials nest deeper than \(Self.maximumPartialDepth) here; does '\(name)' include itself "
                    + "in a section that never ends?",
                location: location)
        }
        let template: Template
        if indentation.isEmpty {
            guard let found = templates[name] else {
                throw TemplateError(message: "no template named '\(name)'", location: location)
            }
            template = found
        } else {
            template = try indented(name, by: indentation, at: location)
        }
        partialDepth += 1
        defer { partialDepth -= 1 }
        try render(template)
    }

    /// The partial with `indentation` before each of its lines, as the specification has standalone partials
    /// indent: the template's lines, not the lines of the values it prints.
    private mutating func indented(_ name: String, by indentation: [UInt8], at location: SourceLocation)
        throws(TemplateError) -> Template
    {
        let key = String(decoding: indentation, as: UTF8.self) + "\u{0}" + name
        if let cached = indentedPartials[key] { return cached }
        guard let source = sources[name] else {
            throw TemplateError(message: "no template named '\(name)'", location: location)
        }
        let prefix = String(decoding: indentation, as: UTF8.self)
        var lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
        let endsWithBreak = lines.last == ""
        if endsWithBreak { lines.removeLast() }
        let text = lines.map { $0.isEmpty ? "" : prefix + $0 }.joined(separator: "\n") + (endsWithBreak ? "\n" : "")
        let template = try Template(parsing: text, file: source.path, vocabulary: vocabulary)
        indentedPartials[key] = template
        return template
    }

    // MARK: Names and transforms

    private func resolve(_ reference: Template.Reference) -> TemplateValue? {
        var value: TemplateValue?
        if reference.readsLoopPosition {
            guard let loop = loops.last else { return nil }
            return Self.position(loop, reference.transforms)
        }
        if reference.path.isEmpty {
            value = stack.last
        } else if reference.isAnchored {
            value = stack.last.flatMap { Self.lookUp(reference.path[...], in: $0) }
        } else {
            // The first part is searched outwards; once found, the rest must be found inside it.
            // By index: iterating `stack.reversed()` copied each context it passed.
            let first = reference.path[0]
            var index = stack.count - 1
            while index >= 0 {
                if let found = stack[index].field(first) {
                    // Most names have one part: the value found is the answer, with no slice of the path to make.
                    value = reference.path.count == 1 ? found : Self.lookUp(reference.path.dropFirst(), in: found)
                    break
                }
                index -= 1
            }
        }
        if reference.transforms.isEmpty { return value }
        for transform in reference.transforms {
            guard let current = value else { return nil }
            value = Self.apply(transform, to: current)
        }
        return value
    }

    private static func lookUp(_ path: ArraySlice<TemplateName>, in value: TemplateValue) -> TemplateValue? {
        var value = value
        for name in path {
            guard let child = value.field(name) else { return nil }
            value = child
        }
        return value
    }

    private static func position(_ loop: (index: Int, count: Int), _ transforms: [Template.Transform])
        -> TemplateValue?
    {
        var value: TemplateValue
        switch transforms[0] {
        case .first: value = .flag(loop.index == 0)
        case .last: value = .flag(loop.index == loop.count - 1)
        case .index: value = .number(loop.index)
        case .even: value = .flag(loop.index % 2 == 0)
        case .odd: value = .flag(loop.index % 2 == 1)
        default: return nil
        }
        for transform in transforms.dropFirst() {
            guard let next = apply(transform, to: value) else { return nil }
            value = next
        }
        return value
    }

    /// What a transform makes of a value; nil when it does not apply to that kind of value.
    private static func apply(_ transform: Template.Transform, to value: TemplateValue) -> TemplateValue? {
        switch (transform, value) {
        case (.uppercased, .text(let text)): return .text(text.uppercased())
        case (.lowercased, .text(let text)): return .text(text.lowercased())
        case (.capitalized, .text(let text)): return .text(text.capitalized)
        case (.reversed, .text(let text)): return .text(String(text.reversed()))
        case (.empty, .text(let text)): return .flag(text.isEmpty)
        case (.first, .list(let elements)): return elements.count > 0 ? elements.element(at: 0) : .null
        case (.last, .list(let elements)): return elements.count > 0 ? elements.element(at: elements.count - 1) : .null
        case (.reversed, .list(let elements)): return .values(elements.values.reversed())
        case (.count, .list(let elements)): return .number(elements.count)
        case (.empty, .list(let elements)): return .flag(elements.count == 0)
        case (.sorted, .list(let elements)):
            let texts = elements.values.compactMap { element -> String? in
                if case .text(let text) = element { return text }
                return nil
            }
            guard texts.count == elements.count else { return nil }
            return .texts(texts.sorted())
        case (.equalzero, .number(let number)): return .flag(number == 0)
        case (.plusone, .number(let number)): return .number(number + 1)
        case (.minusone, .number(let number)): return .number(number - 1)
        case (.even, .number(let number)): return .flag(number % 2 == 0)
        case (.odd, .number(let number)): return .flag(number % 2 != 0)
        default: return nil
        }
    }

    // MARK: Output

    private mutating func write(_ value: TemplateValue, escapingHTML: Bool) {
        switch value {
        case .text(let text):
            if escapingHTML {
                appendEscaped(text)
            } else {
                output.append(text)
            }
        case .flag(let flag):
            output.append(flag ? "true" : "false")
        case .number(let number):
            output.append(String(number))
        case .list(let elements):
            for index in 0..<elements.count {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(elements.element(at: index), escapingHTML: escapingHTML)
            }
        case .context, .element, .null:
            break
        }
    }

    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append("&amp;")
            case UInt8(ascii: "<"): output.append("&lt;")
            case UInt8(ascii: ">"): output.append("&gt;")
            case UInt8(ascii: "\""): output.append("&quot;")
            case UInt8(ascii: "'"): output.append("&#39;")
            default: output.append(byte)
            }
        }
    }
}
