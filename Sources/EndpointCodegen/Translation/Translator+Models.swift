import EndpointSpec

/// Models: structs for objects, enums backed by strings or integers that keep unknown values, and enums over
/// the variants of a `oneOf` that keep unknown variants as JSON.
extension Translator {
    /// The models of one file. Their views are not built here: each is built when the template reaches it
    /// (``DeferredContextList``), so translating a model and rendering it are one step.
    func modelsView(for models: [ResolvedModel]) -> ModelsView {
        let errors = models.filter(\.isErrorModel).map { namer.qualifiedModel($0.name.value) }
        return ModelsView(
            file: fileView, container: "\(api).\(GeneratedNames.models)",
            models: DeferredContextList(count: models.count) { modelView(models[$0]) }, hasModels: !models.isEmpty,
            errorConformances: errors, errorProtocol: namer.swift("Error"))
    }

    func modelView(_ model: ResolvedModel) -> ModelView {
        switch model.kind {
        case .object(let properties):
            return ModelView(isStruct: true, isEnum: false, structView: structView(model, properties), enumView: nil)
        case .enumeration(let cases):
            return ModelView(isStruct: false, isEnum: true, structView: nil, enumView: enumView(model, cases))
        case .oneOf(let oneOf):
            var view = ModelView(isStruct: false, isEnum: false, structView: nil, enumView: nil)
            view.oneOfView = oneOfView(model, oneOf)
            return view
        }
    }

    private func documentation(_ documentation: Documentation) -> [String] {
        SwiftSource.docLines([
            documentation.summary?.value, documentation.description?.value,
            documentation.isDeprecated ? "- Warning: Deprecated." : nil,
        ])
    }

    private func structView(_ model: ResolvedModel, _ properties: [ResolvedProperty]) -> StructView {
        let name = namer.modelName(model.name.value)
        var propertyViews: [PropertyView] = []
        var parameters: [String] = []
        var codingKeys: [StructView.CodingKeyCase] = []
        propertyViews.reserveCapacity(properties.count)
        parameters.reserveCapacity(properties.count)
        codingKeys.reserveCapacity(properties.count)
        // The width of the parameters on one line: each parameter, and ", " between them.
        var parametersWidth = 2 * Swift.max(0, properties.count - 1)
        var needsCodingKeys = false
        let equality = namer.runtime("ModelEquality")
        for (index, property) in properties.enumerated() {
            let swiftName = property.swiftName
            let member = SwiftSource.identifier(swiftName)
            let expression = property.type
            // A nullable property is `Value??`: nil leaves it out of the JSON, `.null` writes null.
            let spelled = namer.type(expression, qualifyingModels: false)
            let type = property.isNullable ? spelled + "?" : spelled
            let optional = expression.isOptional
            let parameter = SwiftSource.parameter(label: member)
            let defaultValue =
                property.defaultValue.map { " = " + defaultLiteral($0, of: expression) } ?? (optional ? " = nil" : "")
            // Each parameter but the last with its comma, as the lines of a long list show them.
            let comma = index < properties.count - 1 ? "," : ""
            let parameterText = SwiftSource.concatenated(parameter.declaration, ": ", type, defaultValue, comma)
            parameters.append(parameterText)
            parametersWidth += SwiftSource.width(parameterText) - comma.utf8.count
            // The resolver decided which properties close a cycle of models (`SpecResolver.boxRecursiveProperties`).
            let boxed = property.isBoxed
            var view = PropertyView(
                name: member, type: type, wireName: property.wireName, isOptional: optional,
                docLines: documentation(property.documentation), isBoxed: boxed,
                declaration: SwiftSource.concatenated(access, "var ", member, ": ", type), storageDeclaration: "",
                getter: "", setter: "", assignment: SwiftSource.concatenated("self.", member, " = ", parameter.use),
                decoding: "", encoding: "", comparison: "")
            // The stored property, which the written-out `init(from:)`, `encode(to:)` and `==` read and write: its
            // name, and its type without the outer `?` when it is optional (coded `IfPresent`, as synthesized). A
            // nullable property keeps its own `?`, and a boxed one boxes it, so `.null` stays apart from nil.
            var keyName = member
            var storedType = namer.type(
                property.isNullable ? expression : expression.unwrapped, qualifyingModels: false)
            var storedIsOptional = optional || property.isNullable
            if boxed {
                let storage = "_\(swiftName)"
                let indirect = namer.runtime("Indirect")
                storedType = "\(indirect)<\(storedType)>"
                storedIsOptional = optional
                view.storageDeclaration = "private var \(storage): \(storedType)\(optional ? "?" : "")"
                view.getter =
                    property.isNullable
                    ? "\(storage).map { $0.value }" : optional ? "\(storage)?.value" : "\(storage).value"
                view.setter = optional ? "\(storage) = \(indirect)(boxing: newValue)" : "\(storage).value = newValue"
                view.assignment = "self.\(storage) = \(indirect)(\(optional ? "boxing: " : "")\(parameter.use))"
                keyName = storage
                needsCodingKeys = true
            }
            // `self.` keeps a property named `container` or `decoder` apart from the local and the parameter.
            let wireName = SwiftSource.stringLiteral(property.wireName)
            let ifPresent = storedIsOptional ? "IfPresent" : ""
            // The wire name, and a date's format when it is not ISO 8601 (rare: no second string for the others).
            let format = dateFormatArgument(property.dateFormat)
            let key = format.isEmpty ? wireName : wireName + format
            view.decoding = SwiftSource.concatenated(
                "self.", keyName, " = try container.decodeMember", ifPresent, "(", storedType, ".self, ", key, ")")
            view.encoding = SwiftSource.concatenated(
                "try container.encodeMember", ifPresent, "(self.", keyName, ", ", key, ")")
            view.comparison = SwiftSource.concatenated(equality, ".equal(lhs.", keyName, ", rhs.", keyName, ")")
            if property.wireName != swiftName { needsCodingKeys = true }
            codingKeys.append(
                StructView.CodingKeyCase(name: keyName, wireLiteral: property.wireName == keyName ? nil : wireName))
            propertyViews.append(view)
        }
        let multiline = parametersWidth > 80
        var view = StructView(
            access: access, name: name, docLines: documentation(model.documentation),
            conformances: [namer.swift("Codable"), namer.swift("Hashable"), namer.swift("Sendable")].joined(
                separator: ", "),
            properties: propertyViews, hasProperties: !propertyViews.isEmpty,
            initParameters: parameters,
            initIsMultiline: multiline, hasCodingKeys: needsCodingKeys,
            codingKeys: codingKeys,
            codingKeyConformances: "\(namer.swift("String")), \(namer.swift("CodingKey"))",
            keyType: namer.runtime("ModelCodingKey"), decoderType: namer.swift("Decoder"),
            encoderType: namer.swift("Encoder"), boolType: namer.swift("Bool"))
        if exampleModels.contains(model.name.value) {
            let arguments = properties.compactMap { property -> String? in
                guard let value = exampleValue(of: property) else { return nil }
                // A keyword needs no backticks as an argument label in a call, except these three.
                let label = SwiftSource.identifier(property.swiftName)
                let bare = label.filter { $0 != "`" }
                return "\(["inout", "var", "let"].contains(bare) ? label : bare): \(value)"
            }
            view.exampleArguments = arguments.enumerated().map {
                $0.element + ($0.offset < arguments.count - 1 ? "," : "")
            }
            view.hasExample = true
        }
        return view
    }

    /// What the example passes for `property`: its `example:`, else nothing where the initializer has a default
    /// (nil, or the spec's `default:`), else a value every such property has (an empty collection, an enum's
    /// first case, another model's example); nil when the argument is left out. Only called for models in
    /// ``exampleModels``, whose required properties all have one.
    func exampleValue(of property: ResolvedProperty) -> String? {
        if let example = property.example { return defaultLiteral(example, of: property.type) }
        if property.defaultValue != nil || property.type.isOptional { return nil }
        return Self.fallbackExample(for: property.type, models: models)?.expression(namer)
    }

    /// The models that get an example: only in specs that write `example:` somewhere, and only those whose every
    /// required property has a value, found from the leaves up so a cycle of required references gets none.
    static func exampleModels(in models: [ResolvedModel], byName: [String: ResolvedModel]) -> Set<String> {
        let objects = models.compactMap { model -> (String, [ResolvedProperty])? in
            guard case .object(let properties) = model.kind else { return nil }
            return (model.name.value, properties)
        }
        guard objects.contains(where: { $0.1.contains { $0.example != nil } }) else { return [] }
        var ready: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for (name, properties) in objects where !ready.contains(name) {
                let satisfied = properties.allSatisfy { property in
                    property.example != nil || property.defaultValue != nil || property.type.isOptional
                        || fallbackExample(for: property.type, models: byName).map {
                            $0.uses.map(ready.contains) ?? true
                        }
                            ?? false
                }
                if satisfied {
                    ready.insert(name)
                    changed = true
                }
            }
        }
        return ready
    }

    /// How a required property of `type` without `example:` gets a value: the expression, and the model whose
    /// own example it uses, if any; nil when no value can be made. The one rule for both which models get an
    /// example and what their examples say.
    private static func fallbackExample(
        for type: TypeExpression, models: [String: ResolvedModel]
    ) -> (uses: String?, expression: (TypeNamer) -> String)? {
        switch type {
        case .array: return (nil, { _ in "[]" })
        case .dictionary: return (nil, { _ in "[:]" })
        case .builtin(.json): return (nil, { _ in ".null" })
        case .model(let name):
            switch models[name]?.kind {
            case .enumeration(let cases)?:
                guard let first = cases.first else { return nil }
                let caseName = SwiftSource.identifier(first.swiftName)
                return (nil, { namer in "\(namer.modelName(name)).\(caseName)" })
            case .object?: return (name, { namer in "\(namer.modelName(name)).example" })
            default: return nil
            }
        default: return nil
        }
    }

    private func enumView(_ model: ResolvedModel, _ cases: [ResolvedEnumCase]) -> EnumView {
        var taken: Set<String> = []
        let caseViews = cases.map { enumCase -> EnumCaseView in
            taken.insert(enumCase.swiftName)
            // An integer value as Swift writes it (`1`, whatever the spec's spelling); validation made it an Int.
            let literal =
                model.isIntegerEnumeration
                ? Int(enumCase.wireValue).map(String.init) ?? enumCase.wireValue
                : SwiftSource.stringLiteral(enumCase.wireValue)
            return EnumCaseView(
                docLines: documentation(enumCase.documentation), name: SwiftSource.identifier(enumCase.swiftName),
                literal: literal)
        }
        let unknown = ["unknown", "unrecognized", "unknownValue"].first { !taken.contains($0) } ?? "_unknown"
        return EnumView(
            access: access, name: namer.modelName(model.name.value), docLines: documentation(model.documentation),
            conformances: [
                namer.swift("Codable"), namer.swift("Hashable"), namer.swift("Sendable"),
                namer.swift("RawRepresentable"), namer.runtime("ParameterValue"), namer.runtime("HeaderValue"),
            ].joined(separator: ", "),
            cases: caseViews, unknownCase: unknown,
            stringType: namer.swift(model.isIntegerEnumeration ? "Int" : "String"))
    }

    /// The cases of a union's `==`, one line each where every one fits the 116 columns (after the body's 12
    /// spaces), else each test on a line of its own.
    private func equalityLines(_ caseNames: [String], equality: String) -> [String] {
        let tests = caseNames.map { name in
            (
                "case .\(name)(let value):",
                "if case .\(name)(let other) = rhs { return \(equality).equal(value, other) }"
            )
        }
        if tests.allSatisfy({ $0.0.count + 1 + $0.1.count <= 104 }) { return tests.map { "\($0.0) \($0.1)" } }
        return tests.flatMap { [$0.0, "    " + $0.1] }
    }

    /// An enum with a case per variant and one for variants this client does not know, decoded by the
    /// discriminator's value or by trying each variant in turn. A model variant reads the whole value itself; any
    /// other type is read from a single-value container, so dates and data follow the coder's strategies.
    private func oneOfView(_ model: ResolvedModel, _ oneOf: ResolvedOneOf) -> OneOfView {
        let caseNames = oneOf.variants.map { SwiftSource.identifier($0.caseName) }
        let taken = Set(caseNames)
        let unknown = ["unknown", "unrecognized", "unknownVariant"].first { !taken.contains($0) } ?? "_unknown"
        let json = namer.runtime("JSONValue")
        // `==` compares the payloads of equal cases through one generic function: a synthesized `==` is
        // type-checked against every overload of the operator, which is slow for a union of many variants.
        let equality = namer.runtime("ModelEquality")
        var decode: [String] = []
        var encode = ["switch self {"]
        if let discriminator = oneOf.discriminator {
            decode.append("let container = try decoder.container(keyedBy: DiscriminatorKey.self)")
            decode.append(
                "switch try container.decodeIfPresent(\(namer.swift("String")).self, forKey: .discriminator) {")
            // Validation made every variant a model.
            for (variant, name) in zip(oneOf.variants.compactMap(\.modelName), caseNames) {
                let values = discriminator.values.filter { $0.model == variant }.map {
                    SwiftSource.stringLiteral($0.value) + "?"
                }
                decode.append(
                    "case \(values.joined(separator: ", ")): self = .\(name)(try \(namer.modelName(variant))(from: decoder))"
                )
                encode += [
                    "case .\(name)(let value):", "    try value.encode(to: encoder)",
                    "    var container = encoder.container(keyedBy: DiscriminatorKey.self)",
                    "    try container.encode(\(SwiftSource.stringLiteral(discriminator.encodedValues[variant] ?? variant)), "
                        + "forKey: .discriminator)",
                ]
            }
            decode += ["default: self = .\(unknown)(try \(json)(from: decoder))", "}"]
        } else {
            for (index, (variant, name)) in zip(oneOf.variants, caseNames).enumerated() {
                let opening = index == 0 ? "if" : "} else if"
                if let model = variant.modelName {
                    decode += ["\(opening) let value = try? \(namer.modelName(model))(from: decoder) {"]
                    encode.append("case .\(name)(let value): try value.encode(to: encoder)")
                } else {
                    let type = namer.type(variant.type, qualifyingModels: false)
                    let format = dateFormatArgument(variant.dateFormat)
                    decode += [
                        "\(opening) let value = try? decoder.singleValueContainer().decode(\(type).self\(format)) {"
                    ]
                    encode += [
                        "case .\(name)(let value):", "    var container = encoder.singleValueContainer()",
                        "    try container.encode(value\(format))",
                    ]
                }
                decode.append("    self = .\(name)(value)")
            }
            decode += ["} else {", "    self = .\(unknown)(try \(json)(from: decoder))", "}"]
        }
        encode += ["case .\(unknown)(let json): try json.encode(to: encoder)", "}"]
        let tried = oneOf.discriminator == nil ? " Tried in this order; the first that decodes wins." : ""
        let kinds = oneOf.variants.allSatisfy { $0.modelName != nil } ? "models" : "types"
        return OneOfView(
            access: access, name: namer.modelName(model.name.value),
            docLines: SwiftSource.docLines([
                model.documentation.summary?.value, model.documentation.description?.value,
                oneOf.discriminator.map {
                    "One of \(oneOf.variants.count) models, told apart by the JSON property `\($0.property)`."
                } ?? "One of \(oneOf.variants.count) \(kinds).\(tried)",
                model.documentation.isDeprecated ? "- Warning: Deprecated." : nil,
            ]),
            conformances: [namer.swift("Codable"), namer.swift("Hashable"), namer.swift("Sendable")].joined(
                separator: ", "),
            cases: zip(oneOf.variants, caseNames).map { variant, name in
                let values = oneOf.discriminator.map { discriminator in
                    discriminator.values.filter { $0.model == variant.modelName }.map { "`\($0.value)`" }.joined(
                        separator: " or ")
                }
                return SuccessCaseView(
                    docLines: [
                        "/// A `\(variant.type)`\(values.map { ", when `\(oneOf.discriminator!.property)` is \($0)" } ?? "")."
                    ],
                    declaration: "case \(name)(\(namer.type(variant.type, qualifyingModels: false)))")
            },
            unknownCase: unknown, jsonType: json,
            hasDiscriminator: oneOf.discriminator != nil,
            discriminatorCase: oneOf.discriminator.map {
                "case discriminator = \(SwiftSource.stringLiteral($0.property))"
            } ?? "",
            codingKeyConformances: "\(namer.swift("String")), \(namer.swift("CodingKey"))",
            decoderType: namer.swift("Decoder"), encoderType: namer.swift("Encoder"),
            decodeLines: decode, encodeLines: encode,
            equalityLines: equalityLines(caseNames + [unknown], equality: equality), boolType: namer.swift("Bool"))
    }
}
