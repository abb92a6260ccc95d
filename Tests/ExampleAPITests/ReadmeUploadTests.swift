import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import StorageAPI
import Testing

/// The README's upload from an `AsyncSequence`, as written there, against stubs: it must compile and send the bytes.
@Suite("The README's streamed upload snippet")
struct ReadmeUploadTests {
    struct Row: Sendable {
        var csvLine: String
    }

    @Test("an AsyncSequence of rows goes out as the body of a raw upload, once")
    func snippet() async throws {
        let stubs = StubbedTransport(baseURL: Storage.baseURL)
        let scoped = stubs.scope(Storage.Scope.Admin.self)
        scoped.stub(
            Storage.Contents.put(
                owner: "me", repo: "site", path: "exports/today.csv", message: "Export", content: .init(data: Data())),
            with: .body(Data(#"{"path":"exports/today.csv","kind":"file","size":8}"#.utf8), status: 200))
        let rows = AsyncStream<Row> { continuation in
            for line in ["a,b\n", "1,2\n"] { continuation.yield(Row(csvLine: line)) }
            continuation.finish()
        }
        let client = AuthorizedClient<Storage.Scope.Admin>(
            client: APIClient(configuration: .init(baseURL: Storage.baseURL, transport: stubs)),
            credentials: Credentials(token: "me:secret"))

        let export = Upload(chunks: rows.map { Data($0.csvLine.utf8) }, mediaType: "text/csv")
        let entry = try await client.send(
            Storage.Contents.put(
                owner: "me", repo: "site", path: "exports/today.csv", message: "Export", content: export))

        #expect(entry.size == 8)
        #expect(stubs.requests.first?.httpBody == Data("a,b\n1,2\n".utf8))
        #expect(stubs.requests.first?.value(forHTTPHeaderField: "Content-Type") == "text/csv")
    }
}
