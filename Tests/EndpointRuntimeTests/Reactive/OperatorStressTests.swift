import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import TestSupport
import Testing

/// The last round's operators with events from several threads at once, for ThreadSanitizer (CI runs the suites
/// whose names end in `StressTests` under it): every element arrives once, one call at a time, and nothing is
/// left subscribed.
@Suite("Stress: the newer operators on many threads")
struct OperatorStressTests {
    let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)

    @Test("merge(maxConcurrent:) with inner sequences on other threads keeps to its limit and loses nothing")
    func mergeMaxConcurrent() async throws {
        let running = Locked((now: 0, most: 0))
        let values = try await Observable.from(0..<200)
            .map { value in
                Observable.just(value).subscribe(on: scheduler).do(
                    // At completion, which reaches the merge (and starts the next) before the inner disposes.
                    onCompleted: { running.withLock { $0.now -= 1 } },
                    onSubscribe: {
                        running.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                    })
            }
            .merge(maxConcurrent: 3)
            .toArray().value
        #expect(values.sorted() == Array(0..<200))
        #expect(running.withLock { $0.most } <= 3)
    }

    @Test("observe(on:) and delay on a concurrent scheduler deliver every element in order, one at a time")
    func orderedDelivery() async throws {
        let inFlight = ConcurrencyMeter()
        let observed = try await Observable.from(0..<500).observe(on: scheduler)
            .do(onNext: { _ in inFlight.enter() }, afterNext: { _ in inFlight.leave() })
            .toArray().value
        #expect(observed == Array(0..<500))
        let delayed = try await Observable.from(0..<200).delay(.milliseconds(1), scheduler: scheduler)
            .toArray().value
        #expect(delayed == Array(0..<200))
        #expect(inFlight.mostAtOnce == 1)
    }

    @Test("AsyncSubject with elements, subscriptions and the completion racing on several threads")
    func asyncSubject() async {
        for _ in 0..<20 {
            let subject = AsyncSubject<Int>()
            let received = Locked<[Event<Int>]>([])
            await withTaskGroup(of: Void.self) { group in
                for value in 0..<50 { group.addTask { subject.onNext(value) } }
                for _ in 0..<10 {
                    group.addTask {
                        _ = subject.subscribe { event in received.withLock { $0.append(event) } }
                    }
                }
            }
            subject.onNext(99)
            subject.onCompleted()
            let events = received.withLock { $0 }
            #expect(events.count == 20, "each of the ten gets the last element and the completion")
            #expect(events.filter { $0 == .completed }.count == 10)
            #expect(events.allSatisfy { $0 == .next(99) || $0 == .completed })
        }
    }

    @Test("skip(until:), take(for:) and using while the trigger, the timer and disposal race")
    func racingEnds() async {
        for _ in 0..<50 {
            let source = PublishSubject<Int>()
            let trigger = PublishSubject<Void>()
            let disposed = Counter()
            let subscription = Observable<Int>.using(
                { Disposables.create { disposed.increment() } },
                observableFactory: { _ in
                    source.skip(until: trigger).take(for: .milliseconds(5), scheduler: scheduler)
                }
            ).subscribe(onNext: { _ in })
            await withTaskGroup(of: Void.self) { group in
                group.addTask { for value in 0..<100 { source.onNext(value) } }
                group.addTask { trigger.onNext(()) }
                group.addTask { subscription.dispose() }
            }
            // A completion from the timer's thread disposes the resource there, possibly just after the group has
            // finished: wait for it, then check it happened once.
            #expect(await Eventually.holds(within: .seconds(10)) { disposed.count >= 1 })
            #expect(disposed.count == 1)
        }
    }
}

/// Counts how many callers are inside at once.
final class ConcurrencyMeter: Sendable {
    private let state = Locked((now: 0, most: 0))
    func enter() {
        state.withLock {
            $0.now += 1
            $0.most = max($0.most, $0.now)
        }
    }
    func leave() { state.withLock { $0.now -= 1 } }
    var mostAtOnce: Int { state.withLock { $0.most } }
}
