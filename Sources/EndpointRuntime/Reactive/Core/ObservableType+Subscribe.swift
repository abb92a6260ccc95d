extension ObservableType {
    /// Subscribes with closures, RxSwift style. `onDisposed` runs once: after a stop event, or when the
    /// subscription is disposed, whichever comes first.
    @inlinable
    public func subscribe(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (Swift.Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> Disposable {
        let disposed: Cancelable = Disposables.create(with: onDisposed ?? {})
        let stopped = AtomicInt()
        let observer = AnyObserver<Element> { event in
            switch event {
            case .next(let element):
                if stopped.value == 0 { onNext?(element) }
            case .error(let error):
                guard stopped.exchange(1) == 0 else { return }
                onError?(error)
                disposed.dispose()
            case .completed:
                guard stopped.exchange(1) == 0 else { return }
                onCompleted?()
                disposed.dispose()
            }
        }
        let subscription = asObservable().subscribe(observer)
        return Disposables.create(subscription, disposed)
    }

    /// Subscribes with one closure for every event.
    public func subscribe(_ on: @escaping @Sendable (Event<Element>) -> Void) -> Disposable {
        asObservable().subscribe(AnyObserver(eventHandler: on))
    }
}
