import EndpointRuntime
import Foundation
import PaymentsAPI
import TestSupport
import Testing

/// `oneOf` of plain types, lists, dictionaries and models, and `Expandable<Model>`, as generated for `Payments.yaml`,
/// against Stripe's own example objects where `../shared/realworld/stripe` has them.
@Suite("Unions of any type and expandable references decode and encode back")
struct UnionTests {
    let decoder = JSONCoding.makeDecoder()

    func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try decoder.decode(type, from: Data(json.utf8))
    }

    func json<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try JSONCoding.makeEncoder().encode(value), as: UTF8.self)
    }

    @Test("a string variant and a model variant: each JSON kind picks its case, and encodes back unchanged")
    func stringOrModel() throws {
        #expect(try decode(Payments.Models.Tag.self, #""urgent""#) == .string("urgent"))
        let detailed = try decode(Payments.Models.Tag.self, #"{"name":"urgent","color":"red"}"#)
        #expect(detailed == .detailed(Payments.Models.Label(name: "urgent", color: "red")))
        #expect(try json(detailed) == #"{"color":"red","name":"urgent"}"#)
        #expect(try json(Payments.Models.Tag.string("a/b")) == #""a/b""#)
        // Neither a string nor a label: kept as it came.
        let other = try decode(Payments.Models.Tag.self, #"[1,2]"#)
        #expect(other == .unknown(.array([.number(1), .number(2)])))
        #expect(try json(other) == "[1,2]")
    }

    @Test("an integer variant and a dictionary variant")
    func intOrDictionary() throws {
        #expect(try decode(Payments.Models.Balance.self, "42") == .int(42))
        #expect(
            try decode(Payments.Models.Balance.self, #"{"usd":5,"eur":7}"#) == .intDictionary(["usd": 5, "eur": 7]))
        #expect(try json(Payments.Models.Balance.intDictionary(["usd": 5])) == #"{"usd":5}"#)
        #expect(try decode(Payments.Models.Balance.self, "1.5") == .unknown(.number(1.5)))
    }

    @Test("Expandable: a string is the id, an object the model; both encode back as they came")
    func expandable() throws {
        let id = try decode(Expandable<Payments.Models.Card>.self, #""card_1""#)
        #expect(id == .id("card_1") && id.object == nil)
        let card = #"{"brand":"Visa","exp_month":8,"exp_year":2030,"id":"card_1","last4":"4242","object":"card"}"#
        let object = try decode(Expandable<Payments.Models.Card>.self, card)
        #expect(object.object?.last4 == "4242")
        #expect(try json(object) == card)
        #expect(try json(id) == #""card_1""#)
        // Neither an id nor the object is an error, not a silent id.
        #expect(throws: DecodingError.self) { try decode(Expandable<Payments.Models.Card>.self, "12") }
    }

    @Test("Stripe's example customer, expanded and deleted, and its list, decode with the generated models")
    func stripeCustomers() throws {
        guard let expanded = SharedData.contents(of: "realworld/stripe/customers.retrieve.expanded.composed.json"),
            let deleted = SharedData.contents(of: "realworld/stripe/customers.retrieve.deleted.fixture.json"),
            let list = SharedData.contents(of: "realworld/stripe/customers.list.composed.json")
        else {
            print("skipped: ../shared/realworld/stripe is not beside the repository")
            return
        }
        guard case .customer(let customer) = try decoder.decode(Payments.Models.CustomerOrDeleted.self, from: expanded)
        else {
            Issue.record("the expanded customer did not decode as a customer")
            return
        }
        guard case .object(.card(let card)) = customer.defaultSource else {
            Issue.record("default_source is not an expanded card: \(String(describing: customer.defaultSource))")
            return
        }
        #expect(card.last4 == "4242" && card.brand == "Visa")
        let gone = try decoder.decode(Payments.Models.CustomerOrDeleted.self, from: deleted)
        #expect(gone == .deletedCustomer(Payments.Models.DeletedCustomer(id: "cus_Oaxlz8kB0PJWGa", deleted: true)))
        let page = try decoder.decode(Payments.Models.CustomerList.self, from: list)
        #expect(page.data.count == 1 && page.data[0].defaultSource == nil && !page.hasMore)
    }

    @Test("Stripe's example payment intent and file decode; the customer reference is absent or an id")
    func stripeIntentAndFile() throws {
        guard let intent = SharedData.contents(of: "realworld/stripe/payment_intents.create.fixture.json"),
            let file = SharedData.contents(of: "realworld/stripe/files.create.fixture.json")
        else {
            print("skipped: ../shared/realworld/stripe is not beside the repository")
            return
        }
        let decoded = try decoder.decode(Payments.Models.PaymentIntent.self, from: intent)
        #expect(decoded.amount == 1099 && decoded.customer == nil && decoded.paymentMethodTypes == ["card"])
        // `created: 1234567890` in Unix seconds, as the spec's `dateFormat: unixSeconds` says.
        #expect(decoded.created == Date(timeIntervalSince1970: 1_234_567_890))
        #expect(decoded.canceledAt == Date(timeIntervalSince1970: 1_234_567_890))
        let encoded = String(decoding: try JSONCoding.makeEncoder().encode(decoded), as: UTF8.self)
        #expect(encoded.contains(#""created":1234567890,"#) && encoded.contains(#""canceled_at":1234567890,"#))
        var withCustomer = decoded
        withCustomer.customer = .id("cus_1")
        let again = try decoder.decode(
            Payments.Models.PaymentIntent.self, from: JSONCoding.makeEncoder().encode(withCustomer))
        #expect(again.customer == .id("cus_1"))
        let links = try decoder.decode(Payments.Models.File.self, from: file).links
        #expect((links?.data.count ?? 0) > 0)
    }
}

/// A `Date` variant of a union in an API whose dates are Unix seconds.
@Suite("Date variants follow the API's date format")
struct DateVariantTests {
    @Test("an exact time decodes and encodes as Unix seconds, a range as its object")
    func dateVariant() throws {
        let decoder = JSONCoding.makeDecoder()
        let at = try decoder.decode(Payments.Models.CreatedFilter.self, from: Data("1694038270".utf8))
        #expect(at == .at(Date(timeIntervalSince1970: 1_694_038_270)))
        #expect(String(decoding: try JSONCoding.makeEncoder().encode(at), as: UTF8.self) == "1694038270")
        let range = try decoder.decode(Payments.Models.CreatedFilter.self, from: Data(#"{"gte":10}"#.utf8))
        #expect(range == .range(Payments.Models.DateRange(gte: Date(timeIntervalSince1970: 10))))
        // ISO text is not a Unix time: kept as it came rather than read as a wrong date.
        let text = try decoder.decode(Payments.Models.CreatedFilter.self, from: Data(#""2023-09-06T22:11:10Z""#.utf8))
        #expect(text == .unknown(.string("2023-09-06T22:11:10Z")))
    }
}
