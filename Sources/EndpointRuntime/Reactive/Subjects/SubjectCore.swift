/// The machinery shared by the subjects: subscribers, each with its own serializing gate and stop guard, the
/// stop event, and an optional replay buffer.
///
/// Events pass through the subject's own gate first: one event reaches every subscriber before the next one
/// starts, so an `onNext` from inside a handler (or from another thread) is queued and every subscriber sees
/// the same order. The subscribers' gates then only keep a new subscriber's replay ahead of live events.
@usableFromInline
final class SubjectCore<Element: Sendable>: Sendable {
    /// A class, so that a snapshot of the subscribers costs one reference per subscriber to copy.
    @usableFromInline
    final class Subscriber: Sendable {
        @usableFromInline let id: Int
        @usableFromInline let observer: AnyObserver<Element>
        @usableFromInline let gate: SerializingGate<Event<Element>>
        /// Set by the first stop event, so that a `.next` racing an `onCompleted` can never arrive after it.
        @usableFromInline let stopped: AtomicInt

        @usableFromInline
        init(id: Int, observer: AnyObserver<Element>) {
            self.id = id
            self.observer = observer
            gate = SerializingGate()
            stopped = AtomicInt()
        }

        @inlinable
        func receive(_ event: Event<Element>) {
            if case .next = event {
                if stopped.value == 0 { observer.on(event) }
            } else if stopped.exchange(1) == 0 {
                observer.on(event)
            }
        }

        @inlinable
        func deliver(_ event: Event<Element>) {
            gate.deliver(event) { receive($0) }
        }
    }

    @usableFromInline
    struct State {
        @usableFromInline var subscribers: [Subscriber] = []
        @usableFromInline var nextID = 0
        @usableFromInline var stopEvent: Event<Element>?
        @usableFromInline var isDisposed = false
        @usableFromInline var buffer: [Element] = []
        @usableFromInline var bufferStart = 0

        @usableFromInline init() {}
    }

    @usableFromInline let state = Locked(State())
    /// The subject's drain queue: events are dispatched one at a time, in the order they were sent.
    @usableFromInline let gate = SerializingGate<Event<Element>>()
    /// How many elements new subscribers get first; 0 for none.
    @usableFromInline let replayCount: Int
    /// Whether a subscriber arriving after the stop event gets the replay before it (`ReplaySubject`) or only
    /// the stop event (`BehaviorSubject`, as in RxSwift).
    @usableFromInline let replaysAfterStop: Bool

    @usableFromInline
    init(replayCount: Int, replaysAfterStop: Bool = true) {
        self.replayCount = replayCount
        self.replaysAfterStop = replaysAfterStop
    }

    var hasObservers: Bool { state.withLock { !$0.subscribers.isEmpty } }
    var isDisposed: Bool { state.withLock { $0.isDisposed } }
    var stopEvent: Event<Element>? { state.withLock { $0.stopEvent } }
    var latest: Element? { state.withLock { $0.buffer.count > $0.bufferStart ? $0.buffer.last : nil } }

    /// Sends `event` to every subscriber once the events before it have reached them all; ignored after a stop
    /// event or disposal.
    @inlinable
    func on(_ event: Event<Element>) {
        gate.deliver(event) { dispatch($0) }
    }

    /// Sends `event` to the subscribers present now. Only from the subject's gate.
    @inlinable
    func dispatch(_ event: Event<Element>) {
        let targets = state.withLock { state -> [Subscriber] in
            guard state.stopEvent == nil, !state.isDisposed else { return [] }
            switch event {
            case .next(let element):
                if replayCount > 0 { Self.record(element, in: &state, limit: replayCount) }
                return state.subscribers
            case .error, .completed:
                state.stopEvent = event
                defer { state.subscribers = [] }
                return state.subscribers
            }
        }
        for target in targets { target.deliver(event) }
    }

    @inlinable
    static func record(_ element: Element, in state: inout State, limit: Int) {
        state.buffer.append(element)
        if state.buffer.count - state.bufferStart > limit { state.bufferStart += 1 }
        if state.bufferStart > 64 && state.bufferStart * 2 > state.buffer.count {
            state.buffer.removeFirst(state.bufferStart)
            state.bufferStart = 0
        }
    }

    /// Adds a subscriber, which first gets the replay (and the stop event, when stopped).
    @usableFromInline
    func subscribe(_ observer: AnyObserver<Element>, objectName: String) -> Disposable {
        let (subscriber, isActive) = state.withLock { state -> (Subscriber, Bool) in
            state.nextID += 1
            let subscriber = Subscriber(id: state.nextID, observer: observer)
            if state.isDisposed {
                subscriber.gate.claim(with: [.error(RxError.disposed(object: objectName))])
                return (subscriber, false)
            }
            var replay: [Event<Element>] = state.buffer[state.bufferStart...].map { .next($0) }
            if let stop = state.stopEvent {
                if !replaysAfterStop { replay = [] }
                replay.append(stop)
                subscriber.gate.claim(with: replay)
                return (subscriber, false)
            }
            // Claimed inside the lock: live events from now on queue up behind the replay.
            subscriber.gate.claim(with: replay)
            state.subscribers.append(subscriber)
            return (subscriber, true)
        }
        subscriber.gate.finish { subscriber.receive($0) }
        guard isActive else { return Disposables.create() }
        let id = subscriber.id
        return Disposables.create(with: { [weak self] in
            self?.state.withLock { $0.subscribers.removeAll { $0.id == id } }
        })
    }

    /// Drops all subscribers and refuses new ones.
    func dispose() {
        state.withLock { state in
            state.isDisposed = true
            state.subscribers = []
            state.buffer = []
            state.bufferStart = 0
        }
    }
}
