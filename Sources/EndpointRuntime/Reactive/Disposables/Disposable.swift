/// Something to stop: a subscription, a timer, a request. `dispose()` is idempotent and safe from any thread.
public protocol Disposable: Sendable {
    /// Stops the work and releases what it holds.
    func dispose()
}

/// A disposable that knows whether it was disposed.
public protocol Cancelable: Disposable {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
}

/// Factories for disposables, with RxSwift's names.
public enum Disposables {
    /// A disposable that does nothing.
    public static func create() -> Disposable { NopDisposable() }

    /// A disposable that runs `dispose` once, on the first `dispose()` call.
    public static func create(with dispose: @escaping @Sendable () -> Void) -> Cancelable {
        AnonymousDisposable(dispose)
    }

    /// A disposable that disposes both.
    public static func create(_ first: Disposable, _ second: Disposable) -> Cancelable {
        CompositeDisposable(first, second)
    }

    /// A disposable that disposes all three.
    public static func create(_ first: Disposable, _ second: Disposable, _ third: Disposable) -> Cancelable {
        CompositeDisposable(first, second, third)
    }

    /// A disposable that disposes all of them.
    public static func create(_ disposables: [Disposable]) -> Cancelable {
        CompositeDisposable(disposables: disposables)
    }
}

struct NopDisposable: Disposable {
    func dispose() {}
}

/// Runs an action once.
final class AnonymousDisposable: Cancelable {
    private let action: Locked<(@Sendable () -> Void)?>

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = Locked(action)
    }

    var isDisposed: Bool { action.withLock { $0 == nil } }

    func dispose() {
        // Take the action out under the lock, run it outside: exactly once, never while locked.
        let run = action.withLock { action -> (@Sendable () -> Void)? in
            defer { action = nil }
            return action
        }
        run?()
    }
}

extension Disposable {
    /// Adds this disposable to `bag`, which disposes it when the bag is deallocated.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
