import EndpointRuntime
import EndpointRuntimeTesting
import Testing

@Suite("Trait outcomes as recorded events")
struct TraitEventTests {
    @Test("a Single's, a Maybe's and a Completable's outcomes are the events their observables send")
    func conversions() {
        let scheduler = TestScheduler(initialClock: 0)
        let single = scheduler.start { Single.just(5).delay(.seconds(10), scheduler: scheduler).asObservable() }
        // delay sends the completion one step after the element, as RxSwift does.
        #expect(
            single.events
                == Recorded.events([Recorded(time: 210, value: SingleEvent<Int>.success(5))]).map {
                    $0.value == .completed ? Recorded(time: 211, value: .completed) : $0
                })
        let maybe = TestScheduler(initialClock: 0).start { Maybe<Int>.empty().asObservable() }
        #expect(maybe.events == Recorded.events([Recorded(time: 200, value: MaybeEvent<Int>.completed)]))
        let failure = TestError(id: 4)
        let completable = TestScheduler(initialClock: 0).start { Completable.error(failure).asObservable() }
        let onScheduler = TestScheduler(initialClock: 0)
        let scheduled = onScheduler.start { Maybe.just(3, scheduler: onScheduler).asObservable() }
        #expect(scheduled.events == Recorded.events([Recorded(time: 201, value: MaybeEvent<Int>.success(3))]))
        #expect(completable.events == Recorded.events([Recorded(time: 200, value: CompletableEvent.error(failure))]))
    }
}
