import EndpointRuntime
import EndpointRuntimeTesting
import Testing

@Suite("Time operators (TestScheduler)")
struct TimeTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test("debounce sends an element only after a quiet period, and the pending one on completion")
    func debounce() {
        let source = scheduler.createHotObservable([
            .next(210, "a"), .next(215, "ab"), .next(230, "abc"), .next(260, "abcd"), .completed(265),
        ])
        let observer = scheduler.start { source.debounce(.seconds(10), scheduler: scheduler) }
        #expect(observer.events == [.next(225, "ab"), .next(240, "abc"), .next(265, "abcd"), .completed(265)])
    }

    @Test("throttle(latest: true) sends the first at once and the newest of each window at its end")
    func throttleLatest() {
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(212, 2), .next(215, 3), .next(240, 4), .completed(300),
        ])
        let observer = scheduler.start { source.throttle(.seconds(10), latest: true, scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1), .next(220, 3), .next(240, 4), .completed(300)])
    }

    @Test("throttle(latest: false) drops what arrives inside a window")
    func throttleFirst() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(212, 2), .next(225, 3), .completed(300)])
        let observer = scheduler.start { source.throttle(.seconds(10), latest: false, scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1), .next(225, 3), .completed(300)])
    }

    @Test("throttle(latest: false): an element at the end of the window goes at once (RxSwift's events)")
    func throttleFirstAtWindowEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6), .next(450, 7),
            .completed(500),
        ])
        let observer = scheduler.start { source.throttle(.seconds(200), latest: false, scheduler: scheduler) }
        #expect(observer.events == [.next(210, 2), .next(410, 6), .completed(500)])
        #expect(source.subscriptions == [Subscription(200, 500)])
    }

    @Test("throttle(latest: true): at the end of a window an arriving element goes at once; a kept one waits")
    func throttleLatestAcrossWindows() {
        for (end, completion) in [(900, 900), (500, 610)] {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6),
                .next(450, 7), .completed(TestTime(end)),
            ])
            let observer = scheduler.start { source.throttle(.seconds(200), latest: true, scheduler: scheduler) }
            // 2 at once; 6 arrives when 200 have passed since 2, so it goes at once; 7 is kept until 610. A
            // completion at 500 waits for it; the source is let go of when it completes all the same.
            #expect(
                observer.events == [.next(210, 2), .next(410, 6), .next(610, 7), .completed(TestTime(completion))])
            #expect(source.subscriptions == [Subscription(200, TestTime(end))])
        }
    }

    @Test("delay shifts elements and completion, not errors")
    func delay() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start { source.delay(.seconds(5), scheduler: scheduler) }
        #expect(observer.events == [.next(215, 1), .next(225, 2), .completed(235)])
        let failing = TestScheduler(initialClock: 0)
        let errors = failing.createHotObservable([.next(210, 1), .error(212, TestError())])
        #expect(failing.start { errors.delay(.seconds(5), scheduler: failing) }.events == [.error(212, TestError())])
    }

    @Test("timeout fails with RxError.timeout when no element comes in time")
    func timeoutError() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(250, 2)])
        let observer = scheduler.start { source.timeout(.seconds(20), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1), .error(230, RxError.timeout)])
        #expect(source.subscriptions == [Subscription(200, 230)])
    }

    @Test("timeout(other:) switches to the other sequence")
    func timeoutOther() {
        let source = scheduler.createHotObservable([.next(250, 1)])
        let other = scheduler.createColdObservable([.next(5, 9), .completed(10)])
        let observer = scheduler.start { source.timeout(.seconds(20), other: other, scheduler: scheduler) }
        #expect(observer.events == [.next(225, 9), .completed(230)])
    }

    @Test("interval ticks every period; timer fires once")
    func intervalTimer() {
        let ticks = scheduler.start(disposed: 245) { Observable<Int>.interval(.seconds(10), scheduler: scheduler) }
        #expect(ticks.events == [.next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3)])
        let timerScheduler = TestScheduler(initialClock: 0)
        let once = timerScheduler.start { Observable<Int>.timer(.seconds(30), scheduler: timerScheduler) }
        #expect(once.events == [.next(230, 0), .completed(230)])
    }

    @Test("observe(on:) delivers on the scheduler, later, in order")
    func observeOn() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start { source.observe(on: scheduler) }
        #expect(observer.events == [.next(211, 1), .next(221, 2), .completed(231)])
    }

    @Test("subscribe(on:) subscribes on the scheduler")
    func subscribeOn() {
        let source = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.start { source.subscribe(on: scheduler) }
        // Completion at 221 disposes the subscription, on the scheduler, one tick later.
        #expect(source.subscriptions == [Subscription(201, 222)])
        #expect(observer.events == [.next(211, 1), .completed(221)])
    }
}
