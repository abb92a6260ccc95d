import EndpointSpec

/// Models: structs for objects, string-backed enums that keep unknown values.
extension Translator {
    func modelsView(for models: [ResolvedModel]) -> ModelsView {
        let views = models.concurrentMap { model -> ModelView in
            switch model.kind {
            case .object(let properties):
                return ModelView(
                    isStruct: true, isEnum: false, structView: structView(model, properties), enumView: nil)
            case .enumeration(let cases):
                return ModelView(isStruct: false, isEnum: true, structView: nil, enumView: enumView(model, cases))
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
                let inner = namer.type(expression.unwrapped, qualifyingModels: false)
                let indirect = namer.runtime("Indirect")
                view.storageDeclaration = "private var \(storage): \(indirect)<\(inner)>\(optional ? "?" : "")"
                view.getter = optional ? "\(storage)?.value" : "\(storage).value"
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
            return EnumCaseView(
                docLines: documentation(enumCase.documentation), name: SwiftSource.identifier(swiftName),
                literal: SwiftSource.stringLiteral(enumCase.value.value))
        }
        let unknown = ["unknown", "unrecognized", "unknownValue"].first { !taken.contains($0) } ?? "_unknown"
        return EnumView(
            access: access, name: namer.modelName(model.name.value), docLines: documentation(model.documentation),
            conformances: [
                namer.swift("Codable"), namer.swift("Hashable"), namer.swift("Sendable"),
                namer.swift("RawRepresentable"), namer.runtime("ParameterValue"), namer.runtime("HeaderValue"),
            ].joined(separator: ", "),
            cases: caseViews, unknownCase: unknown, stringType: namer.swift("String"))
    }
}
