import CountriesAPI
import EndpointRuntime
import FlyingFox
import Foundation
import ShopAPI
import TestSupport
import Testing

@Suite("Scripted server behaviour through the transport under test", .transportUnderTest)
struct ServerBehaviourTests {
    @Test("a success body that is not valid JSON is a client-side failure that keeps status and body")
    func malformedJSON() async throws {
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /alpha") { _ in TestServer.json(.ok, #"[{"name": "#) }
        }
        defer { Task { await server.stop() } }
        do {
            _ = try await APIClient(baseURL: server.url).send(RestCountries.Countries.byCodes(codes: ["DEU"]))
            Issue.record("no error")
        } catch ClientError.client(let failure) {
            #expect(failure.kind == .undecodableResponse)
            #expect(failure.response?.status == 200)
            #expect(failure.response.map { String(decoding: $0.body, as: UTF8.self) } == #"[{"name": "#)
        }
    }

    @Test("a response slower than the timeout is a timeout")
    func slow() async throws {
        let release = AsyncStream<Void>.makeStream()
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /alpha") { _ in
                for await _ in release.stream { break }
                return TestServer.json(.ok, "[]")
            }
        }
        defer {
            release.continuation.finish()
            Task { await server.stop() }
        }
        let impatient = APIClient(configuration: .init(baseURL: server.url, timeout: 0.5))
        do {
            _ = try await impatient.send(RestCountries.Countries.byCodes(codes: ["DEU"]))
            Issue.record("no error")
        } catch ClientError.client(let failure) {
            #expect(failure.kind == .timeout)
        }
    }

    @Test("redirects: the same origin keeps the Authorization header, another host never gets it")
    func redirects() async throws {
        let seen = Locked<[String: String]>([:])
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /customer/profile") { request in
                let target = request.query.first { $0.name == "to" }?.value ?? "/landing"
                var headers = HTTPHeaders()
                headers[.location] = target
                return HTTPResponse(statusCode: .found, headers: headers)
            }
            await server.appendRoute("GET /landing") { request in
                seen.withLock { $0[request.headers[.host] ?? "?"] = request.headers[.authorization] ?? "none" }
                return TestServer.json(.ok, ScenarioTests.customer(name: "Ada"))
            }
        }
        defer { Task { await server.stop() } }
        let port = server.url.port ?? 0
        let sameOrigin = AuthorizedClient<Shop.Scope.Customer>(baseURL: server.url, token: "s3cret")
        _ = try await sameOrigin.send(Shop.Customer.get())
        #expect(seen.withLock { $0["127.0.0.1:\(port)"] } == "Bearer s3cret")

        // The same server under another name is another host to the client.
        let elsewhere = Endpoint<Shop.Models.Customer, any Error & Sendable>(
            method: .get, path: "/customer/profile", query: [Parameter("to", "http://localhost:\(port)/landing")])
        _ = try await sameOrigin.send(AuthorizedEndpoint(elsewhere))
        #expect(seen.withLock { $0["localhost:\(port)"] } == "none")
    }
}
