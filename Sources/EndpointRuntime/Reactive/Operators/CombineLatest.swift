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

/// A value of any of the combined sources' types, so sources of different types share one `CombineSink`.
enum Either4<A: Sendable, B: Sendable, C: Sendable, D: Sendable>: Sendable {
    case a(A), b(B), c(C), d(D)

    var a: A? { if case .a(let value) = self { return value } else { return nil } }
    var b: B? { if case .b(let value) = self { return value } else { return nil } }
    var c: C? { if case .c(let value) = self { return value } else { return nil } }
    var d: D? { if case .d(let value) = self { return value } else { return nil } }
}

/// Fixed-arity combineLatest and zip, on `Observable` as in RxSwift.
extension Observable {
    private static func combine<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ sources: [Observable<Either4<A, B, C, D>>], zip: Bool,
        _ selector: @escaping @Sendable ([Either4<A, B, C, D>]) throws -> Element
    ) -> Observable<Element> {
        Observable { observer in
            CombineSink(observer: observer, count: sources.count, isZip: zip, selector: selector).run(sources)
        }
    }

    private static func wrap<A: Sendable, B: Sendable, C: Sendable, D: Sendable, Value: ObservableConvertibleType>(
        _ source: Value, _ make: @escaping @Sendable (Value.Element) -> Either4<A, B, C, D>
    ) -> Observable<Either4<A, B, C, D>> {
        source.asObservable().map(make)
    }

    /// The latest elements of both, combined by `resultSelector`, each time either sends one.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2, resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        pairs(source1, source2, zip: false, resultSelector)
    }

    /// The n-th elements of both, combined by `resultSelector`.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2, resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        pairs(source1, source2, zip: true, resultSelector)
    }

    private static func pairs<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2, zip: Bool,
        _ selector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either4<O1.Element, O2.Element, Never, Never>
        return combine([wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }], zip: zip) { values in
            try selector(values[0].a!, values[1].b!)
        }
    }

    /// The latest elements of all three, combined by `resultSelector`.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        triples(source1, source2, source3, zip: false, resultSelector)
    }

    /// The n-th elements of all three, combined by `resultSelector`.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        triples(source1, source2, source3, zip: true, resultSelector)
    }

    private static func triples<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, zip: Bool,
        _ selector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either4<O1.Element, O2.Element, O3.Element, Never>
        return combine(
            [wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) }], zip: zip
        ) { values in try selector(values[0].a!, values[1].b!, values[2].c!) }
    }

    /// The latest elements of all four, combined by `resultSelector`.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        quadruples(source1, source2, source3, source4, zip: false, resultSelector)
    }

    /// The n-th elements of all four, combined by `resultSelector`.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        quadruples(source1, source2, source3, source4, zip: true, resultSelector)
    }

    private static func quadruples<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, zip: Bool,
        _ selector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either4<O1.Element, O2.Element, O3.Element, O4.Element>
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) },
            ], zip: zip
        ) { values in try selector(values[0].a!, values[1].b!, values[2].c!, values[3].d!) }
    }
}

/// The tuple forms without a selector.
extension Observable {
    /// The latest elements of both as a tuple.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2
    )
        -> Observable<(O1.Element, O2.Element)> where Element == (O1.Element, O2.Element)
    {
        combineLatest(source1, source2) { ($0, $1) }
    }

    /// The n-th elements of both as a tuple.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(_ source1: O1, _ source2: O2)
        -> Observable<(O1.Element, O2.Element)> where Element == (O1.Element, O2.Element)
    {
        zip(source1, source2) { ($0, $1) }
    }

    /// The latest elements of all three as a tuple.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> where Element == (O1.Element, O2.Element, O3.Element) {
        combineLatest(source1, source2, source3) { ($0, $1, $2) }
    }

    /// The n-th elements of all three as a tuple.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> where Element == (O1.Element, O2.Element, O3.Element) {
        zip(source1, source2, source3) { ($0, $1, $2) }
    }

    /// The latest elements of all four as a tuple.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType
    >(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4) -> Observable<
        (O1.Element, O2.Element, O3.Element, O4.Element)
    >
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element) {
        combineLatest(source1, source2, source3, source4) { ($0, $1, $2, $3) }
    }

    /// The n-th elements of all four as a tuple.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType
    >(_ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4) -> Observable<
        (O1.Element, O2.Element, O3.Element, O4.Element)
    >
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element) {
        zip(source1, source2, source3, source4) { ($0, $1, $2, $3) }
    }
}
