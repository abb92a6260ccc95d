import Dispatch
import Foundation

/// A span of time for schedulers, as in RxSwift 6: `.seconds(1)`, `.milliseconds(300)`.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time for schedulers.
public typealias RxTime = Date

/// Runs work, now or soon.
public protocol ImmediateSchedulerType: Sendable {
    /// Runs `action` with `state`; disposing the result cancels it if it has not run.
    func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable
}

/// Runs work at a time.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's notion of now.
    var now: RxTime { get }

    /// Runs `action` after `dueTime`.
    func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable

    /// Runs `action` after `startAfter`, then every `period`, passing each run's result to the next.
    func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> Disposable
}

extension SchedulerType {
    /// Periodic work as a chain of relative schedules (schedulers may do better).
    public func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> Disposable {
        let serial = SerialDisposable()
        @Sendable func tick(_ state: StateType, after delay: RxTimeInterval) {
            serial.assign {
                scheduleRelative(state, dueTime: delay) { state in
                    tick(action(state), after: period)
                    return Disposables.create()
                }
            }
        }
        tick(state, after: startAfter)
        return serial
    }
}

extension DispatchTimeInterval {
    /// The span from `start` to `end`, in nanoseconds; zero when `end` is not later.
    static func interval(from start: RxTime, to end: RxTime) -> DispatchTimeInterval {
        let seconds = end.timeIntervalSince(start)
        guard seconds.isFinite else { return .never }
        guard seconds > 0 else { return .nanoseconds(0) }
        // Past about 292 years nanoseconds overflow `Int`; that far is as good as never.
        guard seconds < 9e9 else { return .never }
        return .nanoseconds(Int((seconds * 1_000_000_000).rounded()))
    }

    /// The interval in seconds; `.never` is infinite.
    var seconds: Double {
        switch self {
        case .seconds(let value): return Double(value)
        case .milliseconds(let value): return Double(value) / 1_000
        case .microseconds(let value): return Double(value) / 1_000_000
        case .nanoseconds(let value): return Double(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}
