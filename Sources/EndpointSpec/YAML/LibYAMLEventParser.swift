import CEndpointThreads
import CYAML
import Dispatch
import EndpointGenSupport

/// One event of libyaml's parser, copied out of C memory into Swift values.
enum YAMLEvent {
    case documentStart(SourcePosition)
    case documentEnd
    case streamEnd
    case alias(anchor: String, at: SourcePosition)
    case scalar(YAMLScalar, tag: String?, anchor: String?, at: SourcePosition)
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
    fileprivate let parser: UnsafeMutablePointer<yaml_parser_t>

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
    func parse(_ text: [UInt8], _ handle: (consuming YAMLEvent) -> Bool) {
        withInput(text) {
            while true {
                guard let event = nextEvent() else { continue }
                let isLast: Bool
                switch event {
                case .streamEnd, .failure: isLast = true
                default: isLast = false
                }
                if !handle(event) || isLast { return }
            }
        }
    }

    /// The next event, converted, with libyaml's copy freed at once; `.failure` when libyaml stops, nil for an
    /// event a reader does not need. Both ways of parsing read events through this alone.
    fileprivate func nextEvent() -> YAMLEvent? {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { return .failure(currentError()) }
        let converted = Self.convert(event)
        yaml_event_delete(&event)
        return converted
    }

    /// ``parse(_:_:)`` on two threads: libyaml runs on a thread of its own, converts its events to ``YAMLEvent``s
    /// and hands them over in batches, while the calling thread feeds them to `handle`, in the same order and with
    /// the same stops as ``parse(_:_:)``.
    ///
    /// libyaml's scanner is about half of reading a large spec and cannot itself be split, but it need not wait
    /// for the tree: the two halves overlap. The parser's thread also converts each event and frees libyaml's copy
    /// at once, so libyaml's allocations are made and freed on one thread and only Swift values cross; handing
    /// libyaml's own events over, to be read on one thread and freed on the other, parsed a large spec more slowly
    /// (`Benchmarks/README.md`, *Why the generator is written as it is*). At
    /// most ``EventBatches/slotCount`` batches are in flight, so a hostile file cannot make the parser run ahead of
    /// the reader's budgets by more than that, and once `handle` returns false the parser stops within as many
    /// batches.
    func parseInParallel(_ text: [UInt8], _ handle: (consuming YAMLEvent) -> Bool) {
        withInput(text) {
            let batches = EventBatches()
            let producer = Producer(parser: self, batches: batches)
            // A queue of its own targets an overcommitting root queue, so the parser gets a thread even when
            // every worker of the shared pool is busy (or is this very caller, waiting below). The parser runs
            // beside this thread, not in turns with it on one CPU (see `awayFromCallerCPU`).
            let consumerCPU = endpoint_current_cpu()
            DispatchQueue(label: "endpointgen.yaml-parser").async {
                awayFromCallerCPU(on: consumerCPU) { producer.run() }
            }
            batches.consume(handle)
            // The parser and the input must outlive the producer's last call into libyaml.
            batches.producerFinished.wait()
        }
    }

    /// The parsing half of ``parseInParallel(_:_:)``, the only code that touches the parser meanwhile.
    private struct Producer: @unchecked Sendable {
        // @unchecked: the parser is used by this producer alone until it signals `producerFinished`, and the
        // consumer waits for that signal before the parser can be used again or freed.
        let parser: LibYAMLEventParser
        let batches: EventBatches

        func run() {
            batches.produce { parser.nextEvent() }
        }
    }

    /// Runs libyaml over `text` and discards every event: the least any libyaml-based reader can spend.
    /// Returns the number of events, or nil when libyaml stops on an error.
    func countEvents(_ text: [UInt8]) -> Int? {
        withInput(text) { () -> Int? in
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

    /// Runs `body` with `text` as the parser's input. libyaml keeps the pointer, which stays valid for the whole
    /// of `body`: parsing must end within it.
    private func withInput<Result>(_ text: [UInt8], _ body: () -> Result) -> Result {
        // An empty array may have no storage; libyaml wants a real pointer even for zero bytes.
        let storage = text.isEmpty ? [0] : text
        return storage.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress, text.count)
            return body()
        }
    }

    fileprivate func currentError() -> LibYAMLError {
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

    fileprivate static func convert(_ event: yaml_event_t) -> YAMLEvent? {
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
            let scalar = YAMLScalar(value, style: style(data.style))
            return .scalar(scalar, tag: string(data.tag), anchor: string(data.anchor), at: position)
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

/// A bounded ring of event batches between the thread that runs libyaml and the thread that builds the tree.
///
/// One producer and one consumer, and a slot belongs to one of them at a time: the producer takes a slot after
/// `free` and hands it over with `filled`; the consumer takes it after `filled` and gives it back with `free`.
/// Everything about a slot (its events, count, ending, and whether the consumer wants no more) is read and written
/// only by the slot's owner, in storage allocated up front (no array bookkeeping is shared between the threads),
/// and a semaphore orders memory, so each side sees what the other wrote before handing the slot over. The
/// producer initializes a slot's events and the consumer moves every one of them out, so a slot the producer
/// takes back holds none.
final class EventBatches: @unchecked Sendable {
    /// Events per batch: enough that handing a batch over costs little next to parsing it.
    static let batchSize = 512
    /// Batches in flight: the most the parser may run ahead of the tree.
    static let slotCount = 4

    /// Why a batch is the last one.
    enum Ending {
        case more
        case streamEnd
        case failure(LibYAMLError)
        case cancelled
    }

    private let events: UnsafeMutablePointer<YAMLEvent>
    private let counts: UnsafeMutablePointer<Int>
    private let endings: UnsafeMutablePointer<Ending>
    /// Set by the consumer on each slot it gives back once `handle` has said stop.
    private let stopRequested: UnsafeMutablePointer<Bool>
    private let filled = DispatchSemaphore(value: 0)
    private let free = DispatchSemaphore(value: EventBatches.slotCount)
    /// Signalled once the producer has made its last call into libyaml.
    let producerFinished = DispatchSemaphore(value: 0)

    init() {
        events = .allocate(capacity: Self.batchSize * Self.slotCount)
        counts = .allocate(capacity: Self.slotCount)
        counts.initialize(repeating: 0, count: Self.slotCount)
        endings = .allocate(capacity: Self.slotCount)
        endings.initialize(repeating: .more, count: Self.slotCount)
        stopRequested = .allocate(capacity: Self.slotCount)
        stopRequested.initialize(repeating: false, count: Self.slotCount)
    }

    deinit {
        // The consumer moved every event out; the slots hold none.
        events.deallocate()
        counts.deallocate()
        endings.deinitialize(count: Self.slotCount)
        endings.deallocate()
        stopRequested.deallocate()
    }

    /// Fills batches with the events `next` gives (nil for one a reader does not need) until it gives a failure,
    /// the stream ends, or the consumer asks to stop (seen when the parser comes back to a slot the consumer gave
    /// back after stopping: at most ``slotCount`` batches later).
    func produce(_ next: () -> YAMLEvent?) {
        var slot = 0
        while true {
            free.wait()
            var ending = Ending.more
            var count = 0
            if stopRequested[slot] {
                ending = .cancelled
            } else {
                let start = events + slot * Self.batchSize
                while count < Self.batchSize {
                    guard let event = next() else { continue }
                    if case .failure(let error) = event {
                        ending = .failure(error)
                        break
                    }
                    (start + count).initialize(to: event)
                    count += 1
                    if case .streamEnd = event {
                        ending = .streamEnd
                        break
                    }
                }
            }
            counts[slot] = count
            endings[slot] = ending
            filled.signal()
            if case .more = ending {
                slot = (slot + 1) % Self.slotCount
                continue
            }
            producerFinished.signal()
            return
        }
    }

    /// Takes every batch in order, giving each event to `handle`, and a failure as a last `.failure` event, until
    /// `handle` returns false; the rest are dropped. Returns after the producer's last batch.
    func consume(_ handle: (consuming YAMLEvent) -> Bool) {
        var slot = 0
        var handling = true
        while true {
            filled.wait()
            let start = events + slot * Self.batchSize
            for index in 0..<counts[slot] {
                let event = (start + index).move()
                if handling && !handle(event) { handling = false }
            }
            counts[slot] = 0
            let ending = endings[slot]
            if handling, case .failure(let error) = ending { _ = handle(.failure(error)) }
            stopRequested[slot] = !handling
            free.signal()
            if case .more = ending {
                slot = (slot + 1) % Self.slotCount
                continue
            }
            return
        }
    }
}
