// The same pipelines written with EndpointRuntime's reactive core and with OpenCombine, timed in one process,
// interleaved, median of several runs. Prints a markdown table; see Benchmarks/README.md.
import EndpointRuntime
import Foundation
import OpenCombine

/// A result that the optimizer cannot drop.
final class Sink: @unchecked Sendable {
    // @unchecked: written from one thread at a time in these single-threaded pipelines.
    var total = 0
}

struct Pipeline {
    let name: String
    let events: Int
    let ours: () -> Int
    let openCombine: () -> Int
}

let million = 1_000_000

let pipelines = [
    Pipeline(
        name: "map → filter → map over 1,000,000 elements",
        events: million,
        ours: {
            let sink = Sink()
            _ = Observable.from(0..<million).map { $0 &+ 1 }.filter { $0 & 1 == 0 }.map { $0 &* 3 }
                .subscribe(onNext: { sink.total &+= $0 })
            return sink.total
        },
        openCombine: {
            let sink = Sink()
            _ = (0..<million).publisher.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.map { $0 &* 3 }
                .sink { sink.total &+= $0 }
            return sink.total
        }),
    Pipeline(
        name: "map → filter → flatMap(just) over 1,000,000 elements",
        events: million,
        ours: {
            let sink = Sink()
            _ = Observable.from(0..<million).map { $0 &+ 1 }.filter { $0 & 1 == 0 }
                .flatMap { Observable.just($0) }
                .subscribe(onNext: { sink.total &+= $0 })
            return sink.total
        },
        openCombine: {
            let sink = Sink()
            _ = (0..<million).publisher.map { $0 &+ 1 }.filter { $0 & 1 == 0 }
                .flatMap { Just($0) }
                .sink { sink.total &+= $0 }
            return sink.total
        }),
    Pipeline(
        name: "PublishSubject: 1,000,000 onNext to one subscriber",
        events: million,
        ours: {
            let sink = Sink()
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { sink.total &+= $0 })
            for value in 0..<million { subject.onNext(value) }
            subscription.dispose()
            return sink.total
        },
        openCombine: {
            let sink = Sink()
            let subject = PassthroughSubject<Int, Never>()
            let subscription = subject.sink { sink.total &+= $0 }
            for value in 0..<million { subject.send(value) }
            subscription.cancel()
            return sink.total
        }),
    Pipeline(
        name: "share() fan-out: 100,000 elements to 10 subscribers",
        events: 1_000_000,
        ours: {
            let sink = Sink()
            let subject = PublishSubject<Int>()
            let shared = subject.map { $0 &+ 1 }.share()
            let subscriptions = (0..<10).map { _ in shared.subscribe(onNext: { sink.total &+= $0 }) }
            for value in 0..<100_000 { subject.onNext(value) }
            subscriptions.forEach { $0.dispose() }
            return sink.total
        },
        openCombine: {
            let sink = Sink()
            let subject = PassthroughSubject<Int, Never>()
            let shared = subject.map { $0 &+ 1 }.share()
            let subscriptions = (0..<10).map { _ in shared.sink { sink.total &+= $0 } }
            for value in 0..<100_000 { subject.send(value) }
            subscriptions.forEach { $0.cancel() }
            return sink.total
        }),
]

func seconds(_ body: () -> Int) -> (Double, Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, result)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let arguments = CommandLine.arguments
let runs = arguments.contains("--quick") ? 3 : 7

var lines = [
    "| pipeline | EndpointRuntime | OpenCombine | ratio (OpenCombine time / ours) |",
    "|---|---|---|---|",
]
for pipeline in pipelines {
    FileHandle.standardError.write(Data("  \(pipeline.name) …\n".utf8))
    var ours: [Double] = []
    var theirs: [Double] = []
    _ = pipeline.ours()
    _ = pipeline.openCombine()
    for _ in 0..<runs {
        let (a, resultA) = seconds(pipeline.ours)
        let (b, resultB) = seconds(pipeline.openCombine)
        precondition(resultA == resultB, "the two pipelines disagree: \(resultA) vs \(resultB)")
        ours.append(a)
        theirs.append(b)
    }
    let oursTime = median(ours)
    let theirTime = median(theirs)
    func describe(_ time: Double) -> String {
        let perSecond = Double(pipeline.events) / time / 1e6
        return String(format: "%.1f M events/s (%.3f µs/event)", perSecond, time / Double(pipeline.events) * 1e6)
    }
    let ratio = String(format: "%.2f×", theirTime / oursTime)
    lines.append("| \(pipeline.name) | \(describe(oursTime)) | \(describe(theirTime)) | \(ratio) |")
}
print(lines.joined(separator: "\n"))
