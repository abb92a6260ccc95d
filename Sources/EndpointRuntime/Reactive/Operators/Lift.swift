extension ObservableType {
    /// Builds an operator from a sink type: each subscription makes a sink, subscribes it to this sequence and
    /// returns it, so disposing the result disposes the whole chain.
    @inlinable
    func lift<Output, OperatorSink: Sink<Output> & ObserverType>(
        _ makeSink: @escaping @Sendable (AnyObserver<Output>) -> OperatorSink
    ) -> Observable<Output> where OperatorSink.Element == Element {
        let source = asObservable()
        return Observable { observer in
            let sink = makeSink(observer)
            sink.upstream.setDisposable(source.subscribe(sink))
            return sink
        }
    }
}

/// A sink that passes stop events through unchanged; subclasses handle elements.
@usableFromInline
class PassThroughSink<Input, Output>: Sink<Output>, ObserverType, @unchecked Sendable {
    // Sendable as Sink; subclasses without state of their own.
    @usableFromInline typealias Element = Input

    @usableFromInline override init(observer: AnyObserver<Output>) { super.init(observer: observer) }

    @inlinable final func on(_ event: Event<Input>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): forward(.error(error))
        case .completed: onCompleted()
        }
    }

    @inlinable func onNext(_ element: Input) {}

    @inlinable func onCompleted() { forward(.completed) }
}
