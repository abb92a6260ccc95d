import Foundation

/// A server an endpoint lives at other than the API's base URL, such as GitHub's `uploads.github.com`.
///
/// The client sends there the URL its configuration maps the name to (``APIClient/Configuration/servers``), or
/// `url`; credentials go with the request, as the spec declares the server part of the API.
public struct Server: Sendable, Hashable {
    /// The name the spec gives it, which a configuration maps to another URL (for staging or tests).
    public var name: String
    /// The URL the spec gives it.
    public var url: URL

    /// A server.
    public init(name: String, url: URL) {
        self.name = name
        self.url = url
    }
}
