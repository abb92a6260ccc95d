/// Delivers values one at a time even when producers race: values are queued in arrival order, and whichever
/// caller finds nobody delivering drains the queue. A delivery made from inside a delivery is queued too, so
/// handlers are never re-entered. No lock is held while the handler runs.
final class SerializingGate<Value: Sendable>: Sendable {
    private let state = Locked((queue: [Value](), head: 0, isDelivering: false))

    /// Delivers `value` through `handler`, now or after the deliveries ahead of it.
    func deliver(_ value: Value, _ handler: (Value) -> Void) {
        // Fast path: nobody delivering and nothing queued, so deliver directly.
        let direct = state.withLock { state -> Bool in
            if state.isDelivering || state.head < state.queue.count {
                state.queue.append(value)
                return false
            }
            state.isDelivering = true
            return true
        }
        if direct {
            handler(value)
            state.withLock { $0.isDelivering = false }
        }
        drain(handler)
    }

    /// Queues values without delivering them; the next `deliver` or `drain` delivers them first.
    func enqueue(_ values: [Value]) {
        guard !values.isEmpty else { return }
        state.withLock { $0.queue.append(contentsOf: values) }
    }

    /// Delivers everything queued, unless another caller is already doing so.
    func drain(_ handler: (Value) -> Void) {
        let start = state.withLock { state -> Bool in
            guard !state.isDelivering, state.head < state.queue.count else { return false }
            state.isDelivering = true
            return true
        }
        guard start else { return }
        while let next = state.withLock({ state -> Value? in
            guard state.head < state.queue.count else {
                state.queue.removeAll(keepingCapacity: true)
                state.head = 0
                state.isDelivering = false
                return nil
            }
            defer { state.head += 1 }
            return state.queue[state.head]
        }) {
            handler(next)
        }
    }
}
