#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs work on the current thread: at once, unless work of this scheduler is already running on the thread,
/// in which case it is queued and run after that work returns (a trampoline, which keeps recursion flat).
///
/// The outermost `subscribe` on a thread opens a trampoline, so sources such as `from` start sending only
/// after the whole chain is connected, and `take(3)` on a million elements really stops after three.
public final class CurrentThreadScheduler: ImmediateSchedulerType {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// Whether no trampoline is running on the current thread, so new work would run at once.
    public static var isScheduleRequired: Bool { Trampoline.current == nil }

    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable {
        if let trampoline = Trampoline.current {
            let disposable = SingleAssignmentDisposable()
            trampoline.queue.append {
                if !disposable.isDisposed { disposable.setDisposable(action(state)) }
            }
            return disposable
        }
        return Self.withTrampoline { action(state) }
    }

    /// Runs `body` with a trampoline open on this thread, then the work it queued.
    static func withTrampoline<Result>(_ body: () -> Result) -> Result {
        let trampoline = Trampoline()
        Trampoline.current = trampoline
        defer { Trampoline.current = nil }
        let result = body()
        var index = 0
        while index < trampoline.queue.count {
            trampoline.queue[index]()
            index += 1
        }
        return result
    }
}

/// The work queued on one thread, found through thread-local storage. Only that thread touches it.
private final class Trampoline {
    var queue: [() -> Void] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: Trampoline? {
        get {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
        }
        set {
            if let old = pthread_getspecific(key) { Unmanaged<Trampoline>.fromOpaque(old).release() }
            pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
        }
    }
}
