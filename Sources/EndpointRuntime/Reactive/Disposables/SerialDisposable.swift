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

    public func dispose() { slot.dispose() }
}
