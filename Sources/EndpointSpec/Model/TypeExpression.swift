/// A type as a spec writes it, in Swift's own spelling: `String`, `[Event]`, `[String: Int]`, `Date?`.
package indirect enum TypeExpression: Hashable, Sendable, CustomStringConvertible {
    /// One of the types the spec format knows without a model.
    case builtin(BuiltinType)
    /// A model defined under `models`, by its spec name.
    case model(String)
    /// `[T]`: a JSON array.
    case array(TypeExpression)
    /// `[String: T]`: a JSON object with arbitrary keys.
    case dictionary(TypeExpression)
    /// `T?`: absent or `null` allowed.
    case optional(TypeExpression)
    /// `Expandable<Customer>`: a model's id (a string) or the model itself, as APIs that expand references on
    /// request send it (Stripe's `customer`). The model is an object, or a `oneOf` of objects.
    case expandable(String)

    /// The expression in the spec's own spelling, normalized (`[ String : Int ]` prints as `[String: Int]`).
    package var description: String {
        switch self {
        case .builtin(let builtin): return builtin.rawValue
        case .model(let name): return name
        case .array(let element): return "[\(element)]"
        case .dictionary(let value): return "[String: \(value)]"
        case .optional(let wrapped): return "\(wrapped)?"
        case .expandable(let model): return "Expandable<\(model)>"
        }
    }

    /// The type without one level of `?`.
    package var unwrapped: TypeExpression {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether the type is `T?`.
    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Whether the type is `Date`, `[Date]`, or either optional: what a `dateFormat` applies to. Matched by
    /// pattern, without comparing whole expressions.
    package var isDateOrDates: Bool {
        switch unwrapped {
        case .builtin(.date): return true
        case .array(.builtin(.date)): return true
        default: return false
        }
    }

    /// Whether the type is `[T]`.
    package var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// Every model name the expression mentions.
    package var modelNames: [String] {
        switch self {
        case .builtin: return []
        case .model(let name), .expandable(let name): return [name]
        case .array(let inner), .dictionary(let inner), .optional(let inner): return inner.modelNames
        }
    }

    /// The name of the case a `oneOf` gives a variant of this type, before identifier rules apply: a model's or
    /// built-in type's own name (`Customer`, `String`), `EntryList` for `[Entry]`, `IntDictionary` for
    /// `[String: Int]`, `ExpandableCustomer` for `Expandable<Customer>`.
    package var variantCaseName: String {
        switch self {
        case .builtin(let builtin): return builtin.rawValue
        case .model(let name): return name
        case .array(let element): return element.variantCaseName + "List"
        case .dictionary(let value): return value.variantCaseName + "Dictionary"
        case .optional(let wrapped): return "Optional" + wrapped.variantCaseName
        case .expandable(let model): return "Expandable" + model
        }
    }

    /// Whether `Expandable<…>` appears anywhere in the expression.
    package var containsExpandable: Bool {
        switch self {
        case .builtin, .model: return false
        case .expandable: return true
        case .array(let inner), .dictionary(let inner), .optional(let inner): return inner.containsExpandable
        }
    }

    /// Whether `Void` appears anywhere in the expression.
    var containsVoid: Bool {
        switch self {
        case .builtin(let builtin): return builtin == .void
        case .model, .expandable: return false
        case .array(let inner), .dictionary(let inner), .optional(let inner): return inner.containsVoid
        }
    }
}

/// The types a spec can use without defining a model.
package enum BuiltinType: String, CaseIterable, Hashable, Sendable {
    case string = "String"
    case int = "Int"
    case int32 = "Int32"
    case int64 = "Int64"
    case double = "Double"
    case float = "Float"
    case bool = "Bool"
    /// ISO 8601 on the wire, with or without fractional seconds.
    case date = "Date"
    case uuid = "UUID"
    case url = "URL"
    /// Base64 on the wire.
    case data = "Data"
    /// Any JSON value at all: the escape hatch for parts of an API with no fixed shape.
    case json = "JSON"
    /// No body: only as an endpoint's `response`.
    case void = "Void"
    /// Bytes to upload, in memory or streamed from a file: only as a `multipart` field.
    case upload = "Upload"

    /// The built-in type a spec names `name`, or nil. Every type name in a spec is looked up here, so the name is
    /// compared only with the cases that start with its first byte (none for most model names, at most three):
    /// `init(rawValue:)` compares it with each case in turn, and hashing it for a dictionary costs more than the
    /// comparisons (see *Why the generator is written as it is* in `Benchmarks/README.md`).
    package static func named(_ name: String) -> BuiltinType? {
        guard let first = name.utf8.first, first < 0x80 else { return nil }
        for candidate in byFirstByte[Int(first)] where candidate.rawValue == name { return candidate }
        return nil
    }

    /// The cases by the first byte of their names, for ``named(_:)``; the names are ASCII (a test checks that
    /// each case is found by its name).
    private static let byFirstByte: [[BuiltinType]] = {
        var table = [[BuiltinType]](repeating: [], count: 0x80)
        for type in allCases {
            if let first = type.rawValue.utf8.first, first < 0x80 { table[Int(first)].append(type) }
        }
        return table
    }()

    /// The text-like types as messages name them: every type ``isTextual`` accepts, numbers together.
    package static let textLikeTypes = "String, a number, Bool, Date, UUID, URL"

    /// Whether this type is one of the numbers `textLikeTypes` names together.
    package var isNumber: Bool {
        switch self {
        case .int, .int32, .int64, .double, .float: return true
        case .string, .bool, .date, .uuid, .url, .data, .json, .void, .upload: return false
        }
    }

    /// Whether a value of this type can be written as one piece of text (path, query, header, form field).
    package var isTextual: Bool {
        // Every case named, so a new built-in type decides here; the runtime's `ParameterValue` and `HeaderValue`
        // conformances must say the same (`TextLikeTypesTests` checks them against this).
        switch self {
        case .string, .int, .int32, .int64, .double, .float, .bool, .date, .uuid, .url: return true
        case .json, .void, .data, .upload: return false
        }
    }
}

extension TypeExpression {
    /// Whether the type is or holds `builtin` anywhere.
    package func contains(_ builtin: BuiltinType) -> Bool {
        switch self {
        case .builtin(let own): return own == builtin
        case .model, .expandable: return false
        case .array(let inner), .dictionary(let inner), .optional(let inner): return inner.contains(builtin)
        }
    }
}

extension TypeExpression {
    /// The element of a list, or the type itself.
    package var arrayElement: TypeExpression {
        if case .array(let element) = self { return element }
        return self
    }

    /// Whether values of the type can be written as text (path, query, header, form field, multipart text part),
    /// a list of such values too where `allowsLists`. Unknown models count as text: they are reported on their own.
    package func isTextual(allowsLists: Bool, models: [String: ModelDefinition]) -> Bool {
        switch self {
        case .builtin(let builtin): return builtin.isTextual
        case .model(let name):
            guard let model = models[name] else { return true }
            if case .enumeration = model.kind { return true }
            return false
        case .array(let element): return allowsLists && element.isTextual(allowsLists: false, models: models)
        case .optional, .dictionary, .expandable: return false
        }
    }
}
