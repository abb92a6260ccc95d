// Peak memory of large transfers: one process per measurement, so each high-water mark is its own.
//
//   TransferBenchmark idle BASE_URL                  one small request, then the peak resident memory
//   TransferBenchmark file BASE_URL PATH             one small request, then PATH downloaded to a file
//   TransferBenchmark memory BASE_URL PATH           one small request, then PATH read into memory (the contrast)
//   TransferBenchmark upload-raw BASE_URL FILE       one small request, then FILE sent as a raw body from disk
//   TransferBenchmark upload-multipart BASE_URL FILE one small request, then FILE sent as a multipart file part
//   TransferBenchmark upload-stream BASE_URL FILE    one small request, then FILE sent from an AsyncSequence of chunks
//   TransferBenchmark upload-data BASE_URL FILE      one small request, then FILE read into Data and sent (contrast)
//
// Prints `peak_kib bytes copy`: the bytes downloaded, or the bytes the server says it received, and `copy` when the
// client wrote the upload into a temporary file first (else `direct`). Scripts/
// download_memory.py and Scripts/upload_memory.py run the modes, interleaved, against a local server.
// TRANSFER_TRANSPORT=asynchttpclient runs them over AsyncHTTPClient instead of URLSession.
import EndpointRuntime
import EndpointRuntimeAsyncHTTPClient
import Foundation
import Synchronization

/// The process's peak resident set (VmHWM), in KiB; 0 where /proc is missing.
func peakResidentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

/// What the upload server answers: the body's size as it counted it.
struct Received: Decodable, Sendable {
    var bytes: Int64
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let base = URL(string: arguments[2]) else {
    FileHandle.standardError.write(
        Data(
            "usage: TransferBenchmark idle|file|memory|upload-raw|upload-multipart|upload-stream|upload-data BASE_URL [PATH]\n"
                .utf8)
    )
    exit(2)
}
let asyncHTTPClient =
    ProcessInfo.processInfo.environment["TRANSFER_TRANSPORT"] == "asynchttpclient" ? AsyncHTTPClientTransport() : nil
/// Whether a request went out from a temporary copy of its body (its cURL command names the copy).
let copied = Mutex(false)
let client = APIClient(
    configuration: .init(
        baseURL: base, timeout: 600, transport: asyncHTTPClient, maximumResponseSize: 256 << 20,
        logger: { log in if log.curl.contains("endpointgen-upload-") { copied.withLock { $0 = true } } }))
let small = Endpoint<Data, any Error & Sendable>(method: .get, path: "/small.bin") { response, _ in response.body }
let path = arguments.count > 3 ? arguments[3] : "/big.bin"
let large = Endpoint<Data, any Error & Sendable>(method: .get, path: path) { response, _ in response.body }
func upload(_ body: RequestBody) async throws -> Int64 {
    try await client.send(Endpoint<Received, any Error & Sendable>(method: .post, path: "/upload", body: body)).bytes
}

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
case "upload-raw":
    bytes = try await upload(.raw(Upload(fileURL: URL(fileURLWithPath: path)), mediaType: "application/octet-stream"))
case "upload-multipart":
    bytes = try await upload(.multipart([MultipartPart("file", Upload(fileURL: URL(fileURLWithPath: path)))]))
case "upload-stream":
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber
    let chunks = AsyncStream<Data> { (try? handle.read(upToCount: 64 << 10)).flatMap { $0.isEmpty ? nil : $0 } }
    bytes = try await upload(
        .raw(Upload(chunks: chunks, length: size?.int64Value), mediaType: "application/octet-stream"))
case "upload-data":
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    bytes = try await upload(.raw(Upload(data: data), mediaType: "application/octet-stream"))
default:
    FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
    exit(2)
}
try await asyncHTTPClient?.shutdown()
print(peakResidentKiB(), bytes, copied.withLock { $0 } ? "copy" : "direct")
