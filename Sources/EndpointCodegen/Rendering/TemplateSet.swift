import EndpointSpec
import EndpointTemplates
import Foundation
import Mustache

/// The templates code is rendered with: the embedded defaults, any of them replaced by a user's file.
public struct TemplateSet: Sendable {
    /// The template names, as file names without `.mustache`.
    public static var names: [String] { EmbeddedTemplates.all.keys.sorted() }

    let library: MustacheLibrary

    /// The embedded default templates.
    public static func defaults() throws -> TemplateSet {
        try TemplateSet(sources: EmbeddedTemplates.all.mapValues { ($0, "<embedded>") })
    }

    /// The defaults, with every `NAME.mustache` in `directory` replacing the template of that name.
    ///
    /// A file that matches no template name, or that does not parse, is an error naming the file (and line and
    /// column for a parse error).
    public static func overriding(withDirectory directory: String) throws -> TemplateSet {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw TemplateError(
                message: "cannot read the template folder '\(directory)'", location: SourceLocation(file: directory))
        }
        var sources = EmbeddedTemplates.all.mapValues { ($0, "<embedded>") }
        for file in files where file.hasSuffix(".mustache") {
            let name = String(file.dropLast(".mustache".count))
            let path = (directory as NSString).appendingPathComponent(file)
            guard sources[name] != nil else {
                throw TemplateError(
                    message:
                        "unknown template '\(file)'; templates are \(names.map { "\($0).mustache" }.joined(separator: ", "))",
                    location: SourceLocation(file: path))
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw TemplateError(message: "cannot read the template '\(path)'", location: SourceLocation(file: path))
            }
            sources[name] = (String(decoding: data, as: UTF8.self), path)
        }
        return try TemplateSet(sources: sources)
    }

    private init(sources: [String: (text: String, path: String)]) throws {
        var library = MustacheLibrary()
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                library.register(try MustacheTemplate(string: source.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError(
                    message: "the template does not parse: \(Self.describe(error.error))",
                    location: SourceLocation(
                        file: source.path == "<embedded>" ? "\(name).mustache" : source.path,
                        line: error.context.lineNumber, column: error.context.columnNumber))
            }
        }
        self.library = library
    }

    /// Renders the template `name` with `view`, with trailing spaces trimmed from every line.
    func render(_ view: Any, template name: String) -> String {
        let text = library.render(view, withTemplate: name) ?? ""
        // Byte-wise: splitting into lines of Characters made this a fifth of generation time on big specs.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 1)
        var pendingSpaces = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: " ") {
                pendingSpaces += 1
                continue
            }
            if byte != UInt8(ascii: "\n") && pendingSpaces > 0 {
                bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: pendingSpaces))
            }
            pendingSpaces = 0
            bytes.append(byte)
        }
        while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        bytes.append(UInt8(ascii: "\n"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with another name than it was opened with"
        case .unfinishedName: return "a tag is not closed with '}}'"
        case .expectedSectionEnd: return "a section is never closed"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: return "a transform is applied to an inheritance section"
        case .illegalTokenInsideInheritSection: return "an inheritance section holds a tag it cannot"
        case .textInsideInheritSection: return "an inheritance section holds text"
        case .invalidConfigVariableSyntax: return "a '{{% … }}' pragma is malformed"
        case .unrecognisedConfigVariable: return "a '{{% … }}' pragma is unknown"
        }
    }
}

/// A problem with a template: unknown, unreadable, or not parsing.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The template file, with line and column when known.
    public var location: SourceLocation

    /// `Templates/Models.mustache:3:5: error: …`
    public var description: String { "\(location): error: \(message)" }
}
