import CEndpointThreads
import EndpointSpec
import Testing

@Suite("Concurrency helpers")
struct ConcurrencyTests {
    @Test("inParallel returns both results")
    func bothResults() {
        let (first, second) = inParallel({ (1...1000).reduce(0, +) }, { String(repeating: "a", count: 3) })
        #expect(first == 500_500)
        #expect(second == "aaa")
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
        besideCaller(on: callerCPU) { cpuWhileWorking = endpoint_current_cpu() }
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
