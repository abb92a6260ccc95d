import EndpointSpec

/// Models: structs for objects, enums backed by strings or integers that keep unknown values, and enums over
/// the variants of a `oneOf` that keep unknown variants as JSON.
extension Translator {
    func modelsView(for models: [ResolvedModel]) -> ModelsView {
        let views = models.concurrentMap { model -> ModelView in
            switch model.kind {
            case .object(let properties):
                return ModelView(
                    isStruct: true, isEnum: false, structView: structView(model, properties), enumView: nil)
            case .enumeration(let cases):
                return ModelView(isStruct: false, isEnum: true, structView: nil, enumView: enumView(model, cases))
            case .oneOf(let oneOf):
                var view = ModelView(isStruct: false, isEnum: false, structView: nil, enumView: nil)
                view.oneOfView = oneOfView(model, oneOf)
                return view
            }
        }
        let errors = models.filter { errorModels.contains($0.name.value) }.map { namer.qualifiedModel($0.name.value) }
        return ModelsView(
            file: fileView, container: "\(api).Models", models: views, hasModels: !views.isEmpty,
            errorConformances: errors, errorProtocol: namer.swift("Error"))
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
        var codingKeys: [String] = []
        var needsCodingKeys = false
        for property in properties {
            let swiftName = SwiftName.memberName(property.name.value)
            let member = SwiftSource.identifier(swiftName)
            let expression = property.type
            // A nullable property is `Value??`: nil leaves it out of the JSON, `.null` writes null.
            let type = namer.type(expression, qualifyingModels: false) + (property.isNullable ? "?" : "")
            let optional = expression.isOptional
            let parameter = SwiftSource.parameter(label: member)
            let defaultValue =
                property.defaultValue.map { " = " + defaultLiteral($0, of: expression) } ?? (optional ? " = nil" : "")
            parameters.append("\(parameter.declaration): \(type)\(defaultValue)")
            let boxed = boxedProperties.contains(PropertyKey(model: model.name.value, property: property.name.value))
            let storage = "_\(swiftName)"
            var view = PropertyView(
                docLines: documentation(property.documentation), isBoxed: boxed,
                declaration: "\(access)var \(member): \(type)", storageDeclaration: "", getter: "", setter: "",
                assignment: "self.\(member) = \(parameter.use)")
            var keyName = member
            if boxed {
                // A nullable property boxes the optional itself, so `.null` stays apart from nil.
                let inner = namer.type(property.isNullable ? expression : expression.unwrapped, qualifyingModels: false)
                let indirect = namer.runtime("Indirect")
                view.storageDeclaration = "private var \(storage): \(indirect)<\(inner)>\(optional ? "?" : "")"
                view.getter =
                    property.isNullable
                    ? "\(storage).map { $0.value }" : optional ? "\(storage)?.value" : "\(storage).value"
                view.setter = optional ? "\(storage) = newValue.map { \(indirect)($0) }" : "\(storage).value = newValue"
                view.assignment =
                    optional
                    ? "self.\(storage) = \(parameter.use).map { \(indirect)($0) }"
                    : "self.\(storage) = \(indirect)(\(parameter.use))"
                keyName = storage
                needsCodingKeys = true
            }
            if property.wireName != swiftName { needsCodingKeys = true }
            codingKeys.append(
                property.wireName == keyName
                    ? "case \(keyName)" : "case \(keyName) = \(SwiftSource.stringLiteral(property.wireName))")
            propertyViews.append(view)
        }
        let parameterList = parameters.joined(separator: ", ")
        let multiline = parameterList.count > 80
        return StructView(
            access: access, name: name, docLines: documentation(model.documentation),
            conformances: [namer.swift("Codable"), namer.swift("Hashable"), namer.swift("Sendable")].joined(
                separator: ", "),
            properties: propertyViews, hasProperties: !propertyViews.isEmpty,
            initParameters: parameters.enumerated().map { $0.element + ($0.offset < parameters.count - 1 ? "," : "") },
            initIsMultiline: multiline, initParameterList: parameterList, hasCodingKeys: needsCodingKeys,
            codingKeys: codingKeys,
            codingKeyConformances: "\(namer.swift("String")), \(namer.swift("CodingKey"))")
    }

    private func enumView(_ model: ResolvedModel, _ cases: [EnumCase]) -> EnumView {
        var taken: Set<String> = []
        let caseViews = cases.map { enumCase -> EnumCaseView in
            let swiftName = SwiftName.memberName(enumCase.name?.value ?? enumCase.value.value)
            taken.insert(swiftName)
            // An integer value as Swift writes it (`1`, whatever the spec's spelling); validation made it an Int.
            let literal =
                model.isIntegerEnumeration
                ? Int(enumCase.value.value).map(String.init) ?? enumCase.value.value
                : SwiftSource.stringLiteral(enumCase.value.value)
            return EnumCaseView(
                docLines: documentation(enumCase.documentation), name: SwiftSource.identifier(swiftName),
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

    /// An enum with a case per variant and one for variants this client does not know, decoded by the
    /// discriminator's value or by trying each variant in turn.
    private func oneOfView(_ model: ResolvedModel, _ oneOf: ResolvedOneOf) -> OneOfView {
        let caseNames = oneOf.variants.map { SwiftSource.identifier(SwiftName.memberName($0)) }
        let taken = Set(caseNames)
        let unknown = ["unknown", "unrecognized", "unknownVariant"].first { !taken.contains($0) } ?? "_unknown"
        let json = namer.runtime("JSONValue")
        var decode: [String] = []
        var encode = ["switch self {"]
        if let discriminator = oneOf.discriminator {
            decode.append("let container = try decoder.container(keyedBy: DiscriminatorKey.self)")
            decode.append(
                "switch try container.decodeIfPresent(\(namer.swift("String")).self, forKey: .discriminator) {")
            for (variant, name) in zip(oneOf.variants, caseNames) {
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
                decode += [
                    "\(opening) let value = try? \(namer.modelName(variant))(from: decoder) {",
                    "    self = .\(name)(value)",
                ]
                encode.append("case .\(name)(let value): try value.encode(to: encoder)")
            }
            decode += ["} else {", "    self = .\(unknown)(try \(json)(from: decoder))", "}"]
        }
        encode += ["case .\(unknown)(let json): try json.encode(to: encoder)", "}"]
        let tried = oneOf.discriminator == nil ? " Tried in this order; the first that decodes wins." : ""
        return OneOfView(
            access: access, name: namer.modelName(model.name.value),
            docLines: SwiftSource.docLines([
                model.documentation.summary?.value, model.documentation.description?.value,
                oneOf.discriminator.map {
                    "One of \(oneOf.variants.count) models, told apart by the JSON property `\($0.property)`."
                } ?? "One of \(oneOf.variants.count) models.\(tried)",
                model.documentation.isDeprecated ? "- Warning: Deprecated." : nil,
            ]),
            conformances: [namer.swift("Codable"), namer.swift("Hashable"), namer.swift("Sendable")].joined(
                separator: ", "),
            cases: zip(oneOf.variants, caseNames).map { variant, name in
                let values = oneOf.discriminator.map { discriminator in
                    discriminator.values.filter { $0.model == variant }.map { "`\($0.value)`" }.joined(
                        separator: " or ")
                }
                return SuccessCaseView(
                    docLines: [
                        "/// A `\(variant)`\(values.map { ", when `\(oneOf.discriminator!.property)` is \($0)" } ?? "")."
                    ],
                    declaration: "case \(name)(\(namer.modelName(variant)))")
            },
            unknownCase: unknown, jsonType: json,
            hasDiscriminator: oneOf.discriminator != nil,
            discriminatorCase: oneOf.discriminator.map {
                "case discriminator = \(SwiftSource.stringLiteral($0.property))"
            } ?? "",
            codingKeyConformances: "\(namer.swift("String")), \(namer.swift("CodingKey"))",
            decoderType: namer.swift("Decoder"), encoderType: namer.swift("Encoder"),
            decodeLines: decode, encodeLines: encode)
    }
}
