#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutex guarding a value. The reactive core's only synchronization: every `@unchecked Sendable` type in it
/// keeps its mutable state inside one of these, and never calls user code while holding it.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only between lock() and unlock() below. For the same reason the
    // run-time exclusivity check on it is off: the mutex already makes every access exclusive.
    @exclusivity(unchecked) @usableFromInline var value: Value
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not call out to user code.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
