import CEndpointThreads
import Dispatch

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The cores this process may use, read once: on Linux, `ProcessInfo.activeProcessorCount` opens and reads the
/// cgroup's CPU quota files on every call, which cost more than rendering a short list when asked per section.
/// `ENDPOINTGEN_CORES=1` in the environment makes every phase sequential (to measure what the parallel paths buy).
package let availableCores = usableCores(
    processors: ProcessInfo.processInfo.activeProcessorCount, allowed: Int(endpoint_allowed_cpu_count()),
    requested: ProcessInfo.processInfo.environment["ENDPOINTGEN_CORES"])

/// How many cores the parallel paths use: the processor count, bounded by the CPUs the thread's affinity allows
/// (`allowed`, from `taskset -c 0` or a container's cpuset; not known when below 1) and by `ENDPOINTGEN_CORES`
/// (`requested`, ignored unless a whole number of at least 1). The processor count ignores affinity, and threads
/// confined to one CPU would only take turns on it.
package func usableCores(processors: Int, allowed: Int, requested: String?) -> Int {
    var cores = processors
    if allowed >= 1 { cores = min(cores, allowed) }
    if let requested, let limit = Int(requested), limit >= 1 { cores = min(cores, limit) }
    return max(cores, 1)
}

/// One slot per chunk, each written by exactly one task and read after all of them finished.
private final class ChunkSlots<Value>: @unchecked Sendable {
    // @unchecked: slot i is written only by chunk i, through its own address in a buffer allocated up front (no
    // array bookkeeping is shared between the writers), and read only after concurrentChunks has returned, which
    // it does once every writer has signalled a semaphore it waits on.
    private let slots: UnsafeMutableBufferPointer<[Value]>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: [])
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ values: [Value]) { slots[index] = values }

    /// Every slot's values, in slot order.
    func joined() -> [Value] { Array(slots.joined()) }
}

/// `body` of each index below `count`, on every core through ``concurrentChunks(_:_:)``, in the order of the indices.
///
/// Each index goes to whichever thread is free next, so a core that runs slowly (its helper woke late, or another
/// process shares its CPU) takes fewer of them instead of holding the others up, as a fixed half each would.
package func mapChunks<Part: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Part) -> [Part] {
    let parts = ChunkSlots<Part>(count: count)
    concurrentChunks(count) { index in parts.set(index, [body(index)]) }
    return parts.joined()
}

/// `body` over `0..<count` split into `runs` consecutive ranges of nearly equal length, through
/// ``mapChunks(_:_:)``, and its results in the order of the ranges. The ranges depend on `count` and `runs` alone,
/// not on the cores, so the results are the same on any number of cores.
package func mapRuns<Part: Sendable>(
    of count: Int, runs: Int, _ body: @escaping @Sendable (Range<Int>) -> Part
) -> [Part] {
    let runs = Swift.max(1, Swift.min(runs, count))
    return mapChunks(runs) { run in body(runRange(run, of: count, runs: runs)) }
}

/// Run `run` of the `runs` consecutive ranges of nearly equal length that ``mapRuns(of:runs:_:)`` splits
/// `0..<count` into; for work that runs other chunks beside the ranges (`0 <= run < runs`, `runs > 0`).
package func runRange(_ run: Int, of count: Int, runs: Int) -> Range<Int> {
    (run * count / runs)..<((run + 1) * count / runs)
}

/// Calls `body` once with each index below `count`, on the calling thread and on up to `availableCores - 1`
/// helpers, each taking the next index as it finishes one, and returns when every call has returned.
///
/// Each helper runs on a queue of its own (an overcommitting root queue, as the YAML parser's thread does), so it
/// gets a thread at once: this does not wait on the shared pool's workers, which `concurrentPerform` sometimes
/// did not find in time. With one core, `body` runs for each index in order on the calling thread.
package func concurrentChunks(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let helpers = Swift.min(availableCores, count) - 1
    guard helpers > 0 else {
        for index in 0..<count { body(index) }
        return
    }
    let indices = IndexDispenser(count: count)
    let finished = DispatchSemaphore(value: 0)
    let callerCPU = endpoint_current_cpu()
    for _ in 0..<helpers {
        DispatchQueue(label: "endpointgen.chunks").async {
            awayFromCallerCPU(on: callerCPU) {
                while let index = indices.next() { body(index) }
            }
            finished.signal()
        }
    }
    while let index = indices.next() { body(index) }
    for _ in 0..<helpers { finished.wait() }
}

/// Runs `work` on a helper thread, first moving the thread off `callerCPU` (the CPU of the thread it works beside,
/// from `endpoint_current_cpu()`) when the scheduler started it there, and giving the thread its affinity back after.
///
/// Linux often wakes a helper on its waker's CPU and leaves it there for milliseconds while the other CPU idles:
/// the two threads then take turns, and on 2 cores some runs decoded a 1,000-endpoint spec as slowly as on one
/// core. The thread's affinity is narrowed only while it works, so a CPU that gets busy later is not forced on it.
/// Elsewhere this just runs `work`.
package func awayFromCallerCPU(on callerCPU: Int32, _ work: () -> Void) {
    let moved = endpoint_leave_cpu(callerCPU)
    work()
    if moved { endpoint_restore_affinity() }
}

/// Hands out 0, 1, 2, … up to a count, each once, to whichever thread asks.
private final class IndexDispenser: @unchecked Sendable {
    // @unchecked: `following` is read and written only between `lock.wait()` and `lock.signal()`.
    private let count: Int
    private var following = 0
    private let lock = DispatchSemaphore(value: 1)

    init(count: Int) {
        self.count = count
    }

    func next() -> Int? {
        lock.wait()
        defer { lock.signal() }
        guard following < count else { return nil }
        following += 1
        return following - 1
    }
}
