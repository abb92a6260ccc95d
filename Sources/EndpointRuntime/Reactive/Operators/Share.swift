/// How long `share` keeps its replay buffer and connection.
public enum SubjectLifetimeScope: Sendable {
    /// The connection (and buffer) lives while there are subscribers; the next subscriber after that, or after
    /// the source stops, starts afresh.
    case whileConnected
    /// One buffer for ever: late subscribers get the replay, and after the source stops, its stop event.
    case forever
}

extension ObservableType {
    /// One subscription to this sequence shared by all subscribers, replaying the last `replay` elements to
    /// late ones.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        let connection = SharedConnection(source: asObservable(), replay: replay, scope: scope)
        return Observable { observer in connection.subscribe(observer) }
    }
}

/// The state behind one `share(...)` call: its subject and its connection to the source, counted by subscriber.
final class SharedConnection<Element: Sendable>: Sendable {
    private struct State {
        var subject: Subject?
        var connection: SingleAssignmentDisposable?
        var subscribers = 0
        var generation = 0
    }

    /// The subject type erased to what `share` needs.
    struct Subject: Sendable {
        let on: @Sendable (Event<Element>) -> Void
        let subscribe: @Sendable (AnyObserver<Element>) -> Disposable
    }

    private let source: Observable<Element>
    private let replay: Int
    private let scope: SubjectLifetimeScope
    private let state = Locked(State())

    init(source: Observable<Element>, replay: Int, scope: SubjectLifetimeScope) {
        self.source = source
        self.replay = replay
        self.scope = scope
    }

    private func makeSubject() -> Subject {
        if replay == 0 {
            let subject = PublishSubject<Element>()
            return Subject(on: subject.on, subscribe: { subject.subscribe($0) })
        }
        let subject = ReplaySubject<Element>.create(bufferSize: replay)
        return Subject(on: subject.on, subscribe: { subject.subscribe($0) })
    }

    func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        let (subject, connect, generation) = state.withLock { state -> (Subject, SingleAssignmentDisposable?, Int) in
            let subject = state.subject ?? makeSubject()
            state.subject = subject
            state.subscribers += 1
            if state.connection == nil {
                let connection = SingleAssignmentDisposable()
                state.connection = connection
                return (subject, connection, state.generation)
            }
            return (subject, nil, state.generation)
        }
        let subscription = subject.subscribe(observer)
        if let connect {
            connect.setDisposable(
                source.subscribe(
                    AnyObserver<Element> { [self] event in
                        if event.isStopEvent && scope == .whileConnected { reset(generation: generation) }
                        subject.on(event)
                    }))
        }
        return Disposables.create(with: { [self] in
            subscription.dispose()
            let disconnect = state.withLock { state -> SingleAssignmentDisposable? in
                guard state.generation == generation else { return nil }
                state.subscribers -= 1
                guard state.subscribers == 0 else { return nil }
                defer {
                    state.connection = nil
                    if scope == .whileConnected { state.subject = nil }
                    state.generation += 1
                }
                return state.connection
            }
            disconnect?.dispose()
        })
    }

    /// After the source stops, `.whileConnected` starts afresh for the next subscriber.
    private func reset(generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.subject = nil
            state.connection = nil
            state.subscribers = 0
            state.generation += 1
        }
    }
}
