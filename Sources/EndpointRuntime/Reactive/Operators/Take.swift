extension ObservableType {
    /// The first `count` elements, then completion (at once, without waiting for the source).
    public func take(_ count: Int) -> Observable<Element> {
        guard count > 0 else { return Observable.empty() }
        return lift { TakeSink(observer: $0, count: count) }
    }

    /// The elements after the first `count`.
    public func skip(_ count: Int) -> Observable<Element> {
        lift { SkipSink(observer: $0, count: count) }
    }

    /// The elements while `predicate` holds; with `behavior: .inclusive`, also the first element that fails it.
    public func take(
        while predicate: @escaping @Sendable (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        lift { TakeWhileSink(observer: $0, predicate: predicate, behavior: behavior) }
    }

    /// The elements until one satisfies `predicate`; with `behavior: .inclusive`, that one too.
    public func take(
        until predicate: @escaping @Sendable (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        take(while: { try !predicate($0) }, behavior: behavior)
    }

    /// The elements until `other` sends an element (or completes, as in RxSwift 6: only elements count).
    public func take<Other: ObservableConvertibleType>(until other: Other) -> Observable<Element> {
        let source = asObservable()
        let trigger = other.asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            // `other` completing without an element ends nothing, and is let go of at once (RxSwift's timing).
            let triggerSubscription = SingleAssignmentDisposable()
            triggerSubscription.setDisposable(
                trigger.subscribe(
                    AnyObserver { event in
                        switch event {
                        case .next: sink.forward(.completed)
                        case .error(let error): sink.forward(.error(error))
                        case .completed: triggerSubscription.dispose()
                        }
                    }))
            let sourceSubscription = source.subscribe(AnyObserver(eventHandler: sink.forward))
            sink.upstream.setDisposable(Disposables.create(triggerSubscription, sourceSubscription))
            return sink
        }
    }

    /// The elements that arrive after `other` sends its first element. `other` is let go of then, or when it
    /// completes without one (and then no element ever comes through); its error ends the result.
    public func skip<Other: ObservableConvertibleType>(until other: Other) -> Observable<Element> {
        let source = asObservable()
        let trigger = other.asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let gate = SerializingGate<Event<Element>>()
            let isOpen = AtomicInt()
            // `other` first, as in RxSwift: a synchronous element of it opens the gate before the source starts.
            let triggerSubscription = SingleAssignmentDisposable()
            triggerSubscription.setDisposable(
                trigger.subscribe(
                    AnyObserver { event in
                        switch event {
                        case .next:
                            _ = isOpen.exchange(1)
                            triggerSubscription.dispose()
                        case .error(let error): gate.deliver(.error(error)) { sink.forward($0) }
                        case .completed: triggerSubscription.dispose()
                        }
                    }))
            let sourceSubscription = source.subscribe(
                AnyObserver<Element> { event in
                    if case .next = event, isOpen.value == 0 { return }
                    gate.deliver(event) { sink.forward($0) }
                })
            sink.upstream.setDisposable(Disposables.create(triggerSubscription, sourceSubscription))
            return sink
        }
    }
}

final class TakeSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // `remaining` is touched only from on(_:), which the contract never calls concurrently.
    private var remaining: Int

    init(observer: AnyObserver<Element>, count: Int) {
        remaining = count
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        guard remaining > 0 else { return }
        remaining -= 1
        forwardNext(element)
        if remaining == 0 { forward(.completed) }
    }
}

final class SkipSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // `remaining` is touched only from on(_:), which the contract never calls concurrently.
    private var remaining: Int

    init(observer: AnyObserver<Element>, count: Int) {
        remaining = count
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        if remaining > 0 {
            remaining -= 1
        } else {
            forwardNext(element)
        }
    }
}

/// Whether `take(while:behavior:)` and `take(until:behavior:)` also send the element that ends them.
public enum TakeBehavior: Sendable {
    /// The element that ends the sequence is sent before the completion.
    case inclusive
    /// The element that ends the sequence is left out.
    case exclusive
}

final class TakeWhileSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // Immutable besides Sink's atomics.
    private let predicate: @Sendable (Element) throws -> Bool
    private let behavior: TakeBehavior

    init(
        observer: AnyObserver<Element>, predicate: @escaping @Sendable (Element) throws -> Bool,
        behavior: TakeBehavior
    ) {
        self.predicate = predicate
        self.behavior = behavior
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        do {
            if try predicate(element) {
                forwardNext(element)
            } else {
                if behavior == .inclusive { forwardNext(element) }
                forward(.completed)
            }
        } catch {
            forward(.error(error))
        }
    }
}
