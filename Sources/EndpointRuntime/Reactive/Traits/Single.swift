extension PrimitiveSequence where Trait == SingleTrait {
    /// A `Single` made by your code: call the observer once with `.success(element)` or `.failure(error)`.
    public static func create(
        subscribe: @escaping @Sendable (@escaping @Sendable (SingleEvent<Element>) -> Void) -> Disposable
    ) -> Single<Element> {
        Single(
            raw: Observable.create { observer in
                subscribe { event in
                    switch event {
                    case .success(let element):
                        observer.onNext(element)
                        observer.onCompleted()
                    case .failure(let error):
                        observer.onError(error)
                    }
                }
            })
    }

    /// A `Single` of `element`.
    public static func just(_ element: Element) -> Single<Element> { Single(raw: .just(element)) }

    /// A `Single` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Single<Element> { Single(raw: .error(error)) }

    /// A `Single` that never ends.
    public static func never() -> Single<Element> { Single(raw: .never()) }

    /// Subscribes with closures; `onDisposed` runs once.
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onFailure: (@Sendable (Swift.Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> Disposable {
        source.subscribe(onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
    }

    /// Subscribes with one closure for the outcome.
    public func subscribe(_ observer: @escaping @Sendable (SingleEvent<Element>) -> Void) -> Disposable {
        source.subscribe(onNext: { observer(.success($0)) }, onError: { observer(.failure($0)) })
    }

    /// The element transformed.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Single<Result> {
        Single(raw: source.map(transform))
    }

    /// The `Single` that `selector` makes from the element.
    public func flatMap<Result: Sendable>(_ selector: @escaping @Sendable (Element) throws -> Single<Result>) -> Single<
        Result
    > {
        Single(raw: source.flatMap { try selector($0).source })
    }

    /// The `Maybe` that `selector` makes from the element.
    public func flatMapMaybe<Result: Sendable>(_ selector: @escaping @Sendable (Element) throws -> Maybe<Result>)
        -> Maybe<Result>
    {
        Maybe(raw: source.flatMap { try selector($0).source })
    }

    /// The `Completable` that `selector` makes from the element.
    public func flatMapCompletable(_ selector: @escaping @Sendable (Element) throws -> Completable) -> Completable {
        Completable(raw: source.flatMap { try selector($0).source })
    }

    /// Side effects on success, failure, subscription and disposal.
    public func `do`(
        onSuccess: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (Swift.Error) throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Single<Element> {
        Single(raw: source.do(onNext: onSuccess, onError: onError, onSubscribe: onSubscribe, onDispose: onDispose))
    }

    /// `element` instead of an error.
    public func catchAndReturn(_ element: Element) -> Single<Element> { Single(raw: source.catchAndReturn(element)) }

    /// Both elements together once both have one.
    public static func zip<E1: Sendable, E2: Sendable>(
        _ first: Single<E1>, _ second: Single<E2>, resultSelector: @escaping @Sendable (E1, E2) throws -> Element
    ) -> Single<Element> {
        Single(raw: Observable.zip(first.source, second.source, resultSelector: resultSelector))
    }

    /// All three elements together once each has one.
    public static func zip<E1: Sendable, E2: Sendable, E3: Sendable>(
        _ first: Single<E1>, _ second: Single<E2>, _ third: Single<E3>,
        resultSelector: @escaping @Sendable (E1, E2, E3) throws -> Element
    ) -> Single<Element> {
        Single(raw: Observable.zip(first.source, second.source, third.source, resultSelector: resultSelector))
    }

    /// All four elements together once each has one.
    public static func zip<E1: Sendable, E2: Sendable, E3: Sendable, E4: Sendable>(
        _ first: Single<E1>, _ second: Single<E2>, _ third: Single<E3>, _ fourth: Single<E4>,
        resultSelector: @escaping @Sendable (E1, E2, E3, E4) throws -> Element
    ) -> Single<Element> {
        Single(
            raw: Observable.zip(
                first.source, second.source, third.source, fourth.source, resultSelector: resultSelector))
    }

    /// Both elements as a tuple once both have one (RxSwift 6's form without a selector).
    public static func zip<E1: Sendable, E2: Sendable>(_ first: Single<E1>, _ second: Single<E2>) -> Single<Element>
    where Element == (E1, E2) {
        zip(first, second) { ($0, $1) }
    }

    /// All three elements as a tuple once each has one.
    public static func zip<E1: Sendable, E2: Sendable, E3: Sendable>(
        _ first: Single<E1>, _ second: Single<E2>, _ third: Single<E3>
    ) -> Single<Element> where Element == (E1, E2, E3) {
        zip(first, second, third) { ($0, $1, $2) }
    }

    /// All four elements as a tuple once each has one.
    public static func zip<E1: Sendable, E2: Sendable, E3: Sendable, E4: Sendable>(
        _ first: Single<E1>, _ second: Single<E2>, _ third: Single<E3>, _ fourth: Single<E4>
    ) -> Single<Element> where Element == (E1, E2, E3, E4) {
        zip(first, second, third, fourth) { ($0, $1, $2, $3) }
    }

    /// The `Single` as a `Maybe`.
    public func asMaybe() -> Maybe<Element> { Maybe(raw: source) }

    /// The `Single` as a `Completable`, ignoring the element.
    public func asCompletable() -> Completable { Completable(raw: source.compactMap { _ in nil }) }
}

extension ObservableType {
    /// This sequence as a `Single`: its one element; `RxError.noElements` when it completes without one,
    /// `RxError.moreThanOneElement` as soon as a second arrives.
    public func asSingle() -> Single<Element> {
        Single(raw: lift { OneElementSink(observer: $0, allowsNone: false) })
    }

    /// This sequence as a `Maybe`: its one element or nothing; `RxError.moreThanOneElement` on a second.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: lift { OneElementSink(observer: $0, allowsNone: true) })
    }

    /// Its first element as a `Single`, or `nil` when it completes without one.
    public func first() -> Single<Element?> {
        Single(raw: take(1).map { Optional($0) }.reduce(Element?.none) { $1 })
    }
}

extension ObservableType where Element == Never {
    /// This sequence as a `Completable`: its completion or its error. As in RxSwift, only a sequence without
    /// elements converts; write `ignoreElements().asCompletable()` for one that has them.
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}

final class OneElementSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // `element` is touched only from on(_:), which the contract never calls concurrently.
    private var element: Element?
    private let allowsNone: Bool

    init(observer: AnyObserver<Element>, allowsNone: Bool) {
        self.allowsNone = allowsNone
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        guard self.element == nil else {
            forward(.error(RxError.moreThanOneElement))
            return
        }
        self.element = element
    }

    override func onCompleted() {
        if let element {
            forwardNext(element)
            forward(.completed)
        } else if allowsNone {
            forward(.completed)
        } else {
            forward(.error(RxError.noElements))
        }
    }
}
