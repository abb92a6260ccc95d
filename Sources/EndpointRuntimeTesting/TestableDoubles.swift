import EndpointRuntime

/// An observer that records each event with the virtual time it arrived at.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    // @unchecked: `recorded` is a Locked; `scheduler` is Sendable.
    private let scheduler: TestScheduler
    private let recorded = Locked<[Recorded<Event<Element>>]>([])

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// What the observer received, in order.
    public var events: [Recorded<Event<Element>>] { recorded.withLock { $0 } }

    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        recorded.withLock { $0.append(Recorded(time: time, value: event)) }
    }
}

/// An observable of recorded events, which records its subscriptions.
public final class TestableObservable<Element: Sendable>: ObservableType, @unchecked Sendable {
    // @unchecked: mutable state is in `state`, a Locked; observers are called outside the lock.
    private let scheduler: TestScheduler
    /// The events it was made with.
    public let recordedEvents: [Recorded<Event<Element>>]
    private let isHot: Bool
    private let state = Locked((subscriptions: [Subscription](), observers: [Int: AnyObserver<Element>](), nextID: 0))

    init(scheduler: TestScheduler, events: [Recorded<Event<Element>>], isHot: Bool) {
        self.scheduler = scheduler
        self.recordedEvents = events
        self.isHot = isHot
    }

    /// When each observer subscribed and unsubscribed.
    public var subscriptions: [Subscription] { state.withLock { $0.subscriptions } }

    func broadcast(_ event: Event<Element>) {
        let observers = state.withLock { $0.observers.sorted { $0.key < $1.key }.map(\.value) }
        for observer in observers { observer.on(event) }
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let clock = scheduler.clock
        let (id, index) = state.withLock { state -> (Int, Int) in
            state.nextID += 1
            state.observers[state.nextID] = AnyObserver(observer)
            state.subscriptions.append(Subscription(clock))
            return (state.nextID, state.subscriptions.count - 1)
        }
        let pending = CompositeDisposable()
        if !isHot {
            for event in recordedEvents {
                let value = event.value
                // Strong: a cold observable made inside a selector has no other owner; disposal cancels these.
                _ = pending.insert(
                    scheduler.scheduleAt(clock + event.time) { [self] in
                        guard let observer = state.withLock({ $0.observers[id] }) else { return }
                        observer.on(value)
                    })
            }
        }
        return Disposables.create { [weak self] in
            guard let self else { return }
            let now = scheduler.clock
            state.withLock { state in
                state.observers[id] = nil
                let subscribe = state.subscriptions[index].subscribe
                state.subscriptions[index] = Subscription(subscribe, now)
            }
            pending.dispose()
        }
    }
}
