/// Sends only the last element, and only when the sequence completes: every subscriber, early or late, gets that
/// element and the completion (or only the completion, when there was no element; or only the error). Nothing
/// reaches a subscriber before the stop event.
public final class AsyncSubject<Element: Sendable>: SubjectType, Cancelable {
    private struct State {
        var observers: [Int: AnyObserver<Element>] = [:]
        var nextID = 0
        var last: Element?
        var stopEvent: Event<Element>?
        var isDisposed = false
    }

    private let state = Locked(State())

    /// A subject that has seen nothing yet.
    public init() {}

    /// Whether anyone is subscribed and waiting for the stop event.
    public var hasObservers: Bool { state.withLock { !$0.observers.isEmpty } }
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    public func on(_ event: Event<Element>) {
        let delivery = state.withLock { state -> (observers: [AnyObserver<Element>], last: Element?)? in
            guard !state.isDisposed, state.stopEvent == nil else { return nil }
            switch event {
            case .next(let element):
                state.last = element
                return nil
            case .error:
                state.last = nil
                fallthrough
            case .completed:
                state.stopEvent = event
                // In subscription order, so that every subscriber sees the same order of delivery.
                let observers = state.observers.sorted { $0.key < $1.key }.map(\.value)
                state.observers = [:]
                return (observers, state.last)
            }
        }
        guard let delivery else { return }
        for observer in delivery.observers { Self.send(event, last: delivery.last, to: observer) }
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let observer = AnyObserver(observer)
        let outcome = state.withLock { state -> Result<Int, Swift.Error>? in
            if state.isDisposed { return .failure(RxError.disposed(object: "AsyncSubject")) }
            if state.stopEvent != nil { return nil }
            state.nextID += 1
            state.observers[state.nextID] = observer
            return .success(state.nextID)
        }
        switch outcome {
        case .success(let id)?:
            return Disposables.create { [weak self] in _ = self?.state.withLock { $0.observers[id] = nil } }
        case .failure(let error)?:
            observer.on(.error(error))
        case nil:
            let (stopEvent, last) = state.withLock { ($0.stopEvent, $0.last) }
            if let stopEvent { Self.send(stopEvent, last: last, to: observer) }
        }
        return Disposables.create()
    }

    /// Drops the subscribers and what the subject holds; later subscribers get `RxError.disposed`.
    public func dispose() {
        state.withLock { state in
            state.isDisposed = true
            state.observers = [:]
            state.last = nil
            state.stopEvent = nil
        }
    }

    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

    private static func send(_ stopEvent: Event<Element>, last: Element?, to observer: AnyObserver<Element>) {
        if case .completed = stopEvent, let last { observer.on(.next(last)) }
        observer.on(stopEvent)
    }
}
