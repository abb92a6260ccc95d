import Foundation

/// Runs work as operations on an `OperationQueue`, at the queue's concurrency and the priority given.
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // @unchecked: both properties are immutable; `OperationQueue` is safe to use from any thread.
    /// The queue work runs on.
    public let operationQueue: OperationQueue
    /// The priority of the operations it adds.
    public let queuePriority: Operation.QueuePriority

    /// A scheduler that adds its work to `operationQueue` with `queuePriority`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> Disposable
    ) -> Disposable {
        let result = SingleAssignmentDisposable()
        let operation = BlockOperation {
            if result.isDisposed { return }
            result.setDisposable(action(state))
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return Disposables.create {
            operation.cancel()
            result.dispose()
        }
    }
}
