/// Splits bytes that arrive in chunks into lines ended by LF, CR or CR LF (a CR LF split across two chunks is one
/// break), each at most `maximumLength` bytes: a longer line is refused as it grows, so memory stays bounded
/// whatever a server sends.
struct LineReader: Sendable {
    /// A line past the limit.
    struct LineTooLong: Error {
        var limit: Int
    }

    let maximumLength: Int
    private var pending: [UInt8] = []
    /// The last chunk ended in CR: an LF at the start of the next belongs to that break.
    private var afterCarriageReturn = false

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    /// The lines `chunk` completes, without their line breaks.
    mutating func lines(in chunk: some Collection<UInt8>) throws(LineTooLong) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for byte in chunk {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\n"):
                lines.append(pending)
                pending.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\r"):
                lines.append(pending)
                pending.removeAll(keepingCapacity: true)
                afterCarriageReturn = true
            default:
                guard pending.count < maximumLength else { throw LineTooLong(limit: maximumLength) }
                pending.append(byte)
            }
        }
        return lines
    }

    /// What is left after the last line break: a last line without one, or nil.
    mutating func remainder() -> [UInt8]? {
        defer { pending.removeAll() }
        return pending.isEmpty ? nil : pending
    }
}
