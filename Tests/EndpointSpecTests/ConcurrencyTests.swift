import EndpointSpec
import Testing

@Suite("Concurrency helpers")
struct ConcurrencyTests {
    @Test("concurrentMap gives map's result, in order, for any length", arguments: [0, 1, 31, 63, 64, 65, 127, 1000])
    func concurrentMapMatchesMap(count: Int) {
        let values = Array(0..<count)
        #expect(values.concurrentMap { $0 * 3 + 1 } == values.map { $0 * 3 + 1 })
        #expect(values.concurrentMap(minimumCount: 2) { String($0) } == values.map { String($0) })
    }

    @Test("inParallel returns both results")
    func bothResults() {
        let (first, second) = inParallel({ (1...1000).reduce(0, +) }, { String(repeating: "a", count: 3) })
        #expect(first == 500_500)
        #expect(second == "aaa")
    }
}
