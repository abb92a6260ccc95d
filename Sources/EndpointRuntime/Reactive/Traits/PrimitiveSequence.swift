/// An observable with a narrower promise, as RxSwift's traits: `Single` (exactly one element or an error),
/// `Maybe` (at most one), `Completable` (none; only completion or an error).
public struct PrimitiveSequence<Trait, Element: Sendable>: ObservableConvertibleType {
    let source: Observable<Element>

    init(raw source: Observable<Element>) {
        self.source = source
    }

    public func asObservable() -> Observable<Element> { source }
}

/// The marker of `Single`.
public enum SingleTrait {}
/// The marker of `Maybe`.
public enum MaybeTrait {}
/// The marker of `Completable`.
public enum CompletableTrait {}

/// Exactly one element, or an error.
public typealias Single<Element: Sendable> = PrimitiveSequence<SingleTrait, Element>
/// One element, nothing (completion), or an error.
public typealias Maybe<Element: Sendable> = PrimitiveSequence<MaybeTrait, Element>
/// Completion or an error, no elements.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// What a `Single` ends with.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

/// What a `Maybe` ends with.
public enum MaybeEvent<Element> {
    case success(Element)
    case error(Swift.Error)
    case completed
}

/// What a `Completable` ends with.
public enum CompletableEvent {
    case error(Swift.Error)
    case completed
}

extension PrimitiveSequence {
    /// A trait that runs `factory`'s result for each subscriber.
    public static func deferred(_ factory: @escaping @Sendable () throws -> PrimitiveSequence<Trait, Element>) -> Self {
        Self(raw: Observable.deferred { try factory().source })
    }

    /// Delivers on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> Self { Self(raw: source.observe(on: scheduler)) }

    /// Subscribes on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Self { Self(raw: source.subscribe(on: scheduler)) }

    /// Shifts the outcome later by `dueTime`.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Self {
        Self(raw: source.delay(dueTime, scheduler: scheduler))
    }

    /// Fails with `RxError.timeout` when `dueTime` passes first.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Self {
        Self(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Subscribes again after an error, `maxAttemptCount` subscriptions in all.
    public func retry(_ maxAttemptCount: Int) -> Self { Self(raw: source.retry(maxAttemptCount)) }

    /// Subscribes again when the sequence made from the errors sends an element.
    public func retry<Trigger: ObservableConvertibleType>(
        when notificationHandler: @escaping @Sendable (Observable<Swift.Error>) -> Trigger
    ) -> Self {
        Self(raw: source.retry(when: notificationHandler))
    }

    /// Continues with another trait of the same kind after an error.
    public func `catch`(_ handler: @escaping @Sendable (Swift.Error) throws -> Self) -> Self {
        Self(raw: source.catch { try handler($0).source })
    }

    /// Takes the trait until `other` sends an element.
    public func take<Other: ObservableConvertibleType>(until other: Other) -> Self {
        Self(raw: source.take(until: other))
    }
}
