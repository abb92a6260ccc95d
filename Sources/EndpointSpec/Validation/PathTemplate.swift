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
    var problems: [Problem] = []

    init(_ path: String) {
        let scalars = Array(path.unicodeScalars)
        if scalars.first != "/" {
            let hint =
                path.hasPrefix("http://") || path.hasPrefix("https://")
                ? "put the server in the spec's 'baseURL' and keep only the path here" : "write it as '/\(path)'"
            problems.append(Problem(message: "the path '\(path)' must start with '/'; \(hint)", offset: 0))
        }
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "{":
                let start = index
                var end = index + 1
                while end < scalars.count && scalars[end] != "}" && scalars[end] != "{" && scalars[end] != "/" {
                    end += 1
                }
                guard end < scalars.count, scalars[end] == "}" else {
                    problems.append(Problem(message: "the '{' in the path is never closed with '}'", offset: start))
                    index = end
                    continue
                }
                let name = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
                if name.isEmpty {
                    problems.append(
                        Problem(message: "empty placeholder '{}' in the path; name it, as in '{id}'", offset: start))
                } else {
                    placeholders.append(Placeholder(name: name, offset: start))
                }
                index = end + 1
            case "}":
                problems.append(Problem(message: "a '}' in the path closes no '{'", offset: index))
                index += 1
            case "?", "#":
                problems.append(
                    Problem(
                        message: "the path contains '\(scalars[index])'; query parameters belong under 'params' "
                            + "(parameters not in the path go to the query)", offset: index))
                index = scalars.count
            default:
                index += 1
            }
        }
    }
}
