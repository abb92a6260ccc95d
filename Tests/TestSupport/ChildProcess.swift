import Foundation

/// Runs child processes from tests without blocking a thread of the cooperative pool.
///
/// `Process.waitUntilExit()` parks the calling thread; on a 2-core machine the pool has two, so two tests
/// waiting on a compiler starve every other test (the in-process servers' tasks among them) into timeouts.
public enum ChildProcess {
    /// Starts `process` and suspends until it exits; its termination status.
    public static func run(_ process: Process) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}
