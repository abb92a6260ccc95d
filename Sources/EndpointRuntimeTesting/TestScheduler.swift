import EndpointRuntime
import Foundation

/// A scheduler whose clock only moves when it runs the work queued on it, so time-based code is tested
/// instantly and deterministically (RxTest's `TestScheduler`).
///
/// One tick is `resolution` seconds. With `simulateProcessingDelay`, work scheduled for "now" runs one tick
/// later, as in RxTest.
public final class TestScheduler: SchedulerType {
    private struct Item {
        var time: TestTime
        var order: Int
        var action: @Sendable () -> Void
        var cancelled: SingleAssignmentDisposable
    }

    private struct State {
        var clock: TestTime
        var queue: [Item] = []
        var order = 0
        var isRunning = false
    }

    private let state: Locked<State>
    private let resolution: Double
    private let simulateProcessingDelay: Bool

    /// A scheduler whose clock starts at `initialClock`.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        state = Locked(State(clock: initialClock))
        self.resolution = resolution
        self.simulateProcessingDelay = simulateProcessingDelay
    }

    /// The virtual time.
    public var clock: TestTime { state.withLock { $0.clock } }

    public var now: RxTime { Date(timeIntervalSince1970: Double(clock) * resolution) }

    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable {
        scheduleAt(virtual: clock, state, action)
    }

    public func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable {
        scheduleAt(virtual: clock + ticks(dueTime), state, action)
    }

    /// Runs `action` at virtual time `time`.
    @discardableResult
    public func scheduleAt(_ time: TestTime, action: @escaping @Sendable () -> Void) -> Disposable {
        scheduleAt(virtual: time, ()) { _ in
            action()
            return Disposables.create()
        }
    }

    private func ticks(_ interval: RxTimeInterval) -> TestTime {
        let seconds: Double
        switch interval {
        case .seconds(let value): seconds = Double(value)
        case .milliseconds(let value): seconds = Double(value) / 1_000
        case .microseconds(let value): seconds = Double(value) / 1_000_000
        case .nanoseconds(let value): seconds = Double(value) / 1_000_000_000
        default: return .max / 2
        }
        return Int((seconds / resolution).rounded())
    }

    private func scheduleAt<StateType: Sendable>(
        virtual time: TestTime, _ value: StateType, _ action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable {
        let result = SingleAssignmentDisposable()
        let delay = simulateProcessingDelay
        state.withLock { state in
            let due = time <= state.clock ? state.clock + (delay ? 1 : 0) : time
            state.order += 1
            state.queue.append(
                Item(time: due, order: state.order, action: { result.setDisposable(action(value)) }, cancelled: result))
        }
        return result
    }

    /// Runs the queued work in time order, moving the clock, until nothing is left.
    public func start() {
        state.withLock { $0.isRunning = true }
        while let item = next() {
            if !item.cancelled.isDisposed { item.action() }
        }
        state.withLock { $0.isRunning = false }
    }

    /// Runs the queued work up to and including `time`, then sets the clock to `time`.
    public func advanceTo(_ time: TestTime) {
        while let item = next(notAfter: time) {
            if !item.cancelled.isDisposed { item.action() }
        }
        state.withLock { $0.clock = max($0.clock, time) }
    }

    /// Stops `start()` after the work in progress.
    public func stop() {
        state.withLock { $0.queue.removeAll() }
    }

    private func next(notAfter limit: TestTime = .max) -> Item? {
        state.withLock { state -> Item? in
            guard
                let index = state.queue.indices.min(by: {
                    (state.queue[$0].time, state.queue[$0].order) < (state.queue[$1].time, state.queue[$1].order)
                }), state.queue[index].time <= limit
            else { return nil }
            let item = state.queue.remove(at: index)
            state.clock = max(state.clock, item.time)
            return item
        }
    }

    // MARK: Test doubles

    /// An observer that records what it receives with the virtual time.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// An observable that sends `events` at their absolute times, to whoever is subscribed then.
    public func createHotObservable<Element: Sendable>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<
        Element
    > {
        let observable = TestableObservable<Element>(scheduler: self, events: events, isHot: true)
        for event in events {
            scheduleAt(event.time) { observable.broadcast(event.value) }
        }
        return observable
    }

    /// An observable that sends `events` to each subscriber, at times relative to its subscription.
    public func createColdObservable<Element: Sendable>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<
        Element
    > {
        TestableObservable<Element>(scheduler: self, events: events, isHot: false)
    }

    /// Creates the observable at `created`, subscribes at `subscribed`, disposes at `disposed`, runs everything
    /// and returns what the observer received.
    public func start<Source: ObservableConvertibleType>(
        created: TestTime = 100, subscribed: TestTime = 200, disposed: TestTime = 1000,
        create: @escaping @Sendable () -> Source
    ) -> TestableObserver<Source.Element> {
        let observer = createObserver(Source.Element.self)
        let source = Locked(Observable<Source.Element>?.none)
        let subscription = Locked(Disposable?.none)
        scheduleAt(created) { source.withLock { $0 = create().asObservable() } }
        scheduleAt(subscribed) {
            guard let observable = source.withLock({ $0 }) else { return }
            let disposable = observable.subscribe(observer)
            subscription.withLock { $0 = disposable }
        }
        scheduleAt(disposed) { subscription.withLock { $0 }?.dispose() }
        start()
        return observer
    }

    /// Creates, subscribes and disposes at the default times, as `start(created:subscribed:disposed:create:)`.
    public func start<Source: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping @Sendable () -> Source
    ) -> TestableObserver<Source.Element> {
        start(created: 100, subscribed: 200, disposed: disposed, create: create)
    }
}
