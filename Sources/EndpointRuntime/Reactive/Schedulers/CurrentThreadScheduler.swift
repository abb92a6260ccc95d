import Foundation

/// Runs work on the current thread: at once, unless work of this scheduler is already running on the thread,
/// in which case it is queued and run after that work returns (a trampoline, which keeps recursion flat).
public final class CurrentThreadScheduler: ImmediateSchedulerType {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// Whether the current thread must queue new work because a scheduled action is running on it.
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
        let trampoline = Trampoline()
        Trampoline.current = trampoline
        defer { Trampoline.current = nil }
        let disposable = action(state)
        while !trampoline.queue.isEmpty {
            trampoline.queue.removeFirst()()
        }
        return disposable
    }
}

/// The work queued on one thread. Only that thread touches it.
private final class Trampoline {
    var queue: [() -> Void] = []

    private static let key = "EndpointRuntime.CurrentThreadScheduler"

    static var current: Trampoline? {
        get { Thread.current.threadDictionary[key] as? Trampoline }
        set { Thread.current.threadDictionary[key] = newValue }
    }
}
