extension ObservableType {
    /// An observable made by your own code: `subscribe` runs for each subscriber, sends events to the observer
    /// it gets (from any thread, one at a time), and returns what stops its work. Events after a stop event are
    /// dropped, and the returned disposable runs once the sequence stops or is disposed.
    public static func create(_ subscribe: @escaping @Sendable (AnyObserver<Element>) -> Disposable) -> Observable<
        Element
    > {
        Observable { observer in
            let sink = Sink<Element>(observer: observer)
            sink.upstream.setDisposable(subscribe(AnyObserver(eventHandler: sink.forward)))
            return sink
        }
    }

    /// A sequence of one element, then completion.
    public static func just(_ element: Element) -> Observable<Element> {
        Observable { observer in
            observer.on(.next(element))
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// The elements of a sequence, then completion; stops early when disposed.
    @inlinable
    public static func from<Elements: Sequence & Sendable>(_ elements: Elements) -> Observable<Element>
    where Elements.Element == Element {
        Observable { observer in
            let sink = Sink<Element>(observer: observer)
            // On the trampoline: the loop starts once the chain below is connected, so it can stop early.
            sink.upstream.setDisposable(
                CurrentThreadScheduler.instance.schedule(()) { _ in
                    for element in elements {
                        if sink.isDisposed { return Disposables.create() }
                        sink.forwardNext(element)
                    }
                    sink.forward(.completed)
                    return Disposables.create()
                })
            return sink
        }
    }

    /// The given elements, then completion.
    public static func of(_ elements: Element...) -> Observable<Element> {
        from(elements)
    }

    /// Completion and nothing else.
    public static func empty() -> Observable<Element> {
        Observable { observer in
            observer.on(.completed)
            return Disposables.create()
        }
    }

    /// Nothing at all, ever.
    public static func never() -> Observable<Element> {
        Observable { _ in Disposables.create() }
    }

    /// An error and nothing else.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        Observable { observer in
            observer.on(.error(error))
            return Disposables.create()
        }
    }

    /// An observable made anew by `factory` for each subscriber; a thrown error becomes the sequence's error.
    public static func deferred(
        _ factory: @escaping @Sendable () throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable { observer in
            do {
                return try factory().subscribe(observer)
            } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
        }
    }
}
