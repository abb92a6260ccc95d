import Mustache

// Templates look names up through these switches instead of reflection (`Mirror`), which made rendering
// most of generation time. Each case is a field of the struct in ViewModel.swift; keep them in step.

extension FileView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "header": return self.header
        case "imports": return self.imports
        default: return nil
        }
    }
}

extension APIView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "file": return self.file
        case "access": return self.access
        case "name": return self.name
        case "docLines": return self.docLines
        case "baseURL": return self.baseURL
        case "scopes": return self.scopes
        case "hasScopes": return self.hasScopes
        case "namespaces": return self.namespaces
        case "defaultErrors": return self.defaultErrors
        case "hasDefaultErrors": return self.hasDefaultErrors
        case "errorSchemaType": return self.errorSchemaType
        default: return nil
        }
    }
}

extension ScopeView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": return self.name
        case "plainName": return self.plainName
        case "docLines": return self.docLines
        case "inherits": return self.inherits
        case "accessProtocol": return self.accessProtocol
        default: return nil
        }
    }
}

extension NamespaceView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": return self.name
        case "docLines": return self.docLines
        default: return nil
        }
    }
}

extension ModelsView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "file": return self.file
        case "container": return self.container
        case "models": return self.models
        case "hasModels": return self.hasModels
        case "errorConformances": return self.errorConformances
        case "errorProtocol": return self.errorProtocol
        default: return nil
        }
    }
}

extension ModelView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "isStruct": return self.isStruct
        case "isEnum": return self.isEnum
        case "structView": return self.structView
        case "enumView": return self.enumView
        default: return nil
        }
    }
}

extension StructView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "access": return self.access
        case "name": return self.name
        case "docLines": return self.docLines
        case "conformances": return self.conformances
        case "properties": return self.properties
        case "hasProperties": return self.hasProperties
        case "initParameters": return self.initParameters
        case "initIsMultiline": return self.initIsMultiline
        case "initParameterList": return self.initParameterList
        case "hasCodingKeys": return self.hasCodingKeys
        case "codingKeys": return self.codingKeys
        case "codingKeyConformances": return self.codingKeyConformances
        default: return nil
        }
    }
}

extension PropertyView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "docLines": return self.docLines
        case "isBoxed": return self.isBoxed
        case "declaration": return self.declaration
        case "storageDeclaration": return self.storageDeclaration
        case "getter": return self.getter
        case "setter": return self.setter
        case "assignment": return self.assignment
        default: return nil
        }
    }
}

extension EnumView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "access": return self.access
        case "name": return self.name
        case "docLines": return self.docLines
        case "conformances": return self.conformances
        case "cases": return self.cases
        case "unknownCase": return self.unknownCase
        case "stringType": return self.stringType
        default: return nil
        }
    }
}

extension EnumCaseView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "docLines": return self.docLines
        case "name": return self.name
        case "literal": return self.literal
        default: return nil
        }
    }
}

extension EndpointsView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "file": return self.file
        case "namespaces": return self.namespaces
        case "hasEndpoints": return self.hasEndpoints
        default: return nil
        }
    }
}

extension NamespaceEndpointsView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "qualifiedName": return self.qualifiedName
        case "endpoints": return self.endpoints
        default: return nil
        }
    }
}

extension EndpointView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "access": return self.access
        case "docLines": return self.docLines
        case "isDeprecated": return self.isDeprecated
        case "name": return self.name
        case "genericClause": return self.genericClause
        case "arguments": return self.arguments
        case "argumentList": return self.argumentList
        case "isMultiline": return self.isMultiline
        case "returnType": return self.returnType
        case "isAuthorized": return self.isAuthorized
        case "authorizedEndpointType": return self.authorizedEndpointType
        case "endpointType": return self.endpointType
        case "endpointArguments": return self.endpointArguments
        default: return nil
        }
    }
}
