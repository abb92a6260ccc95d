extension ObservableType {
    /// The elements that arrive within `duration` of subscribing, then completion when it has passed (or earlier,
    /// when the source ends first).
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let gate = SerializingGate<Event<Element>>()
            // The timer first, as in RxSwift: at the same instant an element already due comes before it.
            let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
                gate.deliver(.completed) { sink.forward($0) }
                return Disposables.create()
            }
            let subscription = source.subscribe(
                AnyObserver<Element> { event in gate.deliver(event) { sink.forward($0) } })
            sink.upstream.setDisposable(Disposables.create(timer, subscription))
            return sink
        }
    }

    /// The elements that arrive once `duration` has passed since subscribing; an error or the completion comes
    /// through whenever it arrives.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let isOpen = AtomicInt()
            let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
                _ = isOpen.exchange(1)
                return Disposables.create()
            }
            let subscription = source.subscribe(
                AnyObserver<Element> { event in
                    if case .next = event, isOpen.value == 0 { return }
                    sink.forward(event)
                })
            sink.upstream.setDisposable(Disposables.create(timer, subscription))
            return sink
        }
    }

    /// ``skip(_:scheduler:)`` by the name ``take(for:scheduler:)`` suggests.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(duration, scheduler: scheduler)
    }

    /// The source, subscribed to only once `dueTime` has passed; disposing before then means it never is.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let subscription = SingleAssignmentDisposable()
            let timer = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.forward)))
                return Disposables.create()
            }
            sink.upstream.setDisposable(Disposables.create(timer, subscription))
            return sink
        }
    }
}
