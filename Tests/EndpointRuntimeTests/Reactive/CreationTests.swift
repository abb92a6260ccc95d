import EndpointRuntime
import Testing

@Suite("Creating observables")
struct CreationTests {
    @Test("just, of, from, empty, error")
    func basics() {
        #expect(events(of: .just(1)) == [.next(1), .completed])
        #expect(events(of: Observable.of(1, 2, 3)) == [.next(1), .next(2), .next(3), .completed])
        #expect(events(of: Observable.from(["a", "b"])) == [.next("a"), .next("b"), .completed])
        #expect(events(of: Observable<Int>.empty()) == [.completed])
        #expect(events(of: Observable<Int>.error(TestError())) == [.error(TestError())])
        #expect(events(of: Observable<Int>.never()) == [])
    }

    @Test("create drops everything after a stop event and disposes once it stops")
    func createGrammar() {
        let disposed = Counter()
        let observable = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(TestError())
            observer.onCompleted()
            return Disposables.create(with: { disposed.increment() })
        }
        #expect(events(of: observable) == [.next(1), .completed])
        #expect(disposed.count == 1)
    }

    @Test("create's disposable runs exactly once when the subscriber disposes, even twice or from two threads")
    func createDisposal() async {
        let disposed = Counter()
        let observable = Observable<Int>.create { _ in Disposables.create(with: { disposed.increment() }) }
        let subscription = observable.subscribe()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { subscription.dispose() } }
        }
        subscription.dispose()
        #expect(disposed.count == 1)
    }

    @Test("deferred makes a new sequence per subscriber; a thrown error becomes the sequence's error")
    func deferred() {
        let made = Counter()
        let observable = Observable<Int>.deferred {
            made.increment()
            return .just(made.count)
        }
        #expect(events(of: observable) == [.next(1), .completed])
        #expect(events(of: observable) == [.next(2), .completed])
        #expect(events(of: Observable<Int>.deferred { throw TestError() }) == [.error(TestError())])
    }

    @Test("from stops iterating when the subscriber is gone")
    func fromStopsEarly() {
        let seen = Counter()
        let observable = Observable.from(1...1_000_000).do(onNext: { _ in seen.increment() }).take(3)
        #expect(events(of: observable) == [.next(1), .next(2), .next(3), .completed])
        #expect(seen.count == 3)
    }

    @Test("subscribe(onNext:onError:onCompleted:onDisposed:) calls each handler, onDisposed once")
    func subscribeHandlers() {
        let nexts = Locked<[Int]>([])
        let completed = Counter()
        let disposed = Counter()
        let subscription = Observable.of(1, 2).subscribe(
            onNext: { value in nexts.withLock { $0.append(value) } }, onCompleted: { completed.increment() },
            onDisposed: { disposed.increment() })
        subscription.dispose()
        #expect(nexts.withLock { $0 } == [1, 2])
        #expect(completed.count == 1)
        #expect(disposed.count == 1)

        let disposedOnDispose = Counter()
        let never = Observable<Int>.never().subscribe(onDisposed: { disposedOnDispose.increment() })
        #expect(disposedOnDispose.count == 0)
        never.dispose()
        never.dispose()
        #expect(disposedOnDispose.count == 1)
    }
}
