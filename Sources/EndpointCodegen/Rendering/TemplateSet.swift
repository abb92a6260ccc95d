import EndpointSpec
import EndpointTemplates

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The templates code is rendered with: the embedded defaults, any of them replaced by a user's file.
package struct TemplateSet: Sendable {
    /// The template names, as file names without `.mustache`.
    package static var names: [String] { EmbeddedTemplates.all.keys.sorted() }

    let templates: [String: Template]
    let sources: [String: (text: String, path: String)]

    /// The file a user's template `name` came from; nil for a built-in one.
    package func overridePath(of name: String) -> String? {
        guard let path = sources[name]?.path, path != "<embedded>" else { return nil }
        return path
    }

    /// The embedded default templates.
    package static func defaults() throws -> TemplateSet {
        try TemplateSet(sources: EmbeddedTemplates.all.mapValues { ($0, "<embedded>") })
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
        return try TemplateSet(sources: sources)
    }

    /// Templates from their texts, each with the path errors should name (`<embedded>` for the built-in ones).
    init(sources: [String: (text: String, path: String)]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            let file = source.path == "<embedded>" ? "\(name).mustache" : source.path
            templates[name] = try Template(parsing: source.text, file: file)
        }
        // A partial naming no template is a typo; say so now rather than render nothing.
        for (_, template) in templates.sorted(by: { $0.key < $1.key }) {
            try Self.checkPartials(template.nodes, known: templates)
        }
        self.templates = templates
        self.sources = sources
    }

    private static func checkPartials(_ nodes: [Template.Node], known: [String: Template]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .partial(let name, _, let location) where known[name] == nil:
                throw TemplateError(
                    message:
                        "no template named '\(name)'; templates are \(known.keys.sorted().joined(separator: ", "))",
                    location: location)
            case .section(_, _, let body):
                try checkPartials(body, known: known)
            default:
                break
            }
        }
    }

    /// Renders the template `name` with `view` into UTF-8 bytes, with trailing spaces trimmed from every line and
    /// exactly one line break at the end; `capacity` bytes are reserved for the output to begin with. The bytes
    /// are trimmed where they were rendered and handed over in that buffer, which no one writes to again. With
    /// `listsInParallel` false the caller's thread renders it all, for a file rendered beside others.
    func render(
        _ view: some TemplateContext, template name: String, capacity: Int = 1 << 16, listsInParallel: Bool = true
    ) throws(TemplateError) -> ByteBuffer {
        guard let template = templates[name] else {
            throw TemplateError(message: "no template named '\(name)'", location: SourceLocation(file: name))
        }
        var renderer = TemplateRenderer(
            templates: templates, sources: sources, root: view, capacity: capacity, listsInParallel: listsInParallel)
        try renderer.render(template)
        renderer.output.trimTrailingSpaces()
        return renderer.output
    }
}
