extension ObservableType {
    /// Each intermediate result of folding the elements into `seed`.
    public func scan<Accumulate: Sendable>(
        _ seed: Accumulate, accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        lift { ScanSink(observer: $0, seed: seed, accumulator: accumulator, emitsEachStep: true) }
    }

    /// The elements folded into `seed`, sent once the sequence completes.
    public func reduce<Accumulate: Sendable>(
        _ seed: Accumulate, accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        lift { ScanSink(observer: $0, seed: seed, accumulator: accumulator, emitsEachStep: false) }
    }

    /// The elements folded into `seed`, then turned into the result by `mapResult`, sent once the sequence
    /// completes.
    public func reduce<Accumulate: Sendable, Result: Sendable>(
        _ seed: Accumulate, accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
        mapResult: @escaping @Sendable (Accumulate) throws -> Result
    ) -> Observable<Result> {
        reduce(seed, accumulator: accumulator).map(mapResult)
    }

    /// The given elements first, then the sequence's.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        Observable.from(elements).concat(self)
    }

    /// The elements that differ from the one before, compared by `comparer`.
    public func distinctUntilChanged(_ comparer: @escaping @Sendable (Element, Element) throws -> Bool) -> Observable<
        Element
    > {
        lift { DistinctSink(observer: $0, comparer: comparer) }
    }
}

extension ObservableType where Element: Equatable {
    /// The elements that differ from the one before.
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged(==)
    }
}

final class ScanSink<Input, Accumulate>: PassThroughSink<Input, Accumulate>, @unchecked Sendable {
    // `accumulate` is touched only from on(_:), which the contract never calls concurrently.
    private var accumulate: Accumulate
    private let accumulator: @Sendable (Accumulate, Input) throws -> Accumulate
    private let emitsEachStep: Bool

    init(
        observer: AnyObserver<Accumulate>, seed: Accumulate,
        accumulator: @escaping @Sendable (Accumulate, Input) throws -> Accumulate, emitsEachStep: Bool
    ) {
        self.accumulate = seed
        self.accumulator = accumulator
        self.emitsEachStep = emitsEachStep
        super.init(observer: observer)
    }

    override func onNext(_ element: Input) {
        do {
            accumulate = try accumulator(accumulate, element)
            if emitsEachStep { forwardNext(accumulate) }
        } catch {
            forward(.error(error))
        }
    }

    override func onCompleted() {
        if !emitsEachStep { forwardNext(accumulate) }
        forward(.completed)
    }
}

final class DistinctSink<Element>: PassThroughSink<Element, Element>, @unchecked Sendable {
    // `last` is touched only from on(_:), which the contract never calls concurrently.
    private var last: Element?
    private let comparer: @Sendable (Element, Element) throws -> Bool

    init(observer: AnyObserver<Element>, comparer: @escaping @Sendable (Element, Element) throws -> Bool) {
        self.comparer = comparer
        super.init(observer: observer)
    }

    override func onNext(_ element: Element) {
        do {
            if let last, try comparer(last, element) { return }
            last = element
            forwardNext(element)
        } catch {
            forward(.error(error))
        }
    }
}

extension ObservableType {
    /// All elements as one array, once the sequence completes.
    public func toArray() -> Single<[Element]> {
        Single(raw: lift { ToArraySink(observer: $0) })
    }
}

final class ToArraySink<Element>: PassThroughSink<Element, [Element]>, @unchecked Sendable {
    // `elements` is touched only from on(_:), which the contract never calls concurrently.
    private var elements: [Element] = []

    override func onNext(_ element: Element) { elements.append(element) }

    override func onCompleted() {
        forwardNext(elements)
        forward(.completed)
    }
}
