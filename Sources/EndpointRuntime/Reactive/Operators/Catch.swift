extension ObservableType {
    /// On error, continues with the sequence `handler` returns for it.
    public func `catch`(_ handler: @escaping @Sendable (Swift.Error) throws -> Observable<Element>) -> Observable<
        Element
    > {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let serial = SerialDisposable()
            sink.upstream.setDisposable(serial)
            serial.assign {
                source.subscribe(
                    AnyObserver<Element> { event in
                        guard case .error(let error) = event else {
                            sink.forward(event)
                            return
                        }
                        do {
                            let recovery = try handler(error)
                            serial.assign { recovery.subscribe(AnyObserver(eventHandler: sink.forward)) }
                        } catch {
                            sink.forward(.error(error))
                        }
                    })
            }
            return sink
        }
    }

    /// On error, sends `element` and completes.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        `catch` { _ in .just(element) }
    }

    /// Subscribes again after an error, at most `maxAttemptCount` subscriptions in all (RxSwift's count: total
    /// attempts, not retries); the last error comes through.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let serial = SerialDisposable()
            sink.upstream.setDisposable(serial)
            let attempts = AtomicInt()
            @Sendable func attempt() {
                guard !sink.isDisposed else { return }
                let made = Int(attempts.add(1)) + 1
                serial.assign {
                    source.subscribe(
                        AnyObserver<Element> { event in
                            if case .error = event, made < maxAttemptCount {
                                // Through the trampoline, so a source that fails at once does not recurse per
                                // attempt.
                                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                                    attempt()
                                    return Disposables.create()
                                }
                            } else {
                                sink.forward(event)
                            }
                        })
                }
            }
            if maxAttemptCount > 0 { attempt() } else { sink.forward(.completed) }
            return sink
        }
    }

    /// Subscribes again each time the sequence `notificationHandler` makes from the errors sends an element, as
    /// RxSwift's `retry(when:)`: after an error, the notifier's next element subscribes again, its error ends the
    /// sequence with that error, and its completion completes it. A notifier that stops while the source runs
    /// without an error changes nothing until the source fails; a source that completes completes the sequence.
    public func retry<Trigger: ObservableConvertibleType>(
        when notificationHandler: @escaping @Sendable (Observable<Swift.Error>) -> Trigger
    ) -> Observable<Element> {
        retry(when: notificationHandler, failure: { $0 })
    }

    /// `retry(when:)` for errors of type `Failure`: any other error ends the sequence at once.
    public func retry<Trigger: ObservableConvertibleType, Failure: Swift.Error>(
        when notificationHandler: @escaping @Sendable (Observable<Failure>) -> Trigger
    ) -> Observable<Element> {
        retry(when: notificationHandler, failure: { $0 as? Failure })
    }

    private func retry<Trigger: ObservableConvertibleType, Failure: Swift.Error>(
        when notificationHandler: @escaping @Sendable (Observable<Failure>) -> Trigger,
        failure: @escaping @Sendable (Swift.Error) -> Failure?
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let errors = PublishSubject<Failure>()
            // The notifier's elements, shared: each error subscribes to it afresh, and a notifier that stopped
            // earlier hands its stop event to the next error's subscription at once.
            let notifier = PublishSubject<Trigger.Element>()
            let current = SerialDisposable()
            let trigger = SerialDisposable()
            @Sendable func attempt() {
                guard !sink.isDisposed else { return }
                current.assign {
                    source.subscribe(
                        AnyObserver<Element> { event in
                            guard case .error(let error) = event else {
                                sink.forward(event)
                                return
                            }
                            guard let typed = failure(error) else {
                                sink.forward(event)
                                return
                            }
                            // The failed attempt is let go of now; the notifier decides whether another follows.
                            current.disposable = Disposables.create()
                            trigger.disposable = notifier.subscribe(
                                AnyObserver<Trigger.Element> { event in
                                    switch event {
                                    case .next: attempt()
                                    case .error(let error): sink.forward(.error(error))
                                    case .completed: sink.forward(.completed)
                                    }
                                })
                            errors.onNext(typed)
                        })
                }
            }
            let handler = notificationHandler(errors.asObservable()).asObservable().subscribe(notifier.asObserver())
            sink.upstream.setDisposable(Disposables.create(handler, current, trigger))
            attempt()
            return sink
        }
    }
}
