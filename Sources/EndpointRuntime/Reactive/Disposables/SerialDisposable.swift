/// Holds one disposable at a time: setting a new one disposes the old; after `dispose()`, a new one is disposed
/// at once.
public final class SerialDisposable: Cancelable {
    private let state = Locked((current: Disposable?.none, isDisposed: false))

    /// An empty holder.
    public init() {}

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The current disposable; setting it disposes the previous one.
    public var disposable: Disposable {
        get { state.withLock { $0.current } ?? Disposables.create() }
        set {
            let (previous, disposeNew) = state.withLock { state -> (Disposable?, Bool) in
                if state.isDisposed { return (nil, true) }
                defer { state.current = newValue }
                return (state.current, false)
            }
            previous?.dispose()
            if disposeNew { newValue.dispose() }
        }
    }

    public func dispose() {
        let current = state.withLock { state -> Disposable? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.current = nil }
            return state.current
        }
        current?.dispose()
    }
}

/// A disposable set once, possibly after `dispose()` was called (then it is disposed as it arrives). Operators
/// use it for upstream subscriptions that may emit before `subscribe` returns.
public final class SingleAssignmentDisposable: Cancelable {
    private let state = Locked((current: Disposable?.none, isDisposed: false))

    /// An empty holder.
    public init() {}

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Sets the disposable; disposes it at once when this holder is already disposed.
    public func setDisposable(_ disposable: Disposable) {
        let disposeNow = state.withLock { state -> Bool in
            if state.isDisposed { return true }
            state.current = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    public func dispose() {
        let current = state.withLock { state -> Disposable? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.current = nil }
            return state.current
        }
        current?.dispose()
    }
}
