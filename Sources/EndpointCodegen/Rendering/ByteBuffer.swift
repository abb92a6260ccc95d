/// The bytes a renderer writes: appended at the end of one allocation that doubles when it is full.
///
/// An array would do, but `Array.append(contentsOf:)` goes through the generic sequence path, about 90
/// instructions for each of the ~100,000 pieces (template text and values) of a 1,000-endpoint render, where this
/// append is a capacity check and a copy.
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

    /// The bytes written so far; valid until the next append.
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

    private func grow(toHold needed: Int) {
        capacity = Swift.max(capacity * 2, needed)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
    }
}
