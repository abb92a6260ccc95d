/// combineLatest and zip over any number of sources of one type; the fixed-arity forms build on it.
final class CombineSink<Element: Sendable, Output: Sendable>: Sink<Output>, @unchecked Sendable {
    // Mutable state lives in `state` (a Locked); downstream calls are serialized by `gate`.
    private struct State {
        var latest: [Element?]
        var queues: [[Element]]
        var done: [Bool]
    }

    private let isZip: Bool
    private let selector: @Sendable ([Element]) throws -> Output
    private let state: Locked<State>
    private let gate = SerializingGate<Event<Output>>()

    init(
        observer: AnyObserver<Output>, count: Int, isZip: Bool,
        selector: @escaping @Sendable ([Element]) throws -> Output
    ) {
        self.isZip = isZip
        self.selector = selector
        state = Locked(
            State(
                latest: Array(repeating: nil, count: count), queues: Array(repeating: [], count: count),
                done: Array(repeating: false, count: count)))
        super.init(observer: observer)
    }

    /// Each source's subscription, so a source that finishes is let go of at once, as RxSwift does.
    private var subscriptions: [SingleAssignmentDisposable] = []

    func run(_ sources: [Observable<Element>]) -> Disposable {
        guard !sources.isEmpty else {
            // No sources: combineLatest's one combination is the empty one; zip has nothing to pair.
            if !isZip {
                do { forward(.next(try selector([]))) } catch {
                    forward(.error(error))
                    return self
                }
            }
            forward(.completed)
            return self
        }
        subscriptions = sources.map { _ in SingleAssignmentDisposable() }
        upstream.setDisposable(Disposables.create(subscriptions))
        for (index, source) in sources.enumerated() {
            subscriptions[index].setDisposable(
                source.subscribe(AnyObserver<Element> { [self] event in on(event, at: index) }))
        }
        return self
    }

    private func emit(_ event: Event<Output>) {
        gate.deliver(event) { [self] in forward($0) }
    }

    private func on(_ event: Event<Element>, at index: Int) {
        switch event {
        case .next(let element):
            // The values to combine, or nil; and whether the sequence can never send again: this source sent, nothing
            // can be combined with it, and every other source is done (RxSwift's rule for both operators).
            let (values, hopeless) = state.withLock { state -> ([Element]?, Bool) in
                if isZip {
                    state.queues[index].append(element)
                    if state.queues.allSatisfy({ !$0.isEmpty }) {
                        return (state.queues.indices.map { state.queues[$0].removeFirst() }, false)
                    }
                } else {
                    state.latest[index] = element
                    let values = state.latest.compactMap { $0 }
                    if values.count == state.latest.count { return (values, false) }
                }
                return (nil, state.done.indices.allSatisfy { $0 == index || state.done[$0] })
            }
            if let values {
                do { emit(.next(try selector(values))) } catch { emit(.error(error)) }
            } else if hopeless {
                emit(.completed)
            }
        case .error(let error):
            emit(.error(error))
        case .completed:
            // Both complete when every source has: zip may still pair what the others send against a finished
            // source's queue until they finish too, as RxSwift's zip does.
            let allDone = state.withLock { state -> Bool? in
                guard !state.done[index] else { return nil }
                state.done[index] = true
                return state.done.allSatisfy { $0 }
            }
            guard let allDone else { return }
            if allDone {
                emit(.completed)
            } else {
                subscriptions[index].dispose()
            }
        }
    }
}

extension ObservableType {
    /// The latest element of every source, each time any of them sends one (once all have sent).
    public static func combineLatest<Collection: Swift.Collection & Sendable, Result: Sendable>(
        _ collection: Collection, resultSelector: @escaping @Sendable ([Element]) throws -> Result
    ) -> Observable<Result> where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
        let sources = collection.map { $0.asObservable() }
        return Observable { observer in
            CombineSink(observer: observer, count: sources.count, isZip: false, selector: resultSelector).run(sources)
        }
    }

    /// The latest element of every source as an array, each time any of them sends one.
    public static func combineLatest<Collection: Swift.Collection & Sendable>(_ collection: Collection) -> Observable<
        [Element]
    >
    where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
        combineLatest(collection) { $0 }
    }

    /// The n-th elements of every source together, for each n.
    public static func zip<Collection: Swift.Collection & Sendable, Result: Sendable>(
        _ collection: Collection, resultSelector: @escaping @Sendable ([Element]) throws -> Result
    ) -> Observable<Result> where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
        let sources = collection.map { $0.asObservable() }
        return Observable { observer in
            CombineSink(observer: observer, count: sources.count, isZip: true, selector: resultSelector).run(sources)
        }
    }

    /// The n-th elements of every source together as an array.
    public static func zip<Collection: Swift.Collection & Sendable>(_ collection: Collection) -> Observable<[Element]>
    where Collection.Element: ObservableConvertibleType, Collection.Element.Element == Element {
        zip(collection) { $0 }
    }
}
