/// A parsed endpoint path such as `/repos/{owner}/{repo}/events`.
struct PathTemplate {
    /// A `{name}` in the path, and the character (0-based) where its `{` stands.
    struct Placeholder {
        var name: String
        var offset: Int
    }

    /// A problem with the path's syntax, at a character (0-based).
    struct Problem {
        var message: String
        var offset: Int
    }

    var placeholders: [Placeholder] = []
    /// The text before each placeholder, then the text after the last: one more than ``placeholders``.
    var literals: [String] = []
    var problems: [Problem] = []

    init(_ path: String) {
        if path.utf8.first != UInt8(ascii: "/") {
            let hint =
                path.hasPrefix("http://") || path.hasPrefix("https://")
                ? "put the server in the spec's 'baseURL' and keep only the path here" : "write it as '/\(path)'"
            problems.append(Problem(message: "the path '\(path)' must start with '/'; \(hint)", offset: 0))
        }
        // Every character the grammar gives a meaning is ASCII, so the path is read as UTF-8 bytes: a name is one
        // copy of its bytes. Offsets count Unicode scalars, as a column does; `scalar` is the offset of `bytes[index]`.
        let bytes = Array(path.utf8)
        var index = 0
        var scalar = 0
        var literalStart = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                let start = index
                let startScalar = scalar
                var end = index + 1
                scalar += 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "}"), bytes[end] != UInt8(ascii: "{"),
                    bytes[end] != UInt8(ascii: "/")
                {
                    if !UTF8.isContinuation(bytes[end]) { scalar += 1 }
                    end += 1
                }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else {
                    problems.append(
                        Problem(message: "the '{' in the path is never closed with '}'", offset: startScalar))
                    index = end
                    continue
                }
                if end == start + 1 {
                    problems.append(
                        Problem(
                            message: "empty placeholder '{}' in the path; name it, as in '{id}'", offset: startScalar))
                } else {
                    placeholders.append(
                        Placeholder(
                            name: String(decoding: bytes[(start + 1)..<end], as: UTF8.self), offset: startScalar))
                    literals.append(String(decoding: bytes[literalStart..<start], as: UTF8.self))
                    literalStart = end + 1
                }
                index = end + 1
                scalar += 1
            case UInt8(ascii: "}"):
                problems.append(Problem(message: "a '}' in the path closes no '{'", offset: scalar))
                index += 1
                scalar += 1
            case let byte where byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#"):
                problems.append(
                    Problem(
                        message: "the path contains '\(Character(Unicode.Scalar(byte)))'; query parameters belong "
                            + "under 'params' (parameters not in the path go to the query)", offset: scalar))
                index = bytes.count
            case let byte:
                if !UTF8.isContinuation(byte) { scalar += 1 }
                index += 1
            }
        }
        literals.append(String(decoding: bytes[min(literalStart, bytes.count)...], as: UTF8.self))
    }
}
