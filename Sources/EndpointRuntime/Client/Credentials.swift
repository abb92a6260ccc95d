/// Where an authorized client gets its bearer token, and how it gets a new one after a 401.
///
/// Refreshes are single-flight: when many requests fail with 401 at once, one refresh runs and all of them
/// retry with its token. A refresh is skipped when another request already replaced the rejected token.
public actor Credentials {
    private var token: String?
    private let provider: (@Sendable () async throws -> String)?
    private let refresher: (@Sendable (_ rejected: String) async throws -> String)?
    private var refreshing: Task<String, any Error>?

    /// Credentials with a token, or a provider to ask for the first one, and an optional refresher.
    public init(
        token: String? = nil, provider: (@Sendable () async throws -> String)? = nil,
        refresh: (@Sendable (_ rejected: String) async throws -> String)? = nil
    ) {
        self.token = token
        self.provider = provider
        self.refresher = refresh
    }

    /// The current token, asking the provider the first time.
    public func token() async throws -> String {
        if let refreshing { return try await refreshing.value }
        if let token { return token }
        guard let provider else { return "" }
        let fresh = try await provider()
        token = fresh
        return fresh
    }

    /// A token to retry with after `rejected` got a 401; nil when there is no refresher.
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
