import EndpointRuntime
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession transport against a server that misbehaves on purpose: bodies past any limit, bodies that
/// never end, and a transfer still running when the caller has given up. Each test checks what the caller gets
/// and, from the server's side, that the transfer itself stopped. Serialized: each test measures what crossed
/// the wire, which a neighbour's transfer would blur.
@Suite("Hostile server", .serialized, .transportUnderTest)
struct HostileServerTests {
    let endpoint = Endpoint<JSONValue, any Error & Sendable>(method: .get, path: "/big")

    func client(_ server: HostileServer, timeout: TimeInterval = 30, maximumResponseSize: Int = 1 << 20) -> APIClient {
        APIClient(
            configuration: .init(baseURL: server.url, timeout: timeout, maximumResponseSize: maximumResponseSize))
    }

    @Test("a Content-Length over the limit is refused before the body is read")
    func declaredTooLarge() async throws {
        // Up to 16 MB/s. FoundationNetworking reads on for a while after being told to cancel (for seconds at
        // loopback's full speed, its work queue saturated; on a loaded machine even when paced), so the bound
        // below leaves it 4 s to let go. The caller is answered at once all the same.
        let server = try HostileServer(.declaredLength(4 << 30, pause: .milliseconds(4)))
        defer { server.stop() }
        let result = await Result.of { try await client(server).send(endpoint) }
        guard case .failure(ClientError.client(let failure)) = result else {
            Issue.record("not a client failure: \(result)")
            return
        }
        #expect(failure.kind == .responseTooLarge)
        #expect((failure.underlying as? ResponseTooLargeError)?.declaredLength == 4 << 30)
        #expect(
            await Eventually.holds(within: .seconds(10)) { server.closedConnections == 1 }, "the connection stayed open"
        )
        // What the kernel's buffers took before the client hung up: a sliver of the 4 GiB announced.
        #expect(server.bytesSent < 64 << 20, "\(server.bytesSent) bytes sent")
    }

    @Test("an endless chunked body fails at the limit, and the transfer stops there")
    func endlessBody() async throws {
        // Up to 16 MB/s, faster than most mobile networks; 4 s to let go, as above.
        let server = try HostileServer(.endlessChunked(pause: .milliseconds(4)))
        defer { server.stop() }
        expectClientFailure(await Result.of { try await client(server).send(endpoint) }, .responseTooLarge)
        #expect(await Eventually.holds(within: .seconds(10)) { server.closedConnections == 1 }, "the transfer went on")
        #expect(server.bytesSent < 64 << 20, "\(server.bytesSent) bytes sent")
    }

    @Test("an endpoint's own limit wins over the client's, both ways")
    func endpointLimit() async throws {
        let server = try HostileServer(.declaredLength(2 << 20))
        defer { server.stop() }
        let small = client(server, maximumResponseSize: 8 << 20)
        expectClientFailure(
            await Result.of { try await small.send(endpoint.limitingResponseSize(to: 1 << 20)) }, .responseTooLarge)
        let download = Endpoint<Void, any Error & Sendable>(method: .get, path: "/file").limitingResponseSize(
            to: 4 << 20)
        try await client(server, maximumResponseSize: 1 << 20).send(download)
    }

    @Test("at the timeout the caller gets .timeout on time and the transfer itself is stopped")
    func timeoutStopsTransfer() async throws {
        // About 6 MB/s: the limit is never reached, only the timeout can end it.
        let server = try HostileServer(.endlessChunked(pause: .milliseconds(10)))
        defer { server.stop() }
        let start = ContinuousClock.now
        let impatient = client(server, timeout: 1, maximumResponseSize: 1 << 30)
        expectClientFailure(await Result.of { try await impatient.send(endpoint) }, .timeout)
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(
            await Eventually.holds(within: .seconds(5)) { server.closedConnections == 1 },
            "the transfer went on after the timeout")
        let sent = server.bytesSent
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(server.bytesSent == sent, "bytes still flowing after the timeout")
    }

    @Test("cancelling the task stops the transfer itself")
    func cancellationStopsTransfer() async throws {
        let server = try HostileServer(.endlessChunked(pause: .milliseconds(10)))
        defer { server.stop() }
        let api = client(server, maximumResponseSize: 1 << 30)
        let task = Task { try await api.send(endpoint) }
        #expect(await Eventually.holds(within: .seconds(10)) { server.bytesSent > 0 })
        task.cancel()
        expectClientFailure(await task.result, .cancelled)
        #expect(
            await Eventually.holds(within: .seconds(5)) { server.closedConnections == 1 },
            "the transfer went on after cancel")
    }

    @Test("a header value with CR or LF fails the call naming the header, and nothing is sent")
    func headerInjection() async throws {
        let server = try HostileServer(.declaredLength(2))
        defer { server.stop() }
        let injected = Endpoint<Void, any Error & Sendable>(
            method: .get, path: "/", headers: [Parameter("X-Trace", "a\r\nX-Injected: yes")])
        let result = await Result.of { try await client(server).send(injected) }
        guard case .failure(ClientError.client(let failure)) = result else {
            Issue.record("not a client failure: \(result)")
            return
        }
        #expect(failure.kind == .invalidRequest)
        #expect("\(failure)".contains("X-Trace"), "\(failure)")
        #expect(server.requests.isEmpty)
    }
}

extension Result where Failure == any Error {
    /// What `body` returned or threw.
    static func of(_ body: () async throws -> Success) async -> Result {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
}
