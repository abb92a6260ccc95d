import EndpointRuntime
import EndpointRuntimeTesting
import Testing

/// Time windows, delayed subscription and one event per scheduled step, with RxSwift's events and subscription
/// intervals on a `TestScheduler`.
@Suite("Time windows and scheduling steps (TestScheduler)")
struct TimeWindowTests {
    let failure = TestError(id: 1)

    func hot() -> (TestScheduler, TestableObservable<Int>) {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(270),
        ])
        return (scheduler, source)
    }

    @Test("take(for:) sends what arrives in the window, then completes and lets the source go")
    func takeFor() {
        let (scheduler, source) = hot()
        let observer = scheduler.start { source.take(for: .seconds(35), scheduler: scheduler) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(235)])
        #expect(source.subscriptions == [Subscription(200, 235)])
    }

    @Test("take(for:): a zero window completes one step after subscribing; nested windows, the shorter wins")
    func takeForEdges() {
        let (scheduler, source) = hot()
        let observer = scheduler.start { source.take(for: .seconds(0), scheduler: scheduler) }
        #expect(observer.events == [.completed(201)])
        #expect(source.subscriptions == [Subscription(200, 201)])

        let (nestedScheduler, nestedSource) = hot()
        let nested = nestedScheduler.start {
            nestedSource.take(for: .seconds(55), scheduler: nestedScheduler)
                .take(for: .seconds(25), scheduler: nestedScheduler)
        }
        #expect(nested.events == [.next(210, 1), .next(220, 2), .completed(225)])
        #expect(nestedSource.subscriptions == [Subscription(200, 225)])
    }

    @Test("take(for:): the source's end or error comes first when it is earlier; a silent source is cut at the end")
    func takeForSourceEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let failing: TestableObservable<Int> = scheduler.createHotObservable([.error(210, failure)])
        let failed = scheduler.start { failing.take(for: .seconds(50), scheduler: scheduler) }
        #expect(failed.events == [.error(210, failure)])
        #expect(failing.subscriptions == [Subscription(200, 210)])

        let silentScheduler = TestScheduler(initialClock: 0)
        let silent: TestableObservable<Int> = silentScheduler.createHotObservable([.next(0, 0)])
        let cut = silentScheduler.start { silent.take(for: .seconds(50), scheduler: silentScheduler) }
        #expect(cut.events == [.completed(250)])
        #expect(silent.subscriptions == [Subscription(200, 250)])
    }

    @Test("skip(_:scheduler:) drops what arrives in the window; the end passes whenever it comes")
    func skipFor() {
        let (scheduler, source) = hot()
        let observer = scheduler.start { source.skip(.seconds(25), scheduler: scheduler) }
        #expect(observer.events == [.next(230, 3), .next(240, 4), .next(250, 5), .completed(270)])
        #expect(source.subscriptions == [Subscription(200, 270)])

        let (lateScheduler, late) = hot()
        let all = lateScheduler.start { late.skip(for: .seconds(100), scheduler: lateScheduler) }
        #expect(all.events == [.completed(270)])

        let errorScheduler = TestScheduler(initialClock: 0)
        let failing: TestableObservable<Int> = errorScheduler.createHotObservable([.error(210, failure)])
        let failed = errorScheduler.start { failing.skip(.seconds(50), scheduler: errorScheduler) }
        #expect(failed.events == [.error(210, failure)])
        #expect(failing.subscriptions == [Subscription(200, 210)])
    }

    @Test("delaySubscription subscribes after the delay; disposing first means it never subscribes")
    func delaySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
        let observer = scheduler.start { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(observer.events == [.next(280, 42), .next(290, 43), .completed(300)])
        #expect(source.subscriptions == [Subscription(230, 300)])

        let disposing = TestScheduler(initialClock: 0)
        let errorSource: TestableObservable<Int> = disposing.createColdObservable([
            .next(50, 42), .next(60, 43), .error(70, failure),
        ])
        let cut = disposing.start(disposed: 291) { errorSource.delaySubscription(.seconds(30), scheduler: disposing) }
        #expect(cut.events == [.next(280, 42), .next(290, 43)])
        #expect(errorSource.subscriptions == [Subscription(230, 291)])

        let early = TestScheduler(initialClock: 0)
        let never: TestableObservable<Int> = early.createColdObservable([.next(10, 1)])
        let none = early.start(disposed: 220) { never.delaySubscription(.seconds(30), scheduler: early) }
        #expect(none.events.isEmpty)
        #expect(never.subscriptions.isEmpty)
    }

    @Test("observe(on:) delivers one event per scheduled step, as RxSwift does")
    func observeOnSteps() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Observable.just(1).observe(on: scheduler) }
        #expect(observer.events == [.next(201, 1), .completed(202)])

        let single = TestScheduler(initialClock: 0)
        let singleObserver = single.start { Single.just(1).observe(on: single).asObservable() }
        #expect(singleObserver.events == [.next(201, 1), .completed(202)])

        let burst = TestScheduler(initialClock: 0)
        let many = burst.start { Observable.from([1, 2, 3]).observe(on: burst) }
        #expect(many.events == [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    @Test("delay delivers events due at the same instant one step apart, as RxSwift does")
    func delaySteps() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Single.just(1).delay(.seconds(2), scheduler: scheduler).asObservable() }
        #expect(observer.events == [.next(202, 1), .completed(203)])

        let maybe = TestScheduler(initialClock: 0)
        let maybeObserver = maybe.start { Maybe.just(1).delay(.seconds(2), scheduler: maybe).asObservable() }
        #expect(maybeObserver.events == [.next(202, 1), .completed(203)])

        let subscription = TestScheduler(initialClock: 0)
        let delayed = subscription.start {
            Single.just(1).asObservable().delaySubscription(.seconds(2), scheduler: subscription)
        }
        #expect(delayed.events == [.next(202, 1), .completed(202)])

        // Spaced elements keep their spacing; the source is let go of when its completion arrives.
        let spaced = TestScheduler(initialClock: 0)
        let source = spaced.createHotObservable([.next(210, 1), .next(230, 2), .completed(240)])
        let shifted = spaced.start { source.delay(.seconds(15), scheduler: spaced) }
        #expect(shifted.events == [.next(225, 1), .next(245, 2), .completed(255)])
        #expect(source.subscriptions == [Subscription(200, 240)])
    }

    @Test("Single and Maybe timers, and timeouts that switch to another trait")
    func traitTimers() {
        let scheduler = TestScheduler(initialClock: 0)
        let single = scheduler.start { Single<Int>.timer(.seconds(5), scheduler: scheduler).asObservable() }
        #expect(single.events == [.next(205, 0), .completed(205)])

        let maybeScheduler = TestScheduler(initialClock: 0)
        let maybe = maybeScheduler.start { Maybe<Int>.timer(.seconds(5), scheduler: maybeScheduler).asObservable() }
        #expect(maybe.events == [.next(205, 0), .completed(205)])

        let slow = TestScheduler(initialClock: 0)
        let late = slow.start {
            Single<Int>.never().timeout(.seconds(10), other: Single.just(7), scheduler: slow).asObservable()
        }
        #expect(late.events == [.next(210, 7), .completed(210)])

        let quick = TestScheduler(initialClock: 0)
        let inTime = quick.start {
            Maybe<Int>.timer(.seconds(5), scheduler: quick)
                .timeout(.seconds(10), other: Maybe.just(7), scheduler: quick).asObservable()
        }
        #expect(inTime.events == [.next(205, 0), .completed(205)])
    }
}
