import EndpointRuntime
import EndpointRuntimeTesting
import Testing

@Suite("combineLatest and zip")
struct CombineTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test("combineLatest of two: the latest of both once both have sent, with a selector")
    func combineLatestTwo() {
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, "x"), .next(240, "y"), .completed(250)])
        let observer = scheduler.start { Observable.combineLatest(a, b) { "\($0)\($1)" } }
        #expect(observer.events == [.next(220, "1x"), .next(230, "2x"), .next(240, "2y"), .completed(300)])
    }

    @Test("combineLatest as tuples, of three and four")
    func combineLatestArities() {
        let three = Observable.combineLatest(Observable.just(1), Observable.just("a"), Observable.just(true))
        #expect(events(of: three.map { "\($0.0)\($0.1)\($0.2)" }) == [.next("1atrue"), .completed])
        let four = Observable.combineLatest(
            Observable.just(1), Observable.just(2), Observable.just(3), Observable.just(4)
        ) {
            $0 + $1 + $2 + $3
        }
        #expect(events(of: four) == [.next(10), .completed])
    }

    @Test("combineLatest of a collection; an empty source does not end it while another may still send (RxSwift)")
    func combineLatestCollection() {
        let sources = [Observable.just(1), Observable.just(2), Observable.just(3)]
        #expect(events(of: Observable.combineLatest(sources)) == [.next([1, 2, 3]), .completed])
        let empty = scheduler.createHotObservable([Recorded.completed(210, Int.self)])
        let never = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let observer = scheduler.start { Observable.combineLatest(empty, never) { $0 + $1 } }
        #expect(observer.events == [])
        // The finished source is let go of when it finishes; the other only at the end.
        #expect(empty.subscriptions == [Subscription(200, 210)])
        #expect(never.subscriptions == [Subscription(200, 1000)])
    }

    @Test("an error from any source ends combineLatest")
    func combineLatestError() {
        let a = scheduler.createHotObservable([.next(210, 1), .error(230, TestError())])
        let b = scheduler.createHotObservable([.next(220, 2), .next(240, 3)])
        let observer = scheduler.start { Observable.combineLatest(a, b) { $0 + $1 } }
        #expect(observer.events == [.next(220, 3), .error(230, TestError())])
        #expect(b.subscriptions == [Subscription(200, 230)])
    }

    @Test("zip pairs the n-th elements; it completes when an element can never be paired, as RxSwift's does")
    func zipTwo() {
        let a = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let b = scheduler.createHotObservable([.next(215, "a"), .next(250, "b"), .next(260, "c"), .next(270, "d")])
        let observer = scheduler.start { Observable.zip(a, b) { "\($0)\($1)" } }
        // `d` at 270 has no partner, and `a` is done: nothing can be paired any more.
        #expect(observer.events == [.next(215, "1a"), .next(250, "2b"), .next(260, "3c"), .completed(270)])
        #expect(a.subscriptions == [Subscription(200, 240)])
    }

    @Test("zip with a source that never sends and one that completes empty never completes, in either order")
    func zipNeverAndEmpty() {
        for neverFirst in [true, false] {
            let scheduler = TestScheduler(initialClock: 0)
            let never = scheduler.createHotObservable([Recorded.next(150, 1)])
            let empty = scheduler.createHotObservable([.next(150, 1), Recorded.completed(210, Int.self)])
            let observer = scheduler.start {
                neverFirst ? Observable.zip(never, empty) { $0 + $1 } : Observable.zip(empty, never) { $0 + $1 }
            }
            #expect(observer.events == [])
            #expect(never.subscriptions == [Subscription(200, 1000)])
            #expect(empty.subscriptions == [Subscription(200, 210)])
        }
    }

    @Test("zip completes when every source has, each let go of when it finishes")
    func zipCompletesWhenAllDo() {
        let first = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(230)])
        let second = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(240)])
        let observer = scheduler.start { Observable.zip(first, second) { $0 + $1 } }
        #expect(observer.events == [.next(220, 5), .completed(240)])
        #expect(first.subscriptions == [Subscription(200, 230)])
        #expect(second.subscriptions == [Subscription(200, 240)])
    }

    @Test("combineLatest with a source that never sends and one that completes empty never completes")
    func combineLatestNeverAndEmpty() {
        for neverFirst in [true, false] {
            let scheduler = TestScheduler(initialClock: 0)
            let never = scheduler.createHotObservable([Recorded.next(150, 1)])
            let empty = scheduler.createHotObservable([.next(150, 1), Recorded.completed(210, Int.self)])
            let observer = scheduler.start {
                neverFirst
                    ? Observable.combineLatest(never, empty) { $0 + $1 }
                    : Observable.combineLatest(empty, never) { $0 + $1 }
            }
            #expect(observer.events == [])
            #expect(empty.subscriptions == [Subscription(200, 210)])
        }
    }

    @Test("combineLatest of sources that never all send completes when the last of them completes")
    func combineLatestCompletesWithTheLast() {
        let first = scheduler.createHotObservable([.next(150, 1), Recorded.completed(250, Int.self)])
        let second = scheduler.createHotObservable([.next(150, 1), Recorded.completed(500, Int.self)])
        let observer = scheduler.start { Observable.combineLatest(first, second) { $0 + $1 } }
        #expect(observer.events == [.completed(500)])
        #expect(first.subscriptions == [Subscription(200, 250)])
    }

    @Test("of no sources, combineLatest sends the empty combination once and completes; zip only completes")
    func noSources() {
        let observer = scheduler.start { Observable.combineLatest([Observable<Int>]()).map { $0.count } }
        #expect(observer.events == [.next(200, 0), .completed(200)])
        let zipped = TestScheduler(initialClock: 0).start { Observable.zip([Observable<Int>]()).map { $0.count } }
        #expect(zipped.events == [.completed(200)])
    }

    @Test("zip of three, four and a collection")
    func zipArities() {
        let three = Observable.zip(Observable.of(1, 2), Observable.of(10, 20), Observable.of(100, 200)) { $0 + $1 + $2 }
        #expect(events(of: three) == [.next(111), .next(222), .completed])
        let four = Observable.zip(Observable.of(1), Observable.of(2), Observable.of(3), Observable.of(4))
        #expect(events(of: four.map { $0.0 + $0.1 + $0.2 + $0.3 }) == [.next(10), .completed])
        #expect(
            events(of: Observable.zip([Observable.of(1, 2), Observable.of(3, 4)])) == [
                .next([1, 3]), .next([2, 4]), .completed,
            ])
    }

    @Test("a throwing selector ends the sequence with its error")
    func throwingSelector() {
        let combined = Observable.combineLatest(Observable.just(1), Observable.just(2)) { _, _ -> Int in
            throw TestError()
        }
        #expect(events(of: combined) == [.error(TestError())])
    }
}
