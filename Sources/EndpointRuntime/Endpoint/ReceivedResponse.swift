import Foundation

/// A response as an endpoint reads it: the status, the headers and the whole body.
///
/// What generated code decodes from, so that an endpoint can read headers (`ETag`, `Link`, rate limits), tell
/// success statuses apart and handle bodies that are not JSON.
public struct ReceivedResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields, as the server sent them.
    public var headers: [String: String]
    /// The body, all of it.
    public var body: Data
    /// The URL that answered (after any redirects); relative URLs in headers resolve against it.
    public var url: URL?

    /// A response.
    public init(status: Int, headers: [String: String] = [:], body: Data, url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The value of the header `name`, ignoring case, as HTTP field names are.
    public func value(forHeader name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
