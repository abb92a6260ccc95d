import EndpointRuntime
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads and every auth scheme through the real URLSession transport against httpbin on 127.0.0.1.
@Suite(
    "Uploads and auth schemes against httpbin",
    .enabled(if: HTTPBin.url != nil, "HTTPBIN_URL is not set; .ci/run starts httpbin and sets it"), .transportUnderTest)
struct HTTPBinUploadTests {
    let api = APIClient(configuration: .init(baseURL: HTTPBin.url ?? baseURL, timeout: 20))

    /// What /anything echoes.
    struct Echo: Decodable, Sendable {
        var args: [String: JSONValue]
        var form: [String: JSONValue]
        var files: [String: JSONValue]
        var data: String
        var headers: [String: String]
    }

    static let tricky = "ä ö/?&=#+%20 \"quoted\" 日本 🚀"

    /// How httpbin echoes bytes that are not UTF-8.
    static func dataURL(_ data: Data, type: String) -> JSONValue {
        .string("data:\(type);base64,\(data.base64EncodedString())")
    }

    @Test("multipart: text, a list, a binary file with every byte value and a unicode name, from memory and from disk")
    func multipart() async throws {
        let file = try UploadTests.temporaryFile(UploadTests.allBytes, name: "日本 ä \"x\".bin")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        for upload in [
            Upload(data: UploadTests.allBytes, fileName: "日本 ä \"x\".bin", mediaType: "image/png"),
            Upload(fileURL: file, mediaType: "image/png"),
        ] {
            let echo = try await api.send(
                Endpoint<Echo, any Error & Sendable>(
                    method: .post, path: "/anything",
                    body: .multipart([
                        MultipartPart("caption", Self.tricky), MultipartPart("tag", ["a", "b"]),
                        MultipartPart("image", upload), MultipartPart("nothing", String?.none),
                    ])))
            #expect(echo.form["caption"] == .string(Self.tricky))
            #expect(echo.form["tag"] == .array([.string("a"), .string("b")]))
            #expect(echo.form["nothing"] == nil)
            #expect(echo.files["image"] == Self.dataURL(UploadTests.allBytes, type: "image/png"))
            #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=EndpointGen-") == true)
        }
    }

    @Test("raw: bytes from memory and a file streamed from disk arrive exactly, with their media type")
    func raw() async throws {
        let file = try UploadTests.temporaryFile(UploadTests.allBytes)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        for upload in [Upload(data: UploadTests.allBytes), Upload(fileURL: file)] {
            let echo = try await api.send(
                Endpoint<Echo, any Error & Sendable>(
                    method: .put, path: "/anything", body: .raw(upload, mediaType: "application/x-blob")))
            // httpbin writes bytes that are not UTF-8 as a data URL of its own type; the header has the real one.
            #expect(echo.data == "data:application/octet-stream;base64,\(UploadTests.allBytes.base64EncodedString())")
            #expect(echo.headers["Content-Type"] == "application/x-blob")
            #expect(echo.headers["Content-Length"] == "256")
        }
        let csv = try await api.send(
            Endpoint<Echo, any Error & Sendable>(
                method: .post, path: "/anything", body: .raw(Upload(text: "a,b\n1,\(Self.tricky)"), mediaType: "x/y")))
        #expect(csv.data == "a,b\n1,\(Self.tricky)")
    }

    @Test(
        "an AsyncSequence, raw or as a multipart part, with or without its length, arrives exactly and is sent once")
    func asyncSequence() async throws {
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        func chunks() -> AsyncStream<Data> {
            AsyncStream { continuation in
                for start in stride(from: 0, to: bytes.count, by: 50_000) {
                    continuation.yield(bytes[start..<min(start + 50_000, bytes.count)])
                }
                continuation.finish()
            }
        }
        let logs = Locked<[RequestLog]>([])
        let retrying = RetryEverything()
        let api = APIClient(
            configuration: .init(
                baseURL: HTTPBin.url ?? baseURL, timeout: 20, interceptors: [retrying],
                logger: { log in logs.withLock { $0.append(log) } }))
        for length in [Int64(bytes.count), nil] {
            let raw = try await api.send(
                Endpoint<Echo, any Error & Sendable>(
                    method: .put, path: "/anything",
                    body: .raw(Upload(chunks: chunks(), length: length), mediaType: "application/x-blob")))
            #expect(raw.data == "data:application/octet-stream;base64,\(bytes.base64EncodedString())")
            #expect(raw.headers["Content-Type"] == "application/x-blob")
            let form = try await api.send(
                Endpoint<Echo, any Error & Sendable>(
                    method: .post, path: "/anything",
                    body: .multipart([
                        MultipartPart("caption", Self.tricky),
                        MultipartPart("image", Upload(chunks: chunks(), length: length, fileName: "a.png")),
                    ])))
            #expect(form.form["caption"] == .string(Self.tricky))
            #expect(form.files["image"] == Self.dataURL(bytes, type: "application/octet-stream"))
        }
        // Over a transport that streams request bodies nothing is copied first; URLSession sends a temporary copy.
        let curls = logs.withLock { $0.map(\.curl) }
        #expect(curls.count == 4)
        let streams = APIClient.Configuration(baseURL: baseURL).transport.streamsRequestBodies
        #expect(curls.allSatisfy { $0.contains("@-") == streams && $0.contains("endpointgen-upload-") == !streams })

        // A failure an interceptor would retry is not retried: the sequence was read.
        logs.withLock { $0 = [] }
        await #expect(throws: ClientError.self) {
            try await api.send(
                Endpoint<Echo, any Error & Sendable>(
                    method: .post, path: "/status/503", body: .raw(Upload(chunks: chunks()), mediaType: "x/y")))
        }
        #expect(logs.withLock { $0.count } == 1)
    }

    @Test("a 307 redirect sends the body again, from memory or a file; an AsyncSequence's, read once, fails as invalid")
    func redirectedUpload() async throws {
        let file = try UploadTests.temporaryFile(UploadTests.allBytes)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        func redirected(_ upload: Upload) -> Endpoint<Echo, any Error & Sendable> {
            Endpoint(
                method: .put, path: "/redirect-to",
                query: [Parameter("url", "/anything"), Parameter("status_code", 307)],
                body: .raw(upload, mediaType: "application/x-blob"))
        }
        // FoundationNetworking alone would send the redirected request without its body.
        for upload in [Upload(data: UploadTests.allBytes), Upload(fileURL: file)] {
            let echo = try await api.send(redirected(upload))
            #expect(echo.data == "data:application/octet-stream;base64,\(UploadTests.allBytes.base64EncodedString())")
            #expect(echo.headers["Content-Type"] == "application/x-blob")
        }
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(UploadTests.allBytes)
            continuation.finish()
        }
        let streams = APIClient.Configuration(baseURL: baseURL).transport.streamsRequestBodies
        do {
            let echo = try await api.send(redirected(Upload(chunks: chunks, length: 256)))
            // URLSession sends the temporary copy the client made of the sequence again.
            #expect(!streams)
            #expect(echo.data == "data:application/octet-stream;base64,\(UploadTests.allBytes.base64EncodedString())")
        } catch ClientError.client(let failure) {
            #expect(streams)
            #expect(failure.kind == .invalidRequest)
            #expect("\(failure)".contains("read once"), "\(failure)")
        }
    }

    /// Asks for every failed request to be sent again at once.
    struct RetryEverything: RequestInterceptor {
        func retry(_ request: URLRequest, attempt: Int, outcome: RequestOutcome) async -> RetryDecision {
            attempt < 3 ? .retry(after: .zero) : .doNotRetry
        }
    }

    struct Authenticated: Decodable, Sendable {
        var authenticated: Bool
        var user: String
    }

    @Test("/basic-auth and /hidden-basic-auth accept the basic scheme's credential and refuse a wrong one")
    func basic() async throws {
        for path in ["/basic-auth/{user}/{password}", "/hidden-basic-auth/{user}/{password}"] {
            let endpoint = AuthorizedEndpoint<Schemes.Basic, Authenticated, any Error & Sendable>(
                Endpoint(method: .get, path: path, pathParameters: ["user": "ada", "password": "s3 cr:et"]))
            let good = AuthorizedClient<Schemes.Basic>(
                client: api, credentials: try .basic(username: "ada", password: "s3 cr:et"))
            let answer = try await good.send(endpoint)
            #expect(answer.authenticated && answer.user == "ada")
            let bad = AuthorizedClient<Schemes.Basic>(
                client: api, credentials: try .basic(username: "ada", password: "no"))
            let result = await outcome { try await bad.send(endpoint) }
            guard case .failure(ClientError.unexpected(let response, _)) = result else {
                Issue.record("a wrong password did not fail as an unexpected response: \(result)")
                continue
            }
            #expect(response.status == (path.hasPrefix("/hidden") ? 404 : 401))
        }
    }

    @Test("an API key in a query item, a header and a cookie arrives as given, reserved characters included")
    func apiKeys() async throws {
        let endpoint = Endpoint<Echo, any Error & Sendable>(
            method: .get, path: "/anything", query: [Parameter("page", 1)])
        let query = AuthorizedClient<Schemes.QueryKey>(client: api, credentials: Credentials(token: Self.tricky))
        let byQuery = try await query.send(AuthorizedEndpoint(endpoint))
        #expect(byQuery.args == ["page": .string("1"), "api key": .string(Self.tricky)])
        let header = AuthorizedClient<Schemes.HeaderKey>(client: api, credentials: Credentials(token: "k3y !~/+="))
        #expect(try await header.send(AuthorizedEndpoint(endpoint)).headers["X-Shop-Key"] == "k3y !~/+=")
        let cookie = AuthorizedClient<Schemes.CookieKey>(client: api, credentials: Credentials(token: "s3ss"))
        #expect(try await cookie.send(AuthorizedEndpoint(endpoint)).headers["Cookie"] == "sid=s3ss")
    }

    @Test("a redirect from 127.0.0.1 to localhost carries no credential of any scheme")
    func redirect() async throws {
        guard let url = HTTPBin.url, let port = url.port else { return }
        let endpoint = Endpoint<Echo, any Error & Sendable>(
            method: .get, path: "/redirect-to", query: [Parameter("url", "http://localhost:\(port)/anything")])
        func check<Scope: AuthorizationScope>(_ scope: Scope.Type, _ credentials: Credentials) async throws {
            let configuration = APIClient.Configuration(
                baseURL: url, headers: ["X-Session-Token": "configured", "X-Visible": "yes"])
            let client = AuthorizedClient<Scope>(
                client: APIClient(configuration: configuration), credentials: credentials)
            let echo = try await client.send(AuthorizedEndpoint<Scope, Echo, any Error & Sendable>(endpoint))
            #expect(echo.headers["Host"] == "localhost:\(port)")
            #expect(echo.headers["X-Visible"] == "yes")
            for name in ["Authorization", "X-Shop-Key", "Cookie", "X-Session-Token"] {
                #expect(echo.headers[name] == nil, "\(Scope.self): \(name) was forwarded")
            }
            #expect(echo.args.isEmpty, "\(Scope.self): \(echo.args)")
        }
        try await check(Schemes.Bearer.self, Credentials(token: "t0k"))
        try await check(Schemes.Basic.self, try .basic(username: "u", password: "p"))
        try await check(Schemes.HeaderKey.self, Credentials(token: "k3y"))
        try await check(Schemes.QueryKey.self, Credentials(token: "q3y"))
        try await check(Schemes.CookieKey.self, Credentials(token: "c00kie"))
    }
}
