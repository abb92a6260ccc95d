/// A named value for the query, the headers or a form: a single value, a list, or nothing.
public struct Parameter: Hashable, Sendable {
    /// How a list travels in the query or a form.
    public enum ArrayFormat: Hashable, Sendable {
        /// `codes=DEU&codes=FRA`: the name once per element.
        case `repeat`
        /// `codes=DEU,FRA`: the name once, the elements joined with commas.
        case comma
    }

    /// The name on the wire.
    public var name: String
    /// The values as text; empty when the value was `nil`, which leaves the parameter out.
    public var values: [String]
    /// How more than one value is sent.
    public var arrayFormat: ArrayFormat

    /// A parameter with one value, or none when `value` is `nil`.
    public init(_ name: String, _ value: (some ParameterValue)?) {
        self.name = name
        self.values = value.map { [$0.parameterText] } ?? []
        self.arrayFormat = .repeat
    }

    /// A parameter with a list of values, or none when `values` is `nil`.
    public init(_ name: String, _ values: [some ParameterValue]?, arrayFormat: ArrayFormat = .repeat) {
        self.name = name
        self.values = values?.map(\.parameterText) ?? []
        self.arrayFormat = arrayFormat
    }

    /// The name/value pairs this parameter puts on the wire, in order.
    public var pairs: [(name: String, value: String)] {
        switch arrayFormat {
        case .repeat: return values.map { (name, $0) }
        case .comma: return values.isEmpty ? [] : [(name, values.joined(separator: ","))]
        }
    }

    /// The pairs with name and values escaped by `escape`. A comma list's separators stay literal commas, so a
    /// comma inside one value (escaped as `%2C`) cannot be taken for a separator: `codes=DEU,FRA`.
    func escapedPairs(_ escape: (String) -> String) -> [(name: String, value: String)] {
        switch arrayFormat {
        case .repeat: return values.map { (escape(name), escape($0)) }
        case .comma: return values.isEmpty ? [] : [(escape(name), values.map(escape).joined(separator: ","))]
        }
    }
}
