import Foundation

/// A value that travels as text: in a path segment, a query item, a header or a form field.
public protocol ParameterValue: Sendable {
    /// The value as text, before percent-encoding.
    var parameterText: String { get }
}

extension String: ParameterValue {
    public var parameterText: String { self }
}

extension Int: ParameterValue {
    public var parameterText: String { String(self) }
}

extension Int32: ParameterValue {
    public var parameterText: String { String(self) }
}

extension Int64: ParameterValue {
    public var parameterText: String { String(self) }
}

extension Double: ParameterValue {
    public var parameterText: String { String(self) }
}

extension Float: ParameterValue {
    public var parameterText: String { String(self) }
}

extension Bool: ParameterValue {
    public var parameterText: String { self ? "true" : "false" }
}

extension UUID: ParameterValue {
    public var parameterText: String { uuidString }
}

extension URL: ParameterValue {
    public var parameterText: String { absoluteString }
}

extension Date: ParameterValue {
    /// ISO 8601 in UTC, with fractional seconds only when the date has them.
    public var parameterText: String { JSONCoding.iso8601String(from: self) }
}

extension ParameterValue where Self: RawRepresentable, RawValue == String {
    public var parameterText: String { rawValue }
}

extension ParameterValue where Self: RawRepresentable, RawValue == Int {
    public var parameterText: String { String(rawValue) }
}
