/// A value as a template sees it.
///
/// View models hand these out by name (``TemplateContext``), so rendering never inspects Swift types at run time:
/// no reflection and no dynamic casts on the per-tag path.
enum TemplateValue: Sendable {
    /// Printed by `{{name}}`; a section over it renders once with it on top of the context stack.
    case text(String)
    /// A section over it renders when true; printed as `true` or `false`.
    case flag(Bool)
    /// What `index()` and `count(…)` give; printed in decimal.
    case number(Int)
    /// A section over it renders once per element; an inverted section renders when it is empty.
    case list([TemplateValue])
    /// A view model whose fields the tags inside a section over it can name.
    case object(any TemplateContext)
    /// A field that exists but holds nothing (an optional that is nil): false for sections, empty when printed.
    case null

    /// Whether a section over the value renders (for lists: whether it has elements).
    var isTruthy: Bool {
        switch self {
        case .flag(let value): return value
        case .list(let elements): return !elements.isEmpty
        case .null: return false
        case .text, .number, .object: return true
        }
    }

    /// An optional string as a template value: `.null` when nil.
    static func optionalText(_ value: String?) -> TemplateValue {
        value.map(TemplateValue.text) ?? .null
    }

    /// A list of strings.
    static func texts(_ values: [String]) -> TemplateValue {
        .list(values.map(TemplateValue.text))
    }

    /// A list of view models.
    static func objects(_ values: [some TemplateContext]) -> TemplateValue {
        .list(values.map { .object($0) })
    }

    /// An optional view model: `.null` when nil.
    static func optionalObject(_ value: (some TemplateContext)?) -> TemplateValue {
        value.map { .object($0) } ?? .null
    }
}

/// A view model that templates can look names up in.
///
/// Each conformance is one `switch` over the field names (see `ViewModel+Template.swift`); a name that is not a
/// field returns nil, and the lookup goes on to the enclosing contexts, as Mustache specifies.
protocol TemplateContext: Sendable {
    /// The field called `name`, or nil when there is none.
    func value(named name: String) -> TemplateValue?
}
