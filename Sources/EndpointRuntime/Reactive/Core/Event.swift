/// What an observable sends: elements, then at most one terminal event. The grammar is
/// `next* (error | completed)?`, and nothing follows a terminal event.
@frozen
public enum Event<Element> {
    /// An element.
    case next(Element)
    /// The sequence failed; nothing follows.
    case error(Swift.Error)
    /// The sequence ended; nothing follows.
    case completed

    /// The element, for `.next`.
    public var element: Element? {
        if case .next(let element) = self { return element }
        return nil
    }

    /// The error, for `.error`.
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this is `.completed` or `.error`.
    public var isStopEvent: Bool {
        if case .next = self { return false }
        return true
    }

    /// Whether this is `.completed`.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// The event with its element transformed.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        switch self {
        case .next(let element):
            do { return .next(try transform(element)) } catch { return .error(error) }
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomDebugStringConvertible {
    public var debugDescription: String {
        switch self {
        case .next(let element): return "next(\(element))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event: Equatable where Element: Equatable {
    /// Elements compare by value; errors by their type and description, as RxTest compares them.
    public static func == (lhs: Event, rhs: Event) -> Bool {
        switch (lhs, rhs) {
        case (.next(let left), .next(let right)): return left == right
        case (.completed, .completed): return true
        case (.error(let left), .error(let right)):
            return type(of: left) == type(of: right) && "\(left)" == "\(right)"
        default: return false
        }
    }
}

/// Errors the reactive core itself raises.
public enum RxError: Swift.Error, Sendable, Equatable, CustomDebugStringConvertible {
    /// A sequence that had to have an element completed without one (`asSingle()`).
    case noElements
    /// A sequence that had to have one element had more.
    case moreThanOneElement
    /// A timer ran out (`timeout`).
    case timeout
    /// An argument was out of range.
    case argumentOutOfRange
    /// Something was used after it was disposed (a subject).
    case disposed(object: String)
    /// An unknown error.
    case unknown

    public var debugDescription: String {
        switch self {
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        case .argumentOutOfRange: return "Argument out of range."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .unknown: return "Unknown error occurred."
        }
    }
}
