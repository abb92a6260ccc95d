import EndpointRuntime
import EndpointRuntimeTesting
import Testing

/// `retry(when:)` with RxSwift's events and subscription intervals.
@Suite("retry(when:)")
struct RetryWhenTests {
    struct RetryError: Error, Equatable {}
    struct OtherError: Error, Equatable {}

    @Test("a notifier that completes while the source runs changes nothing; the source's completion stands")
    func notifierCompletesWhileSourceRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(150, 1), Recorded.completed(250, Int.self)])
        let notifier = scheduler.createHotObservable([.next(150, 1), Recorded.completed(210, Int.self)])
        let observer = scheduler.start(disposed: 300) { source.asObservable().retry(when: { _ in notifier }) }
        #expect(observer.events == [.completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
    }

    @Test("a notifier that never sends: the source's elements, and its completion, or nothing after its error")
    func neverNotifier() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, RetryError())])
        let never = scheduler.createHotObservable([Recorded.next(150, 1)])
        let observer = scheduler.start { source.asObservable().retry(when: { _ in never }) }
        #expect(observer.events == [.next(210, 1), .next(220, 2)])
        #expect(source.subscriptions == [Subscription(200, 230)])
    }

    @Test("each notifier element subscribes again; its error, or its completion, ends the sequence")
    func notifierDecides() {
        for failing in [true, false] {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, RetryError())])
            let observer = scheduler.start(disposed: 300) {
                source.asObservable().retry(when: { (errors: Observable<RetryError>) in
                    errors.scan(0) { count, _ in
                        if failing && count == 1 { throw OtherError() }
                        return count + 1
                    }
                    .take(while: { $0 < 2 })
                })
            }
            let last: Recorded<Event<Int>> = failing ? .error(260, OtherError()) : .completed(260)
            #expect(observer.events == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), last])
            #expect(source.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
        }
    }

    @Test("a notifier that has completed ends the sequence at the next error")
    func notifierCompletedBeforeTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, RetryError())])
        let notifier = scheduler.createHotObservable([.next(150, 1), Recorded.completed(230, Int.self)])
        let observer = scheduler.start { source.asObservable().retry(when: { _ in notifier.asObservable() }) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
    }

    @Test("with a typed notifier, an error of another type ends the sequence at once")
    func otherErrorTypes() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(5, 1), .error(10, RetryError())])
        let observer = scheduler.start(disposed: 800) {
            source.asObservable().retry(when: { (errors: Observable<OtherError>) in errors })
        }
        #expect(observer.events == [.next(205, 1), .error(210, RetryError())])
        #expect(source.subscriptions == [Subscription(200, 210)])
    }
}
