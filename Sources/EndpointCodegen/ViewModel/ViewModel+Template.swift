// Templates look fields up through these switches, over the field each tag's name was resolved to when the
// template was parsed with `TemplateField.vocabulary`: no reflection, no dynamic casts and no string comparisons. Each case is a field of the
// struct in ViewModel.swift; keep them in step (ViewModelLookupTests checks).
//
// Each lookup is `@inline(__always)`: a list section reads its elements in place through a closure that calls
// `value(of:)`, and a call that is not inlined copies the whole element (an endpoint's view has dozens of fields)
// to read one field. Inlined, the optimizer reads just that field (the saving is in `Benchmarks/README.md`, *Why
// the generator is written as it is*).

extension FileView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .header: return .text(self.header)
        case .imports: return .texts(self.imports)
        case .spiImports: return .texts(self.spiImports)
        default: return nil
        }
    }
}

extension APIView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .file: return .object(self.file)
        case .access: return .text(self.access)
        case .name: return .text(self.name)
        case .docLines: return .texts(self.docLines)
        case .baseURL: return .optionalText(self.baseURL)
        case .modelsEnum: return .text(self.modelsEnum)
        case .scopeEnum: return .text(self.scopeEnum)
        case .accessEnum: return .text(self.accessEnum)
        case .serversEnum: return .text(self.serversEnum)
        case .failuresEnum: return .text(self.failuresEnum)
        case .baseURLName: return .text(self.baseURLName)
        case .constantHeadersName: return .text(self.constantHeadersName)
        case .defaultErrorsName: return .text(self.defaultErrorsName)
        case .scopes: return .objects(self.scopes)
        case .hasScopes: return .flag(self.hasScopes)
        case .scopeChoices: return .objects(self.scopeChoices)
        case .namespaces: return .objects(self.namespaces)
        case .servers: return .objects(self.servers)
        case .hasServers: return .flag(self.hasServers)
        case .constantHeaders: return .texts(self.constantHeaders)
        case .hasConstantHeaders: return .flag(self.hasConstantHeaders)
        case .parameterType: return .text(self.parameterType)
        case .defaultErrors: return .texts(self.defaultErrors)
        case .hasDefaultErrors: return .flag(self.hasDefaultErrors)
        case .errorSchemaType: return .text(self.errorSchemaType)
        case .failures: return .objects(self.failures)
        case .hasFailures: return .flag(self.hasFailures)
        default: return nil
        }
    }
}

extension ScopeView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .name: return .text(self.name)
        case .plainName: return .text(self.plainName)
        case .docLines: return .texts(self.docLines)
        case .inherits: return .text(self.inherits)
        case .accessProtocol: return .text(self.accessProtocol)
        case .authScheme: return .optionalText(self.authScheme)
        default: return nil
        }
    }
}

extension ScopeChoiceView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .name: return .text(self.name)
        case .docLines: return .texts(self.docLines)
        case .inherits: return .text(self.inherits)
        default: return nil
        }
    }
}

extension ServerView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .docLines: return .texts(self.docLines)
        case .name: return .text(self.name)
        case .nameLiteral: return .text(self.nameLiteral)
        case .urlLiteral: return .text(self.urlLiteral)
        case .serverType: return .text(self.serverType)
        case .urlType: return .text(self.urlType)
        default: return nil
        }
    }
}

extension NamespaceView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .name: return .text(self.name)
        case .docLines: return .texts(self.docLines)
        default: return nil
        }
    }
}

extension ModelsView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .file: return .object(self.file)
        case .container: return .text(self.container)
        case .models: return .list(self.models)
        case .hasModels: return .flag(self.hasModels)
        case .errorConformances: return .texts(self.errorConformances)
        case .errorProtocol: return .text(self.errorProtocol)
        default: return nil
        }
    }
}

extension ModelView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .isStruct: return .flag(self.isStruct)
        case .isEnum: return .flag(self.isEnum)
        case .structView: return .optionalObject(self.structView)
        case .enumView: return .optionalObject(self.enumView)
        case .oneOfView: return .optionalObject(self.oneOfView)
        default: return nil
        }
    }
}

extension OneOfView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .access: return .text(self.access)
        case .name: return .text(self.name)
        case .docLines: return .texts(self.docLines)
        case .conformances: return .text(self.conformances)
        case .cases: return .objects(self.cases)
        case .unknownCase: return .text(self.unknownCase)
        case .jsonType: return .text(self.jsonType)
        case .hasDiscriminator: return .flag(self.hasDiscriminator)
        case .discriminatorCase: return .text(self.discriminatorCase)
        case .codingKeyConformances: return .text(self.codingKeyConformances)
        case .decoderType: return .text(self.decoderType)
        case .encoderType: return .text(self.encoderType)
        case .decodeLines: return .texts(self.decodeLines)
        case .encodeLines: return .texts(self.encodeLines)
        case .equalityLines: return .texts(self.equalityLines)
        case .boolType: return .text(self.boolType)
        default: return nil
        }
    }
}

extension StructView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .access: return .text(self.access)
        case .name: return .text(self.name)
        case .docLines: return .texts(self.docLines)
        case .conformances: return .text(self.conformances)
        case .properties: return .objects(self.properties)
        case .hasProperties: return .flag(self.hasProperties)
        case .initParameters: return .texts(self.initParameters)
        case .initIsMultiline: return .flag(self.initIsMultiline)
        case .initParameterList: return .text(self.initParameters.joined(separator: " "))
        case .hasCodingKeys: return .flag(self.hasCodingKeys)
        case .codingKeys: return .codingKeyCases(self.codingKeys)
        case .codingKeyConformances: return .text(self.codingKeyConformances)
        case .keyType: return .text(self.keyType)
        case .decoderType: return .text(self.decoderType)
        case .encoderType: return .text(self.encoderType)
        case .boolType: return .text(self.boolType)
        case .exampleArguments: return .texts(self.exampleArguments)
        case .hasExample: return .flag(self.hasExample)
        default: return nil
        }
    }
}

extension PropertyView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .name: return .text(self.name)
        case .type: return .text(self.type)
        case .wireName: return .text(self.wireName)
        case .isOptional: return .flag(self.isOptional)
        case .docLines: return .texts(self.docLines)
        case .isBoxed: return .flag(self.isBoxed)
        case .declaration: return .text(self.declaration)
        case .storageDeclaration: return .text(self.storageDeclaration)
        case .getter: return .text(self.getter)
        case .setter: return .text(self.setter)
        case .assignment: return .text(self.assignment)
        case .decoding: return .text(self.decoding)
        case .encoding: return .text(self.encoding)
        case .comparison: return .text(self.comparison)
        default: return nil
        }
    }
}

extension EnumView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .access: return .text(self.access)
        case .name: return .text(self.name)
        case .docLines: return .texts(self.docLines)
        case .conformances: return .text(self.conformances)
        case .cases: return .objects(self.cases)
        case .unknownCase: return .text(self.unknownCase)
        case .stringType: return .text(self.stringType)
        default: return nil
        }
    }
}

extension EnumCaseView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .docLines: return .texts(self.docLines)
        case .name: return .text(self.name)
        case .literal: return .text(self.literal)
        default: return nil
        }
    }
}

extension EndpointsView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .file: return .object(self.file)
        case .namespaces: return .objects(self.namespaces)
        case .hasEndpoints: return .flag(self.hasEndpoints)
        default: return nil
        }
    }
}

extension NamespaceEndpointsView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .qualifiedName: return .text(self.qualifiedName)
        case .endpoints: return .list(self.endpoints)
        default: return nil
        }
    }
}

extension EndpointView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .access: return .text(self.access)
        case .docLines: return .texts(self.docLines)
        case .isDeprecated: return .flag(self.isDeprecated)
        case .name: return .text(self.name)
        case .genericClause: return .text(self.genericClause)
        case .arguments: return .texts(self.arguments)
        case .argumentList: return .text(self.arguments.joined(separator: " "))
        case .isMultiline: return .flag(self.isMultiline)
        case .returnType: return .text(self.returnType)
        case .isAuthorized: return .flag(self.isAuthorized)
        case .authorizedEndpointType: return .text(self.authorizedEndpointType)
        case .endpointType: return .text(self.endpointType)
        case .modifiers: return .text(self.builderModifiers + ".declaringErrors()")
        case .builder: return .text(self.builder)
        case .builderModifiers: return .text(self.builderModifiers)
        case .endpointArguments: return .texts(self.endpointArguments)
        case .successResponses: return .optionalObject(self.successResponses)
        case .responseHeaders: return .optionalObject(self.responseHeaders)
        default: return nil
        }
    }
}

extension ResponseHeadersView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .access: return .text(self.access)
        case .docLines: return .texts(self.docLines)
        case .name: return .text(self.name)
        case .conformances: return .text(self.conformances)
        case .properties: return .objects(self.properties)
        case .initIsMultiline: return .flag(self.initIsMultiline)
        case .initParameters: return .texts(self.initParameters)
        case .initParameterList: return .text(self.initParameterList)
        case .receivedResponseType: return .text(self.receivedResponseType)
        default: return nil
        }
    }
}

extension HeaderPropertyView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .docLines: return .texts(self.docLines)
        case .name: return .text(self.name)
        case .type: return .text(self.type)
        case .wireLiteral: return .text(self.wireLiteral)
        case .argumentName: return .text(self.argumentName)
        case .dateFormat: return .optionalText(self.dateFormat)
        default: return nil
        }
    }
}

extension SuccessResponsesView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .access: return .text(self.access)
        case .docLines: return .texts(self.docLines)
        case .name: return .text(self.name)
        case .conformances: return .text(self.conformances)
        case .cases: return .objects(self.cases)
        default: return nil
        }
    }
}

extension SuccessCaseView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .docLines: return .texts(self.docLines)
        case .declaration: return .text(self.declaration)
        default: return nil
        }
    }
}

extension FailureView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .docLines: return .texts(self.docLines)
        case .name: return .text(self.name)
        case .conformances: return .text(self.conformances)
        case .cases: return .objects(self.cases)
        case .declaredType: return .text(self.declaredType)
        case .emptyBodyType: return .text(self.emptyBodyType)
        default: return nil
        }
    }
}

extension FailureCaseView: TemplateContext {
    @inline(__always) func value(of name: TemplateName) -> TemplateValue? {
        switch TemplateField(name) {
        case .docLines: return .texts(self.docLines)
        case .name: return .text(self.name)
        case .type: return .optionalText(self.type)
        default: return nil
        }
    }
}

extension TemplateValue {
    /// The cases of a `CodingKeys` enum as the lines that declare them.
    static func codingKeyCases(_ cases: [StructView.CodingKeyCase]) -> TemplateValue {
        .texts(cases.map(\.declaration))
    }
}

/// Every field name of the view models in `ViewModel.swift`: the vocabulary templates are parsed with, so that a
/// tag's name arrives as its case.
enum TemplateField: String, Sendable, CaseIterable {
    /// The fields in the order of their numbers in ``vocabulary``.
    private static let byKey = allCases

    /// The names, numbered as the cases are.
    static let vocabulary = TemplateVocabulary(byKey.map(\.rawValue))

    /// The field a tag names; nil for a name no view model has.
    @inline(__always) init?(_ name: TemplateName) {
        guard let key = name.key else { return nil }
        self = Self.byKey[key]
    }

    case access, accessEnum, accessProtocol, argumentList, argumentName, arguments, assignment, authScheme,
        authorizedEndpointType, baseURL, baseURLName, boolType, builder, builderModifiers, cases, codingKeyConformances,
        codingKeys, comparison, conformances, constantHeaders, constantHeadersName, container, dateFormat, declaration,
        declaredType, decodeLines, decoderType, decoding, defaultErrors, defaultErrorsName, discriminatorCase, docLines,
        emptyBodyType, encodeLines, encoderType, encoding, endpointArguments, endpointType, endpoints, enumView,
        equalityLines, errorConformances, errorProtocol, errorSchemaType, exampleArguments, failures, failuresEnum,
        file, genericClause, getter, hasCodingKeys, hasConstantHeaders, hasDefaultErrors, hasDiscriminator,
        hasEndpoints, hasExample, hasFailures, hasModels, hasProperties, hasScopes, hasServers, header, imports,
        inherits, initIsMultiline, initParameterList, initParameters, isAuthorized, isBoxed, isDeprecated, isEnum,
        isMultiline, isOptional, isStruct, jsonType, keyType, literal, models, modelsEnum, modifiers, name, nameLiteral,
        namespaces, oneOfView, parameterType, plainName, properties, qualifiedName, receivedResponseType,
        responseHeaders, returnType, scopeChoices, scopeEnum, scopes, serverType, servers, serversEnum, setter,
        spiImports, storageDeclaration, stringType, structView, successResponses, type, unknownCase, urlLiteral,
        urlType, wireLiteral, wireName
}
