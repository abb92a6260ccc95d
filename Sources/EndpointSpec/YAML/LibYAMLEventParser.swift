import CYAML

/// One event of libyaml's parser, copied out of C memory into Swift values.
enum YAMLEvent {
    case documentStart(SourcePosition)
    case documentEnd
    case streamEnd
    case alias(anchor: String, at: SourcePosition)
    case scalar(YAMLScalar, anchor: String?, at: SourcePosition)
    case sequenceStart(anchor: String?, tag: String?, at: SourcePosition)
    case sequenceEnd
    case mappingStart(anchor: String?, tag: String?, at: SourcePosition)
    case mappingEnd
    /// libyaml stopped: the text is not valid YAML.
    case failure(LibYAMLError)
}

/// A 1-based line and column, before a file name is attached.
struct SourcePosition: Hashable {
    var line: Int
    var column: Int
}

/// libyaml's account of why it stopped.
struct LibYAMLError {
    enum Kind {
        /// Bad bytes: invalid UTF-8 and the like. Only `byteOffset` says where.
        case reader(byteOffset: Int, value: Int32)
        /// Bad tokens or structure, with libyaml's marks.
        case syntax(problemAt: SourcePosition, context: String?, contextAt: SourcePosition?)
        case memory
    }

    var kind: Kind
    var problem: String
}

/// Owns one libyaml parser; the only place that touches the C API.
final class LibYAMLEventParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>

    init() {
        parser = .allocate(capacity: 1)
        // Only fails when malloc fails; libyaml then reports a memory error on the first parse call.
        _ = yaml_parser_initialize(parser)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// Feeds every event of `text` to `handle` until the stream ends, libyaml fails, or `handle` returns false.
    func parse(_ text: [UInt8], _ handle: (YAMLEvent) -> Bool) {
        // An empty array may have no storage; libyaml wants a real pointer even for zero bytes.
        let storage = text.isEmpty ? [0] : text
        storage.withUnsafeBufferPointer { buffer in
            // libyaml keeps the pointer; it stays valid for this whole closure, which is as long as parsing runs.
            yaml_parser_set_input_string(parser, buffer.baseAddress, text.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    _ = handle(.failure(currentError()))
                    return
                }
                let converted = Self.convert(event)
                yaml_event_delete(&event)
                guard let converted else { continue }
                if !handle(converted) { return }
                if case .streamEnd = converted { return }
            }
        }
    }

    /// Runs libyaml over `text` and discards every event: the least any libyaml-based reader can spend.
    /// Returns the number of events, or nil when libyaml stops on an error.
    func countEvents(_ text: [UInt8]) -> Int? {
        let storage = text.isEmpty ? [0] : text
        return storage.withUnsafeBufferPointer { buffer -> Int? in
            yaml_parser_set_input_string(parser, buffer.baseAddress, text.count)
            var event = yaml_event_t()
            var count = 0
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else { return nil }
                let type = event.type
                yaml_event_delete(&event)
                count += 1
                if type == YAML_STREAM_END_EVENT { return count }
            }
        }
    }

    private func currentError() -> LibYAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown libyaml error"
        switch state.error {
        case YAML_READER_ERROR:
            return LibYAMLError(
                kind: .reader(byteOffset: state.problem_offset, value: state.problem_value), problem: problem)
        case YAML_MEMORY_ERROR:
            return LibYAMLError(kind: .memory, problem: problem)
        default:
            let context = state.context.map { String(cString: $0) }
            return LibYAMLError(
                kind: .syntax(
                    problemAt: Self.position(state.problem_mark),
                    context: context,
                    contextAt: context == nil ? nil : Self.position(state.context_mark)),
                problem: problem)
        }
    }

    private static func convert(_ event: yaml_event_t) -> YAMLEvent? {
        let position = Self.position(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(position)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_STREAM_END_EVENT:
            return .streamEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: string(event.data.alias.anchor) ?? "", at: position)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let value = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let scalar = YAMLScalar(value, style: style(data.style), tag: string(data.tag))
            return .scalar(scalar, anchor: string(data.anchor), at: position)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return .sequenceStart(anchor: string(data.anchor), tag: string(data.tag), at: position)
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return .mappingStart(anchor: string(data.anchor), tag: string(data.tag), at: position)
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        default:
            // Stream start and "no event" carry nothing a reader needs.
            return nil
        }
    }

    private static func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: mark.line + 1, column: mark.column + 1)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
