import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import GitHubEventsAPI
import PaymentsAPI
import Testing

/// The README's "APIs such as Stripe's and GitHub's" snippet, as written there, against stubs: it must compile and
/// do what the README says.
@Suite("The README's real-API snippet")
struct ReadmeRealAPITests {
    @Test("creates a customer with nested fields, reads an expandable source, pages by the last id")
    func snippet() async throws {
        let stubs = StubbedTransport(baseURL: Payments.baseURL)
        let scoped = stubs.scope(Payments.Scope.Secret.self)
        let card = #"{"id":"card_1","object":"card","brand":"Visa","last4":"4242","exp_month":8,"exp_year":2030}"#
        let customerJSON =
            #"{"id":"cus_1","object":"customer","created":1694038270,"balance":0,"metadata":{"order_id":"6735"},"#
            + #""preferred_locales":[],"default_source":\#(card)}"#
        scoped.stub(Payments.Customers.create(), with: .body(Data(customerJSON.utf8), status: 200))
        scoped.stub(
            Payments.Customers.list(),
            with: .body(Data(#"{"data":[\#(customerJSON)],"has_more":false,"url":"/v1/customers"}"#.utf8), status: 200))
        let secretKey = "sk_test"
        let lastSync = Date(timeIntervalSince1970: 1_690_000_000)
        var saved: [Payments.Models.Customer] = []
        func save(_ customers: [Payments.Models.Customer]) { saved += customers }

        let stripe = AuthorizedClient<Payments.Scope.Secret>(
            client: APIClient(
                configuration: .init(
                    baseURL: Payments.baseURL,
                    headers: ["Stripe-Version": "2024-04-10"],
                    transport: stubs,
                    interceptors: [RetryPolicy()])),
            credentials: Credentials(token: secretKey))
        let customer = try await stripe.send(
            Payments.Customers.create(
                idempotencyKey: UUID().uuidString, email: "jenny@example.com",
                address: .init(line1: "1 Main St", city: "Bern"), metadata: ["order_id": "6735"]))
        #expect(customer.created == Date(timeIntervalSince1970: 1_694_038_270))
        guard case .object(.card(let source))? = customer.defaultSource else {
            Issue.record("no expanded card")
            return
        }
        #expect(source.last4 == "4242")
        for try await page in stripe.pages(Payments.Customers.list(created: .range(.init(gte: lastSync)))) {
            save(page.data)
        }
        #expect(saved.map(\.id) == ["cus_1"])
        let sent = stubs.requests
        #expect(sent.first?.value(forHTTPHeaderField: "Stripe-Version") == "2024-04-10")
        #expect(sent.first?.value(forHTTPHeaderField: "Idempotency-Key")?.count == 36)
        #expect(
            String(decoding: sent.first?.httpBody ?? Data(), as: UTF8.self)
                == "email=jenny%40example.com&address%5Bline1%5D=1+Main+St&address%5Bcity%5D=Bern"
                + "&metadata%5Border_id%5D=6735")
        #expect(sent.last?.url?.query == "created%5Bgte%5D=1690000000")
    }
}
