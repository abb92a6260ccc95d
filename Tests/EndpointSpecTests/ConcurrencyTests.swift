import CEndpointThreads
import EndpointGenSupport
import EndpointSpec
import Testing

@Suite("Concurrency helpers")
struct ConcurrencyTests {
    @Test("mapRuns covers every index once, in order, in as many ranges as asked", arguments: [0, 1, 2, 7, 100, 1_001])
    func runsCoverEveryIndex(count: Int) {
        for runs in [-1, 0, 1, 2, 3, 16, 2_000] {
            let ranges = mapRuns(of: count, runs: runs) { $0 }
            #expect(ranges.count == max(1, min(runs, count)))
            #expect(ranges.flatMap { Array($0) } == Array(0..<count))
            // Nearly equal: no range is more than one longer than another.
            let lengths = ranges.map(\.count)
            #expect((lengths.max() ?? 0) - (lengths.min() ?? 0) <= 1)
        }
    }

    @Test("mapRuns gives the same results as a sequential pass, whatever thread ran each range")
    func runsMatchSequentialPass() {
        let sums = mapRuns(of: 10_000, runs: 16) { range in range.reduce(0, +) }
        #expect(sums.reduce(0, +) == (0..<10_000).reduce(0, +))
        let words = mapRuns(of: 26, runs: 5) { range in
            String(range.map { Character(UnicodeScalar(UInt8(97 + $0))) })
        }
        #expect(words.joined() == "abcdefghijklmnopqrstuvwxyz")
    }

    @Test("the cores used are bounded by the CPUs the affinity allows and by ENDPOINTGEN_CORES")
    func coreCount() {
        #expect(usableCores(processors: 2, allowed: 2, requested: nil) == 2)
        // `taskset -c 0` on a 2-core machine: the processor count still says 2.
        #expect(usableCores(processors: 2, allowed: 1, requested: nil) == 1)
        #expect(usableCores(processors: 8, allowed: -1, requested: nil) == 8)
        #expect(usableCores(processors: 8, allowed: 4, requested: "2") == 2)
        #expect(usableCores(processors: 2, allowed: 2, requested: "1") == 1)
        #expect(usableCores(processors: 2, allowed: 2, requested: "16") == 2)
        #expect(usableCores(processors: 2, allowed: 2, requested: "0") == 2)
        #expect(usableCores(processors: 2, allowed: 2, requested: "two") == 2)
        #expect(usableCores(processors: 0, allowed: -1, requested: nil) == 1)
        #expect(availableCores >= 1)
        let allowed = Int(endpoint_allowed_cpu_count())
        if allowed >= 1 { #expect(availableCores <= allowed) }
    }

    #if os(Linux)
    @Test("a helper on its caller's CPU works on another, then gets its affinity back")
    func helperLeavesCallersCPU() {
        let allowedBefore = endpoint_allowed_cpu_count()
        let callerCPU = endpoint_current_cpu()
        var cpuWhileWorking: Int32 = -1
        awayFromCallerCPU(on: callerCPU) { cpuWhileWorking = endpoint_current_cpu() }
        if allowedBefore >= 2 {
            #expect(cpuWhileWorking != callerCPU)
        } else {
            // With one CPU allowed there is nowhere to go: the work runs where it is.
            #expect(cpuWhileWorking == callerCPU)
        }
        #expect(endpoint_allowed_cpu_count() == allowedBefore)
    }
    #endif
}
