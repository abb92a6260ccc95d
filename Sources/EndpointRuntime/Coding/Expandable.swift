/// A reference to an object that arrives as the object's id or, when the request asked for it, as the whole object:
/// what a spec writes `Expandable<Customer>`, after the fields Stripe calls expandable (`"customer": "cus_123"`, or
/// `"customer": { "id": "cus_123", … }` with `expand[]=customer`).
///
/// A JSON string decodes as ``id(_:)`` and anything else as ``object(_:)``; each encodes back as it came. The two
/// never read the same JSON: the spec's validator only accepts an object model (or a `oneOf` of objects) here.
///
/// ```swift
/// switch intent.customer {
/// case .id(let id)?: print("customer \(id), not expanded")
/// case .object(let customer)?: print(customer.email ?? "")
/// case nil: print("no customer")
/// }
/// ```
public indirect enum Expandable<Object: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The object's id alone.
    case id(String)
    /// The whole object.
    case object(Object)

    /// The object, when it was expanded; nil for an id alone.
    public var object: Object? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// Reads an id from a JSON string, else the object.
    public init(from decoder: any Decoder) throws {
        if let id = try? decoder.singleValueContainer().decode(String.self) {
            self = .id(id)
        } else {
            self = .object(try Object(from: decoder))
        }
    }

    /// Writes the id as a string, or the object as it encodes itself.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .id(let id):
            var container = encoder.singleValueContainer()
            try container.encode(id)
        case .object(let object):
            try object.encode(to: encoder)
        }
    }
}
