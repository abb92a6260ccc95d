/// A value as a template sees it.
///
/// View models hand these out by name (TemplateContext), so rendering never inspects Swift types at run time:
/// no reflection and no dynamic casts on the per-tag path. Lists are views of the view model's own arrays
/// (TemplateList), and an element of a list of view models is looked up in place (element(_:_:)).
///
/// Every case holds plain values or class references, never a protocol-typed struct: copying a value, or reading
/// the list or view model out of it, is a reference count, where a struct behind a protocol took a call through
/// its type's metadata each time (the renderer copies values as it looks names up through the context stack).
enum TemplateValue: Sendable {
    /// Printed by `{{name}}`; a section over it renders once with it on top of the context stack.
    case text(String)
    /// A section over it renders when true; printed as `true` or `false`.
    case flag(Bool)
    /// What `index()` and `count(…)` give; printed in decimal.
    case number(Int)
    /// A section over it renders once per element; an inverted section renders when it is empty.
    case list(any TemplateList)
    /// A view model whose fields the tags inside a section over it can name (see ``object(_:)``).
    case context(TemplateObject)
    /// The view model at an index of a list: a context like `context`, without copying the element out.
    case element(any TemplateList, Int)
    /// A field that exists but holds nothing (an optional that is nil): false for sections, empty when printed.
    case null

    /// Whether a section over the value renders (for lists: whether it has elements).
    var isTruthy: Bool {
        switch self {
        case .flag(let value): return value
        case .list(let elements): return elements.count > 0
        case .null: return false
        case .text, .number, .context, .element: return true
        }
    }

    /// The field called `name` when the value is a view model (an object or a list element); nil otherwise.
    func field(_ name: TemplateName) -> TemplateValue? {
        switch self {
        case .context(let object): return object.lookup(name)
        case .element(let list, let index): return list.value(at: index, of: name)
        default: return nil
        }
    }

    /// An optional string as a template value: `.null` when nil.
    static func optionalText(_ value: String?) -> TemplateValue {
        value.map(TemplateValue.text) ?? .null
    }

    /// A list of strings.
    static func texts(_ values: [String]) -> TemplateValue {
        .list(TextList(elements: values))
    }

    /// A list of view models.
    static func objects<Element: TemplateContext>(_ values: [Element]) -> TemplateValue {
        .list(ContextList(count: values.count) { index, name in values[index].value(of: name) })
    }

    /// A list of values of any kind (what transforms such as `sorted()` make).
    static func values(_ values: [TemplateValue]) -> TemplateValue {
        .list(ValueList(elements: values))
    }

    /// A view model whose fields the tags inside a section over it can name.
    static func object(_ value: some TemplateContext) -> TemplateValue {
        .context(TemplateObject(value))
    }

    /// An optional view model: `.null` when nil.
    static func optionalObject(_ value: (some TemplateContext)?) -> TemplateValue {
        value.map { .object($0) } ?? .null
    }
}

/// A list as a template sees it: a view of an array the view model already holds.
///
/// A class, so that a ``TemplateValue`` holding one copies as a reference count.
protocol TemplateList: AnyObject, Sendable {
    /// The number of elements.
    var count: Int { get }
    /// The element at `index`, as a section over the list sees it.
    func element(at index: Int) -> TemplateValue
    /// The field called `name` of the element at `index`; nil when the element is not a view model or lacks it.
    func value(at index: Int, of name: TemplateName) -> TemplateValue?
}

extension TemplateList {
    /// Every element, in order.
    var values: [TemplateValue] { (0..<count).map(element(at:)) }
}

/// A list of strings.
final class TextList: TemplateList {
    let elements: [String]
    init(elements: [String]) { self.elements = elements }
    var count: Int { elements.count }
    func element(at index: Int) -> TemplateValue { .text(elements[index]) }
    func value(at index: Int, of name: TemplateName) -> TemplateValue? { nil }
}

/// A list of view models; each element is looked up where it is.
///
/// Not generic over the element type: a generic list reached through `any TemplateList` runs unspecialized code
/// that copies the whole element struct for every field it reads. The lookup closure is made where the element
/// type is known (``TemplateValue/objects(_:)``), so it reads the field in place.
final class ContextList: TemplateList {
    let count: Int
    let lookup: @Sendable (Int, TemplateName) -> TemplateValue?
    init(count: Int, lookup: @escaping @Sendable (Int, TemplateName) -> TemplateValue?) {
        self.count = count
        self.lookup = lookup
    }
    func element(at index: Int) -> TemplateValue { .element(self, index) }
    func value(at index: Int, of name: TemplateName) -> TemplateValue? { lookup(index, name) }
}

/// A list of view models each built when a section reaches it, by `build` from the element's index.
///
/// The translator hands out the endpoints and models this way. A long list renders in chunks on all cores
/// (``TemplateRenderer``), so each element is then translated on the core that renders it, while its view is
/// fresh in that core's cache, and no view outlives its element's rendering: translating and rendering are one
/// pass, where building every view first took a pass of its own and held them all. `build` must be pure: a
/// template that goes over the list twice gets the same views, built twice.
final class DeferredContextList: TemplateList {
    let count: Int
    let build: @Sendable (Int) -> TemplateObject
    /// A list of `count` view models, each made by `build` from its index when a section reaches it.
    init<Context: TemplateContext>(count: Int, build: @escaping @Sendable (Int) -> Context) {
        self.count = count
        self.build = { TemplateObject(build($0)) }
    }
    func element(at index: Int) -> TemplateValue { .context(build(index)) }
    func value(at index: Int, of name: TemplateName) -> TemplateValue? { build(index).lookup(name) }
}

/// A list of values of any kind.
final class ValueList: TemplateList {
    let elements: [TemplateValue]
    init(elements: [TemplateValue]) { self.elements = elements }
    var count: Int { elements.count }
    func element(at index: Int) -> TemplateValue { elements[index] }
    func value(at index: Int, of name: TemplateName) -> TemplateValue? { elements[index].field(name) }
}

/// A view model as a ``TemplateValue`` holds it: its lookup, made where the view model's type is known, so that
/// reading a field runs code specialized for that type and reads just the field.
final class TemplateObject: Sendable {
    let lookup: @Sendable (TemplateName) -> TemplateValue?

    init<Context: TemplateContext>(_ context: Context) {
        lookup = { context.value(of: $0) }
    }
}

/// A view model that templates can look names up in.
///
/// Each conformance is one `switch` over the fields (see `ViewModel+Template.swift`); a name that is not a
/// field returns nil, and the lookup goes on to the enclosing contexts, as Mustache specifies.
protocol TemplateContext: Sendable {
    /// The field called `name`, or nil when there is none.
    func value(of name: TemplateName) -> TemplateValue?
}

/// A name as a tag writes it, resolved once when the template is parsed to its number in the vocabulary of the
/// view models it renders (``TemplateVocabulary``), so that a lookup is a `switch` over small integers rather than
/// string comparisons.
struct TemplateName: Sendable, Hashable {
    /// The name's number in the vocabulary; nil for a name no view model has.
    let key: Int?
    /// The name as written.
    let text: String

    init(_ text: String, in vocabulary: TemplateVocabulary) {
        self.text = text
        self.key = vocabulary.key(of: text)
    }
}

/// The field names the view models of a program answer to, numbered: what that program hands the templates it
/// parses. The engine knows no field of its own; a view model maps a ``TemplateName``'s key back to its fields.
struct TemplateVocabulary: Sendable {
    private let keys: [String: Int]

    /// The names, numbered in order from 0.
    init(_ names: [String]) {
        keys = Dictionary(names.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// No names: every lookup goes to a view model by its text (see ``TemplateName/text``).
    static let none = TemplateVocabulary([])

    /// The number of `name`; nil when no view model has it.
    func key(of name: String) -> Int? { keys[name] }
}
