import Foundation

/// Which statuses of an endpoint are expected errors, and what their bodies decode into.
///
/// A status matches its exact code first, then its class (`4XX`, `5XX`), then `default`. A status that matches
/// nothing, or a body that does not decode, is an unexpected error.
public struct ErrorSchema: Sendable {
    /// Statuses one line of the schema covers.
    public enum Status: Hashable, Sendable, CustomStringConvertible {
        /// Exactly this status.
        case code(Int)
        /// Every status of a class: `.range(4)` is `4XX`.
        case range(Int)
        /// Every error status no other line covers.
        case `default`

        public var description: String {
            switch self {
            case .code(let code): return String(code)
            case .range(let first): return "\(first)XX"
            case .default: return "default"
            }
        }
    }

    /// How one kind of error body decodes.
    public struct Decoder: Sendable {
        /// Decodes a body into the declared error model.
        public var decode: @Sendable (_ body: Data, _ decoder: JSONDecoder) throws -> any Error & Sendable

        /// A body decoded from JSON into `Model`.
        public static func json<Model: Decodable & Error & Sendable>(_ model: Model.Type) -> Decoder {
            Decoder { body, decoder in try decoder.decode(Model.self, from: body) }
        }

        /// An expected error that has no body.
        public static var empty: Decoder {
            Decoder { _, _ in EmptyErrorBody() }
        }
    }

    /// The lines of the schema.
    public var decoders: [Status: Decoder]

    /// Creates a schema.
    public init(_ decoders: [Status: Decoder] = [:]) {
        self.decoders = decoders
    }

    /// This schema with `other`'s lines added, `other` winning where both cover a status.
    public func merging(_ other: [Status: Decoder]) -> ErrorSchema {
        ErrorSchema(decoders.merging(other) { _, new in new })
    }

    /// The decoder for an error `status`, if the schema expects it.
    public func decoder(for status: Int) -> Decoder? {
        decoders[.code(status)] ?? decoders[.range(status / 100)] ?? decoders[.default]
    }
}

/// The value of an expected error whose spec says it has no body (`404: Void`).
public struct EmptyErrorBody: Error, Hashable, Sendable {
    /// Creates the value.
    public init() {}
}
