import EndpointRuntime
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deliberately hostile HTTP/1.1 server on 127.0.0.1, written on raw sockets so a test controls every byte:
/// it answers each request with a body that is huge, endless, or slow, and counts what it managed to send, so a
/// test can tell whether the client really stopped the transfer.
///
/// Each connection runs on a thread of its own (plain threads, never the cooperative pool). Every loop is
/// bounded: a body stops at `maximumBytes`, and the server stops at `stop()` or when the client goes away.
final class HostileServer: Sendable {
    /// What every response looks like.
    enum Behaviour: Sendable {
        /// `Content-Length: declared`, then 64 KiB chunks of zeros, `pause` between them, until the client goes
        /// away or `declared` bytes are sent.
        case declaredLength(Int64, pause: Duration = .zero)
        /// A chunked body that never ends: 64 KiB chunks, `pause` between them.
        case endlessChunked(pause: Duration)
        /// A chunked body of these pieces, `pause` after each, with this status and `Content-Type`; then the end of
        /// the body, or with `holdsOpen`, silence until the client goes away (a stalled stream).
        case pieces([[UInt8]], pause: Duration, status: Int = 200, contentType: String, holdsOpen: Bool = false)
    }

    /// The URL to send requests to.
    let url: URL
    private let listener: Int32
    private let behaviour: Behaviour
    /// No body goes past this, whatever the behaviour says: the test machine's safety net.
    private let maximumBytes: Int64
    private let state = Locked(State())

    private struct State {
        var requests: [String] = []
        var bytesSent: Int64 = 0
        var closedConnections = 0
        var stopped = false
    }

    init(_ behaviour: Behaviour, maximumBytes: Int64 = 6 << 30) throws {
        self.behaviour = behaviour
        self.maximumBytes = maximumBytes
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The heads of the requests received so far.
    var requests: [String] { state.withLock { $0.requests } }
    /// Body bytes the kernel accepted so far, over all connections.
    var bytesSent: Int64 { state.withLock { $0.bytesSent } }
    /// Connections whose client went away (a failed send or a closed socket).
    var closedConnections: Int { state.withLock { $0.closedConnections } }

    func stop() {
        state.withLock { $0.stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            close(connection)
            state.withLock { $0.closedConnections += 1 }
        }
        guard let head = readHead(connection) else { return }
        state.withLock { $0.requests.append(head) }
        if case .pieces(let pieces, let pause, let status, let contentType, let holdsOpen) = behaviour {
            servePieces(
                pieces, pause: pause, status: status, contentType: contentType, holdsOpen: holdsOpen, connection)
            return
        }
        let framing: String
        let total: Int64
        let isChunked: Bool
        let pause: Duration
        switch behaviour {
        case .declaredLength(let declared, let wait):
            (framing, total, isChunked, pause) = ("Content-Length: \(declared)", declared, false, wait)
        case .endlessChunked(let wait):
            (framing, total, isChunked, pause) = ("Transfer-Encoding: chunked", .max, true, wait)
        case .pieces:
            return
        }
        guard write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(framing)\r\n\r\n", connection) else {
            return
        }
        // 64 KiB of zeros at a time; a chunked body frames each piece ("10000" is 64 Ki in hex).
        let payload = [UInt8](repeating: 0x30, count: 64 << 10)
        let piece = isChunked ? Array("10000\r\n".utf8) + payload + Array("\r\n".utf8) : payload
        var sent: Int64 = 0
        while sent < min(total, maximumBytes), !isStopped {
            let count = isChunked ? piece.count : Int(min(Int64(piece.count), total - sent))
            guard write(piece[..<count], connection) else { return }
            sent += Int64(count)
            sleep(pause)
        }
    }

    /// A chunked body of `pieces`, each its own chunk; then its end, or silence until the client goes away.
    private func servePieces(
        _ pieces: [[UInt8]], pause: Duration, status: Int, contentType: String, holdsOpen: Bool, _ connection: Int32
    ) {
        let head = "HTTP/1.1 \(status) Status\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked\r\n\r\n"
        guard write(head, connection) else { return }
        for piece in pieces where !piece.isEmpty {
            let framed = Array(String(piece.count, radix: 16).utf8) + Array("\r\n".utf8) + piece + Array("\r\n".utf8)
            guard !isStopped, write(framed[...], connection) else { return }
            sleep(pause)
        }
        guard holdsOpen else {
            _ = write("0\r\n\r\n", connection)
            return
        }
        // Silent, until the client closes the connection (a read then returns 0) or a minute has passed.
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        for _ in 0..<60 where !isStopped {
            if recv(connection, &byte, 1, 0) == 0 { return }
        }
    }

    /// Blocks this connection's own thread (never a cooperative one) for `pause`.
    private func sleep(_ pause: Duration) {
        guard pause > .zero else { return }
        let parts = pause.components
        Thread.sleep(forTimeInterval: Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
    }

    /// Reads up to the end of the request head (bodies are not expected).
    private func readHead(_ connection: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
            if let text = String(bytes: bytes, encoding: .isoLatin1), text.contains("\r\n\r\n") { return text }
        }
        return nil
    }

    private func write(_ text: String, _ connection: Int32) -> Bool {
        write(Array(text.utf8)[...], connection, countsAsBody: false)
    }

    /// Sends all of `bytes`; false once the client has gone away.
    private func write(_ bytes: ArraySlice<UInt8>, _ connection: Int32, countsAsBody: Bool = true) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let count = rest.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            rest = rest.dropFirst(count)
            if countsAsBody { state.withLock { $0.bytesSent += Int64(count) } }
        }
        return true
    }
}
