/// A named value for the query, the headers or a form: a single value, a list, or nothing.
public struct Parameter: Hashable, Sendable {
    /// How a list travels in the query or a form.
    public enum ArrayFormat: Hashable, Sendable {
        /// `codes=DEU&codes=FRA`: the name once per element.
        case `repeat`
        /// `codes=DEU,FRA`: the name once, the elements joined with commas.
        case comma
        /// `codes[]=DEU&codes[]=FRA`: the name with `[]` once per element, as Rails, PHP and Stripe read lists.
        case brackets
    }

    /// The name on the wire.
    public var name: String
    /// The values as text; empty when the value was `nil`, which leaves the parameter out.
    public var values: [String]
    /// How more than one value is sent.
    public var arrayFormat: ArrayFormat
    /// For a structured value: each value's keys below ``name`` (`[line1]`, `[0][type]`), one per value; empty
    /// for a value sent under its name alone.
    public private(set) var subscripts: [String] = []
    /// Why a structured value cannot be sent, found when it was spread over its keys; the request fails with it.
    private var failure: NestedFieldsError?

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

    /// A structured value (a model, a dictionary, a list of models or a union) spread over bracketed keys, as a form
    /// or a query carries objects: `address[line1]=…`, `metadata[order_id]=…`, `items[0][price]=…`. Keys follow the
    /// model's declared order and a dictionary's sorted keys; see ``NestedFieldsError`` for what is refused.
    public init(_ name: String, nested value: (some Encodable & Sendable)?) {
        self.name = name
        self.values = []
        self.arrayFormat = .repeat
        guard let value else { return }
        do {
            let fields = try NestedFields.fields(of: value, named: "")
            self.subscripts = fields.map(\.name)
            self.values = fields.map(\.value)
        } catch let error as NestedFieldsError {
            self.failure = NestedFieldsError(key: error.key, path: name + error.path, reason: error.reason)
        } catch {
            self.failure = NestedFieldsError(key: "", path: name, reason: "\(error)")
        }
    }

    /// The name/value pairs this parameter puts on the wire, in order.
    public var pairs: [(name: String, value: String)] {
        if !subscripts.isEmpty { return zip(subscripts, values).map { (name + $0, $1) } }
        switch arrayFormat {
        case .repeat: return values.map { (name, $0) }
        case .comma: return values.isEmpty ? [] : [(name, values.joined(separator: ","))]
        case .brackets: return values.map { (name + "[]", $0) }
        }
    }

    /// The pairs with name and values escaped by `escape`. A comma list's separators stay literal commas, so a
    /// comma inside one value (escaped as `%2C`) cannot be taken for a separator: `codes=DEU,FRA`.
    func escapedPairs(_ escape: (String) -> String) throws -> [(name: String, value: String)] {
        if let failure { throw failure }
        if !subscripts.isEmpty { return zip(subscripts, values).map { (escape(name + $0), escape($1)) } }
        switch arrayFormat {
        case .repeat: return values.map { (escape(name), escape($0)) }
        case .comma: return values.isEmpty ? [] : [(escape(name), values.map(escape).joined(separator: ","))]
        case .brackets:
            let key = escape(name + "[]")
            return values.map { (key, escape($0)) }
        }
    }
}

extension Parameter {
    /// The `Cookie` header of an endpoint's cookie parameters: `name=value` pairs joined with `; ` in the order
    /// given, or nothing when every parameter is left out. A scope's API key cookie joins the same header when the
    /// request is authorized.
    ///
    /// A value is percent-encoded where RFC 6265 does not allow its characters in a cookie (space, `"`, `,`, `;`,
    /// `\`, control characters, anything outside ASCII) and at `%` itself, so that `a b;c` travels as `a%20b%3Bc`
    /// and no value can end its cookie or start another; a name is percent-encoded outside RFC 9110's token
    /// characters. A list's values and a structure's keys each travel as a pair of their own.
    public static func cookies(_ parameters: [Parameter]) -> Parameter {
        var cookies: [String] = []
        for parameter in parameters {
            for pair in parameter.pairs {
                cookies.append(cookieName.escape(pair.name) + "=" + cookieValue.escape(pair.value))
            }
        }
        return Parameter("Cookie", cookies.isEmpty ? nil : cookies.joined(separator: "; "))
    }

    /// What a cookie's name keeps as it is: RFC 9110 token characters.
    private static let cookieName = AllowedBytes(where: HeaderField.isTokenByte)
    /// What a cookie's value keeps as it is: RFC 6265 cookie-octets.
    private static let cookieValue = AllowedBytes(where: HeaderField.isCookieOctet)
}
