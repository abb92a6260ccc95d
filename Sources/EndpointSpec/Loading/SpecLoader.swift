#if canImport(FoundationEssentials)
import EndpointGenSupport
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads a spec file: reads it, parses the YAML, decodes the spec and validates it, collecting every
/// diagnostic on the way. The first stage of the pipeline and the only one here that touches the disk.
package struct SpecLoader: Sendable {
    /// What loading produced.
    package struct Output: Sendable {
        /// The spec, when it has no errors (warnings allowed); nil otherwise.
        package var spec: Spec?
        /// The same spec resolved for code generation, when it has no errors.
        package var resolved: ResolvedSpec? = nil
        /// Every problem found, sorted by position, each once.
        package var diagnostics: [Diagnostic]
        /// Time spent reading the file (`read`), parsing the YAML (`parse`), decoding the spec (`decode`)
        /// and validating it (`validate`).
        package var phaseTimes = PhaseTimes()
        /// The size of the spec's text in bytes (0 when it could not be read).
        package var byteCount = 0
        /// For an OpenAPI document: how much of it mapped exactly.
        package var openAPI: OpenAPISummary? = nil
    }

    /// Bounds for the YAML reader.
    package var limits: YAMLReader.Limits

    /// Creates a loader.
    package init(limits: YAMLReader.Limits = YAMLReader.Limits()) {
        self.limits = limits
    }

    /// Loads the spec at `path`. Locations in diagnostics name the file as `path` is written.
    package func load(contentsOf path: String) -> Output {
        // Apple's Foundation reports through an `ObjCBool`, swift-foundation's through a `Bool`.
        #if canImport(Darwin)
        var isDirectoryFlag: ObjCBool = false
        #else
        var isDirectoryFlag = false
        #endif
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectoryFlag) else {
            return failure("cannot read '\(path)': no such file", file: path)
        }
        #if canImport(Darwin)
        let isDirectory = isDirectoryFlag.boolValue
        #else
        let isDirectory = isDirectoryFlag
        #endif
        guard !isDirectory else {
            return failure(Self.directoryMessage(path), file: path)
        }
        var phaseTimes = PhaseTimes()
        // At most one byte past the limit is read, so a huge file, a pipe or /dev/zero costs nothing.
        let bytes = phaseTimes.measure("read") { Self.readPrefix(path, upTo: limits.maximumFileSize + 1) }
        guard let bytes else {
            return failure("cannot read '\(path)'; check that you may read it", file: path)
        }
        guard bytes.count <= limits.maximumFileSize else {
            return Output(spec: nil, diagnostics: [YAMLReader.tooLarge(limits: limits, file: path)])
        }
        var output = load(bytes, file: path)
        phaseTimes.append(contentsOf: output.phaseTimes)
        output.phaseTimes = phaseTimes
        return output
    }

    /// Loads a spec from its text; `file` names it in diagnostics.
    package func load(_ text: [UInt8], file: String) -> Output {
        var phaseTimes = PhaseTimes()
        var read = phaseTimes.measure("parse") { YAMLReader(limits: limits).read(text, file: file) }
        var diagnostics = read.diagnostics
        var spec: Spec?
        var resolved: ResolvedSpec?
        var openAPI: OpenAPISummary?
        if read.document != nil {
            // The tree is taken out of `read`, so the closure holds the only reference and frees it as it returns:
            // freeing the tree is part of the decode phase's time rather than of no phase's.
            let decoded = phaseTimes.measure("decode") {
                guard let document = read.document.take() else { preconditionFailure("checked above") }
                // An OpenAPI document is a second front end to the same spec.
                if OpenAPIDecoder.isDocument(document) {
                    let decoded = OpenAPIDecoder.decode(document, file: file)
                    openAPI = decoded.summary
                    return (spec: decoded.spec, diagnostics: decoded.diagnostics)
                }
                return SpecDecoder.decode(document, file: file)
            }
            diagnostics += decoded.diagnostics
            if let decodedSpec = decoded.spec {
                // Resolving is part of the validate phase: it records what validation decided.
                resolved = phaseTimes.measure("validate") { () -> ResolvedSpec? in
                    let found = SpecValidator.validate(decodedSpec)
                    diagnostics += found
                    return diagnostics.containsErrors ? nil : SpecResolver.resolve(decodedSpec)
                }
                spec = decodedSpec
            }
        }
        diagnostics = Self.unique(diagnostics).sortedByLocation()
        // `resolved` exists only for a spec without errors; `spec` is dropped here for one with errors.
        return Output(
            spec: diagnostics.containsErrors ? nil : spec, resolved: resolved, diagnostics: diagnostics,
            phaseTimes: phaseTimes, byteCount: text.count, openAPI: openAPI)
    }

    /// Loads a spec from a string; `file` names it in diagnostics.
    package func load(_ text: String, file: String) -> Output {
        load(Array(text.utf8), file: file)
    }

    /// What to say when `path` names a directory: the YAML files it holds, as paths to give instead (the
    /// first few, sorted), or that it holds none.
    static func directoryMessage(_ path: String, shown: Int = 3) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let specs = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        guard !specs.isEmpty else {
            return "'\(path)' is a directory with no .yaml or .yml file in it; give the path of a spec file"
        }
        var listed = specs.prefix(shown).map { "'\(PathText.joining(path, $0))'" }.joined(separator: ", ")
        if specs.count > shown { listed += " (and \(specs.count - shown) more)" }
        let noun = specs.count == 1 ? "the spec file inside it" : "one of the spec files inside it"
        return "'\(path)' is a directory; give \(noun): \(listed)"
    }

    /// The first `count` bytes of the file at `path` (all of it when shorter); nil when it cannot be read.
    /// Reads in chunks, so a pipe or `/dev/zero` stops at `count`.
    private static func readPrefix(_ path: String, upTo count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        // A regular file's size is known: one allocation instead of doubling (and copying) as the chunks arrive.
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
            bytes.reserveCapacity(min(count, Int(status.st_size)))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < count {
            let want = min(chunk.count, count - bytes.count)
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, want) }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            // Zero bytes: the end of the file.
            if got == 0 { break }
            bytes.append(contentsOf: chunk[..<got])
        }
        return bytes
    }

    private func failure(_ message: String, file: String) -> Output {
        Output(spec: nil, diagnostics: [.error(message, at: SourceLocation(file: file))])
    }

    /// A node reached through several aliases is checked once per alias; its problems are reported once.
    private static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen: Set<Diagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }
    }
}
