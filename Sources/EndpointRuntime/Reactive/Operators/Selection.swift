extension ObservableType {
    /// The last `count` elements, sent when the sequence completes.
    public func takeLast(_ count: Int) -> Observable<Element> {
        lift { TakeLastSink(observer: $0, count: Swift.max(0, count)) }
    }

    /// The elements but the last `count`: each goes out once `count` newer ones have arrived.
    public func skipLast(_ count: Int) -> Observable<Element> {
        lift { SkipLastSink(observer: $0, count: Swift.max(0, count)) }
    }

    /// The element at `index` (0-based), then completion; `RxError.argumentOutOfRange` when the sequence ends
    /// before it, or for a negative index.
    public func element(at index: Int) -> Observable<Element> {
        guard index >= 0 else { return Observable.error(RxError.argumentOutOfRange) }
        return lift { ElementAtSink(observer: $0, index: index) }
    }

    /// The one element as it arrives, then completion when the sequence completes; `RxError.noElements` when it
    /// completes without one and `RxError.moreThanOneElement` as soon as a second arrives.
    public func single() -> Observable<Element> {
        single { _ in true }
    }

    /// The one element that satisfies `predicate`, as ``single()`` does for the elements it lets through.
    public func single(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        lift { SingleElementSink(observer: $0, predicate: predicate) }
    }

    /// `element` when the sequence completes without one.
    public func ifEmpty(default element: Element) -> Observable<Element> {
        ifEmpty(switchTo: Observable.just(element))
    }

    /// `other`'s events when the sequence completes without an element.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let hasElement = AtomicInt()
            // Two holders: `empty()` completes inside `subscribe`, before its subscription could be stored.
            let sourceSubscription = SingleAssignmentDisposable()
            let otherSubscription = SingleAssignmentDisposable()
            sink.upstream.setDisposable(Disposables.create(sourceSubscription, otherSubscription))
            sourceSubscription.setDisposable(
                source.subscribe(
                    AnyObserver<Element> { event in
                        switch event {
                        case .next: hasElement.store(1)
                        case .completed where hasElement.value == 0:
                            otherSubscription.setDisposable(other.subscribe(AnyObserver(eventHandler: sink.forward)))
                            return
                        default: break
                        }
                        sink.forward(event)
                    }))
            return sink
        }
    }

    /// The latest element, each time `sampler` sends one, when there is one new since the last time (or
    /// `defaultValue`, when given). When the source completes, the result completes at the next sample; when the
    /// sampler completes, the pending element goes out first.
    public func sample<Sampler: ObservableConvertibleType>(_ sampler: Sampler, defaultValue: Element? = nil)
        -> Observable<Element>
    {
        let source = asObservable()
        let trigger = sampler.asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let gate = SerializingGate<Event<Element>>()
            let state = Locked((latest: Element?.none, sourceDone: false))
            let sourceSubscription = SingleAssignmentDisposable()
            sink.upstream.setDisposable(
                Disposables.create(
                    sourceSubscription,
                    trigger.subscribe(
                        AnyObserver { event in
                            switch event {
                            case .next:
                                let (element, done) = state.withLock { state in
                                    defer { state.latest = nil }
                                    return (state.latest ?? defaultValue, state.sourceDone)
                                }
                                if let element { gate.deliver(.next(element)) { sink.forward($0) } }
                                if done { gate.deliver(.completed) { sink.forward($0) } }
                            case .error(let error):
                                gate.deliver(.error(error)) { sink.forward($0) }
                            case .completed:
                                let element = state.withLock { state in
                                    defer { state.latest = nil }
                                    return state.latest
                                }
                                if let element { gate.deliver(.next(element)) { sink.forward($0) } }
                                gate.deliver(.completed) { sink.forward($0) }
                            }
                        })))
            sourceSubscription.setDisposable(
                source.subscribe(
                    AnyObserver<Element> { event in
                        switch event {
                        case .next(let element): state.withLock { $0.latest = element }
                        case .error: gate.deliver(event) { sink.forward($0) }
                        case .completed:
                            state.withLock { $0.sourceDone = true }
                            sourceSubscription.dispose()
                        }
                    }))
            return sink
        }
    }

    /// Whichever of this sequence and `right` sends an event first; the other is disposed then.
    public func amb<Right: ObservableConvertibleType>(_ right: Right) -> Observable<Element>
    where Right.Element == Element {
        Observable.amb([asObservable(), right.asObservable()])
    }

    /// Whichever of `sequences` sends an event first; the others are disposed then.
    public static func amb<Sequences: Sequence & Sendable>(_ sequences: Sequences) -> Observable<Element>
    where Sequences.Element == Observable<Element> {
        let sources = Array(sequences)
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let winner = Locked(Int?.none)
            let subscriptions = sources.map { _ in SingleAssignmentDisposable() }
            sink.upstream.setDisposable(Disposables.create(subscriptions))
            for (index, source) in sources.enumerated() {
                subscriptions[index].setDisposable(
                    source.subscribe(
                        AnyObserver<Element> { event in
                            let (isWinner, justWon) = winner.withLock { winner -> (Bool, Bool) in
                                if let current = winner { return (current == index, false) }
                                winner = index
                                return (true, true)
                            }
                            guard isWinner else { return }
                            if justWon {
                                for (other, subscription) in subscriptions.enumerated() where other != index {
                                    subscription.dispose()
                                }
                            }
                            sink.forward(event)
                        }))
            }
            return sink
        }
    }
}

extension ObservableType where Element: Strideable & Sendable, Element.Stride: SignedInteger {
    /// `count` values from `start` up, one at a time on `scheduler`, then completion.
    public static func range(
        start: Element, count: Int, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        guard count > 0 else { return Observable.empty() }
        return generate(initialState: start, condition: { start.distance(to: $0) < count }, scheduler: scheduler) {
            $0.advanced(by: 1)
        }
    }
}

extension ObservableType {
    /// `element`, again and again, one at a time on `scheduler`, until disposed.
    public static func repeatElement(
        _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        generate(initialState: element, condition: { _ in true }, scheduler: scheduler) { $0 }
    }

    /// `initialState`, then each state `iterate` makes from the last, while `condition` holds, one at a time on
    /// `scheduler`; then completion. A closure that throws ends the sequence with its error.
    public static func generate(
        initialState: Element, condition: @escaping @Sendable (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping @Sendable (Element) throws -> Element
    ) -> Observable<Element> {
        Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let step = SerialDisposable()
            sink.upstream.setDisposable(step)
            @Sendable func run(_ state: Element, isFirst: Bool) {
                step.assign {
                    scheduler.schedule(state) { state in
                        if sink.isDisposed { return Disposables.create() }
                        do {
                            let current = isFirst ? state : try iterate(state)
                            guard try condition(current) else {
                                sink.forward(.completed)
                                return Disposables.create()
                            }
                            sink.forwardNext(current)
                            run(current, isFirst: false)
                        } catch {
                            sink.forward(.error(error))
                        }
                        return Disposables.create()
                    }
                }
            }
            run(initialState, isFirst: true)
            return sink
        }
    }
}

/// The last elements seen, at most `capacity`: a window over an array whose front is dropped in blocks, so memory
/// stays about twice the window however long the sequence.
struct RecentElements<Element> {
    let capacity: Int
    private var storage: [Element] = []
    private var head = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { storage.count - head }

    /// Adds `element`; the oldest one when the window was full, which leaves it.
    mutating func append(_ element: Element) -> Element? {
        storage.append(element)
        guard count > capacity else { return nil }
        let oldest = storage[head]
        head += 1
        if head >= Swift.max(capacity, 16) {
            storage.removeFirst(head)
            head = 0
        }
        return oldest
    }

    /// The elements in the window, oldest first.
    var elements: ArraySlice<Element> { storage[head...] }
}

final class TakeLastSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // `recent` is touched only from on(_:), which the contract never calls concurrently.
    private var recent: RecentElements<Element>

    init(observer: AnyObserver<Element>, count: Int) {
        recent = RecentElements(capacity: count)
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        _ = recent.append(element)
    }

    override func onCompleted() {
        for element in recent.elements { forwardNext(element) }
        forward(.completed)
    }
}

final class SkipLastSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // `recent` is touched only from on(_:), which the contract never calls concurrently.
    private var recent: RecentElements<Element>

    init(observer: AnyObserver<Element>, count: Int) {
        recent = RecentElements(capacity: count)
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        if let oldest = recent.append(element) { forwardNext(oldest) }
    }
}

final class ElementAtSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // `remaining` is touched only from on(_:), which the contract never calls concurrently.
    private var remaining: Int

    init(observer: AnyObserver<Element>, index: Int) {
        remaining = index
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        if remaining == 0 {
            forwardNext(element)
            forward(.completed)
        }
        remaining -= 1
    }

    override func onCompleted() {
        forward(.error(RxError.argumentOutOfRange))
    }
}

final class SingleElementSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // `found` is touched only from on(_:), which the contract never calls concurrently.
    private let predicate: @Sendable (Element) throws -> Bool
    private var found = false

    init(observer: AnyObserver<Element>, predicate: @escaping @Sendable (Element) throws -> Bool) {
        self.predicate = predicate
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        do {
            guard try predicate(element) else { return }
        } catch {
            forward(.error(error))
            return
        }
        guard !found else {
            forward(.error(RxError.moreThanOneElement))
            return
        }
        found = true
        forwardNext(element)
    }

    override func onCompleted() {
        forward(found ? .completed : .error(RxError.noElements))
    }
}
