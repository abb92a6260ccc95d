extension ObservableType {
    /// Delivers events on `scheduler`, in order, one per scheduled action: events queue up, and each action
    /// delivers the oldest and schedules the next while any are left (RxSwift's timing: on a `TestScheduler`,
    /// `just(1)` arrives at 201 and completes at 202).
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let queue = Locked((events: [Event<Element>](), head: 0, isScheduled: false))
            let pending = SerialDisposable()
            @Sendable func deliverOne() {
                let event = queue.withLock { queue -> Event<Element>? in
                    guard queue.head < queue.events.count else { return nil }
                    defer { queue.head += 1 }
                    return queue.events[queue.head]
                }
                guard let event, !sink.isDisposed else { return }
                sink.forward(event)
                let more = queue.withLock { queue -> Bool in
                    if queue.head < queue.events.count { return true }
                    queue.events.removeAll(keepingCapacity: true)
                    queue.head = 0
                    queue.isScheduled = false
                    return false
                }
                if more { scheduleNext() }
            }
            @Sendable func scheduleNext() {
                pending.assign {
                    scheduler.schedule(()) { _ in
                        deliverOne()
                        return Disposables.create()
                    }
                }
            }
            let subscription = source.subscribe(
                AnyObserver<Element> { event in
                    let schedule = queue.withLock { queue -> Bool in
                        queue.events.append(event)
                        defer { queue.isScheduled = true }
                        return !queue.isScheduled
                    }
                    if schedule { scheduleNext() }
                })
            sink.upstream.setDisposable(Disposables.create(subscription, pending))
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

    /// Every event shifted later by `dueTime` (an error at once, as in RxSwift). One event is delivered per
    /// scheduled action: events due at the same instant arrive one step apart on a `TestScheduler`, as in RxSwift
    /// (`just(1).delay(2)` sends its element at 202 and completes at 203).
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let timer = SerialDisposable()
            let gate = SerializingGate<Event<Element>>()
            // The events waiting, each with the time it is due, and whether an action to deliver one is scheduled.
            let queue = Locked((events: [(due: RxTime, event: Event<Element>)](), head: 0, isScheduled: false))
            let subscription = SingleAssignmentDisposable()
            @Sendable func schedule(after delay: RxTimeInterval) {
                timer.assign {
                    scheduler.scheduleRelative((), dueTime: delay) { _ in
                        deliverOne()
                        return Disposables.create()
                    }
                }
            }
            @Sendable func deliverOne() {
                let event = queue.withLock { queue -> Event<Element>? in
                    guard queue.head < queue.events.count else { return nil }
                    defer { queue.head += 1 }
                    return queue.events[queue.head].event
                }
                guard let event else { return }
                gate.deliver(event) { sink.forward($0) }
                let nextDue = queue.withLock { queue -> RxTime? in
                    if queue.head < queue.events.count { return queue.events[queue.head].due }
                    queue.events.removeAll(keepingCapacity: true)
                    queue.head = 0
                    queue.isScheduled = false
                    return nil
                }
                if let nextDue { schedule(after: .interval(from: scheduler.now, to: nextDue)) }
            }
            subscription.setDisposable(
                source.subscribe(
                    AnyObserver<Element> { event in
                        if case .error = event {
                            timer.dispose()
                            gate.deliver(event) { sink.forward($0) }
                            return
                        }
                        let due = scheduler.now.addingTimeInterval(dueTime.seconds)
                        let first = queue.withLock { queue -> Bool in
                            queue.events.append((due, event))
                            defer { queue.isScheduled = true }
                            return !queue.isScheduled
                        }
                        if first { schedule(after: dueTime) }
                        // The source is let go of when its completion arrives, not when it is delivered (RxSwift).
                        if case .completed = event { subscription.dispose() }
                    }))
            sink.upstream.setDisposable(Disposables.create(subscription, timer))
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
                        timer.assign {
                            scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                                let value = pending.withLock { pending -> Element? in
                                    guard pending.id == id else { return nil }
                                    defer { pending.value = nil }
                                    return pending.value
                                }
                                if let value { gate.deliver(.next(value)) { sink.forward($0) } }
                                return Disposables.create()
                            }
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

    /// At most one element per `dueTime`, as RxSwift's `throttle(_:latest:scheduler:)`: an element that comes
    /// `dueTime` or more after the last one sent goes at once; one that comes sooner is dropped, or with `latest`
    /// kept as the newest and sent when `dueTime` has passed since the last one sent. A completion waits for a kept
    /// element.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<
        Element
    > {
        let source = asObservable()
        let window = dueTime.seconds
        return Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let timer = SerialDisposable()
            let state = Locked((lastSent: RxTime?.none, kept: Element?.none, completed: false))
            let gate = SerializingGate<Event<Element>>()
            /// Sends the kept element, if any, then the completion that waited for it.
            @Sendable func sendKept() {
                let (value, completed) = state.withLock { state -> (Element?, Bool) in
                    defer { state.kept = nil }
                    if state.kept != nil { state.lastSent = scheduler.now }
                    return (state.kept, state.completed)
                }
                if let value { gate.deliver(.next(value)) { sink.forward($0) } }
                if completed { gate.deliver(.completed) { sink.forward($0) } }
            }
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(
                source.subscribe(
                    AnyObserver<Element> { event in
                        switch event {
                        case .next(let element):
                            let now = scheduler.now
                            // How long until `dueTime` has passed since the last element sent; nil: send now.
                            let wait = state.withLock { state -> Double? in
                                let remaining = state.lastSent.map { window - now.timeIntervalSince($0) } ?? 0
                                guard remaining > 0 else {
                                    state.lastSent = now
                                    state.kept = nil
                                    return nil
                                }
                                guard latest else { return -1 }
                                let scheduled = state.kept != nil
                                state.kept = element
                                return scheduled ? -1 : remaining
                            }
                            switch wait {
                            case nil:
                                timer.disposable = Disposables.create()
                                gate.deliver(event) { sink.forward($0) }
                            case let remaining? where remaining > 0:
                                let nanoseconds = Int((remaining * 1e9).rounded())
                                timer.assign {
                                    scheduler.scheduleRelative((), dueTime: .nanoseconds(nanoseconds)) {
                                        _ in
                                        sendKept()
                                        return Disposables.create()
                                    }
                                }
                            default:
                                break
                            }
                        case .error:
                            state.withLock { $0.kept = nil }
                            gate.deliver(event) { sink.forward($0) }
                        case .completed:
                            let waiting = state.withLock { state -> Bool in
                                state.completed = true
                                return state.kept != nil
                            }
                            // The source is let go of now, though its completion may wait for a kept element.
                            subscription.dispose()
                            if !waiting { gate.deliver(.completed) { sink.forward($0) } }
                        }
                    }))
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
                timer.assign {
                    scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                        let fire = state.withLock { state -> Bool in
                            guard state.id == id, !state.switched else { return false }
                            state.switched = true
                            return true
                        }
                        if fire {
                            subscription.assign {
                                fallback.subscribe(AnyObserver { event in gate.deliver(event) { sink.forward($0) } })
                            }
                        }
                        return Disposables.create()
                    }
                }
            }
            arm()
            subscription.assign {
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
