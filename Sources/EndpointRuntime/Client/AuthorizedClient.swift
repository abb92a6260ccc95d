import Foundation

/// A client holding a credential of scope `Authorization`: it performs exactly the endpoints that scope may call,
/// sending the credential as the scope's ``AuthorizationScope/authScheme`` says. Its call styles are
/// ``EndpointClient``'s, the same as ``APIClient``'s, for the endpoints of its scope.
///
/// Generated factories of scoped endpoints are generic over the caller's token and constrained to the scope's
/// access protocol, so handing this client an endpoint of another scope does not compile, and the compiler
/// names the missing access (`requires that 'Shop.Scope.Guest' conform to 'Shop.Access.Customer'`). Only scope
/// types fit `Authorization`: `AuthorizedClient<Shop.Customer>` (a namespace of endpoints) does not compile.
public struct AuthorizedClient<Authorization: AuthorizationScope>: EndpointClient {
    /// The client that performs the requests.
    public let client: APIClient
    /// Where the credential comes from, and how it is refreshed after a 401.
    public let credentials: Credentials

    /// A client of scope `Authorization` on `client`, with `credentials` (none for an anonymous scope).
    public init(client: APIClient, credentials: Credentials = Credentials()) {
        self.client = client
        self.credentials = credentials
    }

    /// The client, with the credential as the scope's scheme sends it.
    public var pipeline: APIClient.Pipeline {
        APIClient.Pipeline(
            client: client, authorizer: Authorizer(credentials: credentials, scheme: Authorization.authScheme))
    }

    /// A client of scope `Authorization` for `baseURL` with a fixed token.
    public init(baseURL: URL, token: String) {
        self.init(client: APIClient(baseURL: baseURL), credentials: Credentials(token: token))
    }
}
