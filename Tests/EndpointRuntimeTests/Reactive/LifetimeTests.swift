import EndpointRuntime
import Testing

/// Something whose deallocation a test can watch.
final class Tracked: Sendable {
    let deallocated: Counter
    init(_ deallocated: Counter) { self.deallocated = deallocated }
    deinit { deallocated.increment() }
}

@Suite("No retain cycles")
struct LifetimeTests {
    @Test("a finished chain releases its closures")
    func finishedChainReleases() {
        let released = Counter()
        do {
            let tracked = Tracked(released)
            let subscription = Observable.of(1, 2, 3)
                .map { value in value + (tracked.deallocated.count * 0) }
                .filter { _ in true }
                .subscribe(onNext: { _ in _ = tracked })
            _ = subscription
        }
        #expect(released.count == 1)
    }

    @Test("a disposed chain on a never-ending source releases its closures")
    func disposedChainReleases() {
        let released = Counter()
        let subject = PublishSubject<Int>()
        do {
            let tracked = Tracked(released)
            let subscription = subject.map { _ in tracked.deallocated.count }.subscribe(onNext: { _ in _ = tracked })
            subject.onNext(1)
            subscription.dispose()
        }
        #expect(released.count == 1)
        #expect(!subject.hasObservers)
    }

    @Test("a DisposeBag going away ends subscriptions and releases closures")
    func disposeBagReleases() {
        let released = Counter()
        let subject = BehaviorSubject(value: 0)
        do {
            let bag = DisposeBag()
            let tracked = Tracked(released)
            subject.flatMapLatest { value in Observable.just(value + tracked.deallocated.count) }
                .subscribe(onNext: { _ in })
                .disposed(by: bag)
        }
        #expect(released.count == 1)
        #expect(!subject.hasObservers)
    }
}

@Suite("Schedulers")
struct SchedulerTests {
    @Test("a serial dispatch queue scheduler runs actions in order, one at a time")
    func serialOrder() async {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.serial")
        let log = Locked<[Int]>([])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for value in 0..<100 {
                _ = scheduler.schedule(value) { value in
                    log.withLock { $0.append(value) }
                    if value == 99 { continuation.resume() }
                    return Disposables.create()
                }
            }
        }
        #expect(log.withLock { $0 } == Array(0..<100))
    }

    @Test("observe(on:) a concurrent scheduler still delivers in order, one at a time")
    func observeOnConcurrent() async throws {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let values = try await Observable.from(0..<1_000).observe(on: scheduler).toArray().value
        #expect(values == Array(0..<1_000))
    }

    @Test("a cancelled scheduled action does not run")
    func cancelScheduled() async throws {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.cancel")
        let ran = Counter()
        let disposable = scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
            ran.increment()
            return Disposables.create()
        }
        disposable.dispose()
        // A later action on the same serial queue runs only after the cancelled one would have.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(80)) { _ in
                continuation.resume()
                return Disposables.create()
            }
        }
        #expect(ran.count == 0)
    }

    @Test("CurrentThreadScheduler queues recursive work instead of nesting it")
    func trampoline() {
        let log = Locked<[String]>([])
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.withLock { $0.append("outer begin") }
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.withLock { $0.append("inner") }
                return Disposables.create()
            }
            log.withLock { $0.append("outer end") }
            return Disposables.create()
        }
        #expect(log.withLock { $0 } == ["outer begin", "outer end", "inner"])
    }
}

@Suite("Stress: many threads")
struct StressTests {
    @Test("disposing from inside onNext stops the sequence and runs dispose actions once")
    func disposeFromOnNext() {
        let disposed = Counter()
        let received = Counter()
        let holder = SingleAssignmentDisposable()
        let subject = PublishSubject<Int>()
        holder.setDisposable(
            subject.do(onDispose: { disposed.increment() }).subscribe(onNext: { _ in
                received.increment()
                holder.dispose()
            }))
        subject.onNext(1)
        subject.onNext(2)
        #expect(received.count == 1)
        #expect(disposed.count == 1)
    }

    @Test("flatMap with inner sequences on other threads: every element arrives, one call at a time")
    func flatMapConcurrent() async throws {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let values = try await Observable.from(0..<200)
            .flatMap { value in Observable.just(value).subscribe(on: scheduler) }
            .toArray().value
        #expect(values.sorted() == Array(0..<200))
    }

    @Test("subscriptions disposed on other threads while elements flow end cleanly", arguments: 0..<3)
    func disposeWhileFlowing(_ round: Int) async {
        let subject = PublishSubject<Int>()
        let disposed = Counter()
        let subscriptions = (0..<50).map { _ in
            subject.map { $0 * 2 }.filter { $0 >= 0 }.do(onDispose: { disposed.increment() }).subscribe(onNext: { _ in }
            )
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for value in 0..<2_000 { subject.onNext(value) } }
            for subscription in subscriptions { group.addTask { subscription.dispose() } }
        }
        #expect(disposed.count == 50)
        #expect(!subject.hasObservers)
    }

    /// `sequence.toArray()`'s value, or nil when it has not come within 10 s (the wait is then cancelled).
    func valueWithin10Seconds<Element: Sendable>(_ sequence: Observable<Element>) async throws -> [Element]? {
        try await withThrowingTaskGroup(of: [Element]?.self) { group in
            group.addTask { try await sequence.toArray().value }
            group.addTask {
                try await Task.sleep(for: .seconds(10))
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    @Test(
        "on a concurrent scheduler, the next step is never cancelled by the one before it (observe(on:), delay, interval)"
    )
    func concurrentSteps() async throws {
        // An action on a concurrent queue may run, and schedule the next, before `schedule` has returned: storing
        // the older action's disposable then must not dispose the newer one, which would stop the sequence for good.
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        for _ in 0..<100 {
            let values = try await valueWithin10Seconds(Observable.from(0..<200).observe(on: scheduler))
            #expect(values == Array(0..<200))
            let delayed = try await valueWithin10Seconds(
                Observable.from(0..<50).delay(.nanoseconds(0), scheduler: scheduler))
            #expect(delayed == Array(0..<50))
        }
        let ticks = try await valueWithin10Seconds(
            Observable<Int>.interval(.nanoseconds(1), scheduler: scheduler).take(500))
        #expect(ticks == Array(0..<500))
    }
}
