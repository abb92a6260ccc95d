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
            let subscription = source.subscribe(
                AnyObserver<Element> { event in
                    do {
                        switch event {
                        case .next(let element):
                            try onNext?(element)
                            sink.forward(event)
                            try afterNext?(element)
                        case .error(let error):
                            try onError?(error)
                            // After a stop event nothing more can be sent, so what these throw is dropped.
                            sink.forward(stop: event) { try? afterError?(error) }
                        case .completed:
                            try onCompleted?()
                            sink.forward(stop: event) { try? afterCompleted?() }
                        }
                    } catch {
                        sink.forward(.error(error))
                    }
                })
            // Before the disposal below: a source that stopped while it was subscribed to is disposed only now, and
            // RxSwift's order is the source's disposal, `onSubscribed`, then `onDispose`.
            onSubscribed?()
            // With the subscription, so that it runs when the sink disposes itself after a stop event (as RxSwift
            // does), or on an explicit dispose, whichever comes first.
            sink.upstream.setDisposable(
                onDispose.map { Disposables.create(subscription, Disposables.create(with: $0)) } ?? subscription)
            return sink
        }
    }
}
