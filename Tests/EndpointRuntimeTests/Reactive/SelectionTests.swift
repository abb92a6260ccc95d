import EndpointRuntime
import EndpointRuntimeTesting
import Testing

/// Operators that pick elements out of a sequence or make one from nothing: RxSwift's events and subscriptions.
@Suite("Selection and generation operators")
struct SelectionTests {
    let failure = TestError(id: 3)

    func hot(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
    }

    @Test("takeLast sends the last elements on completion; skipLast holds back the last ones")
    func lastElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = hot(scheduler)
        let taken = scheduler.start { source.takeLast(2) }
        #expect(taken.events == [.next(250, 3), .next(250, 4), .completed(250)])

        let skipping = TestScheduler(initialClock: 0)
        let skipSource = hot(skipping)
        let skipped = skipping.start { skipSource.skipLast(2) }
        #expect(skipped.events == [.next(230, 1), .next(240, 2), .completed(250)])

        #expect(events(of: Observable.from(0..<100).takeLast(3)) == [.next(97), .next(98), .next(99), .completed])
        #expect(events(of: Observable.from(0..<100).skipLast(98)) == [.next(0), .next(1), .completed])
        #expect(events(of: Observable.from([1, 2]).takeLast(0)) == [.completed])
    }

    @Test("element(at:) sends that element and completes; past the end, or below zero, it is an error")
    func elementAt() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = hot(scheduler)
        let observer = scheduler.start { source.element(at: 2) }
        #expect(observer.events == [.next(230, 3), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(events(of: Observable.from([1]).element(at: 1)) == [.error(RxError.argumentOutOfRange)])
        #expect(events(of: Observable.from([1]).element(at: -1)) == [.error(RxError.argumentOutOfRange)])
    }

    @Test("single() sends the one element as it comes; a second is an error at once; none is an error at the end")
    func single() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = hot(scheduler)
        let many = scheduler.start { source.single() }
        #expect(many.events == [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        #expect(events(of: Observable.from([1, 2, 3]).single { $0 == 2 }) == [.next(2), .completed])
        #expect(events(of: Observable<Int>.empty().single()) == [.error(RxError.noElements)])
    }

    @Test("ifEmpty on an Observable: a default, or another sequence, only when nothing came")
    func ifEmpty() {
        #expect(events(of: Observable<Int>.empty().ifEmpty(default: 9)) == [.next(9), .completed])
        #expect(events(of: Observable.from([1]).ifEmpty(default: 9)) == [.next(1), .completed])
        #expect(
            events(of: Observable<Int>.empty().ifEmpty(switchTo: Observable.from([7, 8])))
                == [.next(7), .next(8), .completed])
    }

    @Test("sample sends the newest element at each tick when there is a new one, and finishes as RxSwift does")
    func sample() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6), .next(360, 7),
            .completed(400),
        ])
        let sampler = scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"),
            .completed(500),
        ])
        let observer = scheduler.start { source.sample(sampler) }
        #expect(observer.events == [.next(250, 3), .next(320, 6), .next(500, 7), .completed(500)])
        #expect(source.subscriptions == [Subscription(200, 400)])
        #expect(sampler.subscriptions == [Subscription(200, 500)])

        let withDefault = TestScheduler(initialClock: 0)
        let early = withDefault.createHotObservable([.next(220, 2), .next(240, 3), .completed(300)])
        let ticks = withDefault.createHotObservable([.next(210, ()), .next(250, ()), .next(260, ()), .next(320, ())])
        let defaulted = withDefault.start { early.sample(ticks, defaultValue: 0) }
        // The source has completed by 320: that sample is the last, and the sampler is let go of.
        #expect(defaulted.events == [.next(210, 0), .next(250, 3), .next(260, 0), .next(320, 0), .completed(320)])
        #expect(early.subscriptions == [Subscription(200, 300)])
        #expect(ticks.subscriptions == [Subscription(200, 320)])
    }

    @Test("amb follows whichever sequence sends first and disposes the other")
    func amb() {
        let scheduler = TestScheduler(initialClock: 0)
        let left = scheduler.createHotObservable([.next(220, 1), .next(230, 2), .completed(300)])
        let right = scheduler.createHotObservable([.next(210, 10), .next(240, 20), .completed(250)])
        let observer = scheduler.start { left.amb(right) }
        #expect(observer.events == [.next(210, 10), .next(240, 20), .completed(250)])
        #expect(left.subscriptions == [Subscription(200, 210)])
        #expect(right.subscriptions == [Subscription(200, 250)])

        let failing = TestScheduler(initialClock: 0)
        let error: TestableObservable<Int> = failing.createHotObservable([.error(205, failure)])
        let late = failing.createHotObservable([.next(210, 1)])
        let failed = failing.start { Observable.amb([error.asObservable(), late.asObservable()]) }
        #expect(failed.events == [.error(205, failure)])
    }

    @Test("range, repeatElement and generate make sequences on a scheduler, one value per step")
    func generation() {
        #expect(events(of: Observable.range(start: 5, count: 3)) == [.next(5), .next(6), .next(7), .completed])
        #expect(events(of: Observable<Int>.range(start: 5, count: 0)) == [.completed])
        #expect(events(of: Observable.repeatElement("a").take(3)) == [.next("a"), .next("a"), .next("a"), .completed])
        #expect(
            events(of: Observable.generate(initialState: 1, condition: { $0 < 50 }, iterate: { $0 * 3 }))
                == [.next(1), .next(3), .next(9), .next(27), .completed])
        let scheduler = TestScheduler(initialClock: 0)
        let stepped = scheduler.start { Observable.range(start: 0, count: 3, scheduler: scheduler) }
        #expect(stepped.events == [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])
        let failure = failure
        #expect(
            events(of: Observable.generate(initialState: 1, condition: { _ in true }, iterate: { _ in throw failure }))
                == [.next(1), .error(failure)])
    }
}
