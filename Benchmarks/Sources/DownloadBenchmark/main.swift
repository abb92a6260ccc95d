// Peak memory of a download: one process per measurement, so each high-water mark is its own.
//
//   DownloadBenchmark idle BASE_URL          one small request, then the peak resident memory
//   DownloadBenchmark file BASE_URL PATH     one small request, then PATH streamed to a file
//   DownloadBenchmark memory BASE_URL PATH   one small request, then PATH read into memory (the contrast)
//
// Prints `peak_kib bytes`. Scripts/download_memory.py runs the three, interleaved, against a local server.
import EndpointRuntime
import Foundation

/// The process's peak resident set (VmHWM), in KiB; 0 where /proc is missing.
func peakResidentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let base = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: DownloadBenchmark idle|file|memory BASE_URL [PATH]\n".utf8))
    exit(2)
}
let client = APIClient(configuration: .init(baseURL: base, maximumResponseSize: 256 << 20))
let small = Endpoint<Data>(method: .get, path: "/small.bin") { response, _ in response.body }
let path = arguments.count > 3 ? arguments[3] : "/big.bin"
let large = Endpoint<Data>(method: .get, path: path) { response, _ in response.body }

var bytes: Int64 = 0
_ = try await client.send(small)
switch arguments[1] {
case "idle":
    break
case "file":
    let target = FileManager.default.temporaryDirectory.appendingPathComponent("download-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: target) }
    bytes = try await client.download(large, to: target).byteCount
case "memory":
    bytes = Int64(try await client.send(large).count)
default:
    FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
    exit(2)
}
print(peakResidentKiB(), bytes)
