import EndpointRuntime
import EndpointRuntimeTesting

struct TestError: Error, Equatable, CustomStringConvertible {
    var id = 0
    var description: String { "TestError(\(id))" }
}

/// Subscribes and records the events of a synchronous sequence.
func events<Element: Sendable>(of observable: Observable<Element>) -> [Event<Element>] {
    let scheduler = TestScheduler(initialClock: 0)
    let observer = scheduler.createObserver(Element.self)
    _ = observable.subscribe(observer)
    return observer.events.map(\.value)
}

/// A counter safe to bump from any thread.
final class Counter: Sendable {
    private let value = Locked(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
