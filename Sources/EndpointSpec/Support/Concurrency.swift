import Dispatch

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The cores this process may use, read once: on Linux, `ProcessInfo.activeProcessorCount` opens and reads the
/// cgroup's CPU quota files on every call, which cost more than rendering a short list when asked per section.
/// `ENDPOINTGEN_CORES=1` in the environment makes every phase sequential (to measure what the parallel paths buy).
package let availableCores: Int = {
    if let value = ProcessInfo.processInfo.environment["ENDPOINTGEN_CORES"], let cores = Int(value), cores >= 1 {
        return min(cores, ProcessInfo.processInfo.activeProcessorCount)
    }
    return ProcessInfo.processInfo.activeProcessorCount
}()

extension Array where Element: Sendable {
    /// `map`, spread over the machine's cores in contiguous chunks when the array is long enough to be worth it.
    /// The result is in the order of the array, so output stays deterministic.
    package func concurrentMap<Mapped: Sendable>(minimumCount: Int = 64, _ transform: @Sendable (Element) -> Mapped)
        -> [Mapped]
    {
        let cores = availableCores
        let chunks = Swift.min(cores * 2, count / Swift.max(minimumCount / 2, 1))
        guard cores > 1, chunks > 1, count >= minimumCount else { return map(transform) }
        let slots = ChunkSlots<Mapped>(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            // Balanced and never empty past the end: chunk i covers [i·n/k, (i+1)·n/k).
            let range = (chunk * count / chunks)..<((chunk + 1) * count / chunks)
            slots.set(chunk, self[range].map(transform))
        }
        return slots.joined()
    }
}

/// One slot per chunk, each written by exactly one task and read after all of them finished.
package final class ChunkSlots<Value>: @unchecked Sendable {
    // @unchecked: slot i is written only by chunk i, through its own address in a buffer allocated up front (no
    // array bookkeeping is shared between the writers), and read only after concurrentPerform returns.
    private let slots: UnsafeMutableBufferPointer<[Value]>

    package init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: [])
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    package func set(_ index: Int, _ values: [Value]) { slots[index] = values }

    /// Every slot's values, in slot order.
    package func joined() -> [Value] { Array(slots.joined()) }
}

/// Runs `first` and `second` at the same time, on two cores when there are two, and returns both results.
package func inParallel<First: Sendable, Second: Sendable>(
    _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
    guard availableCores > 1 else { return (first(), second()) }
    let firstSlot = ChunkSlots<First>(count: 1)
    let secondSlot = ChunkSlots<Second>(count: 1)
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 { firstSlot.set(0, [first()]) } else { secondSlot.set(0, [second()]) }
    }
    return (firstSlot.joined()[0], secondSlot.joined()[0])
}
