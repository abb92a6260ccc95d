/// Shared models: an inline schema written out the same way in many places (Stripe repeats
/// `{ enum: [active, inactive, pending] }` and `{ requested: boolean }` dozens of times) becomes one model rather than
/// one per place, which more than halves the models and lines of a large document's client and its compile time.
///
/// Two models are the same when they would generate the same Swift apart from their names: the same properties (names,
/// keys, types, documentation, examples), cases or variants, with the models they refer to the same in turn. Only
/// inline models merge; a component keeps its own name, and an inline model the same as a component becomes that
/// component. A merged model is named, in order of preference, after the component it is; after the words all its
/// places' names share at their start and their end (`…SetupFutureUsage` everywhere makes `SetupFutureUsage`), when
/// that keeps at least two words and is free; for an enumeration of one value, after that value; else after its
/// shortest place's name (``sharedName(for:kind:)``). Its own documentation is kept
/// where every place says the same, since a property keeps its own description either way.
extension OpenAPIDecoder {
    /// Merges the inline models that are the same, in the models and every endpoint of `spec` that refers to them.
    mutating func mergeSameInlineModels(in spec: inout Spec) {
        var renamed: [String: String] = [:]
        // Models a discriminator names keep their names: a discriminated union's variants stay distinct.
        var pinned: Set<String> = []
        for model in models {
            if case .oneOf(let oneOf) = model.kind {
                for value in oneOf.discriminator?.mapping ?? [] { pinned.insert(value.model.value) }
                if oneOf.discriminator != nil { pinned.formUnion(oneOf.variants.compactMap(\.modelName?.value)) }
            }
        }
        // Each round merges the models that are the same by then: first those that refer to no model, or to the
        // same ones; then those whose references the round before made the same. Only a model whose references were
        // renamed can newly match another, so a round reads only those; the rounds are as many as models nest.
        var referencedBy: [String: [Int]] = [:]
        for index in models.indices {
            for name in Self.references(of: models[index]) { referencedBy[name, default: []].append(index) }
        }
        // Models are grouped by a hash of their shape, and a group's members compared in full before they merge.
        var hashes = [Int?](repeating: nil, count: models.count)
        var byHash: [Int: [Int]] = [:]
        var dirty = Array(models.indices)
        for _ in 0..<Self.maximumDepth where !dirty.isEmpty {
            // A model whose hash changed stays listed under its old one until that list is next read, which keeps a
            // round linear in what it reads however large a list grows.
            var touched: [Int] = []
            var touchedSet: Set<Int> = []
            for index in dirty where renamed[models[index].name.value] == nil {
                var sink = HashingSink()
                Self.shape(of: models[index], renamed: renamed, into: &sink)
                let key = sink.hasher.finalize()
                hashes[index] = key
                byHash[key, default: []].append(index)
                if byHash[key, default: []].count > 1, touchedSet.insert(key).inserted { touched.append(key) }
            }
            var newlyRenamed: [String] = []
            for key in touched {
                let live = Set(byHash[key, default: []]).filter {
                    hashes[$0] == key && renamed[models[$0].name.value] == nil
                }.sorted()
                byHash[key] = live
                guard live.count > 1 else { continue }
                // Equal hashes, compared in full: almost always one group.
                var groups: [(shape: [String?], members: [Int])] = []
                for index in live {
                    var sink = CollectingSink()
                    Self.shape(of: models[index], renamed: renamed, into: &sink)
                    if let group = groups.firstIndex(where: { $0.shape == sink.parts }) {
                        groups[group].members.append(index)
                    } else {
                        groups.append((sink.parts, [index]))
                    }
                }
                for group in groups where group.members.count > 1 {
                    newlyRenamed += merge(group.members, pinned: pinned, renamed: &renamed)
                }
                byHash[key] = live.filter { renamed[models[$0].name.value] == nil }
            }
            var next: Set<Int> = []
            for name in newlyRenamed { next.formUnion(referencedBy[name] ?? []) }
            dirty = next.sorted()
        }
        guard !renamed.isEmpty else { return }
        renamed = Self.resolvingChains(renamed)
        let kept = models.filter { renamed[$0.name.value] == nil }.map { Self.renaming($0, renamed) }
        replaceModels(with: kept)
        // An OpenAPI document's types stand in its models and its operations alone (it has no API-wide errors or
        // parameters), so those are all there is to rename.
        spec.namespaces = spec.namespaces.map { namespace in
            var copy = namespace
            copy.endpoints = namespace.endpoints.map { Self.renaming($0, renamed) }
            return copy
        }
    }

    /// Merges models of the same shape (indices into ``models``, in order): inline ones into the component among
    /// them, else into one of them under a shared name. The names merged away.
    private mutating func merge(_ members: [Int], pinned: Set<String>, renamed: inout [String: String]) -> [String] {
        let names = members.map { models[$0].name.value }
        let inline = names.filter { componentByModelName[$0] == nil && !pinned.contains($0) }
        let component = names.first { componentByModelName[$0] != nil }
        guard inline.count >= (component == nil ? 2 : 1) else { return [] }
        let target: String
        if let component {
            target = component
        } else {
            // One place's model stays, under the shared name, with what every place says of it.
            let inlineNames = Set(inline)
            let documentation = Self.commonDocumentation(
                members.filter { inlineNames.contains(models[$0].name.value) }.map { models[$0].documentation })
            target = sharedName(for: inline, kind: models[members[0]].kind)
            let keeper = members[names.firstIndex(of: target) ?? names.firstIndex(of: inline[0]) ?? 0]
            renameModel(at: keeper, to: target, documentation: documentation)
        }
        let merged = inline.filter { $0 != target }
        for name in merged { renamed[name] = target }
        return merged
    }

    /// The name of a merged group of inline models: the words their names share at the start and at the end
    /// (`SetupFutureUsage`), when the end is more than an `OptionN` and the name is free and at least two words; for
    /// an enumeration of one value, that name or the shared end followed by the value (`SetupFutureUsageNone`,
    /// `ObjectList`, `Empty` for `enum: [""]`), when free; else the shortest name, the first of those as long.
    private mutating func sharedName(for names: [String], kind: ModelDefinition.Kind) -> String {
        let words = names.map(Self.words)
        let prefix = Self.commonPrefix(words)
        let suffix = Array(Self.commonPrefix(words.map { $0.reversed() }).reversed())
        let fewestWords = words.map(\.count).min() ?? 0
        let shortest = names.min { $0.count < $1.count } ?? names[0]
        let meaningful = suffix.contains { !Self.isPlaceWord($0) }
        // Shared words that make a whole name: that name is the shortest, and says it all.
        if meaningful, prefix.count + suffix.count >= fewestWords { return shortest }
        if meaningful, prefix.count + suffix.count >= 2, let name = claim((prefix + suffix).joined()) { return name }
        if case .enumeration(let cases) = kind, cases.count == 1 {
            let value = cases[0].value.value.isEmpty ? "Empty" : SwiftName.typeName(cases[0].value.value)
            if let name = claim((meaningful ? suffix.joined() : "") + value) { return name }
        }
        return shortest
    }

    /// `name`, taken for a merged model, if no model has it and it names no built-in type.
    private mutating func claim(_ name: String) -> String? {
        let swiftName = SwiftName.typeName(name)
        guard !name.isEmpty, name.first?.isLetter == true, !modelNames.contains(swiftName),
            BuiltinType.named(name) == nil, name != "Expandable", swiftName != GeneratedNames.models
        else { return nil }
        modelNames.insert(swiftName)
        return name
    }

    /// Whether a word only says where a schema stood (`Option2`, `Item`, `Value`), not what it is.
    private static func isPlaceWord(_ word: Substring) -> Bool {
        if word == "Item" || word == "Value" { return true }
        return word.hasPrefix("Option") && word.dropFirst(6).allSatisfy(\.isNumber)
    }

    /// A model name's words: `PostCustomersAddressOption1` is `Post`, `Customers`, `Address`, `Option1`. A word
    /// starts at a capital letter after a small letter or digit.
    private static func words(_ name: String) -> [Substring] {
        var words: [Substring] = []
        var start = name.startIndex
        var previousEndsWord = false
        for index in name.utf8.indices {
            let byte = name.utf8[index]
            let isCapital = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            if isCapital, previousEndsWord {
                words.append(name[start..<index])
                start = index
            }
            // Bytes of other scripts neither start nor end words: names made here are ASCII.
            previousEndsWord =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        if start < name.endIndex { words.append(name[start...]) }
        return words
    }

    private static func commonPrefix<Words: Collection>(_ lists: [Words]) -> [Words.Element]
    where Words.Element: Equatable {
        guard let first = lists.first else { return [] }
        var common = Array(first)
        for list in lists.dropFirst() {
            let shared = zip(common, list).prefix { $0 == $1 }.count
            common.removeLast(common.count - shared)
        }
        return common
    }

    /// The documentation every place gives, or none where they differ (deprecated only where every place is).
    private static func commonDocumentation(_ all: [Documentation]) -> Documentation {
        guard let first = all.first else { return Documentation() }
        let same = all.allSatisfy {
            $0.summary?.value == first.summary?.value && $0.description?.value == first.description?.value
        }
        if same { return first }
        return Documentation(isDeprecated: all.allSatisfy(\.isDeprecated))
    }

    // MARK: Signatures

    /// What a model generates, apart from its name and its own documentation, with the models it refers to under
    /// the names they take, part by part into `sink`.
    private static func shape<Sink: ShapeSink>(
        of model: ModelDefinition, renamed: [String: String], into sink: inout Sink
    ) {
        func add(_ reference: TypeReference) {
            guard let expression = reference.expression else { return sink.add("!" + reference.text.value) }
            guard expression.hasModel else { return sink.add(reference.text.value) }
            sink.add(
                expression.renamingModels {
                    let name = resolved($0, renamed)
                    return name == model.name.value ? "\u{2}Self" : name
                }.description)
        }
        func add(_ documentation: Documentation) {
            sink.add(documentation.summary?.value)
            sink.add(documentation.description?.value)
            sink.add(documentation.isDeprecated ? "deprecated" : nil)
        }
        for base in model.extends { sink.add(resolved(base.value, renamed)) }
        switch model.kind {
        case .enumeration(let cases):
            sink.add(model.isIntegerEnumeration ? "\u{3}integers" : "\u{3}strings")
            for enumCase in cases {
                sink.add(enumCase.value.value)
                sink.add(enumCase.name?.value)
                sink.add(enumCase.isInteger ? "integer" : nil)
                add(enumCase.documentation)
            }
        case .object(let properties):
            sink.add("\u{3}object")
            for property in properties {
                sink.add(property.name.value)
                sink.add(property.key?.value)
                add(property.type)
                add(property.documentation)
                sink.add(property.nullable.map { "\($0.value)" })
                sink.add(property.defaultValue?.value)
                sink.add(property.example?.value)
                sink.add(property.dateFormat?.value.rawValue)
                sink.add(property.encoding?.value.rawValue)
                sink.add(property.arrayFormat?.value.rawValue)
            }
        case .oneOf(let oneOf):
            sink.add("\u{3}union")
            for variant in oneOf.variants {
                add(variant.type)
                sink.add(variant.name?.value)
                sink.add(variant.dateFormat?.value.rawValue)
            }
            if let discriminator = oneOf.discriminator {
                sink.add(discriminator.property.value)
                for value in discriminator.mapping {
                    sink.add(value.value.value)
                    sink.add(resolved(value.model.value, renamed))
                }
            }
        }
    }

    /// The model names a model refers to: in its properties' or variants' types, its bases, its discriminator.
    private static func references(of model: ModelDefinition) -> [String] {
        var names = model.extends.map(\.value)
        switch model.kind {
        case .enumeration:
            break
        case .object(let properties):
            for property in properties { names += property.type.expression?.modelNames ?? [] }
        case .oneOf(let oneOf):
            for variant in oneOf.variants { names += variant.type.expression?.modelNames ?? [] }
            names += oneOf.discriminator?.mapping.map(\.model.value) ?? []
        }
        return names
    }

    /// The name `name` finally takes: a merged model's target may itself merge in a later round.
    private static func resolved(_ name: String, _ renamed: [String: String]) -> String {
        var current = name
        while let next = renamed[current], next != current { current = next }
        return current
    }

    private static func resolvingChains(_ renamed: [String: String]) -> [String: String] {
        var resolvedNames: [String: String] = [:]
        for (name, _) in renamed {
            let target = resolved(name, renamed)
            if target != name { resolvedNames[name] = target }
        }
        return resolvedNames
    }

    // MARK: Renaming

    private static func renaming(_ reference: TypeReference, _ renamed: [String: String]) -> TypeReference {
        guard let expression = reference.expression, expression.modelNames.contains(where: { renamed[$0] != nil })
        else { return reference }
        let new = expression.renamingModels { renamed[$0] ?? $0 }
        var copy = reference
        copy.expression = new
        copy.text.value = new.description
        return copy
    }

    private static func renaming(_ property: Property, _ renamed: [String: String]) -> Property {
        var copy = property
        copy.type = renaming(property.type, renamed)
        return copy
    }

    private static func renaming(_ model: ModelDefinition, _ renamed: [String: String]) -> ModelDefinition {
        var copy = model
        copy.extends = model.extends.map { Located(renamed[$0.value] ?? $0.value, at: $0.location) }
        switch model.kind {
        case .enumeration:
            break
        case .object(let properties):
            copy.kind = .object(properties.map { renaming($0, renamed) })
        case .oneOf(var oneOf):
            // Two variants that became the same model are one variant, tried where the first stood.
            var seen: Set<String> = []
            oneOf.variants = oneOf.variants.compactMap { variant in
                var renamedVariant = variant
                renamedVariant.type = renaming(variant.type, renamed)
                return seen.insert(renamedVariant.type.text.value).inserted ? renamedVariant : nil
            }
            if var discriminator = oneOf.discriminator {
                discriminator.mapping = discriminator.mapping.map { value in
                    var copy = value
                    copy.model.value = renamed[value.model.value] ?? value.model.value
                    return copy
                }
                oneOf.discriminator = discriminator
            }
            copy.kind = .oneOf(oneOf)
        }
        return copy
    }

    private static func renaming(_ endpoint: Endpoint, _ renamed: [String: String]) -> Endpoint {
        var copy = endpoint
        copy.parameters = endpoint.parameters.map { parameter in
            var renamedParameter = parameter
            renamedParameter.type = renaming(parameter.type, renamed)
            return renamedParameter
        }
        switch endpoint.body {
        case .value(let type)?:
            copy.body = .value(renaming(type, renamed))
        case .jsonFields(let fields, let location)?:
            copy.body = .jsonFields(fields.map { renaming($0, renamed) }, at: location)
        case .formFields(let fields, let location)?:
            copy.body = .formFields(fields.map { renaming($0, renamed) }, at: location)
        case .multipartFields(let fields, let location)?:
            copy.body = .multipartFields(fields.map { renaming($0, renamed) }, at: location)
        case .raw?, nil:
            break
        }
        copy.response = renaming(endpoint.response, renamed)
        copy.responseHeaders = endpoint.responseHeaders.map { header in
            var renamedHeader = header
            renamedHeader.type = renaming(header.type, renamed)
            return renamedHeader
        }
        copy.successStatuses = endpoint.successStatuses.map { status in
            var renamedStatus = status
            renamedStatus.type = renaming(status.type, renamed)
            return renamedStatus
        }
        copy.errors = endpoint.errors.map { error in
            var renamedError = error
            renamedError.type = renaming(error.type, renamed)
            return renamedError
        }
        return copy
    }
}

extension TypeExpression {
    /// Whether a model appears anywhere in the expression.
    var hasModel: Bool {
        switch self {
        case .builtin: return false
        case .model, .expandable: return true
        case .array(let inner), .dictionary(let inner), .optional(let inner): return inner.hasModel
        }
    }

    /// The expression with every model name passed through `rename`.
    func renamingModels(_ rename: (String) -> String) -> TypeExpression {
        switch self {
        case .builtin: return self
        case .model(let name): return .model(rename(name))
        case .expandable(let name): return .expandable(rename(name))
        case .array(let element): return .array(element.renamingModels(rename))
        case .dictionary(let value): return .dictionary(value.renamingModels(rename))
        case .optional(let wrapped): return .optional(wrapped.renamingModels(rename))
        }
    }
}

/// Where ``OpenAPIDecoder`` writes a model's shape: into a hash to group models, or as parts to compare them.
private protocol ShapeSink {
    mutating func add(_ part: String?)
}

private struct HashingSink: ShapeSink {
    var hasher = Hasher()
    mutating func add(_ part: String?) { hasher.combine(part) }
}

private struct CollectingSink: ShapeSink {
    var parts: [String?] = []
    mutating func add(_ part: String?) { parts.append(part) }
}
