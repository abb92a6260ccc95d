import EndpointRuntime
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Conditional requests")
struct ConditionalRequestTests {
    /// Serves `{"name": version}` with an ETag; answers 304 when the client already has it.
    static func server(version: @escaping @Sendable () -> String) -> StubTransport {
        StubTransport { request in
            let etag = "\"\(version())\""
            if request.value(forHTTPHeaderField: "If-None-Match") == etag { return (304, ["ETag": etag], Data()) }
            return (
                200, ["ETag": etag, "Last-Modified": "Wed, 21 Oct 2026 07:28:00 GMT"],
                Data(#"{"name":"\#(version())"}"#.utf8)
            )
        }
    }

    @Test("the ETag is stored, sent back as If-None-Match, and a 304 is answered from the store")
    func etag() async throws {
        let version = Locked("v1")
        let transport = Self.server(version: { version.withLock { $0 } })
        let api = APIClient(
            configuration: .init(baseURL: baseURL, transport: transport, conditionalStore: InMemoryConditionalStore()))
        #expect(try await api.send(profile) == Profile(name: "v1"))
        #expect(try await api.send(profile) == Profile(name: "v1"))
        version.withLock { $0 = "v2" }
        #expect(try await api.send(profile) == Profile(name: "v2"))
        let sent = transport.requests.map { $0.value(forHTTPHeaderField: "If-None-Match") }
        #expect(sent == [nil, "\"v1\"", "\"v1\""])
        #expect(transport.requests[1].value(forHTTPHeaderField: "If-Modified-Since") == "Wed, 21 Oct 2026 07:28:00 GMT")
    }

    @Test("only GET requests are conditional")
    func onlyGet() async throws {
        let transport = Self.server(version: { "v1" })
        let api = APIClient(
            configuration: .init(baseURL: baseURL, transport: transport, conditionalStore: InMemoryConditionalStore()))
        let post = Endpoint<Profile, any Error & Sendable>(method: .post, path: "/profile")
        _ = try await api.send(post)
        _ = try await api.send(post)
        #expect(transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "If-None-Match") == nil })
    }

    @Test("the file store survives a new store instance, writes atomically, and ignores a corrupt file")
    func fileStore() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conditional-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = URL(string: "https://api.example.com/v1/feed?page=1")!
        let response = StoredResponse(etag: "\"a\"", lastModified: nil, body: Data("[1,2]".utf8))
        await FileConditionalStore(directory: folder).store(response, for: url)
        #expect(await FileConditionalStore(directory: folder).response(for: url) == response)
        #expect(
            await FileConditionalStore(directory: folder).response(for: URL(string: "https://other.example/")!) == nil)

        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1)
        try Data("{ not json".utf8).write(to: folder.appendingPathComponent(files[0]))
        #expect(await FileConditionalStore(directory: folder).response(for: url) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

@Suite("Retry policy and interceptors")
struct RetryTests {
    let info = { (status: Int, headers: HeaderFields) in
        HTTPResponseInfo(endpoint: "GET /x", url: nil, status: status, headers: headers, body: Data())
    }

    func request(_ method: String) -> URLRequest {
        var request = URLRequest(url: baseURL)
        request.httpMethod = method
        return request
    }

    @Test("backoff doubles per attempt up to the cap; idempotent methods only; bounded attempts")
    func decisions() async {
        let policy = RetryPolicy(maxAttempts: 4, baseDelay: .seconds(1), maxDelay: .seconds(3), jitter: { $0 })
        let failure = RequestOutcome.failure(ClientFailure(.noConnection, endpoint: "GET /x"))
        #expect(await policy.retry(request("GET"), attempt: 1, outcome: failure) == .retry(after: .seconds(1)))
        #expect(await policy.retry(request("GET"), attempt: 2, outcome: failure) == .retry(after: .seconds(2)))
        #expect(await policy.retry(request("GET"), attempt: 3, outcome: failure) == .retry(after: .seconds(3)))
        #expect(await policy.retry(request("GET"), attempt: 4, outcome: failure) == .doNotRetry)
        #expect(await policy.retry(request("POST"), attempt: 1, outcome: failure) == .doNotRetry)
        #expect(
            await policy.retry(request("PUT"), attempt: 1, outcome: .response(info(503, [:])))
                == .retry(after: .seconds(1)))
        #expect(await policy.retry(request("GET"), attempt: 1, outcome: .response(info(404, [:]))) == .doNotRetry)
        let cancelled = RequestOutcome.failure(ClientFailure(.cancelled, endpoint: "GET /x"))
        #expect(await policy.retry(request("GET"), attempt: 1, outcome: cancelled) == .doNotRetry)
    }

    @Test("a POST or PATCH is retried when it carries an idempotency key with a value, and only then")
    func idempotencyKey() async {
        let policy = RetryPolicy(baseDelay: .seconds(1), jitter: { $0 })
        let failure = RequestOutcome.failure(ClientFailure(.timeout, endpoint: "POST /x"))
        var keyed = request("POST")
        keyed.setValue("order-6735", forHTTPHeaderField: "idempotency-key")
        #expect(await policy.retry(keyed, attempt: 1, outcome: failure) == .retry(after: .seconds(1)))
        var patch = request("PATCH")
        patch.setValue("k", forHTTPHeaderField: "Idempotency-Key")
        #expect(await policy.retry(patch, attempt: 1, outcome: .response(info(503, [:]))) == .retry(after: .seconds(1)))
        var empty = request("POST")
        empty.setValue("", forHTTPHeaderField: "Idempotency-Key")
        #expect(await policy.retry(empty, attempt: 1, outcome: failure) == .doNotRetry)
        #expect(await policy.retry(request("POST"), attempt: 1, outcome: failure) == .doNotRetry)
        var strict = policy
        strict.idempotencyKeyHeader = nil
        #expect(await strict.retry(keyed, attempt: 1, outcome: failure) == .doNotRetry)
        var custom = policy
        custom.idempotencyKeyHeader = "X-Request-Once"
        var once = request("POST")
        once.setValue("1", forHTTPHeaderField: "X-Request-Once")
        #expect(await custom.retry(once, attempt: 1, outcome: failure) == .retry(after: .seconds(1)))
        #expect(await custom.retry(keyed, attempt: 1, outcome: failure) == .doNotRetry)
    }

    @Test("Retry-After on 429 and 503, as seconds or an HTTP date, capped")
    func retryAfter() async {
        let policy = RetryPolicy(maxDelay: .seconds(60), jitter: { _ in .zero })
        #expect(
            await policy.retry(request("GET"), attempt: 1, outcome: .response(info(429, ["Retry-After": "7"])))
                == .retry(after: .seconds(7)))
        #expect(
            await policy.retry(request("GET"), attempt: 1, outcome: .response(info(503, ["retry-after": "120"])))
                == .retry(after: .seconds(60)))
        let later = Date().addingTimeInterval(30)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let decision = await policy.retry(
            request("GET"), attempt: 1, outcome: .response(info(503, ["Retry-After": formatter.string(from: later)])))
        guard case .retry(let delay) = decision else {
            Issue.record("no retry")
            return
        }
        #expect(delay > .seconds(25) && delay <= .seconds(31))
        // The obsolete forms RFC 9110 asks a recipient to read too (RFC 850 and asctime), as response headers do.
        for obsolete in ["Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 2094"] {
            let wait = await policy.retry(
                request("GET"), attempt: 1, outcome: .response(info(503, ["Retry-After": obsolete])))
            #expect(wait == .retry(after: obsolete.hasSuffix("2094") ? .seconds(60) : .zero), "\(obsolete)")
        }
    }

    @Test("the client retries a 503, then succeeds; a POST is not retried")
    func clientRetries() async throws {
        let calls = Locked(0)
        let transport = StubTransport { _ in
            let call = calls.withLock { value -> Int in
                value += 1
                return value
            }
            return call == 1 ? (503, [:], Data()) : (200, [:], Data(#"{"name":"ok"}"#.utf8))
        }
        let policy = RetryPolicy(baseDelay: .zero, jitter: { $0 })
        let api = APIClient(configuration: .init(baseURL: baseURL, transport: transport, interceptors: [policy]))
        #expect(try await api.send(profile) == Profile(name: "ok"))
        #expect(calls.withLock { $0 } == 2)

        calls.withLock { $0 = 0 }
        await #expect(throws: ClientError.self) {
            try await api.send(Endpoint<Profile, any Error & Sendable>(method: .post, path: "/p"))
        }
        #expect(calls.withLock { $0 } == 1)
    }

    @Test("a connection failure is retried until the attempts run out")
    func exhausted() async {
        let transport = StubTransport { _ in throw URLError(.cannotConnectToHost) }
        let api = APIClient(
            configuration: .init(baseURL: baseURL, transport: transport, interceptors: [RetryPolicy(baseDelay: .zero)]))
        await #expect(throws: ClientError.self) { try await api.send(profile) }
        #expect(transport.requests.count == 3)
    }

    @Test("an interceptor adapts every request")
    func adapt() async throws {
        struct Signer: RequestInterceptor {
            func adapt(_ request: URLRequest) async throws -> URLRequest {
                var request = request
                request.setValue("signed", forHTTPHeaderField: "X-Signature")
                return request
            }
        }
        let transport = StubTransport(status: 200, json: #"{"name":"a"}"#)
        let api = APIClient(configuration: .init(baseURL: baseURL, transport: transport, interceptors: [Signer()]))
        _ = try await api.send(profile)
        #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Signature") == "signed")
    }

    @Test("an interceptor's validate refuses a success as undecodable, with the response and its error, unstored")
    func validate() async throws {
        struct APIError: Error, Equatable { var message: String }
        struct ErrorInBody: RequestInterceptor {
            func validate(_ response: ReceivedResponse, for request: URLRequest) async throws {
                if let text = String(data: response.body, encoding: .utf8), text.contains("\"error\"") {
                    throw APIError(message: text)
                }
            }
        }
        let store = InMemoryConditionalStore()
        let transport = StubTransport(status: 200, json: #"{"error":"quota"}"#, headers: ["ETag": "\"e1\""])
        let api = APIClient(
            configuration: .init(
                baseURL: baseURL, transport: transport, interceptors: [RetryPolicy(), ErrorInBody()],
                conditionalStore: store))
        do {
            _ = try await api.send(profile)
            Issue.record("no error")
        } catch ClientError.client(let failure) {
            #expect(failure.kind == .undecodableResponse)
            #expect(failure.response?.status == 200 && failure.response?.body == Data(#"{"error":"quota"}"#.utf8))
            #expect((failure.underlying as? APIError)?.message == #"{"error":"quota"}"#)
        }
        #expect(await store.response(for: try #require(transport.requests.first?.url)) == nil)

        let fine = StubTransport(status: 200, json: #"{"name":"ok"}"#)
        let passing = APIClient(configuration: .init(baseURL: baseURL, transport: fine, interceptors: [ErrorInBody()]))
        #expect(try await passing.send(profile) == Profile(name: "ok"))
    }

    @Test("an interceptor's response adaptation unwraps an envelope for every endpoint; the store keeps the original")
    func adaptResponse() async throws {
        struct Unwrap: RequestInterceptor {
            func adapt(_ response: ReceivedResponse, for request: URLRequest) async throws -> ReceivedResponse {
                guard case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: response.body),
                    let data = fields["data"]
                else { throw Problem(message: "no envelope") }
                var unwrapped = response
                unwrapped.body = try JSONEncoder().encode(data)
                return unwrapped
            }
        }
        let store = InMemoryConditionalStore()
        let transport = StubTransport { request in
            if request.value(forHTTPHeaderField: "If-None-Match") == "\"e1\"" { return (304, [:], Data()) }
            return (200, ["ETag": "\"e1\""], Data(#"{"data":{"name":"Ada"}}"#.utf8))
        }
        let api = APIClient(
            configuration: .init(
                baseURL: baseURL, transport: transport, interceptors: [Unwrap()], conditionalStore: store))
        #expect(try await api.send(profile) == Profile(name: "Ada"))
        // The 304 is answered from the stored response as the server sent it, unwrapped again on the way out.
        #expect(try await api.send(profile) == Profile(name: "Ada"))
        let stored = await store.response(for: try #require(transport.requests.first?.url))
        #expect(stored?.body == Data(#"{"data":{"name":"Ada"}}"#.utf8))

        let bare = StubTransport(status: 200, json: #"{"name":"Ada"}"#)
        let refusing = APIClient(configuration: .init(baseURL: baseURL, transport: bare, interceptors: [Unwrap()]))
        let result = await Result.of { try await refusing.send(profile) }
        expectClientFailure(result, .undecodableResponse)
        if case .failure(ClientError.client(let failure)) = result {
            #expect((failure.underlying as? Problem)?.message == "no envelope")
        }
    }

    @Test("an interceptor sees every exchange when it ends, answered or failed, with credentials redacted")
    func didFinish() async throws {
        final class Metrics: RequestInterceptor {
            let seen = Locked<[RequestLog]>([])
            func didFinish(_ exchange: RequestLog) { seen.withLock { $0.append(exchange) } }
        }
        let metrics = Metrics()
        let transport = StubTransport { request in
            if request.url?.path.hasSuffix("/down") == true { throw URLError(.notConnectedToInternet) }
            return (200, [:], Data(#"{"name":"a"}"#.utf8))
        }
        let api = APIClient(
            configuration: .init(
                baseURL: baseURL, headers: ["Authorization": "Bearer secret"], transport: transport,
                interceptors: [metrics]))
        _ = try await api.send(profile)
        _ = await Result.of { try await api.send(Endpoint<Void, any Error & Sendable>(method: .get, path: "/down")) }
        let seen = metrics.seen.withLock { $0 }
        #expect(seen.map(\.status) == [200, nil])
        #expect(seen.last?.failure?.kind == .noConnection)
        #expect(seen.allSatisfy { $0.headers["Authorization"] == "<redacted>" && !$0.curl.contains("secret") })
    }
}
