import EndpointRuntime
import TestSupport
import Testing

@Suite("async/await bridges")
struct AsyncBridgeTests {
    @Test("try await single.value returns the element or throws the error")
    func singleValue() async throws {
        #expect(try await Single.just(5).value == 5)
        await #expect(throws: TestError.self) { try await Single<Int>.error(TestError()).value }
    }

    @Test("maybe.value is nil when empty; completable.value returns on completion")
    func maybeCompletable() async throws {
        #expect(try await Maybe<Int>.empty().value == nil)
        #expect(try await Maybe.just(3).value == 3)
        try await Completable.empty().value
        await #expect(throws: TestError.self) { try await Completable.error(TestError()).value }
    }

    @Test("cancelling the awaiting task disposes the subscription and throws CancellationError")
    func cancellation() async {
        let disposed = Counter()
        let subscribed = AsyncStream<Void>.makeStream()
        let never = Single<Int>.create { _ in
            subscribed.continuation.yield()
            return Disposables.create(with: { disposed.increment() })
        }
        let task = Task { try await never.value }
        var events = subscribed.stream.makeAsyncIterator()
        _ = await events.next()
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(disposed.count == 1)
    }

    @Test("a task cancelled before it awaits still ends, with CancellationError")
    func cancelledEarly() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Single<Int>.never().value
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test("for try await over observable.values; leaving the loop early disposes the subscription")
    func values() async throws {
        var collected: [Int] = []
        for try await value in Observable.of(1, 2, 3).values { collected.append(value) }
        #expect(collected == [1, 2, 3])

        let disposed = Counter()
        let subject = PublishSubject<Int>()
        let source = subject.do(onDispose: { disposed.increment() })
        let task = Task {
            for try await value in source.values where value == 2 { return value }
            return -1
        }
        #expect(await Eventually.holds { subject.hasObservers })
        subject.onNext(1)
        subject.onNext(2)
        #expect(try await task.value == 2)
        #expect(await Eventually.holds { disposed.count > 0 })
        #expect(disposed.count == 1)
    }

    @Test("Single.create with an async closure; disposing cancels its task")
    func asyncCreate() async throws {
        #expect(try await Single<Int>.create { 40 + 2 }.value == 42)
        let cancelled = Counter()
        let started = AsyncStream<Void>.makeStream()
        let slow = Single<Int>.create {
            started.continuation.yield()
            do { try await Task.sleep(nanoseconds: 5_000_000_000) } catch { cancelled.increment() }
            return 0
        }
        let subscription = slow.subscribe()
        var events = started.stream.makeAsyncIterator()
        _ = await events.next()
        subscription.dispose()
        #expect(await Eventually.holds { cancelled.count > 0 })
        #expect(cancelled.count == 1)
    }

    @Test("an AsyncSequence as an Observable")
    func asyncSequence() async throws {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }
        #expect(try await stream.asObservable().toArray().value == [1, 2, 3])
    }
}
