import Dispatch

/// A position in a spec file, 1-based, as editors and compilers count it.
///
/// A location whose `line` is 0 stands for the file as a whole (for example when it cannot be read);
/// its description is the file name alone.
///
/// Every node and value of a spec carries one, and they are copied all the time, on several cores at once. So
/// the file is an interned ``FileName`` held without a reference count, and the line and column are 32 bits
/// each: copying a location is copying two words. (A path longer than 15 bytes is a heap-allocated `String`;
/// holding it here made every copy retain and release that one object from both cores. Two 64-bit numbers made
/// every node, entry and value of a spec bigger, and so the memory the YAML tree and the spec first touch. The
/// measurements are in `Benchmarks/README.md`, *Why the generator is written as it is*.)
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, never freed (see ``FileName``), so holding it without a reference count is safe.
    private unowned(unsafe) let fileName: FileName
    private var storedLine: UInt32
    private var storedColumn: UInt32

    /// The line, starting at 1; 0 for the whole file. Lines past 2³² − 1 (a file of more than 4 GiB, far over
    /// any reader's limit) are held as 2³² − 1.
    package var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }

    /// The column in characters, starting at 1; 0 for the whole file. Held as ``line`` is.
    package var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    /// Creates a location at `line` and `column` (both 1-based) in `file`.
    package init(file: String, line: Int, column: Int) {
        self.init(file: FileName.interned(file), line: line, column: column)
    }

    /// Creates a location at `line` and `column` (both 1-based) in a file interned before: what a reader that
    /// makes a location per node uses, so that it looks the name up once.
    package init(file: FileName, line: Int, column: Int) {
        self.fileName = file
        self.storedLine = UInt32(clamping: line)
        self.storedColumn = UInt32(clamping: column)
    }

    /// A location that stands for `file` as a whole.
    package init(file: String) {
        self.init(file: file, line: 0, column: 0)
    }

    /// The file as it was named to the tool (relative paths stay relative, so output is reproducible).
    package var file: String { fileName.text }

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
        SourceLocation(file: fileName, line: line, column: column + offset)
    }

    // One interned name per text: the same file is the same object.
    package static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        lhs.fileName === rhs.fileName && lhs.storedLine == rhs.storedLine && lhs.storedColumn == rhs.storedColumn
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(fileName))
        hasher.combine(storedLine)
        hasher.combine(storedColumn)
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileName === rhs.fileName {
            return (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
        }
        return (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A file name as locations hold it: one object per distinct name for the life of the process, so that
/// ``SourceLocation`` can refer to it without counting references. A process names few files (its specs,
/// templates and configuration), so keeping them all costs next to nothing.
package final class FileName: Sendable {
    /// The name as it was given.
    package let text: String

    private init(text: String) {
        self.text = text
    }

    /// The one object for `text`, made the first time it is asked for.
    package static func interned(_ text: String) -> FileName {
        registry.interned(text)
    }

    private static let registry = Registry()

    /// Every name interned so far; looked up and added to under a lock.
    private final class Registry: @unchecked Sendable {
        // @unchecked: `names` is read and written only between `lock.wait()` and `lock.signal()`.
        private var names: [String: FileName] = [:]
        private let lock = DispatchSemaphore(value: 1)

        func interned(_ text: String) -> FileName {
            lock.wait()
            defer { lock.signal() }
            if let known = names[text] { return known }
            let name = FileName(text: text)
            names[text] = name
            return name
        }
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
