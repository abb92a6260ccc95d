extension ObservableType {
    /// Delivers events on `scheduler`, in order, one at a time: events queue up, and one scheduled action at a
    /// time drains the queue.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let queue = Locked((events: [Event<Element>](), head: 0, isScheduled: false))
            @Sendable func drain() {
                while let event = queue.withLock({ queue -> Event<Element>? in
                    guard queue.head < queue.events.count else {
                        queue.events.removeAll(keepingCapacity: true)
                        queue.head = 0
                        queue.isScheduled = false
                        return nil
                    }
                    defer { queue.head += 1 }
                    return queue.events[queue.head]
                }) {
                    sink.forward(event)
                }
            }
            sink.upstream.setDisposable(
                source.subscribe(
                    AnyObserver<Element> { event in
                        let schedule = queue.withLock { queue -> Bool in
                            queue.events.append(event)
                            defer { queue.isScheduled = true }
                            return !queue.isScheduled
                        }
                        if schedule {
                            _ = scheduler.schedule(()) { _ in
                                drain()
                                return Disposables.create()
                            }
                        }
                    }))
            return sink
        }
    }

    /// Subscribes (and disposes the subscription) on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let subscription = SingleAssignmentDisposable()
            let scheduled = scheduler.schedule(()) { _ in
                subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.forward)))
                return Disposables.create()
            }
            sink.upstream.setDisposable(
                Disposables.create(with: {
                    scheduled.dispose()
                    _ = scheduler.schedule(()) { _ in
                        subscription.dispose()
                        return Disposables.create()
                    }
                }))
            return sink
        }
    }

    /// Every event shifted later by `dueTime` (an error at once, as in RxSwift).
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let timers = CompositeDisposable()
            let gate = SerializingGate<Event<Element>>()
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(
                source.subscribe(
                    AnyObserver<Element> { event in
                        if case .error = event {
                            sink.forward(event)
                            return
                        }
                        let holder = SingleAssignmentDisposable()
                        guard let key = timers.insert(holder) else { return }
                        holder.setDisposable(
                            scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                                timers.remove(for: key)
                                gate.deliver(event) { sink.forward($0) }
                                return Disposables.create()
                            })
                        // The source is let go of when its completion arrives, not when it is delivered (RxSwift).
                        if case .completed = event { subscription.dispose() }
                    }))
            sink.upstream.setDisposable(Disposables.create(subscription, timers))
            return sink
        }
    }

    /// An element only once `dueTime` has passed without a newer one; the last pending one is sent on completion.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let timer = SerialDisposable()
            let pending = Locked((value: Element?.none, id: 0))
            let gate = SerializingGate<Event<Element>>()
            let subscription = source.subscribe(
                AnyObserver<Element> { event in
                    switch event {
                    case .next(let element):
                        let id = pending.withLock { pending -> Int in
                            pending.id += 1
                            pending.value = element
                            return pending.id
                        }
                        timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                            let value = pending.withLock { pending -> Element? in
                                guard pending.id == id else { return nil }
                                defer { pending.value = nil }
                                return pending.value
                            }
                            if let value { gate.deliver(.next(value)) { sink.forward($0) } }
                            return Disposables.create()
                        }
                    case .error:
                        timer.dispose()
                        gate.deliver(event) { sink.forward($0) }
                    case .completed:
                        timer.dispose()
                        let value = pending.withLock { pending -> Element? in
                            defer { pending.value = nil }
                            return pending.value
                        }
                        if let value { gate.deliver(.next(value)) { sink.forward($0) } }
                        gate.deliver(.completed) { sink.forward($0) }
                    }
                })
            sink.upstream.setDisposable(Disposables.create(subscription, timer))
            return sink
        }
    }

    /// At most one element per `dueTime`: the first at once, then (with `latest`) the newest of each window at
    /// its end, as RxSwift's `throttle(_:latest:scheduler:)`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<
        Element
    > {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let timer = SerialDisposable()
            let state = Locked((pending: Element?.none, windowOpen: false, completed: false))
            let gate = SerializingGate<Event<Element>>()
            @Sendable func openWindow() {
                timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                    let (value, completed) = state.withLock { state -> (Element?, Bool) in
                        defer { state.pending = nil }
                        if state.pending == nil { state.windowOpen = false }
                        return (state.pending, state.completed)
                    }
                    if let value {
                        gate.deliver(.next(value)) { sink.forward($0) }
                        openWindow()
                    }
                    if completed { gate.deliver(.completed) { sink.forward($0) } }
                    return Disposables.create()
                }
            }
            let subscription = source.subscribe(
                AnyObserver<Element> { event in
                    switch event {
                    case .next(let element):
                        let sendNow = state.withLock { state -> Bool in
                            if state.windowOpen {
                                if latest { state.pending = element }
                                return false
                            }
                            state.windowOpen = true
                            return true
                        }
                        if sendNow {
                            gate.deliver(event) { sink.forward($0) }
                            openWindow()
                        }
                    case .error:
                        gate.deliver(event) { sink.forward($0) }
                    case .completed:
                        let waiting = state.withLock { state -> Bool in
                            state.completed = true
                            return state.pending != nil
                        }
                        if !waiting { gate.deliver(.completed) { sink.forward($0) } }
                    }
                })
            sink.upstream.setDisposable(Disposables.create(subscription, timer))
            return sink
        }
    }

    /// Fails with `RxError.timeout` if `dueTime` passes before the first element or between two elements.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timeout(dueTime, other: Observable<Element>.error(RxError.timeout), scheduler: scheduler)
    }

    /// Switches to `other` if `dueTime` passes before the first element or between two elements.
    public func timeout<Other: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval, other: Other, scheduler: SchedulerType
    ) -> Observable<Element> where Other.Element == Element {
        let source = asObservable()
        let fallback = other.asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let timer = SerialDisposable()
            let subscription = SerialDisposable()
            let state = Locked((id: 0, switched: false))
            let gate = SerializingGate<Event<Element>>()
            @Sendable func arm() {
                let id = state.withLock { state -> Int in
                    state.id += 1
                    return state.id
                }
                timer.disposable = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                    let fire = state.withLock { state -> Bool in
                        guard state.id == id, !state.switched else { return false }
                        state.switched = true
                        return true
                    }
                    if fire {
                        subscription.setSubscription {
                            fallback.subscribe(AnyObserver { event in gate.deliver(event) { sink.forward($0) } })
                        }
                    }
                    return Disposables.create()
                }
            }
            arm()
            subscription.setSubscription {
                source.subscribe(
                    AnyObserver<Element> { event in
                        let passes = state.withLock { state -> Bool in
                            guard !state.switched else { return false }
                            state.id += 1
                            return true
                        }
                        guard passes else { return }
                        gate.deliver(event) { sink.forward($0) }
                        if case .next = event { arm() } else { timer.dispose() }
                    })
            }
            sink.upstream.setDisposable(Disposables.create(subscription, timer))
            return sink
        }
    }
}

extension ObservableType where Element: FixedWidthInteger {
    /// 0, 1, 2, … one every `period`.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        timer(period, period: period, scheduler: scheduler)
    }

    /// 0 after `dueTime`, then (with a `period`) 1, 2, … one every `period`; without one, completes after 0.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType)
        -> Observable<Element>
    {
        Observable { observer in
            let sink = Sink<Element>(observer: observer)
            if let period {
                sink.upstream.setDisposable(
                    scheduler.schedulePeriodic(Element.zero, startAfter: dueTime, period: period) { count in
                        sink.forwardNext(count)
                        return count &+ 1
                    })
            } else {
                sink.upstream.setDisposable(
                    scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                        sink.forwardNext(.zero)
                        sink.forward(.completed)
                        return Disposables.create()
                    })
            }
            return sink
        }
    }
}
