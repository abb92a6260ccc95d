import EndpointSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A set of parsed templates that may include each other as partials, and the names their view models answer to.
package struct TemplateSet: Sendable {
    let templates: [String: Template]
    let sources: [String: (text: String, path: String)]
    let vocabulary: TemplateVocabulary

    /// The file the template `name` came from; nil for one given as text (`<embedded>`).
    package func overridePath(of name: String) -> String? {
        guard let path = sources[name]?.path, path != "<embedded>" else { return nil }
        return path
    }

    /// Templates from their texts, each with the path errors should name (`<embedded>` for the built-in ones), their
    /// names resolved in `vocabulary`.
    init(sources: [String: (text: String, path: String)], vocabulary: TemplateVocabulary = .none) throws(TemplateError)
    {
        var templates: [String: Template] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            let file = source.path == "<embedded>" ? "\(name).mustache" : source.path
            templates[name] = try Template(parsing: source.text, file: file, vocabulary: vocabulary)
        }
        // A partial naming no template is a typo; say so now rather than render nothing.
        for (_, template) in templates.sorted(by: { $0.key < $1.key }) {
            try Self.checkPartials(template.nodes, known: templates)
        }
        self.templates = templates
        self.sources = sources
        self.vocabulary = vocabulary
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
            templates: templates, sources: sources, vocabulary: vocabulary, root: view, capacity: capacity,
            listsInParallel: listsInParallel)
        try renderer.render(template)
        renderer.output.trimTrailingSpaces()
        return renderer.output
    }
}
