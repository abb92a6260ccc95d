/// Schemas: `components.schemas` become models (objects, enums, unions); any other schema becomes a type in the
/// spec's own grammar (`String`, `[Pet]`, `[String: Int]`, `Date`), with a model of its own for an inline object,
/// enum or union, named after where it stands (`PetCategory`).
extension OpenAPIDecoder {
    /// Where a schema is used, which decides how a binary string reads.
    enum SchemaContext {
        case json
        /// A multipart field: a binary string is a file (`Upload`).
        case multipart
    }

    /// Names every component schema that becomes a model, then defines them, so `$ref`s between them resolve.
    mutating func readComponentSchemas() {
        guard let entries = field(field(root, "components"), "schemas")?.mappingEntries else { return }
        for entry in entries {
            componentSchemas[entry.key] = entry.value
        }
        for entry in entries {
            guard let schema = resolvedQuietly(entry.value), becomesModel(schema) else { continue }
            let name = uniqueModelName(entry.key)
            componentModelNames[entry.key] = name
            componentByModelName[name] = entry.key
        }
        for entry in entries {
            guard let name = componentModelNames[entry.key], let schema = resolvedQuietly(entry.value) else { continue }
            if let model = model(named: name, at: entry.keyLocation, schema: schema, depth: 0) { addModel(model) }
        }
    }

    /// The target of a component's `$ref` alias, without reporting: the report comes where the component is used.
    func resolvedQuietly(_ node: YAMLNode) -> YAMLNode? {
        var copy = self
        return copy.resolved(node)
    }

    /// Whether a schema needs a model of its own: an object with properties, an enum, a union, or a composition.
    func becomesModel(_ schema: YAMLNode) -> Bool {
        if field(schema, "enum") != nil {
            // Strings and integers make enums; `deleted: { type: boolean, enum: [true] }` is a Bool, a number enum a
            // Double, whatever values they list.
            let type = typeName(schema)
            return (type == nil || type == "string" || type == "integer") && !isNullOnlyEnum(schema)
        }
        if let variants = (field(schema, "oneOf") ?? field(schema, "anyOf"))?.sequenceItems {
            return variants.filter { !isNullSchema($0) }.count >= 2
        }
        if field(schema, "allOf") != nil { return true }
        if let properties = field(schema, "properties")?.mappingEntries { return !properties.isEmpty }
        return false
    }

    /// `{ type: "null" }` (3.1) or an `enum` of null alone: a variant that only says a value may be null.
    func isNullSchema(_ schema: YAMLNode) -> Bool {
        text(field(schema, "type")) == "null" || (field(schema, "enum") != nil && isNullOnlyEnum(schema))
    }

    private func isNullOnlyEnum(_ schema: YAMLNode) -> Bool {
        (field(schema, "enum")?.sequenceItems ?? []).allSatisfy { $0.isNull }
    }

    /// A model name from a schema's name or place: the name itself where the spec format takes it, else its Swift
    /// type name; never a built-in type's name, and never one taken.
    mutating func uniqueModelName(_ wanted: String) -> String {
        // ASCII names are checked byte by byte; only others ask Unicode whether a character is a letter.
        let allowed =
            !wanted.isEmpty
            && (wanted.utf8.allSatisfy(Self.isModelNameByte)
                || wanted.unicodeScalars.allSatisfy {
                    $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "."
                })
        var base = allowed ? wanted : SwiftName.typeName(wanted)
        if base.isEmpty { base = "Model" }
        if BuiltinType.named(base) != nil || base == "Expandable" { base += "Model" }
        var name = base
        var suffix = 2
        while modelNames.contains(SwiftName.typeName(name)) || SwiftName.typeName(name) == GeneratedNames.models {
            name = "\(base)\(suffix)"
            suffix += 1
        }
        modelNames.insert(SwiftName.typeName(name))
        return name
    }

    /// An ASCII letter, digit, `_`, `-` or `.`: what a model name may hold.
    private static func isModelNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    // MARK: Models

    /// The model a schema defines: an enumeration, a union, or an object (with the properties of what it
    /// composes with `allOf`).
    mutating func model(named name: String, at location: SourceLocation, schema: YAMLNode, depth: Int)
        -> ModelDefinition?
    {
        let located = Located(name, at: location)
        let documentation = self.documentation(schema)
        noteUnusedKeywords(schema)
        if let values = field(schema, "enum")?.sequenceItems {
            var model = ModelDefinition(name: located, kind: .enumeration([]), documentation: documentation)
            let nonNull = values.filter { !$0.isNull }
            let isInteger = text(field(schema, "type")) == "integer"
            // Values whose Swift names would collide (`1` and `-1`, `a-b` and `a_b`) get a name of their own.
            var caseNames: Set<String> = []
            var seenValues: Set<String> = []
            model.kind = .enumeration(
                nonNull.enumerated().compactMap { index, item -> EnumCase? in
                    guard let value = text(item) else {
                        approximate(
                            "an enum value that is not a string or number is left out of '\(name)'", at: item.location)
                        return nil
                    }
                    guard seenValues.insert(value).inserted else { return nil }
                    var enumCase = EnumCase(value: Located(value, at: item.location))
                    enumCase.isInteger = isInteger && Int(value) != nil
                    var caseName = SwiftName.enumCaseName(value)
                    if caseName.isEmpty || caseNames.contains(caseName) {
                        caseName = "value\(index + 1)"
                        while caseNames.contains(caseName) { caseName += "_" }
                        enumCase.name = Located(caseName, at: item.location)
                    }
                    caseNames.insert(caseName)
                    return enumCase
                })
            model.isIntegerEnumeration = isInteger && nonNull.allSatisfy { text($0).flatMap { Int($0) } != nil }
            if !model.isIntegerEnumeration, case .enumeration(var cases) = model.kind {
                for index in cases.indices { cases[index].isInteger = false }
                model.kind = .enumeration(cases)
            }
            return model
        }
        if let variants = (field(schema, "oneOf") ?? field(schema, "anyOf"))?.sequenceItems {
            return union(named: located, variants: variants, schema: schema, depth: depth)
        }
        var extends: [Located<String>] = []
        var properties: [Property] = []
        var required = requiredNames(schema)
        if let parts = field(schema, "allOf")?.sequenceItems {
            for part in parts {
                if let reference = field(part, "$ref"), let target = text(reference),
                    let component = componentName(target), let base = componentModelNames[component],
                    let baseSchema = componentSchemas[component].flatMap({ resolvedQuietly($0) }),
                    field(baseSchema, "oneOf") == nil, field(baseSchema, "anyOf") == nil,
                    field(baseSchema, "enum") == nil
                {
                    extends.append(Located(base, at: reference.location))
                } else if let resolvedPart = resolved(part) {
                    required.formUnion(requiredNames(resolvedPart))
                    properties += self.properties(of: resolvedPart, owner: name, required: required, depth: depth)
                }
            }
        }
        properties += self.properties(of: schema, owner: name, required: required, depth: depth)
        // One property per JSON key; two keys whose Swift names are the same (`user_id` and `userId`) keep their keys
        // and the second gets a name of its own.
        var seen: Set<String> = []
        var swiftNames: Set<String> = []
        properties = properties.filter { seen.insert($0.name.value).inserted }.map { property in
            var renamed = property
            var swift = SwiftName.memberName(property.name.value)
            if swiftNames.contains(swift) {
                var suffix = 2
                while swiftNames.contains(swift + "\(suffix)") { suffix += 1 }
                renamed.key = property.name
                renamed.name = Located(swift + "\(suffix)", at: property.name.location)
                swift += "\(suffix)"
            }
            swiftNames.insert(swift)
            return renamed
        }
        var model = ModelDefinition(name: located, kind: .object(properties), documentation: documentation)
        model.extends = extends
        return model
    }

    private func requiredNames(_ schema: YAMLNode) -> Set<String> {
        Set((field(schema, "required")?.sequenceItems ?? []).compactMap { text($0) })
    }

    /// The properties of an object schema; optional unless `required` names them.
    mutating func properties(of schema: YAMLNode, owner: String, required: Set<String>, depth: Int) -> [Property] {
        guard let entries = field(schema, "properties")?.mappingEntries else { return [] }
        return entries.compactMap { entry in
            guard let propertySchema = resolved(entry.value) else { return nil }
            let type = typeReference(
                entry.value, hint: SwiftName.typeName(owner) + SwiftName.typeName(entry.key), depth: depth + 1,
                context: .json,
                optional: !required.contains(entry.key))
            var property = Property(
                name: Located(entry.key, at: entry.keyLocation), type: type,
                documentation: documentation(propertySchema))
            if type.expression?.isDateOrDates == true { property.dateFormat = unixFormat(propertySchema) }
            // A scalar example becomes the property's example, checked against its type once every model exists;
            // without `example`, the first item of JSON Schema's `examples` list (OpenAPI 3.1) stands in.
            if let example = field(propertySchema, "example") ?? field(entry.value, "example"),
                let value = text(example)
            {
                property.example = Located(value, at: example.location)
            } else if let example = (field(propertySchema, "examples") ?? field(entry.value, "examples"))?
                .sequenceItems?.first, let value = text(example)
            {
                property.example = Located(value, at: example.location)
                examplesFromLists.insert(example.location)
            }
            return property
        }
    }

    /// A union: `oneOf` or `anyOf`, with its discriminator where every variant is an object model.
    private mutating func union(named name: Located<String>, variants: [YAMLNode], schema: YAMLNode, depth: Int)
        -> ModelDefinition?
    {
        var types: [OneOfVariant] = []
        var seen: Set<String> = []
        var allObjectModels = true
        for (index, variant) in variants.enumerated() where !isNullSchema(variant) {
            let type = typeReference(
                variant, hint: name.value + "Option\(index + 1)", depth: depth + 1, context: .json, optional: false)
            guard let expression = type.expression else { continue }
            if case .model(let model) = expression, models(named: model) {
                // An object model keeps the discriminator possible.
            } else {
                allObjectModels = false
            }
            if expression == .builtin(.json) || expression.isOptional {
                approximate(
                    "a variant of '\(name.value)' that could be anything is left out; values no variant reads are kept "
                        + "in its 'unknown' case", at: variant.location)
                continue
            }
            guard seen.insert(expression.description).inserted else { continue }
            var oneOfVariant = OneOfVariant(type: type)
            if expression.isDateOrDates, let schema = resolved(variant) { oneOfVariant.dateFormat = unixFormat(schema) }
            types.append(oneOfVariant)
        }
        guard types.count >= 2 else {
            // One variant left: the union is that type, as an object with its properties where it is a model.
            if let only = types.first, case .model(let target)? = only.type.expression {
                if let definition = madeModel(named: target) {
                    var model = ModelDefinition(name: name, kind: definition.kind, documentation: documentation(schema))
                    model.extends = definition.extends
                    model.isIntegerEnumeration = definition.isIntegerEnumeration
                    return model
                }
                // A component not defined yet: an object that has its properties, when it is an object.
                if models(named: target) {
                    var model = ModelDefinition(name: name, kind: .object([]), documentation: documentation(schema))
                    model.extends = [Located(target, at: only.type.text.location)]
                    return model
                }
            }
            approximate(
                "'\(name.value)' has fewer than two usable variants; it is generated as an object with no properties",
                at: name.location)
            return ModelDefinition(name: name, kind: .object([]), documentation: documentation(schema))
        }
        // A string enum beside `String` adds nothing a `String` does not read (enums keep unknown values), and would
        // never be chosen after it: `String` alone is exact.
        // A union of `String` and string enums alone is an open enum of their values, exactly.
        if types.contains(where: { $0.type.expression == .builtin(.string) }) {
            var cases: [EnumCase] = []
            types.removeAll { variant in
                guard case .model(let model)? = variant.type.expression,
                    let enumeration = madeModel(named: model),
                    case .enumeration(let values) = enumeration.kind, !enumeration.isIntegerEnumeration
                else { return false }
                cases += values
                return true
            }
            if types.count == 1 {
                var seen: Set<String> = []
                var names: Set<String> = []
                let merged = cases.filter { seen.insert($0.value.value).inserted }.map { enumCase -> EnumCase in
                    var renamed = enumCase
                    var caseName = SwiftName.enumCaseName(enumCase.name?.value ?? enumCase.value.value)
                    if caseName.isEmpty || names.contains(caseName) {
                        caseName = "value\(names.count + 1)"
                        while names.contains(caseName) { caseName += "_" }
                        renamed.name = Located(caseName, at: enumCase.value.location)
                    }
                    names.insert(caseName)
                    return renamed
                }
                return ModelDefinition(name: name, kind: .enumeration(merged), documentation: documentation(schema))
            }
        }
        // `anyOf` means any that matches, so an integer variant goes before a number one, where both read the same
        // JSON; the order stays otherwise.
        let ranked = types.enumerated().sorted { lhs, rhs in
            let (left, right) = (variantRank(lhs.element), variantRank(rhs.element))
            return left != right ? left < right : lhs.offset < rhs.offset
        }
        var oneOf = OneOf(variants: ranked.map(\.element))
        if let discriminator = field(schema, "discriminator"), let property = field(discriminator, "propertyName"),
            let propertyName = text(property)
        {
            // Each variant that declares the property must make it text (a string or a string enum).
            let textual = variants.allSatisfy { variant in
                guard let schema = resolved(variant),
                    let declared = discriminatorPropertySchema(propertyName, in: schema, depth: 0)
                else { return true }
                let type = text(field(declared, "type"))
                return type == nil || type == "string"
            }
            if allObjectModels && !textual {
                approximate(
                    "the discriminator '\(propertyName)' of '\(name.value)' is not text in every variant; the variants "
                        + "are tried in order instead", at: discriminator.location)
            } else if allObjectModels {
                var mapping: [DiscriminatorValue] = []
                for entry in field(discriminator, "mapping")?.mappingEntries ?? [] {
                    guard let target = text(entry.value), let model = modelName(forReference: target) else { continue }
                    mapping.append(
                        DiscriminatorValue(
                            value: Located(entry.key, at: entry.keyLocation),
                            model: Located(model, at: entry.value.location)))
                }
                oneOf.discriminator = Discriminator(
                    property: Located(propertyName, at: property.location), mapping: mapping)
            } else {
                approximate(
                    "the discriminator of '\(name.value)' is not used, since not every variant is an object model; the "
                        + "variants are tried in order", at: discriminator.location)
            }
        }
        return ModelDefinition(name: name, kind: .oneOf(oneOf), documentation: documentation(schema))
    }

    /// The schema of property `name` of an object schema, through its `allOf` parts; nil when it has none.
    private mutating func discriminatorPropertySchema(_ name: String, in schema: YAMLNode, depth: Int) -> YAMLNode? {
        guard depth < Self.maximumDepth else { return nil }
        if let property = field(field(schema, "properties"), name) { return resolved(property) }
        for part in field(schema, "allOf")?.sequenceItems ?? [] {
            guard let resolvedPart = resolved(part) else { continue }
            if let found = discriminatorPropertySchema(name, in: resolvedPart, depth: depth + 1) { return found }
        }
        return nil
    }

    /// 0 for most variants, 1 for a `Double` or `Float`, so an integer variant is tried first and reachable.
    private func variantRank(_ variant: OneOfVariant) -> Int {
        switch variant.type.expression {
        case .builtin(.double)?, .builtin(.float)?: return 1
        case .builtin(.string)?: return 0
        default: return 0
        }
    }

    /// Whether `name` is, or will be, an object model (a component with properties).
    private func models(named name: String) -> Bool {
        guard let component = componentByModelName[name],
            let schema = componentSchemas[component].flatMap({ resolvedQuietly($0) })
        else { return madeModel(named: name).map { !isUnionOrEnum($0) } ?? false }
        return field(schema, "enum") == nil && field(schema, "oneOf") == nil && field(schema, "anyOf") == nil
    }

    private func isUnionOrEnum(_ model: ModelDefinition) -> Bool {
        if case .object = model.kind { return false }
        return true
    }

    /// The component a `#/components/schemas/Name` reference names.
    func componentName(_ reference: String) -> String? {
        let prefix = "#/components/schemas/"
        guard reference.hasPrefix(prefix) else { return nil }
        return Self.unescapedPointerToken(reference.dropFirst(prefix.count))
    }

    /// The model a component reference became, if it became one.
    func modelName(forReference reference: String) -> String? {
        componentName(reference).flatMap { componentModelNames[$0] }
    }

    // MARK: Types

    /// The type a schema stands for, as a ``TypeReference`` located at the schema, optional where asked or where
    /// the schema is nullable.
    mutating func typeReference(
        _ schema: YAMLNode, hint: @autoclosure () -> String, depth: Int, context: SchemaContext, optional: Bool
    ) -> TypeReference {
        var text = typeText(schema, hint: hint(), depth: depth, context: context)
        if optional || isNullable(schema), !text.hasSuffix("?") { text += "?" }
        let expression: TypeExpression?
        if case .success(let parsed) = TypeExpressionParser.parse(text) {
            expression = parsed
        } else {
            expression = nil
        }
        return TypeReference(text: Located(text, at: schema.location), expression: expression)
    }

    /// Whether a schema allows `null`: 3.0's `nullable: true`, or 3.1's `type: [T, "null"]`.
    func isNullable(_ schema: YAMLNode) -> Bool {
        if flag(field(schema, "nullable")) { return true }
        if let types = field(schema, "type")?.sequenceItems { return types.contains { text($0) == "null" } }
        return false
    }

    /// The schema's `type`, the non-null one of a 3.1 list.
    private func typeName(_ schema: YAMLNode) -> String? {
        if let types = field(schema, "type")?.sequenceItems {
            let named = types.compactMap { text($0) }.filter { $0 != "null" }
            return named.count == 1 ? named[0] : nil
        }
        return text(field(schema, "type"))
    }

    /// `format: unix-time` (or `x-endpointgen-dateFormat`): a date as Unix seconds.
    func unixFormat(_ schema: YAMLNode) -> Located<DateFormat>? {
        if let own = field(schema, "x-endpointgen-dateFormat"), let value = text(own).flatMap(DateFormat.init) {
            return Located(value, at: own.location)
        }
        if let format = field(schema, "format"), text(format) == "unix-time" {
            return Located(.unixSeconds, at: format.location)
        }
        return nil
    }

    /// The type text of a schema, without the outer `?`. A schema the format cannot express is `JSON`, with a
    /// warning saying so.
    ///
    /// `hint` names a model the schema needs (an inline object, enum or union); it is only worked out then, since
    /// spelling a name for every property of a large document is most of the cost of one that needs none.
    mutating func typeText(
        _ schema: YAMLNode, hint: @autoclosure () -> String, depth: Int, context: SchemaContext
    ) -> String {
        guard depth < Self.maximumDepth else {
            diagnostics.error(
                "schemas nest more than \(Self.maximumDepth) levels deep here; define the inner ones under "
                    + "'components/schemas'", at: schema.location)
            return "JSON"
        }
        noteUnusedKeywords(schema)
        if let reference = field(schema, "$ref"), let target = text(reference) {
            if let model = modelName(forReference: target) { return model }
            guard let resolvedSchema = resolved(schema) else { return "JSON" }
            let name = componentName(target).map(SwiftName.typeName) ?? hint()
            return typeText(resolvedSchema, hint: name, depth: depth + 1, context: context)
        }
        if let variants = (field(schema, "oneOf") ?? field(schema, "anyOf"))?.sequenceItems {
            let usable = variants.filter { !isNullSchema($0) }
            if usable.count == 1 { return typeText(usable[0], hint: hint(), depth: depth + 1, context: context) }
        }
        if becomesModel(schema) {
            // An inline object, enum or union: a model of its own, named after its place, once per schema.
            if let made = inlineModels[schema.location] { return made }
            let name = uniqueModelName(hint())
            inlineModels[schema.location] = name
            if let model = model(named: name, at: schema.location, schema: schema, depth: depth) { addModel(model) }
            return name
        }
        let format = text(field(schema, "format"))
        switch typeName(schema) {
        case "string":
            switch format {
            case "date-time": return "Date"
            case "uuid": return "UUID"
            case "uri", "url": return "URL"
            case "byte": return "Data"
            case "binary": return context == .multipart ? "Upload" : "Data"
            default: return "String"
            }
        case "integer":
            if unixFormat(schema) != nil { return "Date" }
            switch format {
            case "int32": return "Int32"
            case "int64": return "Int64"
            default: return "Int"
            }
        case "number":
            return format == "float" ? "Float" : "Double"
        case "boolean":
            return "Bool"
        case "array":
            guard let items = field(schema, "items") else { return "[JSON]" }
            let element = typeText(items, hint: hint() + "Item", depth: depth + 1, context: context)
            return "[\(element)]"
        case nil where (field(schema, "type")?.sequenceItems?.filter { text($0) != "null" }.count ?? 0) > 1:
            // OpenAPI 3.1's `type: [string, integer]`: several kinds of value, as a union would be.
            diagnostics.warning(
                "a value of several types ('\(field(schema, "type")?.sequenceItems?.compactMap { text($0) }.joined(separator: "', '") ?? "")') "
                    + "is read as any JSON; a 'oneOf' of them would generate a union", at: schema.location)
            return "JSON"
        case "object", nil:
            if let additional = field(schema, "additionalProperties"), additional.mappingEntries != nil,
                !(additional.mappingEntries?.isEmpty ?? true)
            {
                let value = typeText(additional, hint: hint() + "Value", depth: depth + 1, context: .json)
                return "[String: \(value)]"
            }
            return "JSON"
        case let other?:
            diagnostics.warning(
                "the schema type '\(other)' is not one OpenAPI defines; it is read as any JSON", at: schema.location)
            return "JSON"
        }
    }
}
