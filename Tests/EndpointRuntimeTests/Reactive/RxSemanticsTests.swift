import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// Behaviours an app written against RxSwift relies on, each pinned the way RxSwift's documentation states it.
@Suite("RxSwift semantics")
struct RxSemanticsTests {
    /// `next(1)` then an error, both inside `subscribe`, as a stubbed transport or a cached failure does.
    static func failsAtOnce(with error: TestError = TestError()) -> Observable<Int> {
        Observable.create { observer in
            observer.onNext(1)
            observer.onError(error)
            return Disposables.create()
        }
    }

    // MARK: 1. A second source after a synchronous error

    @Test("catch runs its handler once with a synchronous error and delivers the recovery sequence")
    func catchAfterSynchronousError() {
        let calls = Counter()
        let caught = Self.failsAtOnce(with: TestError(id: 3)).catch { error in
            calls.increment()
            #expect(error as? TestError == TestError(id: 3))
            return .from([7, 8])
        }
        #expect(events(of: caught) == [.next(1), .next(7), .next(8), .completed])
        #expect(calls.count == 1)
        #expect(events(of: Self.failsAtOnce().catchAndReturn(9)) == [.next(1), .next(9), .completed])
    }

    @Test("retry subscribes again after a synchronous error, to the attempt limit")
    func retryAfterSynchronousError() {
        let subscriptions = Counter()
        let source = Observable<Int>.deferred {
            subscriptions.increment()
            return subscriptions.count < 3 ? Self.failsAtOnce() : .from([5])
        }
        #expect(events(of: source.retry(3)) == [.next(1), .next(1), .next(5), .completed])
        #expect(subscriptions.count == 3)
    }

    @Test("retry(when:) resubscribes after a synchronous error when the trigger fires at once")
    func retryWhenAfterSynchronousError() {
        let subscriptions = Counter()
        let source = Observable<Int>.deferred {
            subscriptions.increment()
            return subscriptions.count < 3 ? Self.failsAtOnce() : .from([5])
        }
        let retried = source.retry { errors in errors.map { _ in () } }
        #expect(events(of: retried) == [.next(1), .next(1), .next(5), .completed])
    }

    @Test("concat, concatMap and flatMap pass a synchronous error through once; a recovery after them works")
    func sequencesAfterSynchronousError() {
        let expected: [Event<Int>] = [.next(1), .error(TestError())]
        #expect(events(of: Observable.concat([Self.failsAtOnce(), .from([7])])) == expected)
        #expect(events(of: Observable.from([0]).concatMap { _ in Self.failsAtOnce() }) == expected)
        #expect(events(of: Observable.from([0]).flatMap { _ in Self.failsAtOnce() }) == expected)
        let recovered = Observable.concat([Self.failsAtOnce(), .from([7])]).catch { _ in .from([8]) }
        #expect(events(of: recovered) == [.next(1), .next(8), .completed])
    }

    @Test("timeout(other:) keeps the fallback when the switch happens while the source subscribes")
    func timeoutFallbackDuringSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start {
            Observable<Int>.never().timeout(.seconds(0), other: Observable.from([4]), scheduler: scheduler)
        }
        #expect(observer.events.map(\.value) == [.next(4), .completed])
    }

    // MARK: 2. do(onDispose:) on termination

    @Test("do(onDispose:) runs once when the sequence completes, in RxSwift's order, without an explicit dispose")
    func doOnDisposeAfterCompletion() {
        let log = Locked<[String]>([])
        let disposable = Observable.from([1])
            .do(
                onNext: { value in log.withLock { $0.append("do next \(value)") } },
                onCompleted: { log.withLock { $0.append("do completed") } },
                onSubscribe: { log.withLock { $0.append("do subscribe") } },
                onDispose: { log.withLock { $0.append("do dispose") } }
            )
            .subscribe(
                onNext: { value in log.withLock { $0.append("next \(value)") } },
                onCompleted: { log.withLock { $0.append("completed") } })
        #expect(
            log.withLock { $0 } == [
                "do subscribe", "do next 1", "next 1", "do completed", "completed", "do dispose",
            ])
        disposable.dispose()
        #expect(log.withLock { $0.filter { $0 == "do dispose" }.count } == 1)
    }

    @Test("do(onDispose:) runs once after an error too, and once on an explicit dispose")
    func doOnDisposeAfterError() {
        let disposals = Counter()
        _ = Observable<Int>.error(TestError()).do(onDispose: { disposals.increment() }).subscribe(onError: { _ in })
        #expect(disposals.count == 1)
        let subject = PublishSubject<Int>()
        let open = subject.do(onDispose: { disposals.increment() }).subscribe(onNext: { _ in })
        open.dispose()
        open.dispose()
        #expect(disposals.count == 2)
    }

    // MARK: 3. BehaviorSubject after a terminal event

    @Test("a BehaviorSubject's late subscriber gets only the error, or only completed; a ReplaySubject replays")
    func behaviorSubjectAfterStop() {
        let failed = BehaviorSubject(value: 1)
        failed.onNext(2)
        failed.onError(TestError())
        #expect(events(of: failed.asObservable()) == [.error(TestError())])
        let completed = BehaviorSubject(value: 1)
        completed.onCompleted()
        #expect(events(of: completed.asObservable()) == [.completed])
        let replay = ReplaySubject<Int>.create(bufferSize: 2)
        replay.onNext(1)
        replay.onCompleted()
        #expect(events(of: replay.asObservable()) == [.next(1), .completed])
    }

    // MARK: 4. Re-entrant emission

    @Test("an onNext from inside a handler reaches every subscriber after the current one, in the same order")
    func reentrantOrder() {
        let subject = PublishSubject<Int>()
        let a = Locked<[Int]>([])
        let b = Locked<[Int]>([])
        let inHandler = Counter()
        _ = subject.subscribe(onNext: { value in
            a.withLock { $0.append(value) }
            if value == 1 { subject.onNext(2) }
        })
        _ = subject.subscribe(onNext: { value in
            inHandler.increment()
            b.withLock { $0.append(value) }
        })
        subject.onNext(1)
        #expect(a.withLock { $0 } == [1, 2])
        #expect(b.withLock { $0 } == [1, 2])
        #expect(inHandler.count == 2)
    }

    @Test("a BehaviorSubject's re-entrant emission keeps the order for every subscriber, its value the latest")
    func reentrantBehaviorSubject() throws {
        let subject = BehaviorSubject(value: 0)
        let seen = Locked<[String]>([])
        _ = subject.subscribe(onNext: { value in
            seen.withLock { $0.append("a\(value)") }
            if value == 1 { subject.onNext(2) }
        })
        _ = subject.subscribe(onNext: { value in seen.withLock { $0.append("b\(value)") } })
        subject.onNext(1)
        #expect(seen.withLock { $0 } == ["a0", "b0", "a1", "b1", "a2", "b2"])
        #expect(try subject.value() == 2)
    }

    @Test("from four threads at once, every subscriber sees every element in one shared order, never re-entered")
    func concurrentOrder() async {
        let subject = PublishSubject<Int>()
        let logs = (0..<3).map { _ in Locked<[Int]>([]) }
        let inside = (0..<3).map { _ in AtomicCounter() }
        let overlaps = Counter()
        let subscriptions = (0..<3).map { index in
            subject.subscribe(onNext: { value in
                if inside[index].enter() > 1 { overlaps.increment() }
                logs[index].withLock { $0.append(value) }
                // The first subscriber re-enters now and then: queued behind the element being delivered.
                if index == 0, value % 97 == 0, value < 4_000 { subject.onNext(value + 1_000_000) }
                inside[index].leave()
            })
        }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<1_000 { subject.onNext(thread * 1_000 + index) }
                }
            }
        }
        let first = logs[0].withLock { $0 }
        let reentrant = (0..<4_000).filter { $0 % 97 == 0 }.count
        #expect(first.count == 4_000 + reentrant)
        for log in logs.dropFirst() { #expect(log.withLock { $0 } == first) }
        #expect(overlaps.count == 0)
        subscriptions.forEach { $0.dispose() }
    }

    // MARK: 5. What a finished subscription holds

    final class Payload: Sendable {}

    @Test("a finished Single frees its producer's captures and the observer while the Disposable is kept")
    func finishedSingleFreesCaptures() async throws {
        weak var weakPayload: Payload?
        weak var weakObserverCapture: Payload?
        let bag = DisposeBag()
        let done = AsyncStream<Void>.makeStream()
        do {
            let payload = Payload()
            let observerCapture = Payload()
            weakPayload = payload
            weakObserverCapture = observerCapture
            Single<Int>.create { observer in
                // Completes later, on another thread, as a request does.
                DispatchQueue.global().async {
                    _ = payload
                    observer(.success(1))
                }
                return Disposables.create()
            }
            .subscribe(onSuccess: { _ in
                _ = observerCapture
                done.continuation.yield()
            })
            .disposed(by: bag)
        }
        for await _ in done.stream { break }
        // The terminal event has been handled; let the producer's thread return.
        for _ in 0..<200 where weakPayload != nil || weakObserverCapture != nil {
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        #expect(weakPayload == nil, "the producer's capture outlived the finished subscription")
        #expect(weakObserverCapture == nil, "the observer outlived the finished subscription")
        withExtendedLifetime(bag) {}
    }

    @Test("a finished chain of operators frees every stage while the Disposable is kept")
    func finishedChainFreesStages() {
        weak var weakPayload: Payload?
        var disposable: Disposable?
        do {
            let payload = Payload()
            weakPayload = payload
            disposable = Observable.from([1, 2, 3])
                .map { value -> Int in
                    _ = payload
                    return value * 2
                }
                .filter { _ in payload === payload }
                .catch { _ in .just(0) }
                .do(onNext: { _ in _ = payload })
                .subscribe(onNext: { _ in _ = payload })
        }
        #expect(weakPayload == nil)
        withExtendedLifetime(disposable) {}
    }
}

/// How many callers are inside a handler right now.
final class AtomicCounter: Sendable {
    private let value = Locked(0)
    /// Enters and returns how many are inside now, this caller included.
    func enter() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }
    func leave() { value.withLock { $0 -= 1 } }
}

@Suite("Tuple forms, as in RxSwift 6")
struct TupleFormTests {
    @Test("Observable.zip and combineLatest of two to four sources return tuples without a selector")
    func observableTuples() {
        let numbers = Observable.of(1, 2)
        let words = Observable.of("a", "b")
        let zipped = Observable.zip(numbers, words)
        #expect(events(of: zipped.map { "\($0.0)\($0.1)" }) == [.next("1a"), .next("2b"), .completed])
        let latest = Observable.combineLatest(Observable.just(1), Observable.just("x"))
        #expect(events(of: latest.map { "\($0)\($1)" }) == [.next("1x"), .completed])
        let three = Observable.zip(numbers, words, Observable.of(true, false))
        #expect(events(of: three.map { "\($0.2)" }) == [.next("true"), .next("false"), .completed])
        let four = Observable.combineLatest(
            Observable.just(1), Observable.just(2), Observable.just(3), Observable.just(4))
        #expect(events(of: four.map { $0 + $1 + $2 + $3 }) == [.next(10), .completed])
    }

    @Test("Single.zip of two to four returns a tuple without a selector, and keeps the selector form")
    func singleTuples() async throws {
        let pair = try await Single.zip(Single.just(1), Single.just("a")).value
        #expect(pair.0 == 1 && pair.1 == "a")
        let triple = try await Single.zip(Single.just(1), Single.just(2), Single.just(3)).value
        #expect(triple.0 + triple.1 + triple.2 == 6)
        let quadruple = try await Single.zip(Single.just(1), Single.just(2), Single.just(3), Single.just(4)).value
        #expect(quadruple.3 == 4)
        #expect(try await Single.zip(Single.just(2), Single.just(3)) { $0 * $1 }.value == 6)
        await #expect(throws: TestError.self) {
            _ = try await Single.zip(Single.just(1), Single<Int>.error(TestError())).value
        }
    }
}
