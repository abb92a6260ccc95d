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

    /// Elements while `predicate` holds; completes at the first that fails it.
    public func take(while predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        lift { TakeWhileSink(observer: $0, predicate: predicate) }
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

final class TakeWhileSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // Immutable besides Sink's atomics.
    private let predicate: @Sendable (Element) throws -> Bool

    init(observer: AnyObserver<Element>, predicate: @escaping @Sendable (Element) throws -> Bool) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        do {
            if try predicate(element) { forwardNext(element) } else { forward(.completed) }
        } catch {
            forward(.error(error))
        }
    }
}
