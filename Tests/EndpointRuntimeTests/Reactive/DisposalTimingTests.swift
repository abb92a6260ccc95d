import EndpointRuntime
import EndpointRuntimeTesting
import Testing

/// When an operator lets go of a source: as soon as that source can no longer matter, as RxSwift's own tests
/// expect (their subscription intervals), not when the whole chain ends.
@Suite("Sources are let go of when they finish")
struct DisposalTimingTests {
    /// An outer sequence that sends one inner sequence at 210 and completes at 300, while the inner one runs on.
    private func outerCompletesFirst(
        _ operate: @escaping @Sendable (Observable<Observable<Int>>) -> Observable<Int>
    ) -> (events: [Recorded<Event<Int>>], outer: [Subscription], inner: [Subscription]) {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .next(200, 2)])
        let outer = scheduler.createHotObservable([
            .next(210, inner.asObservable()), Recorded.completed(300, Observable<Int>.self),
        ])
        let observer = scheduler.start { operate(outer.asObservable()) }
        return (observer.events, outer.subscriptions, inner.subscriptions)
    }

    @Test("flatMap, concatMap and flatMapLatest end the outer subscription when the outer completes")
    func outerEndsAtItsCompletion() {
        let operators: [(String, @Sendable (Observable<Observable<Int>>) -> Observable<Int>)] = [
            ("flatMap", { $0.flatMap { $0 } }),
            ("concatMap", { $0.concatMap { $0 } }),
            ("flatMapLatest", { $0.flatMapLatest { $0 } }),
        ]
        for (name, operate) in operators {
            let result = outerCompletesFirst(operate)
            #expect(result.events == [.next(220, 1), .next(410, 2)], "\(name)")
            #expect(result.outer == [Subscription(200, 300)], "\(name)")
            // The inner sequence never completes, so it runs until the subscription is disposed at 1000.
            #expect(result.inner == [Subscription(210, 1000)], "\(name)")
        }
    }
}

extension DisposalTimingTests {
    @Test("share(replay:scope:) lets go of its source when the source completes or fails, in both scopes")
    func shareEndsAtStop() {
        for scope in [SubjectLifetimeScope.whileConnected, .forever] {
            for stop in [Recorded.completed(330, Int.self), .error(330, ShareStopError())] {
                let scheduler = TestScheduler(initialClock: 0)
                let source = scheduler.createHotObservable([.next(210, 1), .next(300, 2), stop])
                let observer = scheduler.start { source.asObservable().share(replay: 1, scope: scope) }
                #expect(observer.events.count == 3, "\(scope)")
                #expect(source.subscriptions == [Subscription(200, 330)], "\(scope), \(stop)")
            }
        }
    }
}

private struct ShareStopError: Error, Equatable {}

extension DisposalTimingTests {
    @Test("take(until:) lets go of the other sequence when it completes without an element, and runs on")
    func takeUntilOtherCompletesEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), Recorded.completed(250, Int.self)])
        let other = scheduler.createHotObservable([Recorded.completed(225, Int.self)])
        let observer = scheduler.start { source.asObservable().take(until: other) }
        #expect(observer.events == [.next(210, 1), .next(230, 2), .completed(250)])
        #expect(other.subscriptions == [Subscription(200, 225)])
        #expect(source.subscriptions == [Subscription(200, 250)])
    }
}

extension DisposalTimingTests {
    @Test("delay lets go of its source when the completion arrives, and delivers it later")
    func delayEndsSourceAtItsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(250, 2), .next(350, 3), Recorded.completed(550, Int.self)])
        let observer = scheduler.start { source.asObservable().delay(.seconds(100), scheduler: scheduler) }
        #expect(observer.events == [.next(350, 2), .next(450, 3), .completed(650)])
        #expect(source.subscriptions == [Subscription(200, 550)])
    }
}
