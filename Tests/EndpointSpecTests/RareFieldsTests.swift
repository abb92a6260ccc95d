import Testing

@testable import EndpointSpec

/// Properties and parameters keep their rarely written fields behind one reference; reading, writing, comparing
/// and hashing them must behave as plain stored fields did.
@Suite("Rare fields")
struct RareFieldsTests {
    private let location = SourceLocation(file: "t.yaml", line: 3, column: 5)

    private func property() -> Property {
        Property(
            name: Located("firstName", at: location),
            type: TypeReference(text: Located("String", at: location), expression: .builtin(.string)))
    }

    @Test("a property's rare fields read back what was written, each on its own")
    func propertyFields() {
        var value = property()
        #expect(value.key == nil && value.nullable == nil && value.defaultValue == nil && value.example == nil)
        value.key = Located("first_name", at: location)
        value.example = Located("Ada", at: location)
        #expect(value.key?.value == "first_name" && value.wireName == "first_name")
        #expect(value.example?.value == "Ada" && value.defaultValue == nil && value.nullable == nil)
        // A copy is independent: changing it leaves the original as it was.
        var copy = value
        copy.example = nil
        copy.nullable = Located(true, at: location)
        #expect(value.example?.value == "Ada" && value.nullable == nil)
        #expect(copy.example == nil && copy.nullable?.value == true && copy.key?.value == "first_name")
    }

    @Test("clearing every rare field makes a property equal, with the same hash, to one that never had them")
    func clearedEqualsFresh() {
        var value = property()
        value.defaultValue = Located("x", at: location)
        #expect(value != property())
        value.defaultValue = nil
        #expect(value == property())
        #expect(value.hashValue == property().hashValue)
        var other = property()
        other.key = Located("k", at: location)
        var same = property()
        same.key = Located("k", at: location)
        #expect(other == same && other.hashValue == same.hashValue)
    }

    @Test("documentation reads back what was written, and emptied it equals none")
    func documentation() {
        var documentation = Documentation(description: Located("Who it is.", at: location))
        #expect(documentation.description?.value == "Who it is." && documentation.summary == nil)
        #expect(!documentation.isDeprecated)
        documentation.isDeprecated = true
        documentation.summary = Located("A user", at: location)
        #expect(documentation.isDeprecated && documentation.summary?.value == "A user")
        #expect(documentation != Documentation())
        documentation.isDeprecated = false
        documentation.summary = nil
        documentation.description = nil
        #expect(documentation == Documentation() && documentation.hashValue == Documentation().hashValue)
    }

    @Test("a parameter's rare fields, set by its initializer or later, read back")
    func parameterFields() {
        var parameter = Parameter(
            name: Located("codes", at: location), key: Located("c", at: location),
            type: TypeReference(text: Located("[String]", at: location), expression: .array(.builtin(.string))),
            arrayFormat: Located(.comma, at: location))
        #expect(parameter.key?.value == "c" && parameter.arrayFormat?.value == .comma)
        #expect(parameter.defaultValue == nil && parameter.allowsSlashes == nil)
        parameter.allowsSlashes = Located(true, at: location)
        parameter.key = nil
        #expect(parameter.allowsSlashes?.value == true && parameter.wireName == "codes")
        #expect(parameter.arrayFormat?.value == .comma)
    }
}
