/// Where an authorized client gets its credential (a bearer token, an API key, `user:password`), and how it gets
/// a new one after a 401. The scope's ``AuthScheme`` decides how the credential travels.
///
/// Refreshes are single-flight: when many requests fail with 401 at once, one refresh runs and all of them
/// retry with its credential. A refresh is skipped when another request already replaced the rejected one.
public actor Credentials {
    private var token: String?
    private let provider: (@Sendable () async throws -> String)?
    private let refresher: (@Sendable (_ rejected: String) async throws -> String)?
    private var refreshing: Task<String, any Error>?

    /// Credentials with a token, or a provider to ask for the first one, and an optional refresher. With
    /// neither a token nor a provider there is no credential: fine for a scope whose scheme is
    /// ``AuthScheme/none``, an `authentication` failure (before anything is sent) for any other.
    public init(
        token: String? = nil, provider: (@Sendable () async throws -> String)? = nil,
        refresh: (@Sendable (_ rejected: String) async throws -> String)? = nil
    ) {
        self.token = token
        self.provider = provider
        self.refresher = refresh
    }

    /// Credentials for HTTP basic authentication (``AuthScheme/basic``): `username:password`. Throws
    /// ``InvalidCredentialError`` for a user name with a colon, which RFC 7617 cannot carry.
    public static func basic(username: String, password: String) throws -> Credentials {
        guard !username.contains(":") else {
            throw InvalidCredentialError(scheme: .basic, reason: "a user name may not contain ':' (RFC 7617)")
        }
        return Credentials(token: "\(username):\(password)")
    }

    /// The current credential, asking the provider the first time; nil when there is none.
    public func token() async throws -> String? {
        if let refreshing { return try await refreshing.value }
        if let token { return token }
        guard let provider else { return nil }
        let fresh = try await provider()
        token = fresh
        return fresh
    }

    /// A credential to retry with after `rejected` got a 401; nil when there is no refresher.
    func refreshedToken(rejecting rejected: String) async throws -> String? {
        guard let refresher else { return nil }
        if let refreshing { return try await refreshing.value }
        if let token, token != rejected { return token }
        let task = Task { try await refresher(rejected) }
        refreshing = task
        do {
            let fresh = try await task.value
            token = fresh
            refreshing = nil
            return fresh
        } catch {
            refreshing = nil
            throw error
        }
    }
}

/// What an authorized request carries: where its credential comes from and how it travels.
struct Authorizer: Sendable {
    var credentials: Credentials
    var scheme: AuthScheme
}

/// No credential where the scope's scheme needs one.
public struct MissingCredentialError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scheme that needed it.
    public var scheme: AuthScheme

    public var description: String {
        "no credential for the \(scheme) scheme: give Credentials a token or a provider; a scope that sends no "
            + "credential at all is declared 'auth: none' in the spec"
    }
}
