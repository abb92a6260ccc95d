extension ObservableType {
    /// Each element's sequence, all running at once, their elements merged. Completes when the source and every
    /// inner sequence have completed; the first error ends everything.
    @inlinable
    public func flatMap<Inner: ObservableConvertibleType>(
        _ selector: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        let source = asObservable()
        return Observable { observer in
            MergeSink<Element, Inner.Element>(
                observer: observer, maxConcurrent: .max, selector: { try selector($0).asObservable() }
            )
            .run(source)
        }
    }

    /// Each element's sequence, the previous one disposed before the next is subscribed; only the latest
    /// inner sequence's elements come through.
    public func flatMapLatest<Inner: ObservableConvertibleType>(
        _ selector: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        let source = asObservable()
        return Observable { observer in
            SwitchSink<Element, Inner.Element>(observer: observer, selector: { try selector($0).asObservable() })
                .run(source)
        }
    }

    /// Each element's sequence, unless one is still running: elements that arrive meanwhile are left out. Completes
    /// when the source and the running inner sequence have completed.
    @inlinable
    public func flatMapFirst<Inner: ObservableConvertibleType>(
        _ selector: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        let source = asObservable()
        return Observable { observer in
            MergeSink<Element, Inner.Element>(
                observer: observer, maxConcurrent: 1, dropsWhileBusy: true,
                selector: { try selector($0).asObservable() }
            )
            .run(source)
        }
    }

    /// Each element's sequence, one after another in order.
    @inlinable
    public func concatMap<Inner: ObservableConvertibleType>(
        _ selector: @escaping @Sendable (Element) throws -> Inner
    ) -> Observable<Inner.Element> {
        let source = asObservable()
        return Observable { observer in
            MergeSink<Element, Inner.Element>(
                observer: observer, maxConcurrent: 1, selector: { try selector($0).asObservable() }
            )
            .run(source)
        }
    }

    /// This sequence's elements, then `second`'s.
    public func concat<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Element>
    where Second.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// The inner sequences' elements, merged.
    public func merge() -> Observable<Element.Element> { flatMap { $0 } }

    /// The latest inner sequence's elements: each new one replaces (disposes) the one before.
    public func switchLatest() -> Observable<Element.Element> { flatMapLatest { $0 } }

    /// The inner sequences one after another.
    public func concat() -> Observable<Element.Element> { concatMap { $0 } }
}

extension ObservableType {
    /// The sequences' elements merged as they come.
    public static func merge<Sources: Collection & Sendable>(_ sources: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Observable<Observable<Element>>.from(Array(sources)).merge()
    }

    /// The sequences' elements merged as they come.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }

    /// The sequences one after another.
    public static func concat<Sources: Sequence & Sendable>(_ sources: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Observable<Observable<Element>>.from(Array(sources)).concat()
    }

    /// The sequences one after another.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }
}

/// flatMap (any number of inner sequences at once) and concatMap (one at a time, the rest queued).
@usableFromInline
final class MergeSink<Source: Sendable, Output: Sendable>: Sink<Output>, @unchecked Sendable {
    // Mutable state lives in `state` (a Locked); events go downstream through `forward`, which is serialized by
    // `gate` so that concurrent inner sequences never call the observer at the same time.
    @usableFromInline
    struct State {
        @usableFromInline var active = 0
        @usableFromInline var sourceDone = false
        @usableFromInline var queue: [Observable<Output>] = []

        @usableFromInline init() {}
    }

    @usableFromInline let selector: @Sendable (Source) throws -> Observable<Output>
    @usableFromInline let maxConcurrent: Int
    /// flatMapFirst: an element that comes while `maxConcurrent` inner sequences run is left out, not queued.
    @usableFromInline let dropsWhileBusy: Bool
    @usableFromInline let state = Locked(State())
    @usableFromInline let group = CompositeDisposable()
    @usableFromInline let gate = SerializingGate<Event<Output>>()
    /// The source's subscription, let go of as soon as the source completes (RxSwift's timing), while inner
    /// sequences may still run.
    @usableFromInline let sourceSubscription = SingleAssignmentDisposable()

    @usableFromInline
    init(
        observer: AnyObserver<Output>, maxConcurrent: Int, dropsWhileBusy: Bool = false,
        selector: @escaping @Sendable (Source) throws -> Observable<Output>
    ) {
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        self.dropsWhileBusy = dropsWhileBusy
        super.init(observer: observer)
    }

    @inlinable
    func run(_ source: Observable<Source>) -> Disposable {
        upstream.setDisposable(group)
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(AnyObserver<Source> { [self] event in onSource(event) }))
        return self
    }

    @inlinable
    func emit(_ event: Event<Output>) {
        gate.deliver(event) { [self] in forward($0) }
    }

    @inlinable
    func onSource(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            // flatMapFirst leaves out an element that comes while an inner sequence runs, without calling the
            // selector for it.
            if dropsWhileBusy, state.withLock({ $0.active >= maxConcurrent }) { return }
            let inner: Observable<Output>
            do { inner = try selector(element) } catch {
                emit(.error(error))
                return
            }
            let start = state.withLock { state -> Bool in
                if state.active < maxConcurrent {
                    state.active += 1
                    return true
                }
                if !dropsWhileBusy { state.queue.append(inner) }
                return false
            }
            if start { subscribe(inner) }
        case .error(let error):
            emit(.error(error))
        case .completed:
            let done = state.withLock { state -> Bool in
                state.sourceDone = true
                return state.active == 0 && state.queue.isEmpty
            }
            sourceSubscription.dispose()
            if done { emit(.completed) }
        }
    }

    @inlinable
    func subscribe(_ inner: Observable<Output>) {
        let holder = SingleAssignmentDisposable()
        guard let key = group.insert(holder) else { return }
        holder.setDisposable(
            inner.subscribe(
                AnyObserver<Output> { [self] event in
                    switch event {
                    case .next: emit(event)
                    case .error: emit(event)
                    case .completed:
                        group.remove(for: key)
                        innerCompleted()
                    }
                }))
    }

    @inlinable
    func innerCompleted() {
        let (next, done) = state.withLock { state -> (Observable<Output>?, Bool) in
            if !state.queue.isEmpty { return (state.queue.removeFirst(), false) }
            state.active -= 1
            return (nil, state.sourceDone && state.active == 0)
        }
        if let next { subscribe(next) }
        if done { emit(.completed) }
    }
}

/// flatMapLatest: the previous inner subscription is disposed before the next is made.
final class SwitchSink<Source: Sendable, Output: Sendable>: Sink<Output>, @unchecked Sendable {
    // Mutable state lives in `state` (a Locked); downstream calls are serialized by `gate`.
    private struct State {
        var latest = 0
        var innerActive = false
        var sourceDone = false
    }

    private let selector: @Sendable (Source) throws -> Observable<Output>
    private let state = Locked(State())
    private let inner = SerialDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()
    private let gate = SerializingGate<Event<Output>>()

    init(observer: AnyObserver<Output>, selector: @escaping @Sendable (Source) throws -> Observable<Output>) {
        self.selector = selector
        super.init(observer: observer)
    }

    func run(_ source: Observable<Source>) -> Disposable {
        upstream.setDisposable(Disposables.create(sourceSubscription, inner))
        sourceSubscription.setDisposable(source.subscribe(AnyObserver<Source> { [self] event in onSource(event) }))
        return self
    }

    private func emit(_ event: Event<Output>) {
        gate.deliver(event) { [self] in forward($0) }
    }

    private func onSource(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            let next: Observable<Output>
            do { next = try selector(element) } catch {
                emit(.error(error))
                return
            }
            let id = state.withLock { state -> Int in
                state.latest += 1
                state.innerActive = true
                return state.latest
            }
            // Setting the new holder disposes the previous inner subscription before the next one is made.
            let holder = SingleAssignmentDisposable()
            inner.disposable = holder
            holder.setDisposable(
                next.subscribe(
                    AnyObserver<Output> { [self] event in
                        let isLatest = state.withLock { $0.latest == id }
                        guard isLatest else { return }
                        if case .completed = event {
                            holder.dispose()
                            let done = state.withLock { state -> Bool in
                                state.innerActive = false
                                return state.sourceDone
                            }
                            if done { emit(.completed) }
                        } else {
                            emit(event)
                        }
                    }))
        case .error(let error):
            emit(.error(error))
        case .completed:
            let done = state.withLock { state -> Bool in
                state.sourceDone = true
                return !state.innerActive
            }
            sourceSubscription.dispose()
            if done { emit(.completed) }
        }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// The inner sequences' elements, merged, with at most `maxConcurrent` of them subscribed at once: the others
    /// wait in order and start as running ones complete (`maxConcurrent` below 1 counts as 1, `concat()`).
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        let source = asObservable()
        let limit = Swift.max(1, maxConcurrent)
        return Observable { observer in
            MergeSink<Element, Element.Element>(
                observer: observer, maxConcurrent: limit, selector: { $0.asObservable() }
            )
            .run(source)
        }
    }
}
