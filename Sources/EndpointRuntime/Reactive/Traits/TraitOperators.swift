extension PrimitiveSequence where Trait == SingleTrait {
    /// The element if it satisfies `predicate`, else nothing: a `Maybe`.
    public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: source.filter(predicate))
    }

    /// The element transformed, or nothing when `transform` gives nil: a `Maybe`.
    public func compactMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result?) -> Maybe<
        Result
    > {
        Maybe(raw: source.compactMap(transform))
    }

    /// The elements of every `Single` of `collection` together, once each has one; `[]` at once for none.
    public static func zip<Collection: Swift.Collection & Sendable>(_ collection: Collection) -> Single<[Element]>
    where Collection.Element == Single<Element> {
        guard !collection.isEmpty else { return Single<[Element]>.just([]) }
        return Single<[Element]>(raw: Observable.zip(collection.map(\.source)))
    }

    /// The element, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element).subscribe(on: scheduler))
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// The element, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element).subscribe(on: scheduler))
    }

    /// The element if it satisfies `predicate`, else nothing.
    public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: source.filter(predicate))
    }

    /// The element transformed, or nothing when `transform` gives nil.
    public func compactMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result?) -> Maybe<
        Result
    > {
        Maybe(raw: source.compactMap(transform))
    }

    /// `other` when this `Maybe` completes empty.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: emptyOr(other.source))
    }

    /// `other` when this `Maybe` completes empty: a `Single` either way.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: emptyOr(other.source))
    }

    /// Both elements combined once both have one; empty if either completes empty.
    public static func zip<E1: Sendable, E2: Sendable>(
        _ first: Maybe<E1>, _ second: Maybe<E2>, resultSelector: @escaping @Sendable (E1, E2) throws -> Element
    ) -> Maybe<Element> {
        Maybe(raw: Observable.zip(first.source, second.source, resultSelector: resultSelector))
    }

    /// This sequence's element, or `other`'s events when it has none.
    private func emptyOr(_ other: Observable<Element>) -> Observable<Element> {
        let source = self.source
        return Observable.deferred {
            let sent = AtomicInt()
            return source.do(onNext: { _ in _ = sent.exchange(1) })
                .concat(Observable.deferred { sent.value == 0 ? other : Observable.empty() })
        }
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Completes when every one of `completables` has completed, all running at once; the first error ends it.
    public static func zip(_ completables: [Completable]) -> Completable {
        Completable(raw: Observable.merge(completables.map(\.source)))
    }

    /// Completes when every one of `completables` has completed, all running at once.
    public static func zip(_ completables: Completable...) -> Completable {
        zip(completables)
    }

    /// Completes when every one of `completables` has, all running at once; as `zip`, under RxSwift's other name.
    public static func merge(_ completables: [Completable]) -> Completable {
        zip(completables)
    }

    /// Completes when every one of `completables` has, all running at once.
    public static func merge(_ completables: Completable...) -> Completable {
        zip(completables)
    }

    /// Each of `completables` in turn, the next once the one before has completed.
    public static func concat(_ completables: [Completable]) -> Completable {
        Completable(raw: Observable.concat(completables.map(\.source)))
    }

    /// Each of `completables` in turn.
    public static func concat(_ completables: Completable...) -> Completable {
        concat(completables)
    }

    /// `next`'s outcome once this has completed.
    public func andThen<Next: Sendable>(_ next: Maybe<Next>) -> Maybe<Next> {
        Maybe(raw: andThen(next.asObservable()))
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// Subscribes with one closure for the outcome: the element, the error, or an empty completion.
    public func subscribe(_ observer: @escaping @Sendable (MaybeEvent<Element>) -> Void) -> Disposable {
        subscribe(
            onSuccess: { observer(.success($0)) }, onError: { observer(.error($0)) },
            onCompleted: { observer(.completed) })
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Subscribes with one closure for the outcome: completion or the error.
    public func subscribe(_ observer: @escaping @Sendable (CompletableEvent) -> Void) -> Disposable {
        subscribe(onCompleted: { observer(.completed) }, onError: { observer(.error($0)) })
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// Side effects on the element, completion, error, subscription and disposal, as `Observable.do` runs them.
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        afterNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (Swift.Error) throws -> Void)? = nil,
        afterError: (@Sendable (Swift.Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Maybe<Element> {
        Maybe(
            raw: source.do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
                onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Switches to `other` when `dueTime` passes before this `Maybe` ends.
    public func timeout(_ dueTime: RxTimeInterval, other: Maybe<Element>, scheduler: SchedulerType) -> Maybe<Element> {
        Maybe(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }
}

extension PrimitiveSequence where Trait == SingleTrait {
    /// Switches to `other` when `dueTime` passes before this `Single` succeeds or fails.
    public func timeout(_ dueTime: RxTimeInterval, other: Single<Element>, scheduler: SchedulerType) -> Single<Element>
    {
        Single(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }
}

extension PrimitiveSequence where Trait == SingleTrait, Element: FixedWidthInteger {
    /// 0 after `dueTime`.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Single<Element> {
        Single(raw: Observable.timer(dueTime, scheduler: scheduler))
    }
}

extension PrimitiveSequence where Trait == MaybeTrait, Element: FixedWidthInteger {
    /// 0 after `dueTime`.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.timer(dueTime, scheduler: scheduler))
    }
}
