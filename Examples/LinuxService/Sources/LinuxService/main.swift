import BinAPI
import EndpointRuntime
import EndpointRuntimeAsyncHTTPClient
import Foundation

// Reads httpbin's JSON Lines stream through AsyncHTTPClient, one value as each line arrives. The base URL comes
// from HTTPBIN_URL (CI starts httpbin on 127.0.0.1), else the spec's.
let baseURL = ProcessInfo.processInfo.environment["HTTPBIN_URL"].flatMap(URL.init(string:)) ?? Bin.baseURL
let transport = AsyncHTTPClientTransport()
let client = APIClient(configuration: .init(baseURL: baseURL, timeout: 10, transport: transport))

var ids: [Int] = []
do {
    for try await line in try await client.send(Bin.Streams.lines(count: 5)) {
        print("line \(line.id): \(line.url)")
        ids.append(line.id)
    }
} catch {
    print("failed: \(error)")
}
try await transport.shutdown()
guard ids == [0, 1, 2, 3, 4] else {
    print("expected lines 0 to 4, got \(ids)")
    exit(1)
}
print("read \(ids.count) lines as they arrived")
