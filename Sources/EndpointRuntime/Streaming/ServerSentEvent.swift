/// One event of a `text/event-stream` response (Server-Sent Events).
public struct ServerSentEvent: Sendable, Hashable {
    /// The event's type: its `event:` field, or `message` without one.
    public var event: String
    /// Its `data:` lines, joined by line breaks.
    public var data: String
    /// The last event ID the stream set (`id:`) when this event was sent, if it has set one: what a client sends as
    /// `Last-Event-ID` to resume after it.
    public var id: String?
    /// The reconnection time the stream asked for (`retry:`, in milliseconds) in this event's block, if any.
    public var retry: Int?

    /// An event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

/// The WHATWG rules for interpreting an event stream, line by line: `data:` lines joined by LF, `event:`, `id:`
/// (ignored when it holds a NUL), `retry:` (digits only), comments (`:` first), one leading BOM dropped, and a
/// blank line dispatching the event (none when it has no data). Lines are UTF-8; invalid UTF-8 is refused rather
/// than replaced, so a corrupt payload is never decoded as something else.
struct ServerSentEventParser: Sendable {
    /// A line that is not UTF-8.
    struct InvalidText: Error {}

    private var data: [UInt8] = []
    private var hasData = false
    private var eventType: String?
    private var lastEventID: String?
    private var retry: Int?
    private var isFirstLine = true

    /// The event `line` completes (a blank line after data), or nil.
    mutating func event(after line: [UInt8]) throws(InvalidText) -> ServerSentEvent? {
        var line = line[...]
        if isFirstLine {
            isFirstLine = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let name: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            name = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            name = line
            value = []
        }
        switch String(decoding: name, as: UTF8.self) {
        case "data":
            guard String(validatingUTF8: value) != nil else { throw InvalidText() }
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        case "event":
            guard let text = String(validatingUTF8: value) else { throw InvalidText() }
            eventType = text
        case "id":
            guard !value.contains(0) else { return nil }
            guard let text = String(validatingUTF8: value) else { throw InvalidText() }
            lastEventID = text
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let milliseconds = Int(String(decoding: value, as: UTF8.self))
            {
                retry = milliseconds
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventType = nil
            retry = nil
        }
        guard hasData else { return nil }
        let type = eventType.flatMap { $0.isEmpty ? nil : $0 } ?? "message"
        return ServerSentEvent(
            event: type, data: String(decoding: data, as: UTF8.self), id: lastEventID, retry: retry)
    }
}

extension String {
    /// `bytes` as a string when they are valid UTF-8, else nil.
    init?(validatingUTF8 bytes: ArraySlice<UInt8>) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        self = text
    }
}
