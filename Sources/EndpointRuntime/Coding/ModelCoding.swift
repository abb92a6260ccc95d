/// The coding key of every generated model: the name of a member of a JSON object.
///
/// Generated models write `init(from:)`, `encode(to:)` and `==` out against this one key type instead of
/// having the compiler synthesize them with a `CodingKeys` enum per model. They behave as the synthesized
/// members would (`decodeIfPresent` and `encodeIfPresent` for optional properties), and a debug build compiles
/// them in about half the time: a `CodingKeys` enum is some 30 functions in the object file, and a synthesized
/// `==` is type-checked against every overload of the `==` operator.
@_spi(Generated)
public struct ModelCodingKey: CodingKey, Hashable, Sendable {
    /// The member's name, as it is spelled in the JSON.
    public let stringValue: String

    /// Always nil: a model's members are named.
    public var intValue: Int? { nil }

    /// The key of the member named `stringValue`.
    @inlinable
    public init(_ stringValue: String) {
        self.stringValue = stringValue
    }

    /// The key of the member named `stringValue`.
    @inlinable
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// Nil: a model's members are named, not numbered.
    @inlinable
    public init?(intValue: Int) {
        nil
    }
}

@_spi(Generated)
extension KeyedDecodingContainer where K == ModelCodingKey {
    /// The value of a member the model requires; throws as `decode(_:forKey:)` does when it is missing, null or
    /// of another type. One name, so that the type checker has one candidate instead of seventeen.
    @inlinable
    public func decodeMember<Value: Decodable>(_ type: Value.Type, _ name: String) throws -> Value {
        try decode(type, forKey: ModelCodingKey(name))
    }

    /// The value of an optional member, nil when it is missing or null, as `decodeIfPresent(_:forKey:)` does.
    @inlinable
    public func decodeMemberIfPresent<Value: Decodable>(_ type: Value.Type, _ name: String) throws -> Value? {
        try decodeIfPresent(type, forKey: ModelCodingKey(name))
    }
}

@_spi(Generated)
extension KeyedEncodingContainer where K == ModelCodingKey {
    /// Writes a member, as `encode(_:forKey:)` does.
    @inlinable
    public mutating func encodeMember<Value: Encodable>(_ value: Value, _ name: String) throws {
        try encode(value, forKey: ModelCodingKey(name))
    }

    /// Writes a member unless `value` is nil, as `encodeIfPresent(_:forKey:)` does. A `.some(nil)` of a
    /// nullable property is written as `null`.
    @inlinable
    public mutating func encodeMemberIfPresent<Value: Encodable>(_ value: Value?, _ name: String) throws {
        try encodeIfPresent(value, forKey: ModelCodingKey(name))
    }
}

/// The comparison that generated models' `==` makes for each stored property.
@_spi(Generated)
public enum ModelEquality {
    /// `lhs == rhs`, through one generic function: the type checker resolves a call to it at once, where an
    /// `==` between two properties is resolved against every overload of the operator in scope.
    @inlinable
    public static func equal<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool {
        lhs == rhs
    }
}
