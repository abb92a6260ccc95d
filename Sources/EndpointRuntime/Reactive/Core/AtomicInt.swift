public import CEndpointAtomics

/// An integer read and written with atomic instructions: the cheap flag behind "is this subscription
/// stopped/disposed?", checked on every event.
@usableFromInline
final class AtomicInt: @unchecked Sendable {
    // @unchecked: the pointee is only touched through the C atomic builtins in CEndpointAtomics.
    @usableFromInline let storage: UnsafeMutablePointer<Int32>

    @usableFromInline
    init(_ value: Int32 = 0) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deallocate()
    }

    @inlinable var value: Int32 { endpoint_atomic_load(storage) }

    @inlinable func store(_ value: Int32) { endpoint_atomic_store(storage, value) }

    /// Sets the value and returns the previous one.
    @inlinable func exchange(_ value: Int32) -> Int32 { endpoint_atomic_exchange(storage, value) }

    /// Sets `desired` if the value is `expected`; returns whether it did.
    @inlinable func compareExchange(expected: Int32, desired: Int32) -> Bool {
        endpoint_atomic_compare_exchange(storage, expected, desired)
    }

    /// Adds `delta` and returns the previous value.
    @inlinable @discardableResult
    func add(_ delta: Int32) -> Int32 { endpoint_atomic_fetch_add(storage, delta) }
}
