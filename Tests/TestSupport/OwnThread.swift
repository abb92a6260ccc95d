import Foundation

/// Runs long synchronous test work on a thread of its own instead of a thread of the cooperative pool.
///
/// Swift Testing starts every test at once on the cooperative pool, which has a thread per core. On a 2-core
/// machine two tests that compute for seconds hold all of it, and the tasks of the in-process HTTP servers
/// that other tests start wait behind them (a CI run stalled 19 s that way, and every server test failed its
/// start-up limit). A test whose body takes more than a few hundred milliseconds of CPU computes here and
/// checks the result on its own task, where `#expect` records against the test.
///
/// The thread has the platform's default stack for a secondary thread, as the pool's threads do (8 MiB on
/// Linux, 512 KiB on macOS), so a test that shows deep input does not overflow the stack still shows it.
public enum OwnThread {
    /// Runs `body` on a new thread and suspends until it returns; its result.
    public static func run<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}
