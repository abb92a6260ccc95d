import EndpointRuntime
import EndpointRuntimeTesting
import Testing

@Suite("share(replay:scope:)")
struct ShareTests {
    @Test("one upstream subscription for many subscribers; a late one gets the replay")
    func replayOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(100, 3), .completed(200)])
        let shared = source.share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(100) { _ = shared.subscribe(first) }
        scheduler.scheduleAt(150) { _ = shared.subscribe(second) }
        scheduler.start()
        #expect(source.subscriptions.count == 1)
        #expect(first.events == [.next(110, 1), .next(120, 2), .next(200, 3), .completed(300)])
        #expect(second.events == [.next(150, 2), .next(200, 3), .completed(300)])
    }

    @Test(".whileConnected: the connection ends with the last subscriber and starts afresh for the next")
    func whileConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2)])
        let shared = source.share(replay: 1, scope: .whileConnected)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let subscription = Locked(Disposable?.none)
        scheduler.scheduleAt(100) { subscription.withLock { $0 = shared.subscribe(first) } }
        scheduler.scheduleAt(150) { subscription.withLock { $0 }?.dispose() }
        scheduler.scheduleAt(200) { _ = shared.subscribe(second) }
        scheduler.start()
        #expect(source.subscriptions == [Subscription(100, 150), Subscription(200)])
        #expect(second.events == [.next(210, 1), .next(220, 2)])
    }

    @Test(".forever: after the source completes, late subscribers get the replay and the completion")
    func forever() {
        let shared = Observable.of(1, 2, 3).share(replay: 2, scope: .forever)
        #expect(events(of: shared) == [.next(1), .next(2), .next(3), .completed])
        #expect(events(of: shared) == [.next(2), .next(3), .completed])
    }

    @Test("share() without replay: subscribers share elements sent after they join")
    func noReplay() {
        let subject = PublishSubject<Int>()
        let subscriptions = Counter()
        let shared = subject.do(onSubscribe: { subscriptions.increment() }).share()
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let a = shared.subscribe(first)
        subject.onNext(1)
        let b = shared.subscribe(second)
        subject.onNext(2)
        #expect(subscriptions.count == 1)
        #expect(first.events.map(\.value) == [.next(1), .next(2)])
        #expect(second.events.map(\.value) == [.next(2)])
        a.dispose()
        b.dispose()
        #expect(!subject.hasObservers)
    }
}
