internal import CEndpointAtomics

/// An integer read and written with atomic instructions: the cheap flag behind "is this subscription
/// stopped/disposed?", checked on every event.
final class AtomicInt: @unchecked Sendable {
    // @unchecked: the pointee is only touched through the C atomic builtins in CEndpointAtomics.
    private let storage: UnsafeMutablePointer<Int32>

    init(_ value: Int32 = 0) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deallocate()
    }

    var value: Int32 { endpoint_atomic_load(storage) }

    func store(_ value: Int32) { endpoint_atomic_store(storage, value) }

    /// Sets the value and returns the previous one.
    func exchange(_ value: Int32) -> Int32 { endpoint_atomic_exchange(storage, value) }

    /// Sets `desired` if the value is `expected`; returns whether it did.
    func compareExchange(expected: Int32, desired: Int32) -> Bool {
        endpoint_atomic_compare_exchange(storage, expected, desired)
    }

    /// Adds `delta` and returns the previous value.
    @discardableResult
    func add(_ delta: Int32) -> Int32 { endpoint_atomic_fetch_add(storage, delta) }
}
