/// Wall-clock time spent in each phase of a run, in the order the phases ran.
///
/// Cheap enough to keep on always (two clock reads per phase); `endpointgen generate --timings` prints it.
package struct PhaseTimes: Sendable, Hashable {
    /// One measured phase.
    package struct Phase: Sendable, Hashable {
        /// A short name: `parse`, `render`, ….
        package var name: String
        /// How long it took.
        package var duration: Duration
    }

    /// The phases, in the order they ran. A name measured twice appears once, with the times added.
    package private(set) var phases: [Phase] = []

    /// Creates an empty record.
    package init() {}

    /// Runs `body`, adding the time it took to the phase `name`.
    package mutating func measure<Result>(_ name: String, _ body: () throws -> Result) rethrows -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        defer { add(name, clock.now - start) }
        return try body()
    }

    /// Adds `duration` to the phase `name`, appending the phase if it is new.
    package mutating func add(_ name: String, _ duration: Duration) {
        if let index = phases.firstIndex(where: { $0.name == name }) {
            phases[index].duration += duration
        } else {
            phases.append(Phase(name: name, duration: duration))
        }
    }

    /// Appends every phase of `other`.
    package mutating func append(contentsOf other: PhaseTimes) {
        for phase in other.phases { add(phase.name, phase.duration) }
    }

    /// The sum of all phases.
    package var total: Duration { phases.reduce(.zero) { $0 + $1.duration } }
}

extension Duration {
    /// The duration in milliseconds, as a floating-point number.
    package var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
