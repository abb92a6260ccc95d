import Foundation
import TestSupport
import Testing

@_spi(Generated) @testable import EndpointRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The WHATWG event stream rules and JSON Lines, piece by piece, without a network.
@Suite("Streamed bodies: parsing")
struct StreamParsingTests {
    func lines(_ chunks: [String], limit: Int = 100) throws -> [String] {
        var reader = LineReader(maximumLength: limit)
        var lines: [String] = []
        for chunk in chunks {
            lines += try reader.lines(in: Array(chunk.utf8)).map { String(decoding: $0, as: UTF8.self) }
        }
        if let rest = reader.remainder() { lines.append("<" + String(decoding: rest, as: UTF8.self) + ">") }
        return lines
    }

    func events(_ text: String, chunked size: Int = 3) throws -> [ServerSentEvent] {
        var reader = LineReader(maximumLength: 1 << 16)
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let chunk = bytes[start..<min(start + size, bytes.count)]
            for line in try reader.lines(in: chunk) {
                if let event = try parser.event(after: line) { events.append(event) }
            }
            start += size
        }
        return events
    }

    @Test("lines end at LF, CR or CR LF, a CR LF split across chunks is one break, and a long line is refused")
    func lineBreaks() throws {
        #expect(try lines(["a\nb\rc\r\nd"]) == ["a", "b", "c", "<d>"])
        #expect(try lines(["a\r", "\nb\r", "", "\n\n"]) == ["a", "b", ""])
        #expect(try lines(["\r\r\n"]) == ["", ""])
        #expect(throws: LineReader.LineTooLong.self) { try lines([String(repeating: "x", count: 60), "y"], limit: 50) }
        #expect(try lines([String(repeating: "x", count: 50) + "\n"], limit: 50).count == 1)
    }

    @Test("events: data lines joined, event and id fields, comments, retry, and a blank line dispatching")
    func eventFields() throws {
        let text = """
            : a comment\r
            data: first\r
            data:second\r
            \r
            event: update\r
            id: 7\r
            retry: 3000\r
            data: {"n": 1}\r
            \r
            data\r
            \r
            id: 8\u{0}9\r
            retry: soon\r
            data:  two spaces\r
            \r
            event: ignored without data\r
            \r

            """
        #expect(
            try events(text) == [
                ServerSentEvent(data: "first\nsecond"),
                ServerSentEvent(event: "update", data: #"{"n": 1}"#, id: "7", retry: 3000),
                ServerSentEvent(data: "", id: "7"),
                ServerSentEvent(data: " two spaces", id: "7"),
            ])
    }

    @Test("a leading byte order mark is dropped; an incomplete last event is not dispatched; LF alone works too")
    func streamEdges() throws {
        #expect(try events("\u{FEFF}data: x\n\ndata: never finished\n") == [ServerSentEvent(data: "x")])
        #expect(try events("data: a\n\n", chunked: 1) == [ServerSentEvent(data: "a")])
    }

    @Test("an event line that is not UTF-8 is refused, not replaced")
    func invalidUTF8() throws {
        var parser = ServerSentEventParser()
        #expect(throws: ServerSentEventParser.InvalidText.self) {
            _ = try parser.event(after: Array("data: ".utf8) + [0xC3, 0x28])
        }
    }
}

/// The buffer between a transport and its reader, without a network.
@Suite("Streamed bodies: back-pressure")
struct BackPressureTests {
    /// A producer that sends as fast as it may, like a URLSession task: paused while suspended more times than
    /// resumed, a resume of a task that is not suspended does nothing, and suspending takes a while
    /// (FoundationNetworking's `suspend()` waits for its work queue).
    final class Producer: Sendable {
        let suspensions = Locked(0)
        let pauses = Locked(0)
        let stopped = Locked(false)

        func pause(_ paused: Bool) {
            if paused {
                usleep(1_000)
                pauses.withLock { $0 += 1 }
            }
            suspensions.withLock { $0 = paused ? $0 + 1 : max(0, $0 - 1) }
        }

        func send(_ chunks: Int, of size: Int, into stream: ResponseBodyStream) {
            let chunk = Data(count: size)
            var sent = 0
            while sent < chunks, !stopped.withLock({ $0 }) {
                if suspensions.withLock({ $0 }) > 0 {
                    usleep(10)
                    continue
                }
                stream.yield(chunk)
                sent += 1
            }
            stream.finish()
        }
    }

    struct Stalled: Error {}

    @Test("a reader racing a fast producer gets every chunk: a resume is never overtaken by an older pause")
    func pauseOrder() async throws {
        let producer = Producer()
        let stream = ResponseBodyStream(pause: { producer.pause($0) })
        let chunks = 2_000
        Thread { producer.send(chunks, of: 64 << 10, into: stream) }.start()
        // A producer left suspended with nothing left to read would leave the reader waiting for ever.
        let received = Locked(0)
        let watchdog = Task {
            var last = -1
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(5))
                let now = received.withLock { $0 }
                if now == last {
                    producer.stopped.withLock { $0 = true }
                    stream.finish(throwing: Stalled())
                    return
                }
                last = now
            }
        }
        defer { watchdog.cancel() }
        var count = 0
        for try await _ in stream {
            count += 1
            received.withLock { $0 = count }
            // Now and then the reader falls behind, so that the buffer fills and the producer is paused.
            if count % 100 == 0 { try await Task.sleep(for: .milliseconds(3)) }
        }
        #expect(count == chunks)
        #expect(producer.pauses.withLock { $0 } > 0)
        #expect(await Eventually.holds(within: .seconds(5)) { producer.suspensions.withLock { $0 } == 0 })
    }
}

/// Streaming endpoints against a server on 127.0.0.1 that sends events with pauses, stalls, or misbehaves: each
/// value arrives as its event does, the failures are the typed ones, and stopping stops the transfer.
@Suite("Streamed bodies: the client", .serialized, .transportUnderTest)
struct StreamingClientTests {
    struct Tick: Codable, Sendable, Equatable {
        var n: Int
    }

    struct Problem: Error, Codable, Sendable, Equatable {
        var n: Int
    }

    func client(_ server: HostileServer, timeout: TimeInterval = 30, limit: Int = 1 << 20) -> APIClient {
        APIClient(configuration: .init(baseURL: server.url, timeout: timeout, maximumResponseSize: limit))
    }

    func ticks(_ format: StreamFormat = .serverSentEvents()) -> Endpoint<EventStream<Tick>, any Error & Sendable> {
        .events(method: .get, path: "/ticks", format: format)
    }

    static func event(_ n: Int) -> [UInt8] { Array("id: \(n)\ndata: {\"n\": \(n)}\n\n".utf8) }

    func failure(of body: () async throws -> Void) async -> ClientFailure? {
        do {
            try await body()
            return nil
        } catch ClientError.client(let failure) {
            return failure
        } catch {
            Issue.record("not a client failure: \(error)")
            return nil
        }
    }

    @Test("a client made without a transport uses the one under test (ENDPOINTGEN_TEST_TRANSPORT)")
    func transportUnderTest() {
        let transport = APIClient(configuration: .init(baseURL: URL(string: "http://127.0.0.1")!)).configuration
            .transport
        let expected = TransportUnderTest.name == "asynchttpclient" ? "AsyncHTTPClientTransport" : "URLSessionTransport"
        #expect("\(type(of: transport))" == expected)
    }

    @Test("each event is decoded as it arrives, while the response is still open, and the last event ID is kept")
    func incremental() async throws {
        // The server sends two events and then nothing, holding the response open: the values can only come as
        // their events arrive, not once the body has ended.
        let server = try HostileServer(
            .pieces([Self.event(1), Self.event(2)], pause: .zero, contentType: "text/event-stream", holdsOpen: true))
        defer { server.stop() }
        let stream = try await client(server).send(ticks())
        var received: [Tick] = []
        for try await tick in stream {
            received.append(tick)
            if received.count == 2 { break }
        }
        #expect(received == [Tick(n: 1), Tick(n: 2)])
        #expect(stream.lastEventID == "2")
        #expect(server.requests.first?.lowercased().contains("accept: text/event-stream") == true)
        #expect(
            await Eventually.holds(within: .seconds(10)) { server.closedConnections == 1 }, "leaving the loop closed it"
        )
    }

    @Test("leaving the loop stops the transfer; a terminator ends the stream and the connection")
    func stopping() async throws {
        let endless = try HostileServer(
            .pieces(
                Array(repeating: Self.event(1), count: 200), pause: .milliseconds(50), contentType: "text/event-stream")
        )
        defer { endless.stop() }
        for try await _ in try await client(endless).send(ticks()) { break }
        #expect(await Eventually.holds(within: .seconds(10)) { endless.closedConnections == 1 })

        let done = try HostileServer(
            .pieces(
                [Self.event(1), Array("data: [DONE]\n\n".utf8)], pause: .zero, contentType: "text/event-stream",
                holdsOpen: true))
        defer { done.stop() }
        var values: [Tick] = []
        for try await tick in try await client(done).send(ticks(.serverSentEvents(terminator: "[DONE]"))) {
            values.append(tick)
        }
        #expect(values == [Tick(n: 1)])
        #expect(await Eventually.holds(within: .seconds(10)) { done.closedConnections == 1 })
    }

    @Test("JSON Lines: each line a value, blank lines skipped, a last line without a break kept")
    func jsonLines() async throws {
        let server = try HostileServer(
            .pieces(
                [Array("{\"n\": 1}\n\n{\"n\"".utf8), Array(": 2}\r\n{\"n\": 3}".utf8)], pause: .milliseconds(20),
                contentType: "application/jsonl"))
        defer { server.stop() }
        var values: [Tick] = []
        for try await tick in try await client(server).send(ticks(.jsonLines)) { values.append(tick) }
        #expect(values == [Tick(n: 1), Tick(n: 2), Tick(n: 3)])
    }

    @Test("an endless line fails as too large at the limit, and the transfer stops")
    func endlessLine() async throws {
        let server = try HostileServer(.endlessChunked(pause: .milliseconds(5)), maximumBytes: 64 << 20)
        defer { server.stop() }
        let failure = await failure {
            for try await _ in try await client(server, limit: 256 << 10).send(ticks()) {}
        }
        #expect(failure?.kind == .responseTooLarge)
        #expect(await Eventually.holds(within: .seconds(10)) { server.closedConnections == 1 })
        #expect(server.bytesSent < 32 << 20)
    }

    @Test("an event that is not UTF-8, or not the declared JSON, fails as undecodable")
    func malformed() async throws {
        for piece in [
            Array("data: ".utf8) + [0xFF, 0xFE] + Array("\n\n".utf8), Array("data: {\"n\": \"x\"}\n\n".utf8),
        ] {
            let server = try HostileServer(
                .pieces([Self.event(1), piece], pause: .zero, contentType: "text/event-stream"))
            defer { server.stop() }
            var values: [Tick] = []
            let failure = await failure {
                for try await tick in try await client(server).send(ticks()) { values.append(tick) }
            }
            #expect(values == [Tick(n: 1)])
            #expect(failure?.kind == .undecodableResponse)
        }
    }

    @Test("a JSON line read as text that is not UTF-8 fails as undecodable, as an event does, never as U+FFFD")
    func malformedTextLine() async throws {
        let server = try HostileServer(
            .pieces(
                [Array("first\n".utf8), Array("bad ".utf8) + [0xC3, 0x28] + Array("\nlast\n".utf8)], pause: .zero,
                contentType: "application/jsonl"))
        defer { server.stop() }
        var lines: [String] = []
        let failure = await failure {
            let endpoint = Endpoint<EventStream<String>, any Error & Sendable>.events(
                method: .get, path: "/lines", format: .jsonLines)
            for try await line in try await client(server).send(endpoint) { lines.append(line) }
        }
        #expect(lines == ["first"])
        #expect(failure?.kind == .undecodableResponse)
    }

    @Test("a stream that stalls fails with .timeout after the client's timeout of silence, and is let go of")
    func stall() async throws {
        let server = try HostileServer(
            .pieces([Self.event(1)], pause: .zero, contentType: "text/event-stream", holdsOpen: true))
        defer { server.stop() }
        let start = ContinuousClock.now
        var values: [Tick] = []
        let failure = await failure {
            for try await tick in try await client(server, timeout: 1).send(ticks()) { values.append(tick) }
        }
        #expect(values == [Tick(n: 1)])
        #expect(failure?.kind == .timeout)
        #expect(ContinuousClock.now - start < .seconds(8))
        #expect(await Eventually.holds(within: .seconds(10)) { server.closedConnections == 1 })
    }

    @Test("an error status on a streaming endpoint is read whole and typed as for any endpoint")
    func errorStatus() async throws {
        let server = try HostileServer(
            .pieces([Array(#"{"n": 404}"#.utf8)], pause: .zero, status: 404, contentType: "application/json"))
        defer { server.stop() }
        let endpoint = Endpoint<EventStream<Tick>, Problem>.events(
            method: .get, path: "/ticks", errors: ErrorSchema([.code(404): .json(Problem.self)]),
            format: .serverSentEvents())
        let result = try await client(server).result(endpoint)
        guard case .failure(let model, let response) = result else {
            Issue.record("expected the declared error, got \(result)")
            return
        }
        #expect(model == Problem(n: 404))
        #expect(response.status == 404)
    }

    @Test("as an Observable, values come as they arrive and disposing stops the transfer; Last-Event-ID resumes")
    func observable() async throws {
        let server = try HostileServer(
            .pieces(
                Array(repeating: Self.event(5), count: 100), pause: .milliseconds(50), contentType: "text/event-stream")
        )
        defer { server.stop() }
        let received = Locked<[Tick]>([])
        let subscription = client(server).requestEvents(ticks().resumingEvents(after: "4"))
            .subscribe(onNext: { tick in received.withLock { $0.append(tick) } })
        #expect(await Eventually.holds(within: .seconds(10)) { received.withLock { $0.count } >= 2 })
        subscription.dispose()
        #expect(await Eventually.holds(within: .seconds(10)) { server.closedConnections == 1 })
        #expect(server.requests.first?.lowercased().contains("last-event-id: 4") == true, "\(server.requests)")
    }
}
