import EndpointSpec

/// One file of generated Swift, in memory.
public struct GeneratedFile: Sendable, Hashable {
    /// The file name, without folders: `Shop+Models.swift`.
    public var name: String
    /// The file's text.
    public var contents: String

    /// Creates a file.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

/// Generates the Swift files for a valid spec: translate to view models, render with templates.
///
/// Pure: no disk access, and the same spec, file name and options give byte-identical files.
public struct CodeGenerator: Sendable {
    /// The templates in use.
    public var templates: TemplateSet

    /// Creates a generator with the given templates.
    public init(templates: TemplateSet) {
        self.templates = templates
    }

    /// The files for `spec`, named after `specPath`'s file name, in the order ``FileLayout`` lists them.
    public func generate(_ spec: Spec, specPath: String, options: GeneratorOptions = GeneratorOptions())
        -> [GeneratedFile]
    {
        let specFileName = specPath.split(separator: "/").last.map(String.init) ?? specPath
        let translator = Translator(spec: spec, specFileName: specFileName, options: options)
        let base = FileLayout.baseName(ofSpec: specPath)
        let count = options.fileCount

        var files = [
            GeneratedFile(
                name: FileLayout.mainFileName(base), contents: templates.render(translator.apiView(), template: "API"))
        ]
        var modelShards = Array(repeating: [ModelDefinition](), count: count)
        for model in spec.models {
            modelShards[FileLayout.shard(of: model.name.value, count: count)].append(model)
        }
        for (name, models) in zip(FileLayout.modelFileNames(base, count), modelShards) {
            files.append(
                GeneratedFile(
                    name: name, contents: templates.render(translator.modelsView(for: models), template: "Models")))
        }
        var endpointShards = Array(repeating: [(namespace: Namespace, endpoint: Endpoint)](), count: count)
        for namespace in spec.namespaces {
            for endpoint in namespace.endpoints {
                let shard = FileLayout.shard(of: "\(namespace.name.value).\(endpoint.name.value)", count: count)
                endpointShards[shard].append((namespace, endpoint))
            }
        }
        for (name, endpoints) in zip(FileLayout.endpointFileNames(base, count), endpointShards) {
            files.append(
                GeneratedFile(
                    name: name,
                    contents: templates.render(translator.endpointsView(for: endpoints), template: "Endpoints")))
        }
        return files
    }
}
