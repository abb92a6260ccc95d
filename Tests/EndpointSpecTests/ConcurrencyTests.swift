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
}
