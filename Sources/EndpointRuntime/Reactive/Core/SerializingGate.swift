/// Delivers values one at a time even when producers race, never re-entrantly, and never calling out while
/// holding a lock. The first producer to claim the gate delivers; producers that find it claimed queue their
/// value, and the deliverer drains the queue before releasing the gate. A delivery made from inside a delivery
/// is queued too, so handlers are never re-entered.
@usableFromInline
final class SerializingGate<Value>: @unchecked Sendable {
    // @unchecked: `queue` is a Locked; `delivering` is atomic. Values cross threads inside the Locked.
    @usableFromInline let delivering = AtomicInt()
    @usableFromInline let queue = Locked(Queue())

    @usableFromInline
    struct Queue {
        @usableFromInline var items: [Value] = []
        @usableFromInline var head = 0

        @usableFromInline init() {}

        @inlinable mutating func popFirst() -> Value? {
            guard head < items.count else {
                if !items.isEmpty {
                    items.removeAll(keepingCapacity: true)
                    head = 0
                }
                return nil
            }
            defer { head += 1 }
            return items[head]
        }
    }

    @usableFromInline init() {}

    /// Delivers `value` through `handler`, now, or after the deliveries ahead of it by whoever holds the gate.
    @inlinable
    func deliver(_ value: Value, _ handler: (Value) -> Void) {
        if delivering.compareExchange(expected: 0, desired: 1) {
            handler(value)
            finish(handler)
            return
        }
        queue.withLock { $0.items.append(value) }
        // The deliverer may have released the gate just before the append; then this caller drains.
        if delivering.compareExchange(expected: 0, desired: 1) { finish(handler) }
    }

    /// Claims the gate with `values` queued first, for a caller that will call `finish` itself (a subscriber
    /// receiving its replay: live values then queue up behind it). Only for a gate nobody else can see yet.
    @inlinable
    func claim(with values: [Value]) {
        delivering.store(1)
        queue.withLock { $0.items.append(contentsOf: values) }
    }

    /// Delivers what is queued, then releases the gate. Only for the caller holding it.
    @inlinable
    func finish(_ handler: (Value) -> Void) {
        while let next = queue.withLock({ queue -> Value? in
            if let next = queue.popFirst() { return next }
            // Released under the lock: an appender either queued before (and was popped) or sees it released.
            delivering.store(0)
            return nil
        }) {
            handler(next)
        }
    }
}
