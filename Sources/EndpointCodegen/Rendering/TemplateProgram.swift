import EndpointSpec

/// A template laid out for rendering: its nodes as one flat list of instructions, every literal byte in one
/// buffer, and the names and partials in tables the instructions point into by index.
///
/// The renderer walks this instead of the node tree. An instruction is three plain words, so stepping through a
/// template copies no arrays and touches no reference counts, where each node of the tree holds an array (its
/// text, its body, its name's parts) that reading it out retained and released. The buffers are allocated once,
/// when the template is parsed, and never change; that is what makes sharing them between rendering threads safe.
final class TemplateProgram: @unchecked Sendable {
    // @unchecked: every buffer is written only in `init` and read-only afterwards; `deinit` runs once no
    // renderer holds the program.

    /// One step of rendering.
    struct Instruction: Sendable {
        /// What the step does.
        enum Kind: UInt8, Sendable {
            /// Appends `text[operand..<end]`.
            case text
            /// Appends the value `references[operand]` names, HTML-escaped.
            case escapedVariable
            /// Appends the value `references[operand]` names as it is.
            case variable
            /// A section over `references[operand]`; its body is the instructions after this one up to `end`.
            case section
            /// An inverted section, laid out like `section`.
            case invertedSection
            /// Renders `partials[operand]`.
            case partial
        }

        var kind: Kind
        var operand: Int
        /// For text, where its bytes end; for a section, the index of the first instruction after its body.
        var end: Int
    }

    /// A `{{>name}}` tag.
    struct Partial: Sendable {
        var name: String
        /// The whitespace before a standalone partial tag, which each of the partial's lines gets.
        var indentation: [UInt8]
        var location: SourceLocation
    }

    let instructions: UnsafeMutableBufferPointer<Instruction>
    let text: UnsafeMutableBufferPointer<UInt8>
    let references: UnsafeMutableBufferPointer<Template.Reference>
    let partials: UnsafeMutableBufferPointer<Partial>

    /// Lays out `nodes`.
    init(_ nodes: [Template.Node]) {
        var layout = Layout()
        layout.add(nodes)
        instructions = .allocate(capacity: layout.instructions.count)
        _ = instructions.initialize(from: layout.instructions)
        text = .allocate(capacity: layout.text.count)
        _ = text.initialize(from: layout.text)
        references = .allocate(capacity: layout.references.count)
        _ = references.initialize(from: layout.references)
        partials = .allocate(capacity: layout.partials.count)
        _ = partials.initialize(from: layout.partials)
    }

    deinit {
        instructions.deallocate()
        text.deallocate()
        _ = references.deinitialize()
        references.deallocate()
        _ = partials.deinitialize()
        partials.deallocate()
    }

    /// The literal bytes of a text instruction.
    func bytes(of instruction: Instruction) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[instruction.operand..<instruction.end])
    }

    /// The program's parts while it is being laid out, as growing arrays.
    private struct Layout {
        var instructions: [Instruction] = []
        var text: [UInt8] = []
        var references: [Template.Reference] = []
        var partials: [Partial] = []

        mutating func add(_ nodes: [Template.Node]) {
            for (index, node) in nodes.enumerated() {
                switch node {
                case .text(let bytes):
                    // Adjacent text (a comment or a set-delimiter tag stood between two runs) is one instruction.
                    if index > 0, case .text = nodes[index - 1] {
                        instructions[instructions.count - 1].end += bytes.count
                    } else {
                        instructions.append(
                            Instruction(kind: .text, operand: text.count, end: text.count + bytes.count))
                    }
                    text += bytes
                case .variable(let reference, let escapesHTML):
                    instructions.append(
                        Instruction(kind: escapesHTML ? .escapedVariable : .variable, operand: references.count, end: 0)
                    )
                    references.append(reference)
                case .section(let reference, let inverted, let body):
                    let start = instructions.count
                    instructions.append(
                        Instruction(kind: inverted ? .invertedSection : .section, operand: references.count, end: 0))
                    references.append(reference)
                    add(body)
                    instructions[start].end = instructions.count
                case .partial(let name, let indentation, let location):
                    instructions.append(Instruction(kind: .partial, operand: partials.count, end: 0))
                    partials.append(Partial(name: name, indentation: indentation, location: location))
                }
            }
        }
    }
}
