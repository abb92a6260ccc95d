import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a scope's credential travels on a request.
public enum AuthScheme: Sendable, Hashable {
    /// `Authorization: Bearer <token>` (RFC 6750).
    case bearer
    /// `Authorization: Basic <base64 of user:password>` (RFC 7617); the credential is `user:password`, as
    /// ``Credentials/basic(username:password:)`` makes it.
    case basic
    /// The credential as is, in the header, query item or cookie `name`.
    case apiKey(name: String, in: APIKeyLocation)
    /// Nothing: an anonymous scope sends no credential and asks ``Credentials`` for none.
    case none

    /// Where an API key travels.
    public enum APIKeyLocation: String, Sendable, Hashable {
        /// A request header, such as `X-Api-Key: <key>`.
        case header
        /// A query item, such as `?api_key=<key>`.
        case query
        /// A cookie, such as `Cookie: session=<key>`.
        case cookie
    }

    /// The request header this scheme writes, lower-cased: redacted in logs and dropped on a redirect to
    /// another host, whatever the client's ``APIClient/Configuration/sensitiveHeaders`` say.
    var headerName: String? {
        switch self {
        case .bearer, .basic: return "authorization"
        case .apiKey(let name, .header): return name.lowercased()
        case .apiKey(_, .cookie): return "cookie"
        case .apiKey(_, .query), .none: return nil
        }
    }

    /// The query item this scheme writes: redacted in logs.
    var queryItemName: String? {
        if case .apiKey(let name, .query) = self { return name }
        return nil
    }

    /// `request` with `credential` on it, as this scheme says. Throws ``InvalidCredentialError`` for a credential
    /// that cannot travel this way (a line break in a header, a `;` in a cookie).
    func authorize(_ request: URLRequest, with credential: String) throws -> URLRequest {
        var request = request
        switch self {
        case .none:
            break
        case .bearer:
            try request.setCheckedHeader(
                "Bearer \(try Self.checkedHeaderValue(credential, scheme: self))", for: "Authorization")
        case .basic:
            let encoded = Data(try Self.checkedHeaderValue(credential, scheme: self).utf8).base64EncodedString()
            try request.setCheckedHeader("Basic \(encoded)", for: "Authorization")
        case .apiKey(let name, .header):
            try request.setCheckedHeader(try Self.checkedHeaderValue(credential, scheme: self), for: name)
        case .apiKey(let name, .cookie):
            guard !credential.isEmpty, credential.utf8.allSatisfy(HeaderField.isCookieOctet) else {
                throw InvalidCredentialError(
                    scheme: self,
                    reason: "a cookie value may hold only visible ASCII other than '\"', ',', ';' and '\\' (RFC 6265)")
            }
            let cookie = "\(name)=\(credential)"
            try request.setCheckedHeader(
                HeaderField.cookies(request.value(forHTTPHeaderField: "Cookie"), adding: cookie), for: "Cookie")
        case .apiKey(let name, .query):
            guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { throw InvalidCredentialError(scheme: self, reason: "the request has no URL to add it to") }
            let item = URLQueryItem(name: PathEncoding.escapeQuery(name), value: PathEncoding.escapeQuery(credential))
            components.percentEncodedQueryItems =
                (components.percentEncodedQueryItems ?? []).filter { $0.name != item.name } + [item]
            request.url = components.url
        }
        return request
    }

    /// A credential that may go into a header as it is: not empty, visible ASCII and spaces only. Other bytes
    /// have no agreed meaning in a header (servers read Latin-1 or UTF-8, or drop them); basic authentication
    /// encodes its credential, so any text goes there.
    private static func checkedHeaderValue(_ credential: String, scheme: AuthScheme) throws -> String {
        if credential.isEmpty {
            throw InvalidCredentialError(scheme: scheme, reason: "it is empty")
        }
        if credential.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
            throw InvalidCredentialError(scheme: scheme, reason: "it contains a line break or a NUL byte")
        }
        if scheme != .basic, credential.utf8.contains(where: { $0 < 0x20 || $0 > 0x7E }) {
            throw InvalidCredentialError(
                scheme: scheme, reason: "it contains a control character or a character outside ASCII")
        }
        return credential
    }
}

extension AuthScheme: CustomStringConvertible {
    /// `bearer`, `basic`, `API key in header 'X-Api-Key'`, `none`: for messages.
    public var description: String {
        switch self {
        case .bearer: return "bearer"
        case .basic: return "basic"
        case .apiKey(let name, let location): return "API key in \(location.rawValue) '\(HeaderField.printable(name))'"
        case .none: return "none"
        }
    }
}

/// A credential the scheme cannot put on the wire; the request is not sent. The credential itself is never part
/// of the message.
public struct InvalidCredentialError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scheme that was to carry it.
    public var scheme: AuthScheme
    /// What is wrong with it.
    public var reason: String

    public var description: String {
        let place: String
        switch scheme {
        case .bearer, .basic: place = "the 'Authorization' header"
        case .apiKey(let name, .header): place = "the header '\(HeaderField.printable(name))'"
        case .apiKey(let name, .query): place = "the query item '\(HeaderField.printable(name))'"
        case .apiKey(let name, .cookie): place = "the cookie '\(HeaderField.printable(name))'"
        case .none: place = "no place"
        }
        return "the credential cannot be sent as \(scheme) in \(place): \(reason)"
    }
}

/// A kind of token: the type an ``AuthorizedClient`` is specialised with. Generated `Scope` enums conform, each
/// naming how its credential travels; `AuthorizedClient<SomethingElse>` does not compile.
public protocol AuthorizationScope: SendableMetatype {
    /// How the credential of this scope travels; ``AuthScheme/bearer`` unless the scope says otherwise.
    static var authScheme: AuthScheme { get }
}

extension AuthorizationScope {
    public static var authScheme: AuthScheme { .bearer }
}
