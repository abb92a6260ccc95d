/// Receives the events of an observable.
public protocol ObserverType<Element>: Sendable {
    /// The type of elements received.
    associatedtype Element

    /// Receives one event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends `.next(element)`.
    @inlinable public func onNext(_ element: Element) { on(.next(element)) }
    /// Sends `.completed`.
    @inlinable public func onCompleted() { on(.completed) }
    /// Sends `.error(error)`.
    @inlinable public func onError(_ error: Swift.Error) { on(.error(error)) }

    /// The observer, type-erased.
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }
}

/// An observer made of a closure, or any observer with its type erased.
public struct AnyObserver<Element>: ObserverType {
    @usableFromInline let handler: @Sendable (Event<Element>) -> Void

    /// An observer that passes each event to `eventHandler`.
    @inlinable
    public init(eventHandler: @escaping @Sendable (Event<Element>) -> Void) {
        handler = eventHandler
    }

    /// Wraps an observer.
    @inlinable
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        if let erased = observer as? AnyObserver<Element> {
            self = erased
        } else {
            handler = observer.on
        }
    }

    @inlinable
    public func on(_ event: Event<Element>) { handler(event) }
}
