import EndpointSpec
import EndpointTemplates

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The templates code is generated with: the embedded defaults, any of them replaced by a user's file, their names
/// resolved in the view model's vocabulary (``TemplateField``).
extension TemplateSet {
    /// The template names, as file names without `.mustache`.
    package static var names: [String] { EmbeddedTemplates.all.keys.sorted() }

    /// The embedded default templates.
    package static func defaults() throws -> TemplateSet {
        try TemplateSet(
            sources: EmbeddedTemplates.all.mapValues { ($0, "<embedded>") }, vocabulary: TemplateField.vocabulary)
    }

    /// The defaults, with every `NAME.mustache` in `directory` replacing the template of that name.
    ///
    /// A file that matches no template name, or that does not parse, is an error naming the file (and line and
    /// column for a parse error).
    package static func overriding(withDirectory directory: String) throws -> TemplateSet {
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
            let path = PathText.joining(directory, file)
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
        return try TemplateSet(sources: sources, vocabulary: TemplateField.vocabulary)
    }
}
