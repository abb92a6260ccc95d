/// An event, or something that holds one: what `dematerialize()` turns back into events.
public protocol EventConvertible {
    /// The element type of the event.
    associatedtype Element
    /// The event itself.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}

extension ObservableType {
    /// The elements after the first one that does not satisfy `predicate`, that one included.
    public func skip(while predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        lift { SkipWhileSink(observer: $0, predicate: predicate) }
    }

    /// Only the completion or the error: every element is left out.
    public func ignoreElements() -> Observable<Never> {
        lift { IgnoreElementsSink(observer: $0) }
    }

    /// Each element with its position, counting from 0.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        lift { EnumeratedSink(observer: $0) }
    }

    /// Every event as an element, the stop event included, then a completion: an error becomes a value.
    public func materialize() -> Observable<Event<Element>> {
        lift { MaterializeSink(observer: $0) }
    }

    /// Each step of an accumulation, the accumulator changing the value in place (no copy per element).
    public func scan<Accumulate: Sendable>(
        into seed: Accumulate, accumulator: @escaping @Sendable (inout Accumulate, Element) throws -> Void
    ) -> Observable<Accumulate> {
        scan(seed) { accumulated, element in
            var next = accumulated
            try accumulator(&next, element)
            return next
        }
    }

    /// The elements whose key differs from the previous element's.
    public func distinctUntilChanged<Key: Equatable & SendableMetatype>(
        _ keySelector: @escaping @Sendable (Element) throws -> Key
    )
        -> Observable<Element>
    {
        distinctUntilChanged { try keySelector($0) == keySelector($1) }
    }

    /// The elements whose property at `keyPath` differs from the previous element's.
    public func distinctUntilChanged<Property: Equatable & SendableMetatype>(
        at keyPath: KeyPath<Element, Property> & Sendable
    )
        -> Observable<Element>
    {
        distinctUntilChanged { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }

    /// The sequence subscribed to again after every error, for as long as it fails.
    public func retry() -> Observable<Element> {
        retry(Int.max)
    }

    /// Each element with the latest element of `second` (once `second` has sent one; earlier ones are left out),
    /// combined by `resultSelector`. Completes with this sequence; an error from either ends it.
    public func withLatestFrom<Second: ObservableConvertibleType, Result: Sendable>(
        _ second: Second, resultSelector: @escaping @Sendable (Element, Second.Element) throws -> Result
    ) -> Observable<Result> {
        let source = asObservable()
        let other = second.asObservable()
        return Observable { observer in
            let sink = Sink<Result>(observer: observer)
            let latest = Locked(Second.Element?.none)
            let gate = SerializingGate<Event<Result>>()
            let otherSubscription = SingleAssignmentDisposable()
            // `second` first, so that its current element (a BehaviorSubject's) is there for this one's first.
            otherSubscription.setDisposable(
                other.subscribe(
                    AnyObserver<Second.Element> { event in
                        switch event {
                        case .next(let element): latest.withLock { $0 = element }
                        case .error(let error): gate.deliver(.error(error)) { sink.forward($0) }
                        case .completed: otherSubscription.dispose()
                        }
                    }))
            let subscription = source.subscribe(
                AnyObserver<Element> { event in
                    switch event {
                    case .next(let element):
                        guard let other = latest.withLock({ $0 }) else { return }
                        let result: Event<Result>
                        do { result = .next(try resultSelector(element, other)) } catch { result = .error(error) }
                        gate.deliver(result) { sink.forward($0) }
                    case .error(let error): gate.deliver(.error(error)) { sink.forward($0) }
                    case .completed: gate.deliver(.completed) { sink.forward($0) }
                    }
                })
            sink.upstream.setDisposable(Disposables.create(otherSubscription, subscription))
            return sink
        }
    }

    /// Each element's moment with the latest element of `second`, which is what comes through.
    public func withLatestFrom<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Second.Element> {
        withLatestFrom(second) { $1 }
    }
}

extension ObservableType where Element: EventConvertible, Element.Element: Sendable {
    /// The events the elements hold, as events: the inverse of `materialize()`.
    public func dematerialize() -> Observable<Element.Element> {
        lift { DematerializeSink<Element>(observer: $0) }
    }
}

final class SkipWhileSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // `skipping` is touched only from on(_:), which the contract never calls concurrently.
    private let predicate: @Sendable (Element) throws -> Bool
    private var skipping = true

    init(observer: AnyObserver<Element>, predicate: @escaping @Sendable (Element) throws -> Bool) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        if skipping {
            do { skipping = try predicate(element) } catch {
                forward(.error(error))
                return
            }
            if skipping { return }
        }
        forwardNext(element)
    }
}

final class IgnoreElementsSink<Element>: PassThroughSink<Element, Never>, @unchecked Sendable {
    override func onNext(_ element: Element) {}
}

final class EnumeratedSink<Element>: PassThroughSink<Element, (index: Int, element: Element)>, @unchecked Sendable {
    // `index` is touched only from on(_:), which the contract never calls concurrently.
    private var index = 0

    override func onNext(_ element: Element) {
        let position = index
        index += 1
        forwardNext((position, element))
    }
}

final class MaterializeSink<Element>: Sink<Event<Element>>, ObserverType, @unchecked Sendable {
    func on(_ event: Event<Element>) {
        forwardNext(event)
        if event.isStopEvent { forward(.completed) }
    }
}

final class DematerializeSink<Wrapped: EventConvertible>: Sink<Wrapped.Element>, ObserverType, @unchecked Sendable
where Wrapped.Element: Sendable {
    func on(_ event: Event<Wrapped>) {
        switch event {
        case .next(let wrapped): forward(wrapped.event)
        case .error(let error): forward(.error(error))
        case .completed: forward(.completed)
        }
    }
}
