extension ObservableType {
    /// Calls the handlers for side effects as events pass, subscriptions begin and disposal happens; a handler
    /// that throws turns the sequence into that error.
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        afterNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (Swift.Error) throws -> Void)? = nil,
        afterError: (@Sendable (Swift.Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            onSubscribe?()
            let sink = Sink<Element>(observer: observer)
            let disposeAction = onDispose.map { Disposables.create(with: $0) }
            sink.upstream.setDisposable(
                source.subscribe(
                    AnyObserver<Element> { event in
                        do {
                            switch event {
                            case .next(let element):
                                try onNext?(element)
                                sink.forward(event)
                                try afterNext?(element)
                            case .error(let error):
                                try onError?(error)
                                sink.forward(event)
                                try afterError?(error)
                            case .completed:
                                try onCompleted?()
                                sink.forward(event)
                                try afterCompleted?()
                            }
                        } catch {
                            sink.forward(.error(error))
                        }
                    }))
            onSubscribed?()
            guard let disposeAction else { return sink }
            return Disposables.create(sink, disposeAction)
        }
    }
}
