import EndpointCodegen
import EndpointSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `endpointgen.yaml`: the options of `generate`, kept beside the specs so the plugins and the CLI agree.
///
/// ```yaml
/// access: package        # public (default), package or internal
/// files: 4               # spread models and endpoints over this many files each, or auto (the default)
/// templates: Templates   # a folder of template overrides, relative to this file
/// ```
struct GeneratorConfiguration {
    var access: GeneratorOptions.AccessLevel?
    var files: FileCount?
    var templates: String?

    static let keys = ["access", "files", "templates"]

    /// Reads the file; every problem is a diagnostic with its position.
    static func load(_ path: String) -> (GeneratorConfiguration?, [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [.error("cannot read the configuration '\(path)'", at: SourceLocation(file: path))])
        }
        let read = YAMLReader().read([UInt8](data), file: path)
        guard let root = read.document else { return (nil, read.diagnostics) }
        var diagnostics = read.diagnostics
        guard let entries = root.mappingEntries else {
            diagnostics.append(
                .error(
                    "expected a mapping with \(keys.joined(separator: ", ")), found \(root.kindDescription)",
                    at: root.location))
            return (nil, diagnostics)
        }
        var configuration = GeneratorConfiguration()
        for entry in entries {
            let value = entry.value.scalar?.value
            switch entry.key {
            case "access":
                if let level = value.flatMap(GeneratorOptions.AccessLevel.init(rawValue:)) {
                    configuration.access = level
                } else {
                    diagnostics.append(.error("'access' takes public, package or internal", at: entry.value.location))
                }
            case "files":
                if let count = value.flatMap(FileCount.init(argument:)) {
                    configuration.files = count
                } else {
                    diagnostics.append(
                        .error("'files' takes auto or a whole number from 1 to 256", at: entry.value.location))
                }
            case "templates":
                if let folder = value, !folder.isEmpty {
                    configuration.templates =
                        folder.hasPrefix("/") ? folder : PathText.joining(PathText.directory(of: path), folder)
                } else {
                    diagnostics.append(.error("'templates' takes a folder path", at: entry.value.location))
                }
            default:
                let hint =
                    keys.first { $0.lowercased() == entry.key.lowercased() || $0.hasPrefix(entry.key.prefix(3)) }
                    .map { "; did you mean '\($0)'?" } ?? "; the keys are \(keys.joined(separator: ", "))"
                diagnostics.append(
                    .error("unknown key '\(entry.key)' in the configuration\(hint)", at: entry.keyLocation))
            }
        }
        return (diagnostics.containsErrors ? nil : configuration, diagnostics)
    }
}
