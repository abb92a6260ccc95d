/// The keys each part of a spec may have, in the order `Specs/README.md` documents them.
enum SpecKeys {
    static let topLevel = [
        "api", "baseURL", "description", "dateFormat", "servers", "headers", "params", "scopes", "errors", "models",
        "endpoints",
    ]
    static let scope = ["includes", "description", "auth"]
    static let auth = ["apiKey", "in"]
    static let scopeRequirement = ["anyOf", "allOf"]
    static let model = ["description", "deprecated", "properties", "extends", "enum", "oneOf", "discriminator"]
    static let discriminator = ["property", "mapping"]
    static let oneOfVariant = ["type", "name", "dateFormat"]
    static let property = [
        "type", "key", "default", "example", "nullable", "dateFormat", "encoding", "arrayFormat", "description",
        "deprecated",
    ]
    static let raw = ["media", "name", "description"]
    static let enumCase = ["value", "name", "description", "deprecated"]
    static let endpoint = [
        "method", "path", "server", "summary", "description", "deprecated", "params", "headers", "body", "form",
        "multipart", "raw", "response", "scope", "errors",
    ]
    static let response = ["type", "media", "headers", "paging", "redirect", "alternatives", "stream", "terminator"]
    static let responseAlternative = ["type", "media", "description"]
    static let responseHeader = ["type", "name", "dateFormat", "description"]
    static let paging = ["next", "cursor", "lastItem", "param", "while"]
    static let parameter = [
        "type", "in", "key", "default", "arrayFormat", "allowsSlashes", "dateFormat", "description", "deprecated",
    ]
    static let apiParameter = parameter + ["methods"]
    static let constantHeader = ["value", "overridable"]
}
