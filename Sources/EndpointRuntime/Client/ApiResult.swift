import Foundation

/// The value style: the response, or the endpoint's declared error as its `Failure` type, or an unexpected
/// response. Failures on the client's side stay in the error channel.
///
/// For a generated endpoint, `Failure` is its one declared error model, a generated enum over several, or
/// `Never` when it declares none, so a `switch` over the result needs no cast; for a hand-built endpoint it is
/// `any Error & Sendable`.
public enum ApiResult<Value: Sendable, Failure: Sendable>: Sendable {
    /// The response.
    case success(Value)
    /// A declared error, decoded into its model.
    case failure(Failure, HTTPResponseInfo)
    /// An undeclared status or an undecodable error body.
    case unexpected(HTTPResponseInfo, underlying: (any Error & Sendable)?)

    /// The declared error model, when it is of type `Model`.
    public func error<Model>(as type: Model.Type) -> Model? {
        if case .failure(let model, _) = self { return model as? Model }
        return nil
    }

    /// The value, when the request succeeded.
    public var value: Value? {
        if case .success(let value) = self { return value }
        return nil
    }
}
