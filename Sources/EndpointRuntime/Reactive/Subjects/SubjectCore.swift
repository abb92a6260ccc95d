/// The machinery shared by the subjects: subscribers, each with its own serializing gate, the stop event,
/// and an optional replay buffer.
final class SubjectCore<Element: Sendable>: Sendable {
    struct Subscriber: Sendable {
        let observer: AnyObserver<Element>
        let gate: SerializingGate<Event<Element>>

        func deliver() {
            gate.drain { observer.on($0) }
        }
    }

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        var stopEvent: Event<Element>?
        var isDisposed = false
        var buffer: [Element] = []
        var bufferStart = 0
    }

    private let state = Locked(State())
    /// How many elements new subscribers get first; 0 for none.
    let replayCount: Int

    init(replayCount: Int) {
        self.replayCount = replayCount
    }

    var hasObservers: Bool { state.withLock { !$0.subscribers.isEmpty } }
    var isDisposed: Bool { state.withLock { $0.isDisposed } }
    var stopEvent: Event<Element>? { state.withLock { $0.stopEvent } }
    var latest: Element? { state.withLock { $0.buffer.count > $0.bufferStart ? $0.buffer.last : nil } }

    /// Sends `event` to every subscriber; ignored after a stop event or disposal.
    func on(_ event: Event<Element>) {
        let targets = state.withLock { state -> [Subscriber] in
            guard state.stopEvent == nil, !state.isDisposed else { return [] }
            switch event {
            case .next(let element):
                if replayCount > 0 { record(element, in: &state) }
            case .error, .completed:
                state.stopEvent = event
            }
            let targets = Array(state.subscribers.values)
            for target in targets { target.gate.enqueue([event]) }
            if event.isStopEvent { state.subscribers = [:] }
            return targets
        }
        for target in targets { target.deliver() }
    }

    private func record(_ element: Element, in state: inout State) {
        state.buffer.append(element)
        if state.buffer.count - state.bufferStart > replayCount { state.bufferStart += 1 }
        if state.bufferStart > 64 && state.bufferStart * 2 > state.buffer.count {
            state.buffer.removeFirst(state.bufferStart)
            state.bufferStart = 0
        }
    }

    /// Adds a subscriber, which first gets the replay (and the stop event, when stopped).
    func subscribe(_ observer: AnyObserver<Element>, objectName: String) -> Disposable {
        let gate = SerializingGate<Event<Element>>()
        let subscriber = Subscriber(observer: observer, gate: gate)
        let id = state.withLock { state -> Int? in
            if state.isDisposed {
                gate.enqueue([.error(RxError.disposed(object: objectName))])
                return nil
            }
            gate.enqueue(state.buffer[state.bufferStart...].map { .next($0) })
            if let stop = state.stopEvent {
                gate.enqueue([stop])
                return nil
            }
            state.nextID += 1
            state.subscribers[state.nextID] = subscriber
            return state.nextID
        }
        subscriber.deliver()
        guard let id else { return Disposables.create() }
        return Disposables.create(with: { [weak self] in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        })
    }

    /// Drops all subscribers and refuses new ones.
    func dispose() {
        state.withLock { state in
            state.isDisposed = true
            state.subscribers = [:]
            state.buffer = []
            state.bufferStart = 0
        }
    }
}
