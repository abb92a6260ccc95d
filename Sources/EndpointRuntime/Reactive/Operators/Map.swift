extension ObservableType {
    /// Each element transformed; a thrown error becomes the sequence's error.
    @inlinable
    public func map<Result>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Observable<Result> {
        lift { MapSink(observer: $0, transform: transform) }
    }

    /// Each element transformed, leaving out the `nil`s.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping @Sendable (Element) throws -> Result?) -> Observable<Result> {
        lift { CompactMapSink(observer: $0, transform: transform) }
    }

    /// The elements that satisfy `predicate`.
    @inlinable
    public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        lift { CompactMapSink(observer: $0, transform: { try predicate($0) ? $0 : nil }) }
    }
}

@usableFromInline
final class MapSink<Input, Output>: PassThroughSink<Input, Output>, @unchecked Sendable {
    // Immutable besides Sink's atomics.
    @usableFromInline let transform: @Sendable (Input) throws -> Output

    @usableFromInline
    init(observer: AnyObserver<Output>, transform: @escaping @Sendable (Input) throws -> Output) {
        self.transform = transform
        super.init(observer: observer)
    }

    @inlinable override func onNext(_ element: Input) {
        do { forwardNext(try transform(element)) } catch { forward(.error(error)) }
    }
}

@usableFromInline
final class CompactMapSink<Input, Output>: PassThroughSink<Input, Output>, @unchecked Sendable {
    // Immutable besides Sink's atomics.
    @usableFromInline let transform: @Sendable (Input) throws -> Output?

    @usableFromInline
    init(observer: AnyObserver<Output>, transform: @escaping @Sendable (Input) throws -> Output?) {
        self.transform = transform
        super.init(observer: observer)
    }

    @inlinable override func onNext(_ element: Input) {
        do {
            if let output = try transform(element) { forwardNext(output) }
        } catch {
            forward(.error(error))
        }
    }
}
