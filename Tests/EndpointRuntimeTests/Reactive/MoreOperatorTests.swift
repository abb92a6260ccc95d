import EndpointRuntimeTesting
import Foundation
import Testing

@testable import EndpointRuntime

/// The operators, subject and scheduler an RxSwift codebase uses that came last: skip(until:), merge(maxConcurrent:),
/// using, debug, AsyncSubject, OperationQueueScheduler, combineLatest and zip of five to eight sources,
/// reduce(_:accumulator:mapResult:) and Maybe.do. Events and subscription intervals are RxSwift's.
@Suite("More RxSwift operators")
struct MoreOperatorTests {
    let failure = TestError(id: 7)

    // MARK: skip(until:)

    @Test("skip(until:) opens at the other's first element and lets the other go then")
    func skipUntilOpens() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let other = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
        let observer = scheduler.start { source.skip(until: other) }
        #expect(observer.events == [.next(230, 4), .next(240, 5), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test("skip(until:): the other completing empty keeps everything out; its error ends the result")
    func skipUntilOtherEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 2), .next(230, 4), .completed(250)])
        let empty: TestableObservable<Int> = scheduler.createHotObservable([.completed(225)])
        let observer = scheduler.start { source.skip(until: empty) }
        #expect(observer.events == [.completed(250)])
        #expect(empty.subscriptions == [Subscription(200, 225)])

        let failing = TestScheduler(initialClock: 0)
        let quiet: TestableObservable<Int> = failing.createHotObservable([.next(150, 1)])
        let error: TestableObservable<Int> = failing.createHotObservable([.error(225, failure)])
        let failed = failing.start { quiet.skip(until: error) }
        #expect(failed.events == [.error(225, failure)])
        #expect(quiet.subscriptions == [Subscription(200, 225)])
        #expect(error.subscriptions == [Subscription(200, 225)])
    }

    // MARK: merge(maxConcurrent:)

    @Test("merge(maxConcurrent:) runs that many inner sequences at once; the next waits for one to complete")
    func mergeMaxConcurrent() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .completed(50)])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let third = scheduler.createColdObservable([.next(5, 3), .completed(10)])
        let outer = scheduler.createHotObservable([
            .next(210, first.asObservable()), .next(220, second.asObservable()), .next(230, third.asObservable()),
            .completed(300),
        ])
        let observer = scheduler.start { outer.merge(maxConcurrent: 2) }
        #expect(observer.events == [.next(220, 1), .next(230, 2), .next(245, 3), .completed(300)])
        #expect(first.subscriptions == [Subscription(210, 260)])
        #expect(second.subscriptions == [Subscription(220, 240)])
        #expect(third.subscriptions == [Subscription(240, 250)])
        #expect(outer.subscriptions == [Subscription(200, 300)])
    }

    @Test("merge(maxConcurrent: 1) is concat; below 1 counts as 1")
    func mergeOneAtATime() {
        let merged = events(
            of: Observable.from([Observable.from([1, 2]), Observable.from([3])]).merge(maxConcurrent: 0))
        #expect(merged == [.next(1), .next(2), .next(3), .completed])
    }

    // MARK: using

    /// A resource that records the virtual times it was made and disposed at.
    final class Resource: Disposable {
        let scheduler: TestScheduler
        let ticks: Locked<[TestTime]>
        init(_ scheduler: TestScheduler, _ ticks: Locked<[TestTime]>) {
            self.scheduler = scheduler
            self.ticks = ticks
            ticks.withLock { $0.append(scheduler.clock) }
        }
        func dispose() { ticks.withLock { $0.append(scheduler.clock) } }
    }

    @Test("using makes the resource on subscription and disposes it with the sequence, on completion or disposal")
    func using() {
        for (end, expected) in [(TestTime(200), [200, 400]), (1000, [200, 1000])] {
            let scheduler = TestScheduler(initialClock: 0)
            let ticks = Locked<[TestTime]>([])
            let source: TestableObservable<Int> = scheduler.createColdObservable(
                end == 200 ? [.next(100, 1), .completed(200)] : [.next(100, 1), .next(1000, 2)])
            let observer = scheduler.start {
                Observable<Int>.using({ Resource(scheduler, ticks) }, observableFactory: { _ in source.asObservable() })
            }
            #expect(observer.events.first == .next(300, 1))
            #expect(ticks.withLock { $0 } == expected)
            #expect(source.subscriptions == [Subscription(200, expected[1])])
        }
    }

    @Test("using: a factory that throws sends the error; a resource already made is disposed at once")
    func usingThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let ticks = Locked<[TestTime]>([])
        let failure = failure
        let observer = scheduler.start {
            Observable<Int>.using(
                { Resource(scheduler, ticks) }, observableFactory: { _ -> Observable<Int> in throw failure })
        }
        #expect(observer.events == [.error(200, failure)])
        #expect(ticks.withLock { $0 } == [200, 200])

        let made = Counter()
        let failed = events(
            of: Observable<Int>.using(
                { () throws -> Resource in throw failure },
                observableFactory: { _ in
                    made.increment()
                    return .never()
                }))
        #expect(failed == [.error(failure)])
        #expect(made.count == 0)
    }

    // MARK: debug

    @Test("debug writes subscription, each event and disposal on one line each, control characters escaped")
    func debug() {
        let lines = Locked<[String]>([])
        DebugOutput.sink.withLock { $0 = { line in lines.withLock { $0.append(line) } } }
        defer { DebugOutput.sink.withLock { $0 = nil } }
        _ = events(of: Observable.from(["a", "x\ny"]).debug("feed"))
        let written = lines.withLock { $0 }.map { $0.split(separator: " ", maxSplits: 2).last.map(String.init) ?? "" }
        #expect(
            written == [
                "feed -> subscribed", #"feed -> Event next(a)"#, #"feed -> Event next(x\ny)"#,
                "feed -> Event completed", "feed -> isDisposed",
            ])
        #expect(lines.withLock { $0 }.allSatisfy { !$0.contains("\n") })
    }

    // MARK: AsyncSubject

    @Test("AsyncSubject sends only the last element and the completion, to early and late subscribers alike")
    func asyncSubject() {
        let subject = AsyncSubject<Int>()
        let early = TestScheduler(initialClock: 0).createObserver(Int.self)
        _ = subject.subscribe(early)
        #expect(subject.hasObservers)
        subject.onNext(1)
        subject.onNext(2)
        #expect(early.events.isEmpty)
        subject.onCompleted()
        subject.onNext(3)
        #expect(early.events.map(\.value) == [.next(2), .completed])
        #expect(!subject.hasObservers)
        let late = TestScheduler(initialClock: 0).createObserver(Int.self)
        _ = subject.subscribe(late)
        #expect(late.events.map(\.value) == [.next(2), .completed])
    }

    @Test("AsyncSubject: an error replaces the element; completing empty sends only the completion; disposal")
    func asyncSubjectEnds() {
        let failing = AsyncSubject<Int>()
        failing.onNext(1)
        failing.onError(failure)
        #expect(events(of: failing.asObservable()) == [.error(failure)])

        let empty = AsyncSubject<Int>()
        let observer = TestScheduler(initialClock: 0).createObserver(Int.self)
        let subscription = empty.subscribe(observer)
        subscription.dispose()
        empty.onCompleted()
        #expect(observer.events.isEmpty, "a disposed subscription gets nothing")
        #expect(events(of: empty.asObservable()) == [.completed])

        let disposed = AsyncSubject<Int>()
        disposed.dispose()
        #expect(disposed.isDisposed)
        guard case .error(let error)? = events(of: disposed.asObservable()).first else {
            Issue.record("a disposed subject sends an error")
            return
        }
        #expect("\(error)".contains("AsyncSubject"))
    }

    // MARK: OperationQueueScheduler

    @Test("OperationQueueScheduler runs work on its queue; disposing first cancels it")
    func operationQueueScheduler() async {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
        #expect(scheduler.queuePriority == .high)
        let ran = Locked<[Int]>([])
        queue.isSuspended = true
        let cancelled = scheduler.schedule(1) { value in
            ran.withLock { $0.append(value) }
            return Disposables.create()
        }
        for value in 2...4 {
            _ = scheduler.schedule(value) { value in
                ran.withLock { $0.append(value) }
                return Disposables.create()
            }
        }
        cancelled.dispose()
        queue.isSuspended = false
        let finished = try? await Single<Int>.create { observer in
            queue.addOperation { observer(.success(0)) }
            return Disposables.create()
        }.value
        #expect(finished == 0)
        #expect(ran.withLock { $0 } == [2, 3, 4])

        let values = try? await Observable.from([1, 2, 3]).observe(on: scheduler).toArray().value
        #expect(values == [1, 2, 3])
    }

    // MARK: combineLatest and zip of five to eight

    @Test("combineLatest and zip take up to eight sources, as tuples or through a selector")
    func arities() {
        let one = Observable.just(1)
        let text = Observable.just("b")
        let flag = Observable.just(true)
        let zipped = events(of: Observable.zip(one, text, flag, one, text, flag, one, text))
        #expect(zipped.count == 2)
        if case .next(let tuple)? = zipped.first {
            #expect(tuple.0 == 1 && tuple.1 == "b" && tuple.2 && tuple.7 == "b")
        } else {
            Issue.record("zip of eight sent no tuple")
        }
        let summed = events(
            of: Observable.combineLatest(
                Observable.from([1, 2]), one, one, one, Observable.just(10), resultSelector: { $0 + $1 + $2 + $3 + $4 })
        )
        // `from` sends its second element from the current-thread queue, after every source has started (as in
        // RxSwift): a combination with its first element, then one with its second.
        #expect(summed == [.next(14), .next(15), .completed])
        let six = events(
            of: Observable.zip(one, one, one, one, one, Observable.from([5, 6]), resultSelector: { $0 + $5 }))
        #expect(six == [.next(6), .completed])
        let seven = events(of: Observable.combineLatest(one, one, one, one, one, one, Observable.just(7)))
        if case .next(let tuple)? = seven.first { #expect(tuple.6 == 7) } else { Issue.record("no tuple of seven") }
    }

    // MARK: reduce(mapResult:) and Maybe.do

    @Test("reduce(_:accumulator:mapResult:) folds, then maps the result once on completion")
    func reduceMapResult() {
        let result = events(
            of: Observable.from([1, 2, 3]).reduce(0, accumulator: +, mapResult: { "sum \($0)" }))
        #expect(result == [.next("sum 6"), .completed])
    }

    @Test("Maybe.do runs its handlers in RxSwift's order")
    func maybeDo() {
        let calls = Locked<[String]>([])
        @Sendable func note(_ call: String) { calls.withLock { $0.append(call) } }
        _ = Maybe.just(1).do(
            onNext: { note("next \($0)") }, afterNext: { _ in note("afterNext") }, onCompleted: { note("completed") },
            onSubscribe: { note("subscribe") }, onSubscribed: { note("subscribed") }, onDispose: { note("dispose") }
        ).subscribe()
        #expect(
            calls.withLock { $0 } == ["subscribe", "next 1", "afterNext", "completed", "subscribed", "dispose"])
    }
}
