import Foundation

/// The type a generated endpoint's several declared error models come back as: an enum with a case per model.
public protocol DeclaredFailure: Error, Sendable {
    /// The case for a declared error's model, or nil when it is none of them.
    init?(declared: any Error & Sendable)
}
