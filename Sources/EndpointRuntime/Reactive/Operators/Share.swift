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
    @inlinable
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        let connection = SharedConnection(source: asObservable(), replay: replay, scope: scope)
        return Observable { observer in connection.subscribe(observer) }
    }
}

/// The state behind one `share(...)` call: its subject and its connection to the source, counted by subscriber.
///
/// Inlinable down to the subject, so the forwarding path (source → subject → subscribers) is specialized for
/// the element type in the caller's module instead of looking up generic metadata for every event.
@usableFromInline
final class SharedConnection<Element: Sendable>: Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var subject: SubjectCore<Element>?
        @usableFromInline var connection: SingleAssignmentDisposable?
        @usableFromInline var subscribers = 0
        @usableFromInline var generation = 0

        @usableFromInline init() {}
    }

    @usableFromInline let source: Observable<Element>
    @usableFromInline let replay: Int
    @usableFromInline let scope: SubjectLifetimeScope
    @usableFromInline let state = Locked(State())

    @usableFromInline
    init(source: Observable<Element>, replay: Int, scope: SubjectLifetimeScope) {
        self.source = source
        self.replay = replay
        self.scope = scope
    }

    /// Adds a subscriber to the current subject; the first one connects the source.
    @inlinable
    func subscribe(_ observer: AnyObserver<Element>) -> Disposable {
        let (subject, connect, generation) = state.withLock {
            state -> (SubjectCore<Element>, SingleAssignmentDisposable?, Int) in
            // A PublishSubject's core, or a ReplaySubject's that replays `replay` elements.
            let subject = state.subject ?? SubjectCore(replayCount: replay)
            state.subject = subject
            state.subscribers += 1
            if state.connection == nil {
                let connection = SingleAssignmentDisposable()
                state.connection = connection
                return (subject, connection, state.generation)
            }
            return (subject, nil, state.generation)
        }
        let subscription = subject.subscribe(observer, objectName: replay == 0 ? "PublishSubject" : "ReplaySubject")
        if let connect {
            let resetsOnStop = scope == .whileConnected
            connect.setDisposable(
                source.subscribe(
                    AnyObserver<Element> { [self] event in
                        if resetsOnStop, event.isStopEvent { reset(generation: generation) }
                        subject.on(event)
                        // A stopped source is let go of at once (RxSwift's timing), whatever the scope.
                        if event.isStopEvent { connect.dispose() }
                    }))
        }
        return Disposables.create(with: { [self] in
            subscription.dispose()
            disconnect(generation: generation)
        })
    }

    /// One subscriber fewer; the last one of a generation disconnects the source.
    @usableFromInline
    func disconnect(generation: Int) {
        let connection = state.withLock { state -> SingleAssignmentDisposable? in
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
        connection?.dispose()
    }

    /// After the source stops, `.whileConnected` starts afresh for the next subscriber.
    @usableFromInline
    func reset(generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.subject = nil
            state.connection = nil
            state.subscribers = 0
            state.generation += 1
        }
    }
}
