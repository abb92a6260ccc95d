/// One disposable slot behind a lock: the shared state of `SerialDisposable` and `SingleAssignmentDisposable`.
final class DisposableSlot: Sendable {
    private let state = Locked((current: Disposable?.none, isDisposed: false))

    var isDisposed: Bool { state.withLock { $0.isDisposed } }

    var current: Disposable? { state.withLock { $0.current } }

    /// Puts `disposable` in the slot and returns what it replaced; once the slot is disposed, disposes
    /// `disposable` instead.
    func replace(with disposable: Disposable) -> Disposable? {
        let (previous, disposeNew) = state.withLock { state -> (Disposable?, Bool) in
            if state.isDisposed { return (nil, true) }
            defer { state.current = disposable }
            return (state.current, false)
        }
        if disposeNew { disposable.dispose() }
        return previous
    }

    /// Marks the slot disposed and lets go of its content without disposing it: for a subscription whose
    /// sequence has stopped and disposes itself. Anything set later is disposed at once.
    func release() {
        let current = state.withLock { state -> Disposable? in
            state.isDisposed = true
            defer { state.current = nil }
            return state.current
        }
        // Dropped here, outside the lock: the last reference may run a deinit.
        _ = current
    }

    /// Marks the slot disposed and disposes its content, once.
    func dispose() {
        let current = state.withLock { state -> Disposable? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.current = nil }
            return state.current
        }
        current?.dispose()
    }
}

/// Holds one disposable at a time: setting a new one disposes the old; after `dispose()`, a new one is disposed
/// at once.
public final class SerialDisposable: Cancelable {
    private let slot = DisposableSlot()

    /// An empty holder.
    public init() {}

    public var isDisposed: Bool { slot.isDisposed }

    /// The current disposable; setting it disposes the previous one.
    public var disposable: Disposable {
        get { slot.current ?? Disposables.create() }
        set { slot.replace(with: newValue)?.dispose() }
    }

    public func dispose() { slot.dispose() }

    /// Holds the disposable `make` returns, unless a newer one is set while `make` runs.
    ///
    /// A source may end synchronously inside `subscribe` (`create` that fails at once, a stubbed transport), and
    /// an operator moving on from that end (`catch`, `retry`, a timeout's fallback) sets the next subscription
    /// here before this one returns. Likewise an action scheduled on a concurrent queue may run, and schedule the
    /// next action, before `schedule` returns. A plain `disposable = make()` would then replace the newer
    /// disposable with the older one and dispose it, cancelling the next action for good; here the older one
    /// lands in a placeholder that is already gone.
    func assign(_ make: () -> Disposable) {
        let placeholder = SingleAssignmentDisposable()
        disposable = placeholder
        placeholder.setDisposable(make())
    }
}

/// A disposable set once, possibly after `dispose()` was called (then it is disposed as it arrives). Operators
/// use it for upstream subscriptions that may emit before `subscribe` returns.
public final class SingleAssignmentDisposable: Cancelable {
    private let slot = DisposableSlot()

    /// An empty holder.
    public init() {}

    public var isDisposed: Bool { slot.isDisposed }

    /// Sets the disposable; disposes it at once when this holder is already disposed.
    public func setDisposable(_ disposable: Disposable) {
        _ = slot.replace(with: disposable)
    }

    /// Lets go of the disposable without disposing it; see `DisposableSlot.release()`.
    @usableFromInline
    func release() { slot.release() }

    public func dispose() { slot.dispose() }
}
