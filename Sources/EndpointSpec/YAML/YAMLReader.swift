import EndpointGenSupport

/// Reads one YAML document into a ``YAMLNode`` tree, reporting every problem as a ``Diagnostic``.
///
/// Built directly on libyaml's event parser. Besides what libyaml checks, the reader rejects what a spec
/// never needs and a hostile file could abuse: duplicate keys, tags outside YAML's core schema, alias
/// expansion past a node budget ("billion laughs"), nesting past a depth limit, and streams with no document
/// or several. Anchors, aliases and merge keys (`<<: *defaults`) work within those bounds.
package struct YAMLReader: Sendable {
    /// Bounds that keep a hostile file from costing more than any real spec needs.
    package struct Limits: Sendable, Hashable {
        /// The most nodes the document may have once every alias is expanded.
        package var maximumNodeCount: Int
        /// The deepest nesting of sequences and mappings, aliases expanded.
        package var maximumDepth: Int
        /// The largest file, in bytes. A spec of 10,000 endpoints is about 2 MB.
        package var maximumFileSize: Int

        /// Creates limits.
        package init(maximumNodeCount: Int = 2_000_000, maximumDepth: Int = 512, maximumFileSize: Int = 32 << 20) {
            self.maximumNodeCount = maximumNodeCount
            self.maximumDepth = maximumDepth
            self.maximumFileSize = maximumFileSize
        }
    }

    /// What reading produced: the document, when it could be read, and the diagnostics.
    package struct Output: Sendable {
        /// The document's root node; nil when a problem stopped the reader.
        package var document: YAMLNode?
        /// Every problem found, in the order found.
        package var diagnostics: [Diagnostic]
    }

    /// The bounds in force.
    package var limits: Limits

    /// The smallest file that libyaml parses on a thread of its own while the tree is built on the calling
    /// thread. Below it, the thread costs more than it saves.
    package var parallelParsingSize: Int

    /// The default ``parallelParsingSize``: about 300 endpoints of a typical spec, or never when the process may
    /// use only one core.
    package static let defaultParallelParsingSize = availableCores > 1 ? 64 << 10 : Int.max

    /// Creates a reader with the given bounds.
    package init(limits: Limits = Limits(), parallelParsingSize: Int = defaultParallelParsingSize) {
        self.limits = limits
        self.parallelParsingSize = parallelParsingSize
    }

    /// Reads `text` (UTF-8, or UTF-16 with a byte order mark) as one YAML document.
    ///
    /// - Parameter file: the name to put in locations, as the user named the file.
    package func read(_ text: [UInt8], file: String) -> Output {
        guard text.count <= limits.maximumFileSize else {
            return Output(document: nil, diagnostics: [Self.tooLarge(limits: limits, file: file)])
        }
        var builder = YAMLTreeBuilder(file: file, limits: limits, text: text)
        let parser = LibYAMLEventParser()
        if text.count >= parallelParsingSize {
            parser.parseInParallel(text) { builder.handle($0) }
        } else {
            parser.parse(text) { builder.handle($0) }
        }
        return builder.finish()
    }

    /// Runs libyaml's event parser over `text` and throws the events away, building nothing: the floor that any
    /// reader on libyaml pays, for comparing the whole pipeline against (`endpointgen generate --timings`).
    ///
    /// - Returns: the number of events, or nil when the text is not valid YAML.
    package static func countEvents(in text: [UInt8]) -> Int? {
        LibYAMLEventParser().countEvents(text)
    }

    /// The error for a file over the size limit.
    static func tooLarge(limits: Limits, file: String) -> Diagnostic {
        .error(
            "the file has more than the \(limits.maximumFileSize) bytes a spec may have; split the API "
                + "into several specs", at: SourceLocation(file: file))
    }

    /// Reads a string as one YAML document.
    package func read(_ text: String, file: String) -> Output {
        read(Array(text.utf8), file: file)
    }
}
