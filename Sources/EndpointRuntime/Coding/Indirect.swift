/// Storage that lets a generated model contain itself, directly or through other models
/// (`parent: Node?` inside `Node`). Used by generated code only; it encodes and decodes as its value.
@_spi(Generated)
public struct Indirect<Value: Sendable>: Sendable {
    // An array holds its element on the heap, which is all the indirection a recursive value type needs.
    private var storage: [Value]

    /// Boxes a value.
    public init(_ value: Value) {
        storage = [value]
    }

    /// Boxes a value that may be absent; nil stays nil. Generated models' setters and initializers use this
    /// rather than `map { Indirect($0) }`, a closure the compiler would build for each boxed property.
    public init?(boxing value: Value?) {
        guard let value else { return nil }
        self.init(value)
    }

    /// The boxed value.
    public var value: Value {
        get { storage[0] }
        set { storage[0] = newValue }
    }
}

extension Indirect: Equatable where Value: Equatable {}
extension Indirect: Hashable where Value: Hashable {}

extension Indirect: Codable where Value: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Value.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
