import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import PaymentsAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Headers a client may change: an overridable constant (`Stripe-Version`) and an API-wide parameter
/// (`Idempotency-Key` on every POST), which makes a POST safe for the retry policy.
@Suite("Overridable constant headers, API-wide parameters, idempotent retries")
struct ClientHeaderTests {
    typealias Secret = Payments.Scope.Secret

    static let intent = Payments.Models.PaymentIntent(
        id: "pi_1", amount: 1099, currency: "usd", created: Date(timeIntervalSince1970: 0), status: .succeeded,
        metadata: [:], paymentMethodTypes: ["card"])

    func client(_ stubs: StubbedTransport, headers: HeaderFields = [:], retry: RetryPolicy? = nil)
        -> AuthorizedClient<Secret>
    {
        AuthorizedClient(
            client: APIClient(
                configuration: .init(
                    baseURL: Payments.baseURL, headers: headers, transport: stubs,
                    interceptors: retry.map { [$0] } ?? [])),
            credentials: Credentials(token: "sk_test"))
    }

    @Test("the spec's Stripe-Version is sent unless the client's configuration pins its own")
    func overridable() async throws {
        let stubs = StubbedTransport(baseURL: Payments.baseURL)
        stubs.scope(Secret.self).stub(Payments.PaymentIntents.retrieve(intent: "pi_1"), with: .success(Self.intent))
        _ = try await client(stubs).send(Payments.PaymentIntents.retrieve(intent: "pi_1"))
        _ = try await client(stubs, headers: ["stripe-version": "2024-04-10"]).send(
            Payments.PaymentIntents.retrieve(intent: "pi_1"))
        let versions = stubs.requests.map { $0.value(forHTTPHeaderField: "Stripe-Version") }
        #expect(versions == ["2023-08-16", "2024-04-10"])
    }

    @Test("every POST takes the API-wide idempotency key; a GET does not have the argument")
    func apiWideParameter() throws {
        let create: AuthorizedEndpoint<Secret, Payments.Models.PaymentIntent, Payments.Models.ErrorEnvelope> =
            Payments.PaymentIntents.create(amount: 1, currency: "usd", idempotencyKey: "order-6735")
        let request = try create.endpoint.urlRequest(baseURL: Payments.baseURL)
        #expect(request.value(forHTTPHeaderField: "Idempotency-Key") == "order-6735")
        let customer: AuthorizedEndpoint<Secret, Payments.Models.Customer, Payments.Models.ErrorEnvelope> =
            Payments.Customers.create(idempotencyKey: "c-1", email: "a@example.com")
        #expect(
            try customer.endpoint.urlRequest(baseURL: Payments.baseURL).value(forHTTPHeaderField: "Idempotency-Key")
                == "c-1")
    }

    @Test("the retry policy sends a POST again only when it carries its idempotency key")
    func retriesKeyedPost() async throws {
        let policy = RetryPolicy(baseDelay: .milliseconds(1), jitter: { _ in .zero })
        let keyed = StubbedTransport(baseURL: Payments.baseURL, fallback: .empty(status: 503))
        await #expect(throws: ClientError.self) {
            _ = try await client(keyed, retry: policy).send(
                Payments.PaymentIntents.create(amount: 1, currency: "usd", idempotencyKey: "k-1"))
        }
        #expect(keyed.requests.count == 3)
        let unkeyed = StubbedTransport(baseURL: Payments.baseURL, fallback: .empty(status: 503))
        await #expect(throws: ClientError.self) {
            _ = try await client(unkeyed, retry: policy).send(
                Payments.PaymentIntents.create(amount: 1, currency: "usd"))
        }
        #expect(unkeyed.requests.count == 1)
    }
}
