import EndpointRuntime
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("APIClient")
struct APIClientTests {
    @Test("a success body decodes into the response type; default headers are sent, the endpoint's win")
    func success() async throws {
        let transport = StubTransport(status: 200, json: #"{"name":"Ada"}"#)
        let endpoint = Endpoint<Profile, any Error & Sendable>(
            method: .get, path: "/profile", headers: [Parameter("X-App", "mine")])
        #expect(try await client(transport).send(endpoint) == Profile(name: "Ada"))
        let request = try #require(transport.requests.first)
        #expect(request.url?.absoluteString == "https://api.example.com/v1/profile")
        #expect(request.value(forHTTPHeaderField: "X-App") == "mine")
        #expect(request.timeoutInterval == 60)
    }

    @Test("headers win in order: the endpoint's, then the client's configured ones, then the defaults")
    func headerPrecedence() async throws {
        let transport = StubTransport(status: 200, json: "{}")
        let api = APIClient(
            configuration: .init(
                baseURL: baseURL, headers: ["Accept": "application/vnd.api+json", "X-App": "configured"],
                transport: transport))
        _ = try await api.send(Endpoint<JSONValue, any Error & Sendable>(method: .get, path: "/a"))
        _ = try await api.send(
            Endpoint<JSONValue, any Error & Sendable>(
                method: .get, path: "/b", headers: [Parameter("Accept", "text/html")]))
        let requests = transport.requests
        #expect(requests.map { $0.value(forHTTPHeaderField: "Accept") } == ["application/vnd.api+json", "text/html"])
        #expect(requests.allSatisfy { $0.value(forHTTPHeaderField: "X-App") == "configured" })
    }

    @Test("an endpoint can read the whole response: status, headers (any case) and body")
    func wholeResponse() async throws {
        struct Page: Sendable, Equatable {
            var status: Int
            var next: String?
            var names: [String]
        }
        let transport = StubTransport(
            status: 206, json: #"["a","b"]"#, headers: ["link": #"<https://api.example.com/v1/p?page=2>; rel="next""#])
        let endpoint = Endpoint<Page, any Error & Sendable>(method: .get, path: "/p") { response, decoder in
            Page(
                status: response.status, next: response.value(forHeader: "Link"),
                names: try decoder.decode([String].self, from: response.body))
        }
        let page = try await client(transport).send(endpoint)
        #expect(
            page == Page(status: 206, next: #"<https://api.example.com/v1/p?page=2>; rel="next""#, names: ["a", "b"]))
    }

    @Test("Void responses accept an empty body; 204 is success")
    func void() async throws {
        let transport = StubTransport(status: 204)
        try await client(transport).send(Endpoint<Void, any Error & Sendable>(method: .delete, path: "/session"))
    }

    @Test("category 2: a declared status decodes into the declared model, as its own type")
    func declaredError() async {
        let transport = StubTransport(status: 404, json: #"{"message":"no such profile"}"#)
        do {
            _ = try await client(transport).send(profile)
            Issue.record("no error")
        } catch ClientError.api(let model as Problem, let response) {
            #expect(model.message == "no such profile")
            #expect(response.status == 404)
        } catch {
            Issue.record("wrong error: \(error)")
        }
    }

    @Test("category 3: an undeclared status keeps status, headers and raw body; so does an undecodable error body")
    func unexpected() async {
        let html = StubTransport(status: 500, json: "<html>down</html>", headers: ["Content-Type": "text/html"])
        do {
            _ = try await client(html).send(profile)
        } catch ClientError.unexpected(let response, let underlying) {
            #expect(response.status == 500)
            #expect(String(decoding: response.body, as: UTF8.self) == "<html>down</html>")
            #expect(response.headers["Content-Type"] == "text/html")
            #expect(underlying == nil)
        } catch {
            Issue.record("wrong error: \(error)")
        }
        let garbled = StubTransport(status: 404, json: "not json")
        do {
            _ = try await client(garbled).send(profile)
        } catch ClientError.unexpected(let response, let underlying) {
            #expect(response.status == 404)
            #expect(underlying != nil)
        } catch {
            Issue.record("wrong error: \(error)")
        }
    }

    @Test(
        "category 1: transport failures by kind",
        arguments: [
            (URLError.Code.notConnectedToInternet, ClientFailure.Kind.noConnection),
            (.cannotConnectToHost, .noConnection), (.timedOut, .timeout), (.cancelled, .cancelled),
            (.badServerResponse, .transport),
        ])
    func transportFailures(code: URLError.Code, kind: ClientFailure.Kind) async {
        let transport = StubTransport { _ in throw URLError(code) }
        do {
            _ = try await client(transport).send(profile)
        } catch ClientError.client(let failure) {
            #expect(failure.kind == kind)
            #expect(failure.endpoint == "GET /profile")
        } catch {
            Issue.record("wrong error: \(error)")
        }
    }

    @Test("category 1: a success body that does not decode keeps the decoding error, status and raw body")
    func undecodableSuccess() async {
        let transport = StubTransport(status: 200, json: #"{"nom":"Ada"}"#)
        do {
            _ = try await client(transport).send(profile)
        } catch ClientError.client(let failure) {
            #expect(failure.kind == .undecodableResponse)
            #expect(failure.response?.status == 200)
            #expect(failure.response.map { String(decoding: $0.body, as: UTF8.self) } == #"{"nom":"Ada"}"#)
            #expect((failure.underlying as? SendableError)?.decodingError != nil)
            #expect(failure.description.hasPrefix("GET /profile failed: the response (status 200) does not decode"))
        } catch {
            Issue.record("wrong error: \(error)")
        }
    }

    @Test("the value style: success, declared error as a value, unexpected as a value; client failures still throw")
    func valueStyle() async throws {
        let ok = try await client(StubTransport(status: 200, json: #"{"name":"A"}"#)).result(profile)
        #expect(ok.value == Profile(name: "A"))
        let declared = try await client(StubTransport(status: 404, json: #"{"message":"m"}"#)).result(profile)
        #expect(declared.error(as: Problem.self) == Problem(message: "m"))
        let odd = try await client(StubTransport(status: 418, json: "teapot")).result(profile)
        guard case .unexpected(let response, _) = odd else {
            Issue.record("not unexpected: \(odd)")
            return
        }
        #expect(response.status == 418)
        await #expect(throws: ClientError.self) {
            _ = try await client(StubTransport { _ in throw URLError(.timedOut) }).result(profile)
        }
    }

    @Test("request(_:) is cold: each subscription sends once")
    func cold() async throws {
        let transport = StubTransport(status: 200, json: #"{"name":"A"}"#)
        let single = client(transport).request(profile)
        #expect(transport.requests.isEmpty)
        _ = try await single.value
        _ = try await single.value
        #expect(transport.requests.count == 2)
    }

    @Test("cancelling the task cancels the request; disposing the Single cancels it too")
    func cancellation() async throws {
        let started = AsyncStream<Void>.makeStream()
        let cancelled = Locked(0)
        let transport = StubTransport { _ in
            started.continuation.yield()
            do {
                try await Task.sleep(nanoseconds: 10_000_000_000)
            } catch {
                cancelled.withLock { $0 += 1 }
                throw error
            }
            return (200, [:], Data())
        }
        let api = client(transport)
        var iterator = started.stream.makeAsyncIterator()

        let task = Task { try await api.send(profile) }
        _ = await iterator.next()
        task.cancel()
        expectClientFailure(await task.result, .cancelled)

        let subscription = api.request(profile).subscribe()
        _ = await iterator.next()
        subscription.dispose()
        #expect(await Eventually.holds { cancelled.withLock { $0 } >= 2 })
        #expect(cancelled.withLock { $0 } == 2)
    }

    @Test("errors say which endpoint, method and path failed")
    func descriptions() async {
        do {
            _ = try await client(StubTransport(status: 503, json: "busy")).send(profile)
        } catch {
            #expect("\(error)" == "GET /profile failed with unexpected status 503: busy")
        }
    }

    @Test("the logger gets every exchange with a cURL command; credentials are redacted")
    func logging() async throws {
        let logs = Locked<[RequestLog]>([])
        let transport = StubTransport(status: 200, json: #"{"name":"A"}"#)
        let authorized = AuthorizedClient<Scope.User>(
            client: client(transport, logger: { log in logs.withLock { $0.append(log) } }),
            credentials: Credentials(token: "s3cret"))
        let endpoint = AuthorizedEndpoint<Scope.User, Profile, any Error & Sendable>(
            Endpoint(method: .post, path: "/profile", body: .jsonFields([("name", "O'Neil")])))
        _ = try await authorized.send(endpoint)
        let log = try #require(logs.withLock { $0.first })
        #expect(log.status == 200)
        #expect(log.headers["Authorization"] == "<redacted>")
        #expect(!log.curl.contains("s3cret"))
        #expect(log.curl.contains("-X POST"))
        #expect(log.curl.contains("'Authorization: <redacted>'"))
        #expect(log.curl.contains(#"--data-binary '{"name":"O'\''Neil"}'"#))
        #expect(log.curl.hasSuffix("'https://api.example.com/v1/profile'"))
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer s3cret")
    }

    @Test("a logged cURL command leaves a large or binary body to standard input instead of spelling it out")
    func curlOfLargeBodies() async throws {
        let logs = Locked<[RequestLog]>([])
        let api = client(
            StubTransport(status: 200, json: #"{"name":"A"}"#), logger: { log in logs.withLock { $0.append(log) } })
        for (body, size) in [
            (Data(repeating: 0x61, count: RequestLog.maximumCurlBody + 1), RequestLog.maximumCurlBody + 1),
            (Data([0x61, 0xFF, 0x62]), 3),
        ] {
            _ = try await api.send(
                Endpoint<Profile, any Error & Sendable>(
                    method: .put, path: "/blob", body: .raw(Upload(data: body), mediaType: "x/y")))
            let curl = try #require(logs.withLock { $0.last?.curl })
            #expect(curl.count < 300, "\(curl)")
            #expect(curl.contains("--data-binary @- 'https://api.example.com/v1/blob'"), "\(curl)")
            #expect(curl.hasSuffix("# the body (\(size) bytes) on standard input"), "\(curl)")
        }
    }
}
