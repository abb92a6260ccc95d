extension ObservableType {
    /// Subscribes with closures, RxSwift style. `onDisposed` runs once: after a stop event, or when the
    /// subscription is disposed, whichever comes first.
    ///
    /// Once a stop event has been handled the returned disposable lets go of the subscription (which disposes
    /// itself after a stop event), so a finished subscription keeps nothing alive (the closures, what the
    /// producer captured) even while a `DisposeBag` on a long-lived screen still holds the disposable.
    @inlinable
    public func subscribe(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (Swift.Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> Disposable {
        let disposed: Cancelable = Disposables.create(with: onDisposed ?? {})
        let subscription = subscribeReleasingOnStop { event in
            switch event {
            case .next(let element):
                onNext?(element)
            case .error(let error):
                onError?(error)
                disposed.dispose()
            case .completed:
                onCompleted?()
                disposed.dispose()
            }
        }
        return Disposables.create(subscription, disposed)
    }

    /// Subscribes with one closure for every event; a finished subscription keeps nothing alive, as above.
    @inlinable
    public func subscribe(_ on: @escaping @Sendable (Event<Element>) -> Void) -> Disposable {
        subscribeReleasingOnStop(on)
    }

    /// Subscribes `handler`, enforcing `next* (error | completed)?`, and lets go of the subscription once a stop
    /// event has been handled.
    @inlinable
    func subscribeReleasingOnStop(_ handler: @escaping @Sendable (Event<Element>) -> Void) -> Disposable {
        let subscription = SingleAssignmentDisposable()
        let stopped = AtomicInt()
        let observer = AnyObserver<Element> { event in
            if case .next = event {
                if stopped.value == 0 { handler(event) }
                return
            }
            guard stopped.exchange(1) == 0 else { return }
            handler(event)
            subscription.release()
        }
        subscription.setDisposable(asObservable().subscribe(observer))
        return subscription
    }
}
