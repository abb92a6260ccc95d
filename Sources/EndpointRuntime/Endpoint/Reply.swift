import Foundation

/// A successful response with the body decoded, the declared headers read and the status.
public struct Reply<Body: Sendable, Headers: ResponseHeaders>: Sendable {
    /// The decoded body.
    public var body: Body
    /// The headers the endpoint declares, typed.
    public var headers: Headers
    /// The status code (a 2xx; 200 for a body reused after a `304 Not Modified`).
    public var status: Int
    /// Every header field as the server sent it, for what the spec does not declare.
    public var headerFields: HeaderFields

    /// A reply; for tests and previews.
    public init(body: Body, headers: Headers, status: Int = 200, headerFields: HeaderFields = [:]) {
        self.body = body
        self.headers = headers
        self.status = status
        self.headerFields = headerFields
    }
}

extension Reply {
    /// The reply of `response` with its body read already: the declared headers read from it (throwing
    /// ``ResponseHeaderError``), its status and every field.
    init(_ response: ReceivedResponse, body: Body) throws {
        self.init(
            body: body, headers: try Headers(from: response), status: response.status, headerFields: response.headers)
    }
}

extension Reply: Equatable where Body: Equatable, Headers: Equatable {}
