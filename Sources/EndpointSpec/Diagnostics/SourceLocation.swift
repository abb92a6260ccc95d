/// A position in a spec file, 1-based, as editors and compilers count it.
///
/// A location whose `line` is 0 stands for the file as a whole (for example when it cannot be read);
/// its description is the file name alone.
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file as it was named to the tool (relative paths stay relative, so output is reproducible).
    package var file: String
    /// The line, starting at 1; 0 for the whole file.
    package var line: Int
    /// The column in characters, starting at 1; 0 for the whole file.
    package var column: Int

    /// Creates a location at `line` and `column` (both 1-based) in `file`.
    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A location that stands for `file` as a whole.
    package init(file: String) {
        self.init(file: file, line: 0, column: 0)
    }

    /// `file:line:column`, or `file` for a whole-file location.
    package var description: String {
        line == 0 ? file : "\(file):\(line):\(column)"
    }

    /// `line:column` without the file, for naming another place in the same file inside a message.
    package var lineAndColumn: String {
        "\(line):\(column)"
    }

    /// The same line, `offset` characters further right.
    func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + offset)
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A value read from a spec together with where it was written.
package struct Located<Value>: CustomStringConvertible {
    /// The value.
    package var value: Value
    /// Where the value starts in the spec.
    package var location: SourceLocation

    /// Creates a located value.
    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    package var description: String { "\(value)" }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
