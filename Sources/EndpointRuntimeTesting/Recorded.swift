import EndpointRuntime

/// Virtual time, in ticks.
public typealias TestTime = Int

/// A value and the virtual time it happened at: `.next(210, "a")`, `.completed(300)`.
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// When.
    public let time: TestTime
    /// What.
    public let value: Value

    /// Creates a record.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    public var debugDescription: String { "\(value) @ \(time)" }
}

extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded {
    /// `.next(element)` at `time`.
    public static func next<Element>(_ time: TestTime, _ element: Element) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .next(element))
    }

    /// `.completed` at `time`.
    public static func completed<Element>(_ time: TestTime, _ type: Element.Type = Element.self) -> Recorded<
        Event<Element>
    >
    where Value == Event<Element> {
        Recorded(time: time, value: .completed)
    }

    /// `.error(error)` at `time`.
    public static func error<Element>(_ time: TestTime, _ error: Swift.Error, _ type: Element.Type = Element.self)
        -> Recorded<Event<Element>> where Value == Event<Element>
    {
        Recorded(time: time, value: .error(error))
    }

    /// The records as an array, as RxTest's `Recorded.events(.next(210, 1), .completed(220))` writes them.
    public static func events<Element>(_ records: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        records
    }

    /// The records as an array.
    public static func events<Element>(_ records: [Recorded<Event<Element>>]) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        records
    }
}

/// When an observer subscribed to a testable observable, and when it unsubscribed (`Int.max`: never).
public struct Subscription: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// The time of subscription.
    public let subscribe: TestTime
    /// The time of disposal, or `Int.max`.
    public let unsubscribe: TestTime

    /// A subscription that was never disposed.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, Int.max)
    }

    /// A subscription from `subscribe` to `unsubscribe`.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    public var debugDescription: String {
        unsubscribe == .max ? "(\(subscribe) : ∞)" : "(\(subscribe) : \(unsubscribe))"
    }
}
