/// One subscription of an operator: forwards events downstream until a stop event or disposal, then disposes
/// its upstream. Enforces the grammar `next* (error | completed)?` for everything below it.
@usableFromInline
class Sink<Output>: Disposable, @unchecked Sendable {
    // @unchecked: `observer` and `upstream` are immutable references to Sendable values; the two flags are
    // atomics. Subclasses keep any mutable state of their own in a `Locked`, or touch it only from `on(_:)`,
    // which the observable contract never calls concurrently (they say which in their own comment).
    @usableFromInline let observer: AnyObserver<Output>
    /// The subscription to the source; disposed with this sink.
    @usableFromInline let upstream = SingleAssignmentDisposable()
    @usableFromInline let stopped = AtomicInt()
    @usableFromInline let disposed = AtomicInt()

    @usableFromInline
    init(observer: AnyObserver<Output>) {
        self.observer = observer
    }

    /// Whether this sink was disposed; long loops check it to stop early.
    @inlinable final var isDisposed: Bool { disposed.value != 0 }

    /// Sends an event downstream, unless a stop event was sent or the sink was disposed.
    @inlinable final func forward(_ event: Event<Output>) {
        if disposed.value != 0 { return }
        if case .next = event {
            if stopped.value == 0 { observer.on(event) }
            return
        }
        forward(stop: event) {}
    }

    /// Sends a stop event downstream and runs `last` before disposing (`do(afterCompleted:)` runs there, ahead of
    /// `onDispose`, as in RxSwift).
    @inlinable final func forward(stop event: Event<Output>, then last: () -> Void) {
        guard disposed.value == 0, stopped.exchange(1) == 0 else { return }
        observer.on(event)
        last()
        dispose()
    }

    @inlinable final func forwardNext(_ element: Output) {
        if disposed.value == 0 && stopped.value == 0 { observer.on(.next(element)) }
    }

    @usableFromInline
    func dispose() {
        guard disposed.exchange(1) == 0 else { return }
        upstream.dispose()
        disposeResources()
    }

    /// Releases what a subclass holds besides `upstream`; called once.
    @usableFromInline
    func disposeResources() {}
}
