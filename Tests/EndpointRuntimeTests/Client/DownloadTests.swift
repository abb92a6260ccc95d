import EndpointRuntime
import Foundation
import TestSupport
import Testing

/// Downloads to a file, bytes and text bodies, several success statuses.
@Suite("Downloads and non-JSON bodies", .serialized, .transportUnderTest)
struct DownloadTests {
    /// A fresh empty folder.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func contents(of folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    let file = Endpoint<Data, any Error & Sendable>(method: .get, path: "/file") { response, _ in response.body }

    @Test("through the URLSession transport: 48 MiB streamed to disk, progress rising to the announced length")
    func streamed() async throws {
        let size: Int64 = 48 << 20
        let server = try HostileServer(.declaredLength(size))
        defer { server.stop() }
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("big.bin")
        let updates = Locked<[DownloadProgress]>([])
        let api = APIClient(configuration: .init(baseURL: server.url, maximumResponseSize: 1 << 20))
        let downloaded = try await api.download(file, to: target) { progress in updates.withLock { $0.append(progress) }
        }
        #expect(downloaded.url == target)
        #expect(downloaded.byteCount == size)
        #expect(downloaded.status == 200)
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        #expect((attributes[.size] as? NSNumber)?.int64Value == size)
        let seen = updates.withLock { $0 }
        #expect(seen.first?.bytesWritten == 0)
        #expect(seen.last == DownloadProgress(bytesWritten: size, expectedBytes: size))
        #expect(seen.map(\.bytesWritten) == seen.map(\.bytesWritten).sorted())
        #expect(contents(of: directory) == ["big.bin"], "no partial file is left")
    }

    @Test("past the endpoint's limit the download fails and leaves no file, not even a partial one")
    func overLimit() async throws {
        let server = try HostileServer(.endlessChunked(pause: .milliseconds(1)))
        defer { server.stop() }
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let api = APIClient(baseURL: server.url)
        let result = await Result.of {
            try await api.download(file.limitingResponseSize(to: 2 << 20), to: directory.appendingPathComponent("x"))
        }
        expectClientFailure(result, .responseTooLarge)
        #expect(contents(of: directory).isEmpty)
    }

    @Test("an error status is read from memory as usual and no file is written; an old file stays until success")
    func errorStatus() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("report.csv")
        try Data("old".utf8).write(to: target)
        let failing = StubTransport(status: 404, json: #"{"message":"gone"}"#)
        let endpoint = Endpoint<Data, any Error & Sendable>(
            method: .get, path: "/report", errors: ErrorSchema([.code(404): .json(Problem.self)])
        ) { response, _ in response.body }
        do {
            _ = try await client(failing).download(endpoint, to: target)
            Issue.record("no error")
        } catch ClientError.api(let problem as Problem, let response) {
            #expect(problem.message == "gone")
            #expect(response.status == 404)
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "old")
        #expect(contents(of: directory) == ["report.csv"])

        let working = StubTransport { _ in (200, ["Content-Type": "text/csv"], Data("a,b\n1,2\n".utf8)) }
        let done = try await client(working).download(endpoint, to: target)
        #expect(done.byteCount == 8)
        #expect(done.headers["Content-Type"] == "text/csv")
        #expect(try String(contentsOf: target, encoding: .utf8) == "a,b\n1,2\n")
    }

    @Test("cancelling the task stops the download and removes the partial file")
    func cancelled() async throws {
        let server = try HostileServer(.declaredLength(1 << 30, pause: .milliseconds(5)))
        defer { server.stop() }
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let started = Locked(false)
        let api = APIClient(baseURL: server.url)
        let task = Task {
            try await api.download(file, to: directory.appendingPathComponent("big")) { progress in
                if progress.bytesWritten > 1 << 20 { started.withLock { $0 = true } }
            }
        }
        #expect(await Eventually.holds { started.withLock { $0 } })
        task.cancel()
        expectClientFailure(await task.result.mapError { $0 as any Error }, .cancelled)
        #expect(contents(of: directory).isEmpty, "\(contents(of: directory))")
    }

    @Test("text bodies read in the charset the Content-Type names; invalid bytes are an error, never mojibake")
    func text() throws {
        func response(_ bytes: [UInt8], _ contentType: String?) -> ReceivedResponse {
            ReceivedResponse(status: 200, headers: contentType.map { ["content-type": $0] } ?? [:], body: Data(bytes))
        }
        #expect(try response(Array("naïve".utf8), "text/plain").text() == "naïve")
        #expect(try response([0x6E, 0x61, 0xEF, 0x76, 0x65], #"text/csv; charset="ISO-8859-1""#).text() == "naïve")
        #expect(throws: ResponseTextError(charset: "utf-8")) { try response([0xFF, 0xFE, 0xFD], nil).text() }
        #expect(throws: ResponseTextError(charset: "klingon")) {
            try response([0x41], "text/plain; charset=klingon").text()
        }
        #expect(response([], "Text/CSV; charset=utf-8").mediaType == "text/csv")
    }
}
