import EndpointRuntime
import EndpointSpec
import Foundation
import Testing

/// The spec side and the runtime agree on which built-in types travel as text (path, query, header, form field):
/// the validator accepts a type there exactly when the runtime can write it as a parameter and read it from a
/// header.
@Suite("Text-like types: the generator's rule and the runtime's conformances")
struct TextLikeTypesTests {
    /// The Swift type generated code uses for each built-in type of the spec format.
    static let swiftTypes: [BuiltinType: Any.Type] = [
        .string: String.self, .int: Int.self, .int32: Int32.self, .int64: Int64.self, .double: Double.self,
        .float: Float.self, .bool: Bool.self, .date: Date.self, .uuid: UUID.self, .url: URL.self, .data: Data.self,
        .json: JSONValue.self, .void: Void.self, .upload: Upload.self,
    ]

    @Test("every built-in type is text-like exactly when it is a ParameterValue and a HeaderValue")
    func agree() {
        for builtin in BuiltinType.allCases {
            guard let type = Self.swiftTypes[builtin] else {
                Issue.record("'\(builtin.rawValue)' has no Swift type in this table; add it")
                continue
            }
            #expect((type is any ParameterValue.Type) == builtin.isTextual, "\(builtin.rawValue) as a parameter")
            #expect((type is any HeaderValue.Type) == builtin.isTextual, "\(builtin.rawValue) as a header value")
        }
    }

    @Test("the validator's messages name every text-like type, numbers together, and nothing else")
    func messagesNameThem() {
        let named = BuiltinType.textLikeTypes.split(separator: ", ").map(String.init)
        for builtin in BuiltinType.allCases where !builtin.isNumber {
            #expect(named.contains(builtin.rawValue) == builtin.isTextual, "\(builtin.rawValue)")
        }
        #expect(named.contains("a number") && BuiltinType.allCases.filter(\.isNumber).allSatisfy(\.isTextual))
    }
}
