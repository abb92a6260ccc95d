/// Choices that shape the generated code.
package struct GeneratorOptions: Sendable, Hashable {
    /// The access level of generated declarations.
    package enum AccessLevel: String, CaseIterable, Sendable, Hashable {
        case `public`
        case `package`
        case `internal`

        /// The keyword and a space, or nothing for `internal`.
        var keyword: String { self == .internal ? "" : "\(rawValue) " }
    }

    /// The access level of generated declarations; `public` by default.
    package var access: AccessLevel
    /// How many files the models, and separately the endpoints, are spread over, so the compiler can work on
    /// them in parallel and an edit recompiles little. 1 by default.
    package var fileCount: Int

    /// Creates options.
    package init(access: AccessLevel = .public, fileCount: Int = 1) {
        self.access = access
        self.fileCount = max(1, fileCount)
    }
}
