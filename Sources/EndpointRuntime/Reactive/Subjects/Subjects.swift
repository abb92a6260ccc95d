/// Both an observer and an observable: what it is told, it tells its subscribers.
public protocol SubjectType<Element>: ObservableType, ObserverType {}

/// Sends each event to the subscribers present when it happens. Safe to call from any thread; events reach the
/// subscribers one at a time and in one order, and an `onNext` from inside a handler is delivered to every
/// subscriber after the current event has reached them all.
public final class PublishSubject<Element: Sendable>: SubjectType, Cancelable {
    @usableFromInline let core = SubjectCore<Element>(replayCount: 0)

    /// A subject with no subscribers yet.
    public init() {}

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { core.hasObservers }
    public var isDisposed: Bool { core.isDisposed }

    @inlinable public func on(_ event: Event<Element>) { core.on(event) }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        core.subscribe(AnyObserver(observer), objectName: "PublishSubject")
    }

    /// Drops the subscribers; later subscribers get `RxError.disposed`.
    public func dispose() { core.dispose() }

    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }
}

/// Holds a current value: new subscribers get it first, then every later event; after the stop event, new
/// subscribers get only the stop event.
public final class BehaviorSubject<Element: Sendable>: SubjectType, Cancelable {
    @usableFromInline let core = SubjectCore<Element>(replayCount: 1, replaysAfterStop: false)

    /// A subject whose current value is `value`.
    public init(value: Element) {
        core.on(.next(value))
    }

    /// The current value; throws the subject's error if it failed, or `RxError.disposed` after disposal.
    public func value() throws -> Element {
        if core.isDisposed { throw RxError.disposed(object: "BehaviorSubject") }
        if case .error(let error)? = core.stopEvent { throw error }
        guard let value = core.latest else { throw RxError.noElements }
        return value
    }

    public var hasObservers: Bool { core.hasObservers }
    public var isDisposed: Bool { core.isDisposed }

    @inlinable public func on(_ event: Event<Element>) { core.on(event) }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        core.subscribe(AnyObserver(observer), objectName: "BehaviorSubject")
    }

    public func dispose() { core.dispose() }

    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }
}

/// Replays the last elements (all of them, unbounded) to new subscribers, then sends every later event; after
/// the stop event, new subscribers get the replay and the stop event.
public final class ReplaySubject<Element: Sendable>: SubjectType, Cancelable {
    @usableFromInline let core: SubjectCore<Element>

    private init(bufferSize: Int) {
        core = SubjectCore(replayCount: bufferSize)
    }

    /// A subject that replays the last `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: max(0, bufferSize))
    }

    /// A subject that replays every element.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: .max)
    }

    public var hasObservers: Bool { core.hasObservers }
    public var isDisposed: Bool { core.isDisposed }

    @inlinable public func on(_ event: Event<Element>) { core.on(event) }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        core.subscribe(AnyObserver(observer), objectName: "ReplaySubject")
    }

    public func dispose() { core.dispose() }

    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }
}
