#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to the terminal: results to standard output, problems to standard error.
enum Console {
    static func output(_ line: String) {
        writeAll(line + "\n", to: STDOUT_FILENO)
    }

    static func error(_ line: String) {
        writeAll(line + "\n", to: STDERR_FILENO)
    }

    /// "1 error", "3 errors".
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Writes all of `text`, unbuffered, as `FileHandle` did: a short write or an interrupted one continues; a
    /// closed stream (EPIPE and the like) drops the rest, as there is nowhere left to report it.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
