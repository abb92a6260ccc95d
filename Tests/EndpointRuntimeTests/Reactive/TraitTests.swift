import EndpointRuntime
import EndpointRuntimeTesting
import Testing

@Suite("Single, Maybe, Completable")
struct TraitTests {
    @Test("Single.create: observer(.success) and observer(.failure); subscribe(onSuccess:onFailure:onDisposed:)")
    func singleCreate() {
        let results = Locked<[String]>([])
        let single = Single<Int>.create { observer in
            observer(.success(42))
            observer(.success(43))
            return Disposables.create()
        }
        _ = single.subscribe(
            onSuccess: { value in results.withLock { $0.append("success \(value)") } },
            onFailure: { _ in results.withLock { $0.append("failure") } },
            onDisposed: { results.withLock { $0.append("disposed") } })
        _ = Single<Int>.create { observer in
            observer(.failure(TestError()))
            return Disposables.create()
        }.subscribe { event in
            if case .failure = event { results.withLock { $0.append("failed") } }
        }
        #expect(results.withLock { $0 } == ["success 42", "disposed", "failed"])
    }

    @Test("asSingle: one element passes; none is RxError.noElements; two is RxError.moreThanOneElement")
    func asSingle() {
        #expect(events(of: Observable.just(1).asSingle().asObservable()) == [.next(1), .completed])
        #expect(events(of: Observable<Int>.empty().asSingle().asObservable()) == [.error(RxError.noElements)])
        #expect(events(of: Observable.of(1, 2).asSingle().asObservable()) == [.error(RxError.moreThanOneElement)])
    }

    @Test("asMaybe: none completes, one succeeds, two fail")
    func asMaybe() {
        #expect(events(of: Observable<Int>.empty().asMaybe().asObservable()) == [.completed])
        #expect(events(of: Observable.just(1).asMaybe().asObservable()) == [.next(1), .completed])
        #expect(events(of: Observable.of(1, 2).asMaybe().asObservable()) == [.error(RxError.moreThanOneElement)])
    }

    @Test("Single map, flatMap, zip, catchAndReturn, retry")
    func singleOperators() {
        let chained = Single.just(2).map { $0 * 10 }.flatMap { Single.just("\($0)") }
        #expect(events(of: chained.asObservable()) == [.next("20"), .completed])
        let zipped = Single<String>.zip(Single.just(1), Single.just("a")) { "\($0)\($1)" }
        #expect(events(of: zipped.asObservable()) == [.next("1a"), .completed])
        #expect(events(of: Single<Int>.error(TestError()).catchAndReturn(5).asObservable()) == [.next(5), .completed])
        let attempts = Counter()
        let flaky = Single<Int>.deferred {
            attempts.increment()
            return attempts.count < 3 ? .error(TestError()) : .just(attempts.count)
        }
        #expect(events(of: flaky.retry(3).asObservable()) == [.next(3), .completed])
    }

    @Test("Maybe: subscribe handlers and ifEmpty(default:)")
    func maybe() {
        let log = Locked<[String]>([])
        _ = Maybe<Int>.empty().subscribe(
            onSuccess: { _ in log.withLock { $0.append("success") } },
            onCompleted: {
                log.withLock { $0.append("completed") }
            })
        _ = Maybe.just(1).subscribe(
            onSuccess: { _ in log.withLock { $0.append("success") } },
            onCompleted: {
                log.withLock { $0.append("completed") }
            })
        #expect(log.withLock { $0 } == ["completed", "success"])
        #expect(events(of: Maybe<Int>.empty().ifEmpty(default: 7).asObservable()) == [.next(7), .completed])
    }

    @Test("Completable: create, andThen, and an Observable as a Completable")
    func completable() {
        let log = Locked<[String]>([])
        let done = Completable.create { observer in
            log.withLock { $0.append("work") }
            observer(.completed)
            return Disposables.create()
        }
        let then = done.andThen(Single.just("next"))
        #expect(events(of: then.asObservable()) == [.next("next"), .completed])
        #expect(log.withLock { $0 } == ["work"])
        #expect(events(of: Observable.of(1, 2).ignoreElements().asCompletable().asObservable()) == [.completed])
        #expect(
            events(of: Completable.error(TestError()).andThen(Completable.empty()).asObservable()) == [
                .error(TestError())
            ])
    }

    @Test("a Single over time: timeout and delay")
    func singleTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.start {
            Single<Int>.never().timeout(.seconds(10), scheduler: scheduler).asObservable()
        }
        #expect(observer.events == [.error(210, RxError.timeout)])
    }
}
