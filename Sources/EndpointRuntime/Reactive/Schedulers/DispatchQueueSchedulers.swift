import Dispatch
import Foundation

/// A scheduler that runs its work on one dispatch queue.
public protocol DispatchQueueScheduler: SchedulerType {
    /// The queue work runs on.
    var queue: DispatchQueue { get }
}

extension DispatchQueueScheduler {
    public var now: RxTime { Date() }

    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable {
        DispatchScheduling.schedule(on: queue, after: nil, state, action)
    }

    public func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable {
        DispatchScheduling.schedule(on: queue, after: dueTime, state, action)
    }
}

/// Runs work on a serial dispatch queue, one action at a time, in order.
public final class SerialDispatchQueueScheduler: DispatchQueueScheduler {
    public let queue: DispatchQueue

    /// A scheduler on a new serial queue targeting `queue`.
    public init(queue: DispatchQueue, internalSerialQueueName: String) {
        self.queue = DispatchQueue(label: internalSerialQueueName, target: queue)
    }

    /// A scheduler on a new serial queue.
    public convenience init(internalSerialQueueName: String) {
        self.init(queue: .global(), internalSerialQueueName: internalSerialQueueName)
    }

    /// A scheduler on a new serial queue of the given quality of service.
    public convenience init(qos: DispatchQoS, internalSerialQueueName: String = "rx.serial") {
        self.init(queue: .global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName)
    }
}

/// Runs work on a concurrent dispatch queue: actions may run at the same time.
public final class ConcurrentDispatchQueueScheduler: DispatchQueueScheduler {
    public let queue: DispatchQueue

    /// A scheduler on `queue`.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// A scheduler on the global queue of the given quality of service.
    public convenience init(qos: DispatchQoS) {
        self.init(queue: .global(qos: qos.qosClass))
    }
}

/// Runs work on the main thread: at once when already there, else queued on the main queue.
public final class MainScheduler: SchedulerType {
    /// The shared instance.
    public static let instance = MainScheduler()

    /// The same as `instance`, queued always (RxSwift's `asyncInstance`).
    public static let asyncInstance = MainScheduler(alwaysAsync: true)

    private let alwaysAsync: Bool

    private init(alwaysAsync: Bool = false) {
        self.alwaysAsync = alwaysAsync
    }

    public var now: RxTime { Date() }

    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable {
        if !alwaysAsync && Thread.isMainThread { return action(state) }
        return DispatchScheduling.schedule(on: .main, after: nil, state, action)
    }

    public func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable {
        DispatchScheduling.schedule(on: .main, after: dueTime, state, action)
    }
}

/// Dispatch-queue work items that can be cancelled, shared by the dispatch schedulers.
enum DispatchScheduling {
    static func schedule<StateType: Sendable>(
        on queue: DispatchQueue, after delay: RxTimeInterval?, _ state: StateType,
        _ action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable {
        let result = SingleAssignmentDisposable()
        let work: @Sendable () -> Void = {
            if !result.isDisposed { result.setDisposable(action(state)) }
        }
        if let delay {
            queue.asyncAfter(deadline: .now() + delay, execute: work)
        } else {
            queue.async(execute: work)
        }
        return result
    }
}
