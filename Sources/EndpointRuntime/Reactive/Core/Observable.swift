/// Something that can become an `Observable`: observables themselves and the traits (`Single`, `Maybe`, …).
public protocol ObservableConvertibleType<Element>: Sendable {
    /// The type of elements.
    associatedtype Element: Sendable

    /// The sequence as an `Observable`.
    func asObservable() -> Observable<Element>
}

/// A push-based sequence of elements that observers subscribe to.
public protocol ObservableType<Element>: ObservableConvertibleType {
    /// Starts sending events to `observer`; disposing the result stops them and releases the work.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    public func asObservable() -> Observable<Element> {
        Observable { observer in self.subscribe(observer) }
    }
}

/// A sequence of elements over time, RxSwift's central type.
///
/// It is cold unless said otherwise: every subscription runs its own work. Elements must be `Sendable`, because
/// schedulers, subjects and `share` move them between threads and Swift 6 checks that this is safe.
public struct Observable<Element: Sendable>: ObservableType {
    @usableFromInline let subscribeHandler: @Sendable (AnyObserver<Element>) -> Disposable

    /// An observable whose subscriptions run `subscribe`. Operators use this; to make a sequence from your own
    /// code, use ``ObservableType/create(_:)``, which also enforces the event grammar.
    @usableFromInline
    init(_ subscribe: @escaping @Sendable (AnyObserver<Element>) -> Disposable) {
        subscribeHandler = subscribe
    }

    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        // Made here, in the caller's specialized code, so events reach the observer without generic dispatch.
        let observer = AnyObserver(observer)
        if CurrentThreadScheduler.isScheduleRequired { return subscribeOnTrampoline(observer) }
        return subscribeHandler(observer)
    }

    @usableFromInline
    func subscribeOnTrampoline(_ observer: AnyObserver<Element>) -> Disposable {
        CurrentThreadScheduler.withTrampoline { subscribeHandler(observer) }
    }

    @inlinable
    public func asObservable() -> Observable<Element> { self }
}
