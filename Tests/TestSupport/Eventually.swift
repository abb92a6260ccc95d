/// Waits in tests for something another task or thread will make true.
///
/// A loop around `Task.yield()` is not a wait: the yielding task goes back to the front of the queue ahead of
/// every task of lower priority, so where the pool has a single thread (one core, or a process pinned to one)
/// the task it waits for never runs and the test spins forever. This sleeps between checks instead, and gives
/// up after a limit so that a missing event fails the test rather than hanging the run.
public enum Eventually {
    /// Suspends until `condition` holds and returns true; returns false once `limit` has passed without it.
    public static func holds(
        within limit: Duration = .seconds(60), _ condition: () -> Bool
    ) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while !condition() {
            guard clock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}
