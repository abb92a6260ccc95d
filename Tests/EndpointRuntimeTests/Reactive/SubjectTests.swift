import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

@Suite("Subjects")
struct SubjectTests {
    @Test("PublishSubject: subscribers get what happens after they subscribe; late ones get the stop event")
    func publish() {
        let subject = PublishSubject<Int>()
        subject.onNext(0)
        let early = events(of: subject.asObservable().take(until: Observable<Int>.never()))
        #expect(early == [])
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let subscription = subject.subscribe(first)
        subject.onNext(1)
        #expect(subject.hasObservers)
        subject.onCompleted()
        subject.onNext(2)
        #expect(first.events.map(\.value) == [.next(1), .completed])
        let late = scheduler.createObserver(Int.self)
        _ = subject.subscribe(late)
        #expect(late.events.map(\.value) == [.completed])
        subscription.dispose()
        #expect(!subject.hasObservers)
    }

    @Test("BehaviorSubject: new subscribers get the current value; value() returns it, or throws the error")
    func behavior() throws {
        let subject = BehaviorSubject(value: "a")
        #expect(try subject.value() == "a")
        subject.onNext("b")
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(String.self)
        _ = subject.subscribe(observer)
        subject.onNext("c")
        #expect(observer.events.map(\.value) == [.next("b"), .next("c")])
        #expect(try subject.value() == "c")
        subject.onError(TestError())
        #expect(throws: TestError.self) { try subject.value() }
    }

    @Test("ReplaySubject replays the last n (or all) elements, and the stop event after it")
    func replay() {
        let bounded = ReplaySubject<Int>.create(bufferSize: 2)
        let unbounded = ReplaySubject<Int>.createUnbounded()
        for value in 1...4 {
            bounded.onNext(value)
            unbounded.onNext(value)
        }
        bounded.onCompleted()
        #expect(events(of: bounded.asObservable()) == [.next(3), .next(4), .completed])
        #expect(events(of: unbounded.asObservable().take(4)) == [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    @Test("an onNext from inside an onNext handler is delivered after that handler returns, never re-entrantly")
    func reentrancy() {
        let subject = PublishSubject<Int>()
        let log = Locked<[String]>([])
        _ = subject.subscribe(onNext: { value in
            log.withLock { $0.append("begin \(value)") }
            if value == 1 { subject.onNext(2) }
            log.withLock { $0.append("end \(value)") }
        })
        subject.onNext(1)
        #expect(log.withLock { $0 } == ["begin 1", "end 1", "begin 2", "end 2"])
    }

    @Test("a disposed subject refuses new subscribers with RxError.disposed")
    func disposed() {
        let subject = PublishSubject<Int>()
        subject.dispose()
        #expect(subject.isDisposed)
        let result = events(of: subject.asObservable())
        #expect(result.count == 1)
        #expect((result.first?.error as? RxError) == .disposed(object: "PublishSubject"))
    }

    @Test("producers on many threads: each subscriber sees every element, never two calls at once", arguments: 0..<3)
    func concurrentProducers(_ round: Int) async {
        let subject = PublishSubject<Int>()
        let overlaps = Counter()
        let received = Counter()
        let subscriptions = (0..<3).map { _ in
            // One flag per subscriber: different subscribers may run at the same time, one subscriber never.
            let inside = AtomicFlag()
            return subject.subscribe(onNext: { _ in
                if !inside.set() { overlaps.increment() }
                received.increment()
                inside.clear()
            })
        }
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<8 {
                group.addTask { for value in 0..<500 { subject.onNext(producer * 1000 + value) } }
            }
        }
        #expect(received.count == 3 * 8 * 500)
        #expect(overlaps.count == 0)
        for subscription in subscriptions { subscription.dispose() }
    }

    @Test("subscribing and disposing on many threads while producers send is safe")
    func concurrentSubscribeDispose() async {
        let subject = BehaviorSubject(value: 0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for value in 0..<500 { subject.onNext(value) } }
                group.addTask {
                    for _ in 0..<200 { subject.subscribe(onNext: { _ in }).dispose() }
                }
            }
        }
        #expect(!subject.hasObservers)
    }
}

/// A flag for detecting overlapping calls.
final class AtomicFlag: Sendable {
    private let value = Locked(false)
    /// Sets the flag; false if it was already set.
    func set() -> Bool {
        value.withLock { old in
            defer { old = true }; return !old
        }
    }
    func clear() { value.withLock { $0 = false } }
}
