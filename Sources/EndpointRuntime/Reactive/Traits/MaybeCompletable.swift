extension PrimitiveSequence where Trait == MaybeTrait {
    /// A `Maybe` made by your code: call the observer once with `.success`, `.error` or `.completed`.
    public static func create(
        subscribe: @escaping @Sendable (@escaping @Sendable (MaybeEvent<Element>) -> Void) -> Disposable
    ) -> Maybe<Element> {
        Maybe(
            raw: Observable.create { observer in
                subscribe { event in
                    switch event {
                    case .success(let element):
                        observer.onNext(element)
                        observer.onCompleted()
                    case .error(let error): observer.onError(error)
                    case .completed: observer.onCompleted()
                    }
                }
            })
    }

    /// A `Maybe` of `element`.
    public static func just(_ element: Element) -> Maybe<Element> { Maybe(raw: .just(element)) }
    /// A `Maybe` that completes empty.
    public static func empty() -> Maybe<Element> { Maybe(raw: .empty()) }
    /// A `Maybe` that fails.
    public static func error(_ error: Swift.Error) -> Maybe<Element> { Maybe(raw: .error(error)) }
    /// A `Maybe` that never ends.
    public static func never() -> Maybe<Element> { Maybe(raw: .never()) }

    /// Subscribes with closures; `onDisposed` runs once.
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (Swift.Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> Disposable {
        let succeeded = AtomicInt()
        return source.subscribe(
            onNext: {
                succeeded.store(1)
                onSuccess?($0)
            }, onError: onError,
            onCompleted: { if succeeded.value == 0 { onCompleted?() } }, onDisposed: onDisposed)
    }

    /// The element transformed.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Maybe<Result> {
        Maybe(raw: source.map(transform))
    }

    /// The `Maybe` that `selector` makes from the element.
    public func flatMap<Result: Sendable>(_ selector: @escaping @Sendable (Element) throws -> Maybe<Result>) -> Maybe<
        Result
    > {
        Maybe(raw: source.flatMap { try selector($0).source })
    }

    /// `element` when the `Maybe` completes empty.
    public func ifEmpty(default element: Element) -> Single<Element> {
        Single(raw: source.reduce(Element?.none) { $1 }.map { $0 ?? element })
    }

    /// `element` instead of an error.
    public func catchAndReturn(_ element: Element) -> Maybe<Element> { Maybe(raw: source.catchAndReturn(element)) }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// A `Completable` made by your code: call the observer once with `.completed` or `.error`.
    public static func create(
        subscribe: @escaping @Sendable (@escaping @Sendable (CompletableEvent) -> Void) -> Disposable
    ) -> Completable {
        Completable(
            raw: Observable.create { observer in
                subscribe { event in
                    switch event {
                    case .completed: observer.onCompleted()
                    case .error(let error): observer.onError(error)
                    }
                }
            })
    }

    /// A `Completable` that completes at once.
    public static func empty() -> Completable { Completable(raw: .empty()) }
    /// A `Completable` that fails.
    public static func error(_ error: Swift.Error) -> Completable { Completable(raw: .error(error)) }
    /// A `Completable` that never ends.
    public static func never() -> Completable { Completable(raw: .never()) }

    /// Subscribes with closures; `onDisposed` runs once.
    public func subscribe(
        onCompleted: (@Sendable () -> Void)? = nil,
        onError: (@Sendable (Swift.Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> Disposable {
        source.subscribe(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// This `Completable`, then `next`.
    public func andThen<Next: Sendable>(_ next: Single<Next>) -> Single<Next> {
        Single(raw: source.map { _ -> Next in }.concat(next.source))
    }

    /// This `Completable`, then `next`.
    public func andThen(_ next: Completable) -> Completable {
        Completable(raw: source.concat(next.source))
    }

    /// This `Completable`, then `next`.
    public func andThen<Next: Sendable>(_ next: Observable<Next>) -> Observable<Next> {
        source.map { _ -> Next in }.concat(next)
    }

    /// Side effects on completion, error, subscription and disposal.
    public func `do`(
        onError: (@Sendable (Swift.Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Completable {
        Completable(
            raw: source.do(onError: onError, onCompleted: onCompleted, onSubscribe: onSubscribe, onDispose: onDispose))
    }
}
