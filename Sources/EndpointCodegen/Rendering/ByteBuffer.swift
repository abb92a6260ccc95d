#if canImport(Glibc)
import EndpointGenSupport
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes a renderer writes: appended at the end of one allocation that doubles when it is full.
///
/// An array would do, but `Array.append(contentsOf:)` goes through the generic sequence path for each of the
/// pieces (template text and values) of a render, where this append is a capacity check and a copy.
final class ByteBuffer: @unchecked Sendable {
    // @unchecked: a buffer is written by one renderer on one thread; a parallel list's chunk hands its buffer
    // over only after `mapRuns` has returned, once every writer has finished.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it first grows.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written so far; valid until the next append, and only while the buffer lives: keep the buffer
    /// in a variable while they are read (a temporary's bytes are freed with it).
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Appends `bytes`.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends one byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        (base + count).initialize(to: byte)
        count += 1
    }

    /// Appends the UTF-8 bytes of `text`.
    @inline(__always)
    func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Makes room for `extra` more bytes, at least doubling the allocation when it must grow.
    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: count + extra) }
    }

    /// Removes the spaces before each line break and at the end, and ends the bytes with exactly one line break:
    /// in place, moving each kept line down over what was removed before it. Each line break is found with
    /// `memchr` and each line moved with `memmove`, so the work per byte is the C library's; and nothing is
    /// allocated, where a trimmed copy of a file of megabytes touched as many fresh pages.
    func trimTrailingSpaces() {
        reserve(1)  // Room for the final line break, so there is always an address to write to.
        let end = count
        var read = 0
        var write = 0
        while read < end {
            let lineEnd =
                memchr(base + read, Int32(UInt8(ascii: "\n")), end - read).map {
                    UnsafeRawPointer(base).distance(to: $0)
                } ?? end
            var kept = lineEnd
            while kept > read && base[kept - 1] == UInt8(ascii: " ") { kept -= 1 }
            // `write` never passes `read`: the kept bytes move down or stay where they are.
            if kept > read && write < read { memmove(base + write, base + read, kept - read) }
            write += kept - read
            if lineEnd < end {
                base[write] = UInt8(ascii: "\n")
                write += 1
            }
            read = lineEnd + 1
        }
        while write > 0 && base[write - 1] == UInt8(ascii: "\n") { write -= 1 }
        base[write] = UInt8(ascii: "\n")
        count = write + 1
    }

    private func grow(toHold needed: Int) {
        capacity = Swift.max(capacity * 2, needed)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
    }
}
