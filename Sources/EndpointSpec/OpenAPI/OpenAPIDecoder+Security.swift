/// Security: every scheme becomes a scope of the same auth scheme, and every OAuth 2 or OpenID Connect scope a
/// phantom scope type of its own. A requirement object is all of its scopes; alternatives are any one of them.
extension OpenAPIDecoder {
    /// `components.securitySchemes` as scopes.
    mutating func readSecuritySchemes() {
        guard let entries = field(field(root, "components"), "securitySchemes")?.mappingEntries else { return }
        var taken: Set<String> = []
        func unique(_ wanted: String) -> String {
            var base = SwiftName.typeName(wanted)
            if base.isEmpty || base == GeneratedNames.access { base += "Scope" }
            var name = base
            var suffix = 2
            while !taken.insert(name).inserted {
                name = "\(base)\(suffix)"
                suffix += 1
            }
            return name
        }
        for entry in entries {
            guard let scheme = resolved(entry.value) else { continue }
            let documentation = text(field(scheme, "description")).map { Located($0, at: entry.keyLocation) }
            let kind = text(field(scheme, "type")) ?? ""
            var auth: ScopeAuth?
            switch kind {
            case "http":
                switch text(field(scheme, "scheme"))?.lowercased() {
                case "bearer": auth = .bearer
                case "basic": auth = .basic
                default:
                    diagnostics.warning(
                        "the HTTP scheme '\(text(field(scheme, "scheme")) ?? "")' of '\(entry.key)' is sent as a bearer "
                            + "token", at: entry.keyLocation)
                    auth = .bearer
                }
            case "apiKey":
                let name = text(field(scheme, "name")) ?? entry.key
                let location = ScopeAuth.KeyLocation(rawValue: text(field(scheme, "in")) ?? "header") ?? .header
                auth = .apiKey(name: Located(name, at: entry.keyLocation), location: location)
            case "oauth2", "openIdConnect":
                auth = .bearer
            default:
                diagnostics.warning(
                    "the security scheme type '\(kind)' of '\(entry.key)' is sent as a bearer token",
                    at: entry.keyLocation)
                auth = .bearer
            }
            let schemeScope = unique(entry.key)
            scopes.append(
                ScopeDefinition(
                    name: Located(schemeScope, at: entry.keyLocation), description: documentation,
                    auth: auth.map { Located($0, at: entry.keyLocation) }))
            guard kind == "oauth2" || kind == "openIdConnect" else {
                schemes[entry.key] = .single(schemeScope)
                continue
            }
            // Every scope any flow names, once, in the order first named.
            var oauthScopes: [String: String] = [:]
            for flow in field(scheme, "flows")?.mappingEntries ?? [] {
                for scope in field(flow.value, "scopes")?.mappingEntries ?? [] where oauthScopes[scope.key] == nil {
                    let name = unique(scope.key)
                    oauthScopes[scope.key] = name
                    scopes.append(
                        ScopeDefinition(
                            name: Located(name, at: scope.keyLocation),
                            description: text(scope.value).map { Located($0, at: scope.value.location) },
                            auth: Located(.bearer, at: scope.keyLocation)))
                }
            }
            schemes[entry.key] = .oauth(schemeScope: schemeScope, scopes: oauthScopes)
        }
        applyIncludes()
    }

    /// `x-endpointgen-includes: { Admin: [Read, Write] }` at the top level: which scopes a scope includes, by the
    /// OAuth scope or scheme names the document uses.
    private mutating func applyIncludes() {
        guard let entries = field(root, "x-endpointgen-includes")?.mappingEntries else { return }
        for entry in entries {
            guard let index = scopeIndex(entry.key) else {
                diagnostics.error(
                    "'\(entry.key)' in 'x-endpointgen-includes' is no security scheme or OAuth scope of this document",
                    at: entry.keyLocation)
                continue
            }
            for item in entry.value.sequenceItems ?? [entry.value] {
                guard let included = text(item) else { continue }
                guard let target = scopeIndex(included) else {
                    diagnostics.error(
                        "'\(included)' in 'x-endpointgen-includes' is no security scheme or OAuth scope of this document",
                        at: item.location)
                    continue
                }
                scopes[index].includes.append(Located(scopes[target].name.value, at: item.location))
            }
        }
    }

    /// The scope a scheme or OAuth scope name became.
    private func scopeIndex(_ name: String) -> Int? {
        for scheme in schemes.values {
            switch scheme {
            case .single: continue
            case .oauth(_, let oauthScopes):
                if let scope = oauthScopes[name] { return scopes.firstIndex { $0.name.value == scope } }
            }
        }
        if case .single(let scope)? = schemes[name] { return scopes.firstIndex { $0.name.value == scope } }
        if case .oauth(let scope, _)? = schemes[name] { return scopes.firstIndex { $0.name.value == scope } }
        return nil
    }

    /// An operation's (or the document's) `security`: nil for none or `[]` (anonymous), all of one requirement's
    /// scopes, or any one of several requirements each naming one scope.
    mutating func scopeRequirement(_ node: YAMLNode?) -> ScopeRequirement? {
        guard let node, let alternatives = node.sequenceItems, !alternatives.isEmpty else { return nil }
        var groups: [[Located<String>]] = []
        for alternative in alternatives {
            var group: [Located<String>] = []
            for entry in alternative.mappingEntries ?? [] {
                switch schemes[entry.key] {
                case .single(let scope)?:
                    group.append(Located(scope, at: entry.keyLocation))
                case .oauth(let schemeScope, let oauthScopes)?:
                    let named = (entry.value.sequenceItems ?? []).compactMap { item -> Located<String>? in
                        guard let scope = text(item) else { return nil }
                        guard let type = oauthScopes[scope] else {
                            diagnostics.warning(
                                "the OAuth scope '\(scope)' is not declared by '\(entry.key)'; it is not required",
                                at: item.location)
                            return nil
                        }
                        return Located(type, at: item.location)
                    }
                    group += named.isEmpty ? [Located(schemeScope, at: entry.keyLocation)] : named
                case nil:
                    diagnostics.error(
                        "'\(entry.key)' is no security scheme of this document (components/securitySchemes)",
                        at: entry.keyLocation)
                }
            }
            // An empty requirement object means "no credential" is one alternative: the endpoint is anonymous.
            if group.isEmpty { return nil }
            groups.append(group)
        }
        if groups.count == 1 {
            return ScopeRequirement(kind: .allOf, names: groups[0], location: node.location)
        }
        if groups.allSatisfy({ $0.count == 1 }) {
            var seen: Set<String> = []
            let names = groups.map { $0[0] }.filter { seen.insert($0.value).inserted }
            return names.count == 1
                ? ScopeRequirement(names[0]) : ScopeRequirement(kind: .anyOf, names: names, location: node.location)
        }
        approximate(
            "this security offers alternatives of several scopes each, which a scope requirement cannot say (any one "
                + "of all-ofs); the first alternative is required", at: node.location)
        return ScopeRequirement(kind: .allOf, names: groups[0], location: node.location)
    }
}
