import EndpointRuntime
import EndpointRuntimeTesting
import Testing

/// Operators an RxSwift codebase uses, with RxSwift's events and subscription intervals.
@Suite(
    "skip(while:), ignoreElements, enumerated, materialize, scan(into:), distinctUntilChanged by key, withLatestFrom")
struct ElementOperatorTests {
    @Test("skip(while:) leaves out elements until the first that fails the predicate, then sends everything")
    func skipWhile() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(250),
        ])
        let observer = scheduler.start { source.asObservable().skip(while: { $0 < 3 }) }
        #expect(observer.events == [.next(230, 5), .next(240, 1), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        let failing = TestScheduler(initialClock: 0)
        let throwing = failing.createHotObservable([.next(210, 1), Recorded.completed(250, Int.self)])
        let failed = failing.start { throwing.asObservable().skip(while: { _ in throw TestError() }) }
        #expect(failed.events == [.error(210, TestError())])
    }

    @Test("ignoreElements keeps only the stop event")
    func ignoreElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), Recorded.completed(250, Int.self)])
        let observer = scheduler.start { source.asObservable().ignoreElements() }
        #expect(observer.events == [.completed(250)])
    }

    @Test("enumerated numbers the elements from 0")
    func enumerated() {
        let numbered = events(of: Observable.of("a", "b", "c").enumerated().map { "\($0.index)\($0.element)" })
        #expect(numbered == [.next("0a"), .next("1b"), .next("2c"), .completed])
    }

    @Test("materialize turns every event into an element; dematerialize turns them back")
    func materialize() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), Recorded.error(220, TestError(), Int.self)])
        let observer = scheduler.start { source.asObservable().materialize() }
        #expect(observer.events == [.next(210, .next(1)), .next(220, .error(TestError())), .completed(220)])
        let roundTrip = events(of: Observable.of(1, 2).materialize().dematerialize())
        #expect(roundTrip == [.next(1), .next(2), .completed])
    }

    @Test("scan(into:) changes the accumulated value in place and sends each step")
    func scanInto() {
        let steps = events(of: Observable.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) })
        #expect(steps == [.next([1]), .next([1, 2]), .next([1, 2, 3]), .completed])
    }

    @Test("distinctUntilChanged by a key, by a key path, and retry() until it succeeds")
    func distinctByKeyAndRetry() {
        struct Item: Equatable, Sendable {
            var id: Int
            var name: String
        }
        let items = Observable.of(Item(id: 1, name: "a"), Item(id: 1, name: "b"), Item(id: 2, name: "b"))
        #expect(events(of: items.distinctUntilChanged { $0.id }.map(\.name)) == [.next("a"), .next("b"), .completed])
        #expect(events(of: items.distinctUntilChanged(at: \.name).map(\.id)) == [.next(1), .next(1), .completed])

        let attempts = Locked(0)
        let flaky = Observable<Int>.deferred {
            let attempt = attempts.withLock { count -> Int in
                count += 1
                return count
            }
            return attempt < 4 ? Observable.error(TestError()) : Observable.just(attempt)
        }
        #expect(events(of: flaky.retry()) == [.next(4), .completed])
    }

    @Test("withLatestFrom sends each element with the other's latest, once it has one, and completes with the first")
    func withLatestFrom() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable([
            .next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), Recorded.completed(300, Int.self),
        ])
        let second = scheduler.createHotObservable([
            .next(220, "a"), .next(240, "b"), Recorded.completed(260, String.self),
        ])
        let observer = scheduler.start { first.asObservable().withLatestFrom(second) { "\($0)\($1)" } }
        #expect(observer.events == [.next(230, "2a"), .next(250, "3b"), .next(270, "4b"), .completed(300)])
        #expect(first.subscriptions == [Subscription(200, 300)])
        #expect(second.subscriptions == [Subscription(200, 260)])

        let failing = TestScheduler(initialClock: 0)
        let source = failing.createHotObservable([.next(210, 1), Recorded.completed(300, Int.self)])
        let other = failing.createHotObservable([Recorded.error(220, TestError(), Int.self)])
        let failed = failing.start { source.asObservable().withLatestFrom(other) }
        #expect(failed.events == [.error(220, TestError())])
        #expect(source.subscriptions == [Subscription(200, 220)])
    }
}

extension ElementOperatorTests {
    @Test("flatMapFirst leaves out elements that come while an inner sequence runs; switchLatest follows the latest")
    func flatMapFirstAndSwitchLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 10), .next(30, 20), Recorded.completed(40, Int.self)])
        let b = scheduler.createColdObservable([.next(5, 99), Recorded.completed(10, Int.self)])
        let c = scheduler.createColdObservable([.next(5, 7), Recorded.completed(10, Int.self)])
        let outer = scheduler.createHotObservable([
            .next(210, a.asObservable()), .next(220, b.asObservable()), .next(260, c.asObservable()),
            Recorded.completed(300, Observable<Int>.self),
        ])
        let observer = scheduler.start { outer.asObservable().flatMapFirst { $0 } }
        #expect(observer.events == [.next(220, 10), .next(240, 20), .next(265, 7), .completed(300)])
        #expect(a.subscriptions == [Subscription(210, 250)])
        #expect(b.subscriptions.isEmpty)
        #expect(c.subscriptions == [Subscription(260, 270)])
        #expect(outer.subscriptions == [Subscription(200, 300)])

        let switching = TestScheduler(initialClock: 0)
        let first = switching.createColdObservable([.next(10, 1), .next(30, 2)])
        let second = switching.createColdObservable([.next(5, 3), Recorded.completed(10, Int.self)])
        let sources = switching.createHotObservable([
            .next(210, first.asObservable()), .next(230, second.asObservable()),
            Recorded.completed(250, Observable<Int>.self),
        ])
        let switched = switching.start { sources.asObservable().switchLatest() }
        #expect(switched.events == [.next(220, 1), .next(235, 3), .completed(250)])
        #expect(first.subscriptions == [Subscription(210, 230)])
    }
}

extension ElementOperatorTests {
    @Test("take(while:behavior:) and take(until:behavior:): the element that ends them is sent only when inclusive")
    func takeBehaviors() {
        let source = Observable.of(1, 2, 3, 4, 5)
        #expect(events(of: source.take(while: { $0 < 3 })) == [.next(1), .next(2), .completed])
        #expect(
            events(of: source.take(while: { $0 < 3 }, behavior: .inclusive)) == [
                .next(1), .next(2), .next(3), .completed,
            ])
        #expect(events(of: source.take(until: { $0 == 2 })) == [.next(1), .completed])
        #expect(events(of: source.take(until: { $0 == 2 }, behavior: .inclusive)) == [.next(1), .next(2), .completed])

        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(210, 1), .next(220, 9), .next(230, 2)])
        let observer = scheduler.start { hot.asObservable().take(until: { $0 > 5 }, behavior: .inclusive) }
        #expect(observer.events == [.next(210, 1), .next(220, 9), .completed(220)])
        #expect(hot.subscriptions == [Subscription(200, 220)])
    }
}
