/// An endpoint's path below the base URL: literal text, and the values placed in it.
///
/// Generated factories write it as a string whose interpolations are the values, so the compiler has split the
/// path before any request is made and nothing parses it again:
///
/// ```swift
/// path: "/repos/\(owner, named: "owner")/contents/\(spanning: file, named: "path")"
/// ```
///
/// Each value goes in as exactly one percent-encoded segment, so `../admin` or `a/b?c#d` can never change the path,
/// add a query or cut it short; a value placed with `spanning:` keeps its `/`s as separators, each segment encoded on
/// its own, and an empty, `.` or `..` segment is refused. The names are for messages and logs: ``description`` is the
/// template, `/repos/{owner}/contents/{path}`, the same for every value, so requests group by route.
public struct EndpointPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A piece of the path.
    public enum Component: Sendable, Hashable {
        /// Text sent as written (percent-encoded where a URL path needs it).
        case literal(String)
        /// A value, percent-encoded as one segment, or as several when `spansSegments`.
        case value(String, name: String, spansSegments: Bool)
    }

    /// The pieces, in order.
    public private(set) var components: [Component]
    /// Why a template given as text could not be read (an unclosed `{`, a placeholder without a value); the
    /// request is refused with it.
    private var problem: String?

    /// A path of these pieces.
    public init(_ components: [Component]) {
        self.components = components
    }

    /// A path with no values: `"/feed"`.
    public init(stringLiteral value: String) {
        components = value.isEmpty ? [] : [.literal(value)]
    }

    /// A path from its interpolations: `"/users/\(id, named: "id")"`.
    public init(stringInterpolation: StringInterpolation) {
        components = stringInterpolation.components
    }

    /// A template such as `/repos/{owner}/{repo}/events` with the value of each `{placeholder}` by name, for
    /// endpoints built by hand; a value named in `spanningSegments` keeps its `/`s (see ``EndpointPath``). A template
    /// that does not read, or a placeholder without a value, makes the request fail with a ``RequestBuildError``
    /// that says so.
    public init(template: String, values: [String: String], spanningSegments: Set<String> = []) {
        components = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { components.append(.literal(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                problem = "the path has an unclosed '{'"
                components.append(.literal(String(rest[open...])))
                return
            }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                components.append(.value(value, name: name, spansSegments: spanningSegments.contains(name)))
            } else {
                problem = problem ?? "no value for the path parameter '\(name)'"
                components.append(.literal(String(rest[open...close])))
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { components.append(.literal(String(rest))) }
    }

    /// The template, each value's place written as `{name}`: `/repos/{owner}/{repo}/events`.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .literal(let literal): text += literal
            case .value(_, let name, _): text += "{" + name + "}"
            }
        }
        return text
    }

    /// The values by name.
    public var values: [String: String] {
        var values: [String: String] = [:]
        for case .value(let value, let name, _) in components { values[name] = value }
        return values
    }

    /// The path with the values named in `names` allowed to span segments.
    public func spanningSegments(_ names: Set<String>) -> EndpointPath {
        var path = self
        path.components = components.map {
            guard case .value(let value, let name, false) = $0, names.contains(name) else { return $0 }
            return .value(value, name: name, spansSegments: true)
        }
        return path
    }

    /// The path as it goes on the wire: literal text and values percent-encoded. Throws the reason a value or the
    /// template cannot be sent (the caller names the endpoint).
    func encoded() throws(PathProblem) -> String {
        if let problem { throw PathProblem(reason: problem) }
        var result = ""
        for component in components {
            switch component {
            case .literal(let literal):
                result += PathEncoding.escapeLiteral(literal[...])
            case .value(let value, _, false):
                result += PathEncoding.escapeSegment(value)
            case .value(let value, let name, true):
                let segments = value.split(separator: "/", omittingEmptySubsequences: false)
                for segment in segments where segment.isEmpty || segment == "." || segment == ".." {
                    let what =
                        segment.isEmpty
                        ? "an empty segment (a leading, trailing or doubled '/')" : "a '\(segment)' segment"
                    throw PathProblem(
                        reason:
                            "the path parameter '\(name)' has \(what); it may span segments, but not leave its place"
                    )
                }
                result += segments.map { PathEncoding.escapeSegment(String($0)) }.joined(separator: "/")
            }
        }
        return result
    }

    /// Builds a path from literal text and values; what the compiler calls for an interpolated string.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        fileprivate var components: [Component] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            components.reserveCapacity(2 * interpolationCount + 1)
        }

        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { components.append(.literal(literal)) }
        }

        /// A value that goes in as exactly one segment; `name` is its placeholder in messages and logs.
        public mutating func appendInterpolation(_ value: some ParameterValue, named name: String) {
            components.append(.value(value.parameterText, name: name, spansSegments: false))
        }

        /// A value whose `/`s stay separators (`docs/guide.md`), each segment encoded on its own.
        public mutating func appendInterpolation(spanning value: some ParameterValue, named name: String) {
            components.append(.value(value.parameterText, name: name, spansSegments: true))
        }
    }
}

/// Why a path cannot be sent.
struct PathProblem: Error {
    var reason: String
}
