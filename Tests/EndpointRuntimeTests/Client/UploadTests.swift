import Foundation
import Testing

@testable import EndpointRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Uploads: multipart and raw bodies, explicit null")
struct UploadTests {
    /// Every byte value once.
    static let allBytes = Data((0...255).map { UInt8($0) })

    static func temporaryFile(_ data: Data, name: String = "part.bin") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uploads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }

    /// What a multipart body must be, byte for byte, for `boundary`.
    static func expectedBody(boundary: String, file: Data, fileName: String) -> Data {
        var body = Data()
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nhi\r\n".utf8))
        body.append(
            Data(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"image\"; filename=\"\(fileName)\"\r\n"
                    + "Content-Type: image/png\r\n\r\n").utf8))
        body.append(file)
        body.append(Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"tag\"\r\n\r\na\r\n".utf8))
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"tag\"\r\n\r\nb\r\n".utf8))
        body.append(
            Data(
                ("--\(boundary)\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json"
                    + "\r\n\r\n{\"name\":\"x\"}\r\n--\(boundary)--\r\n").utf8))
        return body
    }

    static func parts(_ upload: Upload) -> [MultipartPart] {
        [
            MultipartPart("caption", "hi"), MultipartPart("missing", String?.none), MultipartPart("image", upload),
            MultipartPart("tag", ["a", "b"]), MultipartPart("meta", json: Profile(name: "x")),
        ]
    }

    /// A prepared body's bytes and content type, whether in memory, in a file or streamed.
    static func contents(of prepared: PreparedBody) async throws -> (body: Data, contentType: String) {
        switch prepared {
        case .data(let data, let type):
            return (data, type)
        case .file(let url, let type, let isTemporary):
            defer { if isTemporary { try? FileManager.default.removeItem(at: url) } }
            return (try Data(contentsOf: url), type)
        case .stream(let streamed, let type):
            var body = Data()
            for try await chunk in streamed.makeChunks() { body.append(chunk) }
            if let length = streamed.length { #expect(length == Int64(body.count)) }
            return (body, type)
        }
    }

    @Test("multipart from memory, through a temporary file and streamed from the file: the same bytes, every part")
    func multipartBytes() async throws {
        let boundary = "B-fixed"
        let memory = MultipartWriter(
            parts: Self.parts(Upload(data: Self.allBytes, fileName: "ä \"q\".png", mediaType: "image/png")),
            encoder: JSONCoding.makeEncoder(), makeBoundary: { boundary })
        guard case .data(let data, let contentType) = try await memory.prepared(.temporaryFile) else {
            Issue.record("an in-memory body went to a file")
            return
        }
        #expect(contentType == "multipart/form-data; boundary=B-fixed")
        #expect(data == Self.expectedBody(boundary: boundary, file: Self.allBytes, fileName: "ä %22q%22.png"))

        let file = try Self.temporaryFile(Self.allBytes, name: "ä \"q\".png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let streamed = MultipartWriter(
            parts: Self.parts(Upload(fileURL: file, mediaType: "image/png")), encoder: JSONCoding.makeEncoder(),
            makeBoundary: { boundary })
        let temporary = try await streamed.prepared(.temporaryFile)
        guard case .file(_, _, let isTemporary) = temporary else {
            Issue.record("a body with a file part stayed in memory")
            return
        }
        #expect(isTemporary)
        #expect(try await Self.contents(of: temporary).body == data)
        let pieces = try await streamed.prepared(.streamed)
        guard case .stream(let body, _) = pieces else {
            Issue.record("a body with a file part was not streamed")
            return
        }
        #expect(body.isReplayable)
        #expect(try await Self.contents(of: pieces).body == data)
        #expect(try await Self.contents(of: pieces).body == data, "read again from its start")
    }

    @Test("a boundary that occurs in the content is never used: in memory, in a file, streamed, split across chunks")
    func boundaryCollision() async throws {
        let chunk = MultipartWriter.chunkSize
        // The first boundary tried sits in the content once, across the border of a file's first two chunks.
        var content = Data(repeating: 0x41, count: chunk - 4)
        content.append(Data("--first".utf8))
        content.append(Data(repeating: 0x41, count: 10))
        for delivery in [BodyDelivery.inMemory, .temporaryFile, .streamed] {
            for asFile in [false, true] {
                let file = try Self.temporaryFile(content)
                defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
                let upload = asFile ? Upload(fileURL: file) : Upload(data: content)
                let names = Locked(["first", "second"])
                let writer = MultipartWriter(
                    parts: [MultipartPart("file", upload)], encoder: JSONCoding.makeEncoder(),
                    makeBoundary: { names.withLock { $0.removeFirst() } })
                let (body, contentType) = try await Self.contents(of: try await writer.prepared(delivery))
                #expect(contentType.hasSuffix("boundary=second"), "\(delivery), file \(asFile)")
                #expect(body.range(of: content) != nil)
            }
        }
        let always = MultipartWriter(
            parts: [MultipartPart("file", Upload(data: content))], encoder: JSONCoding.makeEncoder(),
            makeBoundary: { "first" })
        #expect(throws: UploadError.self) { try always.inMemory() }
    }

    @Test("an AsyncSequence part is read once, checked for the boundary as it goes, and cannot be put in memory")
    func streamedPart() async throws {
        let chunks = ["ab", "c--fi", "rst", "de"].map { Data($0.utf8) }
        let writer = MultipartWriter(
            parts: [MultipartPart("file", Upload(chunks: Self.sequence(chunks), length: 12))],
            encoder: JSONCoding.makeEncoder(), makeBoundary: { "first" })
        let pieces = try await writer.prepared(.streamed)
        guard case .stream(let body, _) = pieces else {
            Issue.record("a body with a streamed part was not streamed")
            return
        }
        #expect(!body.isReplayable)
        // The delimiter arrives split over two chunks: the upload fails there rather than send a broken body.
        await #expect(throws: UploadError.self) { _ = try await Self.contents(of: pieces) }
        let reread = await #expect(throws: UploadError.self) { _ = try await Self.contents(of: pieces) }
        #expect(reread?.reason.contains("read once") == true)
        #expect(throws: UploadError.self) { try writer.inMemory() }
    }

    /// An `AsyncSequence` of `chunks`, read once.
    static func sequence(_ chunks: [Data]) -> AsyncStream<Data> {
        AsyncStream { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
    }

    @Test("a raw AsyncSequence upload: its declared length is checked both ways; single bytes come in chunks")
    func rawStream() async throws {
        func body(_ upload: Upload, _ delivery: BodyDelivery) async throws -> Data {
            try await Self.contents(
                of: try await RequestBody.raw(upload, mediaType: "application/octet-stream").prepared(
                    with: JSONCoding.makeEncoder(), delivery: delivery)
            ).body
        }
        let chunks = [Data("hello ".utf8), Data(), Data("world".utf8)]
        for delivery in [BodyDelivery.temporaryFile, .streamed] {
            #expect(
                try await body(Upload(chunks: Self.sequence(chunks), length: 11), delivery) == Data("hello world".utf8))
            #expect(try await body(Upload(chunks: Self.sequence(chunks)), delivery) == Data("hello world".utf8))
            await #expect(throws: UploadError.self) {
                _ = try await body(Upload(chunks: Self.sequence(chunks), length: 12), delivery)
            }
            await #expect(throws: UploadError.self) {
                _ = try await body(Upload(chunks: Self.sequence(chunks), length: 10), delivery)
            }
        }
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in 0..<200_000 { continuation.yield(UInt8(truncatingIfNeeded: byte)) }
            continuation.finish()
        }
        let received = try await body(Upload(bytes: bytes, length: 200_000), .streamed)
        #expect(received == Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) }))
        #expect(throws: (any Error).self) {
            try RequestBody.raw(Upload(chunks: Self.sequence(chunks)), mediaType: "text/plain").encoded(
                with: JSONCoding.makeEncoder())
        }
    }

    @Test("random boundaries are 128 bits, and differ")
    func randomBoundaries() {
        let boundaries = Set((0..<100).map { _ in MultipartWriter.randomBoundary() })
        #expect(boundaries.count == 100)
        #expect(boundaries.allSatisfy { $0.count == "EndpointGen-".count + 32 })
    }

    /// Records the file each request's body streams from, and whether it existed while being sent.
    final class BodyFileTransport: HTTPTransport {
        let files = Locked<[(url: URL, existed: Bool)]>([])
        let status: Int

        init(status: Int) { self.status = status }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            (
                Data("{\"name\":\"a\"}".utf8),
                HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: nil, headerFields: nil)!
            )
        }

        func send(_ request: URLRequest, options: TransportOptions) async throws -> (Data, HTTPURLResponse) {
            if let file = options.bodyFile {
                files.withLock { $0.append((file, FileManager.default.fileExists(atPath: file.path))) }
            }
            return try await send(request)
        }
    }

    @Test("a multipart file part streams from a temporary file that is gone afterwards, whatever the outcome")
    func temporaryFileRemoved() async throws {
        let file = try Self.temporaryFile(Self.allBytes)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let endpoint = Endpoint<Profile, any Error & Sendable>(
            method: .post, path: "/upload", body: .multipart([MultipartPart("file", Upload(fileURL: file))]))
        for status in [200, 500] {
            let transport = BodyFileTransport(status: status)
            let api = APIClient(configuration: .init(baseURL: baseURL, transport: transport))
            _ = try? await api.send(endpoint)
            let sent = transport.files.withLock { $0 }
            #expect(sent.count == 1 && sent[0].existed, "status \(status): \(sent)")
            #expect(sent.allSatisfy { !FileManager.default.fileExists(atPath: $0.url.path) }, "status \(status)")
            #expect(sent.allSatisfy { $0.url.lastPathComponent.hasPrefix("endpointgen-upload-") })
        }
        // A raw file body is the caller's file: sent from where it is, and left there.
        let transport = BodyFileTransport(status: 200)
        let api = APIClient(configuration: .init(baseURL: baseURL, transport: transport))
        _ = try await api.send(
            Endpoint<Profile, any Error & Sendable>(
                method: .put, path: "/raw", body: .raw(Upload(fileURL: file), mediaType: "a/b")))
        #expect(transport.files.withLock { $0.map(\.url) } == [file])
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("a raw body is sent as the declared media type, or the upload's own; a bad one is refused")
    func rawBody() async throws {
        let transport = StubTransport(status: 204)
        let api = client(transport)
        try await api.send(
            Endpoint<Void, any Error & Sendable>(
                method: .put, path: "/raw", body: .raw(Upload(data: Self.allBytes), mediaType: "image/png")))
        try await api.send(
            Endpoint<Void, any Error & Sendable>(
                method: .put, path: "/raw",
                body: .raw(Upload(text: "a,b\n1,2"), mediaType: "application/octet-stream")))
        let file = try Self.temporaryFile(Self.allBytes)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try await api.send(
            Endpoint<Void, any Error & Sendable>(
                method: .put, path: "/raw",
                body: .raw(Upload(fileURL: file, mediaType: "image/gif"), mediaType: "image/png")))
        let requests = transport.requests
        #expect(
            requests.map { $0.value(forHTTPHeaderField: "Content-Type") } == [
                "image/png", "text/plain; charset=utf-8", "image/gif",
            ])
        #expect(requests[0].httpBody == Self.allBytes)
        #expect(requests[2].httpBody == Self.allBytes)
        let bad = Endpoint<Void, any Error & Sendable>(
            method: .put, path: "/raw",
            body: .raw(Upload(data: Data(), mediaType: "text/plain\r\nX-Injected: 1"), mediaType: "a/b"))
        await #expect(throws: ClientError.self) { try await api.send(bad) }
        #expect(transport.requests.count == 3)
        let missing = Endpoint<Void, any Error & Sendable>(
            method: .put, path: "/raw",
            body: .raw(Upload(fileURL: URL(fileURLWithPath: "/nonexistent/file")), mediaType: "a/b"))
        expectClientFailure(await outcome { try await api.send(missing) }, .invalidRequest)
    }

    @Test("explicit null: nil leaves a field out, .null sends null, a value sends the value")
    func explicitNull() throws {
        func json(_ dueAt: Date??, _ title: String? = nil) throws -> String {
            let body = RequestBody.jsonFields([("title", title), ("due_at", dueAt)])
            let encoder = JSONCoding.makeEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: try body.encoded(with: encoder).data, as: UTF8.self)
        }
        #expect(try json(nil) == "{}")
        #expect(try json(.null) == "{\"due_at\":null}")
        #expect(
            try json(Date(timeIntervalSince1970: 0), "t") == "{\"due_at\":\"1970-01-01T00:00:00Z\",\"title\":\"t\"}")
        let maybe: Date? = nil
        #expect(try json(maybe) == "{\"due_at\":null}", "a Date? passed on is a value: nil in it means null")
    }
}

/// What `body` returns or throws.
func outcome<Value>(_ body: () async throws -> Value) async -> Result<Value, any Error> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}
