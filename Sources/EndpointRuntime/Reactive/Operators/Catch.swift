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
            serial.setSubscription {
                source.subscribe(
                    AnyObserver<Element> { event in
                        guard case .error(let error) = event else {
                            sink.forward(event)
                            return
                        }
                        do {
                            let recovery = try handler(error)
                            serial.setSubscription { recovery.subscribe(AnyObserver(eventHandler: sink.forward)) }
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
                serial.setSubscription {
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

    /// Subscribes again each time the sequence `notificationHandler` makes from the errors sends an element;
    /// ends with its error or completion.
    public func retry<Trigger: ObservableConvertibleType>(
        when notificationHandler: @escaping @Sendable (Observable<Swift.Error>) -> Trigger
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let errors = PublishSubject<Swift.Error>()
            let serial = SerialDisposable()
            @Sendable func attempt() {
                guard !sink.isDisposed else { return }
                serial.setSubscription {
                    source.subscribe(
                        AnyObserver<Element> { event in
                            if case .error(let error) = event { errors.onNext(error) } else { sink.forward(event) }
                        })
                }
            }
            let triggerSubscription = notificationHandler(errors.asObservable()).asObservable().subscribe(
                AnyObserver { event in
                    switch event {
                    case .next: attempt()
                    case .error(let error): sink.forward(.error(error))
                    case .completed: sink.forward(.completed)
                    }
                })
            sink.upstream.setDisposable(Disposables.create(triggerSubscription, serial))
            attempt()
            return sink
        }
    }
}
