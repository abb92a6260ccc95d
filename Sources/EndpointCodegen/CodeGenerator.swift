import EndpointGenSupport
import EndpointSpec

/// One file of generated Swift, in memory.
package struct GeneratedFile: Sendable, Hashable {
    /// The file name, without folders: `Shop+Models.swift`.
    package var name: String
    /// The file's text as UTF-8, in the buffer it was rendered into: trimmed there, then compared and written
    /// from there without a copy (a generated file of a big API is megabytes). Nothing writes to it once it is
    /// here.
    private let storage: ByteBuffer

    /// The file's UTF-8 bytes (a copy).
    package var bytes: [UInt8] { Array(storage.bytes) }

    /// The file's text.
    package var contents: String { String(decoding: storage.bytes, as: UTF8.self) }

    /// Calls `body` with the file's bytes, valid only during the call.
    package func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(storage.bytes))
    }

    /// Creates a file from its text.
    package init(name: String, contents: String) {
        let storage = ByteBuffer(capacity: contents.utf8.count)
        storage.append(contents)
        self.init(name: name, rendered: storage)
    }

    /// Creates a file from its UTF-8 bytes.
    package init(name: String, bytes: [UInt8]) {
        let storage = ByteBuffer(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { storage.append($0) }
        self.init(name: name, rendered: storage)
    }

    /// A file whose bytes are the rendered buffer `storage`, which is not written to again.
    init(name: String, rendered storage: ByteBuffer) {
        self.name = name
        self.storage = storage
    }

    package static func == (lhs: GeneratedFile, rhs: GeneratedFile) -> Bool {
        lhs.name == rhs.name && lhs.storage.bytes.elementsEqual(rhs.storage.bytes)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(bytes: UnsafeRawBufferPointer(storage.bytes))
    }
}

/// Generates the Swift files for a valid spec: translate to view models, render with templates.
///
/// Pure: no disk access, and the same spec, file name and options give byte-identical files.
package struct CodeGenerator: Sendable {
    /// The templates in use.
    package var templates: TemplateSet

    /// Creates a generator with the given templates.
    package init(templates: TemplateSet) {
        self.templates = templates
    }

    /// The files for `spec`, named after `specPath`'s file name, in the order ``FileLayout`` lists them.
    ///
    /// Throws only when a template fails to render (a partial that includes itself without end).
    package func generate(_ spec: ResolvedSpec, specPath: String, options: GeneratorOptions = GeneratorOptions())
        throws(TemplateError) -> [GeneratedFile]
    {
        var phaseTimes = PhaseTimes()
        return try generate(spec, specPath: specPath, options: options, phaseTimes: &phaseTimes)
    }

    /// The files for `spec`, adding the time spent choosing names, grouping and building the file-level views
    /// (`translate`) and laying them out with the templates (`render`) to `phaseTimes`. Each model's and endpoint's
    /// own view is built as the template reaches it, so its time is part of `render`.
    package func generate(
        _ spec: ResolvedSpec, specPath: String, options: GeneratorOptions = GeneratorOptions(),
        phaseTimes: inout PhaseTimes
    ) throws(TemplateError) -> [GeneratedFile] {
        let planned = phaseTimes.measure("translate") { plan(spec, specPath: specPath, options: options) }
        let clock = ContinuousClock()
        let start = clock.now
        defer { phaseTimes.add("render", clock.now - start) }
        // Spread over several files, the files are shared out among the cores whole, each rendered by one thread,
        // rather than each long list being cut into chunks that are rendered apart and joined. With one file of
        // each kind, the models and the endpoints are split that way, so that both cores share each of them.
        guard planned.count > Self.filesOfOneFileLayout, availableCores > 1 else {
            return try planned.map { file throws(TemplateError) in try render(file, listsInParallel: true) }
        }
        let rendered = mapChunks(planned.count) { [self] index -> Result<GeneratedFile, TemplateError> in
            do throws(TemplateError) {
                return .success(try render(planned[index], listsInParallel: false))
            } catch {
                return .failure(error)
            }
        }
        // The first failure in file order, whichever thread met it first.
        return try rendered.map { result throws(TemplateError) in try result.get() }
    }

    /// The main file, one models file and one endpoints file.
    private static let filesOfOneFileLayout = 3

    private func render(_ file: PlannedFile, listsInParallel: Bool) throws(TemplateError) -> GeneratedFile {
        let bytes = try templates.render(
            file.view, template: file.template, capacity: file.expectedSize, listsInParallel: listsInParallel)
        let generated = GeneratedFile(name: file.name, rendered: bytes)
        if !file.requiredDeclarations.isEmpty, let path = templates.overridePath(of: file.template) {
            try Self.check(generated, declares: file.requiredDeclarations, template: path)
        }
        return generated
    }

    /// Refuses a user's template that leaves out, or renames, a declaration the other generated files refer to
    /// (`enum Models`, `let defaultErrors`, …): the output would not compile, far from the template's mistake.
    private static func check(
        _ file: GeneratedFile, declares required: [(declaration: String, field: String)], template path: String
    ) throws(TemplateError) {
        let text = file.contents
        func declares(_ declaration: String) -> Bool {
            // The name whole: `enum ModelsOld` does not declare `Models`.
            text.ranges(of: declaration).contains { range in
                guard range.upperBound < text.endIndex else { return true }
                let next = text[range.upperBound]
                return !(next.isLetter || next.isNumber || next == "_")
            }
        }
        for (declaration, field) in required where !declares(declaration) {
            throw TemplateError(
                message:
                    "the template renders no '\(declaration)' in \(file.name), which the other generated files refer "
                    + "to; declare it with the field that names it, {{\(field)}}, as the built-in template does",
                location: SourceLocation(file: path))
        }
    }

    /// One file before rendering: its name, its template, the view the template sees, and room for its bytes.
    private struct PlannedFile: Sendable {
        var name: String
        var template: String
        var view: any TemplateContext
        /// What the rendered file must declare, checked when a user's template renders it.
        var requiredDeclarations: [(declaration: String, field: String)] = []
        /// Bytes to reserve for the output up front: generously above what the built-in templates write (about
        /// 600 bytes per endpoint, and 3,300 per model of 8 properties without documentation), since room never
        /// written costs nothing (its pages are never touched) while each doubling of a full buffer copies all of it.
        var expectedSize: Int

        init(name: String, template: String, view: any TemplateContext, elements: Int = 0, bytesPerElement: Int = 0) {
            self.name = name
            self.template = template
            self.view = view
            expectedSize = Swift.max(1 << 16, elements * bytesPerElement)
        }
    }

    private func plan(_ spec: ResolvedSpec, specPath: String, options: GeneratorOptions) -> [PlannedFile] {
        let specFileName = specPath.split(separator: "/").last.map(String.init) ?? specPath
        let translator = Translator(spec: spec, specFileName: specFileName, options: options)
        let count = options.fileCount
        // The main file, then `count` models files, then `count` endpoints files.
        let names = FileLayout.fileNames(forSpec: specPath, fileCount: count)

        let api = translator.apiView()
        var files = [PlannedFile(name: names[0], template: "API", view: api)]
        files[0].requiredDeclarations = api.requiredDeclarations
        // Room for a little more than an even share, so that few shards grow as they fill.
        func share(of total: Int) -> Int { count == 1 ? total : total / count + total / (4 * count) + 4 }
        var modelShards = Array(repeating: [ResolvedModel](), count: count)
        for index in modelShards.indices { modelShards[index].reserveCapacity(share(of: spec.models.count)) }
        for model in spec.models {
            modelShards[FileLayout.shard(of: model.name.value, count: count)].append(model)
        }
        for (name, models) in zip(names[1...count], modelShards) {
            files.append(
                PlannedFile(
                    name: name, template: "Models", view: translator.modelsView(for: models), elements: models.count,
                    bytesPerElement: 8 << 10))
        }
        // Each file's endpoints by namespace, in spec order; one file holds the spec's namespaces as they are.
        var endpointShards = [spec.namespaces]
        if count > 1 {
            endpointShards = Array(repeating: [], count: count)
            for namespace in spec.namespaces {
                for endpoint in namespace.endpoints {
                    let shard = FileLayout.shard(
                        ofEndpoint: endpoint.name.value, in: namespace.name.value, count: count)
                    if endpointShards[shard].last?.name.value != namespace.name.value {
                        var part = namespace
                        part.endpoints = []
                        part.endpoints.reserveCapacity(share(of: namespace.endpoints.count))
                        endpointShards[shard].append(part)
                    }
                    endpointShards[shard][endpointShards[shard].count - 1].endpoints.append(endpoint)
                }
            }
        }
        for (name, namespaces) in zip(names[(count + 1)...], endpointShards) {
            files.append(
                PlannedFile(
                    name: name, template: "Endpoints", view: translator.endpointsView(for: namespaces),
                    elements: namespaces.reduce(0) { $0 + $1.endpoints.count }, bytesPerElement: 2 << 10))
        }
        return files
    }
}

extension APIView {
    /// What the API file must declare for the other files to compile, with the field that names each: checked
    /// when the `API` template is overridden.
    var requiredDeclarations: [(declaration: String, field: String)] {
        var required = [("enum \(modelsEnum)", "modelsEnum")]
        if hasServers { required.append(("enum \(serversEnum)", "serversEnum")) }
        if hasScopes { required += [("enum \(scopeEnum)", "scopeEnum"), ("enum \(accessEnum)", "accessEnum")] }
        if hasFailures { required.append(("enum \(failuresEnum)", "failuresEnum")) }
        if baseURL != nil { required.append(("let \(baseURLName)", "baseURLName")) }
        if hasConstantHeaders { required.append(("let \(constantHeadersName)", "constantHeadersName")) }
        if hasDefaultErrors { required.append(("let \(defaultErrorsName)", "defaultErrorsName")) }
        return required
    }
}
