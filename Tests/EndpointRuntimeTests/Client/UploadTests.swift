import EndpointRuntime
import Foundation
import Testing

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

    @Test("multipart from memory and from a streamed file are the same bytes, text, files, lists and JSON parts")
    func multipartBytes() throws {
        let boundary = "B-fixed"
        let memory = MultipartWriter(
            parts: Self.parts(Upload(data: Self.allBytes, fileName: "ä \"q\".png", mediaType: "image/png")),
            encoder: JSONCoding.makeEncoder(), makeBoundary: { boundary })
        guard case .data(let data, let contentType) = try memory.write(streaming: true) else {
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
        guard case .file(let url, _, let isTemporary) = try streamed.write(streaming: true) else {
            Issue.record("a body with a file part stayed in memory")
            return
        }
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(isTemporary)
        #expect(try Data(contentsOf: url) == data)
    }

    @Test("a boundary that occurs in the content is never used: in memory, in a file, split across chunks")
    func boundaryCollision() throws {
        let chunk = MultipartWriter.chunkSize
        // The first boundary tried sits in the content once, across the border of a file's first two chunks.
        var content = Data(repeating: 0x41, count: chunk - 4)
        content.append(Data("--first".utf8))
        content.append(Data(repeating: 0x41, count: 10))
        for streaming in [false, true] {
            for asFile in [false, true] {
                let file = try Self.temporaryFile(content)
                defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
                let upload = asFile ? Upload(fileURL: file) : Upload(data: content)
                let names = Locked(["first", "second"])
                let writer = MultipartWriter(
                    parts: [MultipartPart("file", upload)], encoder: JSONCoding.makeEncoder(),
                    makeBoundary: { names.withLock { $0.removeFirst() } })
                let prepared = try writer.write(streaming: streaming)
                let (body, contentType): (Data, String)
                switch prepared {
                case .data(let data, let type): (body, contentType) = (data, type)
                case .file(let url, let type, _):
                    (body, contentType) = (try Data(contentsOf: url), type)
                    try FileManager.default.removeItem(at: url)
                }
                #expect(contentType.hasSuffix("boundary=second"), "streaming \(streaming), file \(asFile)")
                #expect(body.range(of: content) != nil)
            }
        }
        let always = MultipartWriter(
            parts: [MultipartPart("file", Upload(data: content))], encoder: JSONCoding.makeEncoder(),
            makeBoundary: { "first" })
        #expect(throws: UploadError.self) { try always.write(streaming: false) }
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
