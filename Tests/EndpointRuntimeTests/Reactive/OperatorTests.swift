import EndpointRuntime
import EndpointRuntimeTesting
import TestSupport
import Testing

@Suite("Operators over time (TestScheduler)")
struct OperatorTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test("map, filter and compactMap see only what comes after the subscription")
    func mapFilter() {
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
        ])
        let observer = scheduler.start { source.map { $0 * 10 }.filter { $0 != 30 }.compactMap { $0 > 25 ? $0 : nil } }
        #expect(observer.events == [.next(230, 40), .completed(300)])
        #expect(source.subscriptions == [Subscription(200, 300)])
    }

    @Test("a throwing map ends in its error and disposes the source")
    func mapThrows() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = scheduler.start {
            source.map { value -> Int in
                if value == 2 { throw TestError() }
                return value
            }
        }
        #expect(observer.events == [.next(210, 1), .error(220, TestError())])
        #expect(source.subscriptions == [Subscription(200, 220)])
    }

    @Test("scan emits each step; reduce only the total on completion")
    func scanReduce() {
        let source = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let scanned = scheduler.start { source.scan(0, accumulator: +) }
        #expect(scanned.events == [.next(210, 1), .next(220, 3), .next(230, 6), .completed(240)])
        let reduced = TestScheduler(initialClock: 0).start { Observable.of(1, 2, 3).reduce(10, accumulator: +) }
        #expect(reduced.events == [.next(200, 16), .completed(200)])
    }

    @Test("startWith, distinctUntilChanged, skip")
    func smallOperators() {
        #expect(
            events(of: Observable.of(3, 4).startWith(1, 2)) == [.next(1), .next(2), .next(3), .next(4), .completed])
        #expect(
            events(of: Observable.of(1, 1, 2, 2, 1, 3, 3).distinctUntilChanged())
                == [.next(1), .next(2), .next(1), .next(3), .completed])
        #expect(events(of: Observable.of(1, 2, 3, 4).skip(2)) == [.next(3), .next(4), .completed])
    }

    @Test("take completes at once after the count and disposes the source; take(0) is empty")
    func take() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let observer = scheduler.start { source.take(2) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(220)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        #expect(events(of: Observable.of(1, 2).take(0)) == [.completed])
    }

    @Test("take(while:) stops at the first element that fails the predicate")
    func takeWhile() {
        #expect(events(of: Observable.of(1, 2, 3, 1).take(while: { $0 < 3 })) == [.next(1), .next(2), .completed])
    }

    @Test("take(until:) completes when the other sequence sends an element, and disposes both")
    func takeUntil() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let stop = scheduler.createHotObservable([.next(230, "stop"), .completed(250)])
        let observer = scheduler.start { source.take(until: stop) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(stop.subscriptions == [Subscription(200, 230)])
    }

    @Test("do runs its handlers in RxSwift's order (of emits on the trampoline, after onSubscribed); onDispose once")
    func doHandlers() {
        let log = Locked<[String]>([])
        let subscription = Observable.of(1).do(
            onNext: { value in log.withLock { $0.append("next \(value)") } },
            afterNext: { value in log.withLock { $0.append("after \(value)") } },
            onCompleted: { log.withLock { $0.append("completed") } },
            onSubscribe: { log.withLock { $0.append("subscribe") } },
            onSubscribed: { log.withLock { $0.append("subscribed") } },
            onDispose: { log.withLock { $0.append("dispose") } }
        ).subscribe(onNext: { value in log.withLock { $0.append("got \(value)") } })
        subscription.dispose()
        subscription.dispose()
        #expect(
            log.withLock { $0 } == [
                "subscribe", "subscribed", "next 1", "got 1", "after 1", "completed", "dispose",
            ])
    }

    @Test("do on a source that stops while it is subscribed to: the source's disposal, onSubscribed, onDispose")
    func doOrderOnSynchronousSource() {
        let log = Locked<[String]>([])
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create { log.withLock { $0.append("sourceDispose") } }
        }
        _ = source.do(
            onSubscribed: { log.withLock { $0.append("doOnSubscribed") } },
            onDispose: { log.withLock { $0.append("doOnDispose") } }
        ).subscribe()
        #expect(log.withLock { $0 } == ["sourceDispose", "doOnSubscribed", "doOnDispose"])
    }

    @Test("catch switches to the handler's sequence; catchAndReturn to one element")
    func catching() {
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let fallback = scheduler.createColdObservable([.next(10, 9), .completed(20)])
        let observer = scheduler.start { source.catch { _ in fallback.asObservable() } }
        #expect(observer.events == [.next(210, 1), .next(230, 9), .completed(240)])
        #expect(events(of: Observable<Int>.error(TestError()).catchAndReturn(7)) == [.next(7), .completed])
    }

    @Test("retry(3) subscribes three times in all and then lets the error through (RxSwift counts attempts)")
    func retryCount() {
        let attempts = Counter()
        let failing = Observable<Int>.deferred {
            attempts.increment()
            return Observable.of(attempts.count).concat(Observable.error(TestError()))
        }
        #expect(events(of: failing.retry(3)) == [.next(1), .next(2), .next(3), .error(TestError())])
        #expect(attempts.count == 3)
    }

    @Test("retry of a source that fails at once does not grow the stack with each attempt")
    func retryDeep() async {
        let attempts = Counter()
        let failing = Observable<Int>.deferred {
            attempts.increment()
            return Observable.error(TestError())
        }
        let received = await OwnThread.run { events(of: failing.retry(200_000)) }
        #expect(received == [.error(TestError())])
        #expect(attempts.count == 200_000)
    }

    @Test("retry(when:) resubscribes on each trigger element and ends with the trigger's error")
    func retryWhen() {
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let observer = scheduler.start {
            source.retry(when: { errors in
                errors.scan(0) { count, error in
                    if count == 2 { throw error }
                    return count + 1
                }
            })
        }
        #expect(observer.events == [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, TestError())])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    @Test("flatMap runs inner sequences at once and completes after all of them")
    func flatMap() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let observer = scheduler.start {
            source.flatMap { value in
                TestScheduler.cold(self.scheduler, [.next(5, value * 10), .next(25, value * 100), .completed(30)])
            }
        }
        #expect(
            observer.events == [
                .next(215, 10), .next(225, 20), .next(235, 100), .next(245, 200), .completed(250),
            ])
    }

    @Test("flatMapLatest disposes the previous inner subscription before subscribing the next")
    func flatMapLatest() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let inner1 = scheduler.createColdObservable([.next(10, "a"), .next(30, "b"), .completed(40)])
        let inner2 = scheduler.createColdObservable([.next(10, "c"), .completed(20)])
        let observer = scheduler.start { source.flatMapLatest { $0 == 1 ? inner1 : inner2 } }
        #expect(observer.events == [.next(220, "a"), .next(240, "c"), .completed(300)])
        #expect(inner1.subscriptions == [Subscription(210, 230)])
        #expect(inner2.subscriptions == [Subscription(230, 250)])
    }

    @Test("concatMap and concat run one sequence after another, in order")
    func concat() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(220)])
        let observer = scheduler.start {
            source.concatMap { value in TestScheduler.cold(self.scheduler, [.next(10, value), .completed(20)]) }
        }
        #expect(observer.events == [.next(220, 1), .next(240, 2), .completed(250)])
        #expect(
            events(of: Observable.concat(Observable.of(1, 2), Observable.of(3))) == [
                .next(1), .next(2), .next(3), .completed,
            ])
    }

    @Test("merge interleaves by time and completes after all")
    func merge() {
        let first = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let second = scheduler.createHotObservable([.next(220, 2), .completed(250)])
        let observer = scheduler.start { Observable.merge(first.asObservable(), second.asObservable()) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
    }

    @Test("an inner error ends flatMap and disposes the other inner subscriptions")
    func flatMapError() {
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let slow = scheduler.createColdObservable([.next(100, 0), .completed(200)])
        let failing = scheduler.createColdObservable([Recorded.error(5, TestError(), Int.self)])
        let observer = scheduler.start { source.flatMap { $0 == 1 ? slow : failing } }
        #expect(observer.events == [.error(225, TestError())])
        #expect(slow.subscriptions == [Subscription(210, 225)])
    }
}

extension TestScheduler {
    /// A cold observable made inside a selector, for operators that subscribe later.
    static func cold<Element: Sendable>(_ scheduler: TestScheduler, _ events: [Recorded<Event<Element>>]) -> Observable<
        Element
    > {
        scheduler.createColdObservable(events).asObservable()
    }
}
