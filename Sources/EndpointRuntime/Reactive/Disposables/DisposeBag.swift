/// Collects disposables and disposes them all when it is deallocated (or, after that, when one is added).
///
/// The usual owner is a view model or view controller: its subscriptions end with it.
public final class DisposeBag: Sendable {
    private let state = Locked((disposables: [Disposable](), isDisposed: false))

    /// An empty bag.
    public init() {}

    /// Adds a disposable; if the bag was already emptied by deallocation, disposes it at once.
    public func insert(_ disposable: Disposable) {
        let disposeNow = state.withLock { state -> Bool in
            if state.isDisposed { return true }
            state.disposables.append(disposable)
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Adds several disposables.
    public func insert(_ disposables: Disposable...) {
        for disposable in disposables { insert(disposable) }
    }

    private func dispose() {
        let disposables = state.withLock { state -> [Disposable] in
            defer {
                state.disposables = []
                state.isDisposed = true
            }
            return state.disposables
        }
        for disposable in disposables { disposable.dispose() }
    }

    deinit {
        dispose()
    }
}
