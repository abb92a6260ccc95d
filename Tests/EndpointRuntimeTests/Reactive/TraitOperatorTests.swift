import EndpointRuntime
import EndpointRuntimeTesting
import Testing

/// The trait methods an RxSwift codebase uses: Single and Maybe filter and compactMap, Maybe.ifEmpty(switchTo:)
/// and zip, Single.zip over a collection, Completable.zip, merge, concat and andThen(Maybe).
@Suite("Single, Maybe and Completable operators")
struct TraitOperatorTests {
    @Test("Single.filter and compactMap make a Maybe: the element, or an empty completion")
    func singleToMaybe() {
        #expect(events(of: Single.just(4).filter { $0 > 3 }.asObservable()) == [.next(4), .completed])
        #expect(events(of: Single.just(2).filter { $0 > 3 }.asObservable()) == [.completed])
        #expect(events(of: Single.just("7").compactMap { Int($0) }.asObservable()) == [.next(7), .completed])
        #expect(events(of: Maybe.just("x").compactMap { Int($0) }.asObservable()) == [.completed])
    }

    @Test("Maybe.ifEmpty(switchTo:) runs the other only when empty; zip of Maybes; Single.zip of a collection")
    func maybeAndZip() {
        let subscribed = Locked(0)
        let fallback = Single<Int>.deferred {
            subscribed.withLock { $0 += 1 }
            return Single.just(9)
        }
        #expect(events(of: Maybe<Int>.empty().ifEmpty(switchTo: fallback).asObservable()) == [.next(9), .completed])
        #expect(events(of: Maybe.just(1).ifEmpty(switchTo: fallback).asObservable()) == [.next(1), .completed])
        #expect(subscribed.withLock { $0 } == 1)
        #expect(
            events(of: Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(3)).asObservable()) == [.next(3), .completed])

        #expect(
            events(of: Maybe.zip(Maybe.just(1), Maybe.just(2)) { $0 + $1 }.asObservable()) == [.next(3), .completed])
        #expect(events(of: Maybe.zip(Maybe.just(1), Maybe<Int>.empty()) { $0 + $1 }.asObservable()) == [.completed])
        #expect(
            events(of: Single.zip([Single.just(1), Single.just(2)]).asObservable()) == [.next([1, 2]), .completed])
        #expect(events(of: Single.zip([Single<Int>]()).asObservable()) == [.next([]), .completed])
    }

    @Test("Completable.zip and merge wait for all, concat runs them in turn, andThen(Maybe) follows with the Maybe")
    func completables() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded.completed(30, Never.self)])
        let second = scheduler.createColdObservable([Recorded.completed(10, Never.self)])
        let zipped = scheduler.start {
            Completable.zip(first.asObservable().asCompletable(), second.asObservable().asCompletable())
                .asObservable()
        }
        #expect(zipped.events == [.completed(230)])
        #expect(first.subscriptions == [Subscription(200, 230)] && second.subscriptions == [Subscription(200, 210)])

        let ordered = TestScheduler(initialClock: 0)
        let one = ordered.createColdObservable([Recorded.completed(30, Never.self)])
        let two = ordered.createColdObservable([Recorded.completed(10, Never.self)])
        let concatenated = ordered.start {
            Completable.concat(one.asObservable().asCompletable(), two.asObservable().asCompletable()).asObservable()
        }
        #expect(concatenated.events == [.completed(240)])
        #expect(two.subscriptions == [Subscription(230, 240)])

        #expect(events(of: Completable.empty().andThen(Maybe.just(5)).asObservable()) == [.next(5), .completed])
        #expect(events(of: Completable.merge(Completable.empty(), Completable.empty()).asObservable()) == [.completed])
    }
}

extension TraitOperatorTests {
    @Test("TestScheduler.start takes any observable-convertible; Recorded.events; merge and concat of any collection")
    func rxTestSignatures() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start { Single.just(1) }
        #expect(observer.events == Recorded.events(.next(200, 1), .completed(200)))

        let sources = [Observable.of(1, 2), Observable.of(3)][...]
        #expect(events(of: Observable.merge(sources)) == [.next(1), .next(2), .next(3), .completed])
        #expect(events(of: Observable.concat(sources.reversed())) == [.next(3), .next(1), .next(2), .completed])
    }
}

extension TraitOperatorTests {
    @Test("subscribe { event in } on Maybe and Completable: one closure for the outcome")
    func eventSubscriptions() {
        let seen = Locked<[String]>([])
        _ = Maybe.just(1).subscribe { event in
            if case .success(let value) = event { seen.withLock { $0.append("success \(value)") } }
        }
        _ = Maybe<Int>.empty().subscribe { event in
            if case .completed = event { seen.withLock { $0.append("empty") } }
        }
        _ = Completable.error(TestError()).subscribe { event in
            if case .error = event { seen.withLock { $0.append("error") } }
        }
        _ = Completable.empty().subscribe { event in
            if case .completed = event { seen.withLock { $0.append("completed") } }
        }
        #expect(seen.withLock { $0 } == ["success 1", "empty", "error", "completed"])
    }
}
