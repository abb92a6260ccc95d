import EndpointRuntime
import Foundation
import PaymentsAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The generated `Payments` factories send models, maps and lists of models as bracketed keys, as Stripe reads them.
@Suite("Generated forms and queries spread structures over bracketed keys")
struct NestedFormTests {
    typealias Key = Payments.Scope.Secret

    @Test("customer create: address in declared order, metadata sorted, tax ids indexed")
    func create() throws {
        let endpoint: AuthorizedEndpoint<Key, Payments.Models.Customer, Payments.Models.ErrorEnvelope> =
            Payments.Customers.create(
                email: "jenny@example.com",
                address: Payments.Models.Address(line1: "1 Main St", city: "Bern", postalCode: "3000"),
                metadata: ["order_id": "6735", "campaign": "fall"],
                taxIdData: [Payments.Models.TaxIdData(type: .euVat, value: "DE123")])
        let request = try endpoint.endpoint.urlRequest(baseURL: Payments.baseURL)
        #expect(
            String(decoding: request.httpBody ?? Data(), as: UTF8.self)
                == "email=jenny%40example.com&address%5Bline1%5D=1+Main+St&address%5Bcity%5D=Bern"
                + "&address%5Bpostal_code%5D=3000&metadata%5Bcampaign%5D=fall&metadata%5Border_id%5D=6735"
                + "&tax_id_data%5B0%5D%5Btype%5D=eu_vat&tax_id_data%5B0%5D%5Bvalue%5D=DE123")
    }

    @Test("payment intent create: a list with brackets in its key, a map, an enum")
    func createIntent() throws {
        let endpoint: AuthorizedEndpoint<Key, Payments.Models.PaymentIntent, Payments.Models.ErrorEnvelope> =
            Payments.PaymentIntents.create(
                amount: 1099, currency: "usd", captureMethod: .manual, paymentMethodTypes: ["card", "sepa_debit"],
                metadata: ["order_id": "6735"])
        let request = try endpoint.endpoint.urlRequest(baseURL: Payments.baseURL)
        #expect(
            String(decoding: request.httpBody ?? Data(), as: UTF8.self)
                == "amount=1099&currency=usd&capture_method=manual&payment_method_types%5B%5D=card"
                + "&payment_method_types%5B%5D=sepa_debit&metadata%5Border_id%5D=6735")
    }

    @Test("customer list: a union in the query is its case's value, a range or one number")
    func list() throws {
        let range: AuthorizedEndpoint<Key, Payments.Models.CustomerList, Payments.Models.ErrorEnvelope> =
            Payments.Customers.list(
                limit: 10, created: .range(Payments.Models.DateRange(gte: Date(timeIntervalSince1970: 1_694_038_270))),
                updatedSince: Date(timeIntervalSince1970: 1_700_000_000.5))
        // The API's `dateFormat: unixSeconds` reaches a date inside a model in the query and a date parameter.
        #expect(
            try range.endpoint.urlRequest(baseURL: Payments.baseURL).url?.query
                == "limit=10&created%5Bgte%5D=1694038270&updated_since=1700000000.5")
        let exact: AuthorizedEndpoint<Key, Payments.Models.CustomerList, Payments.Models.ErrorEnvelope> =
            Payments.Customers.list(created: .at(Date(timeIntervalSince1970: 5)))
        #expect(try exact.endpoint.urlRequest(baseURL: Payments.baseURL).url?.query == "created=5")
    }
}

/// A multipart field spread over bracketed part names (`encoding: nested`), as Stripe's file upload takes it.
@Suite("Nested multipart fields")
struct NestedMultipartTests {
    @Test("file upload: the file, the purpose, and file_link_data as one text part per leaf")
    func fileUpload() throws {
        let endpoint: AuthorizedEndpoint<Payments.Scope.Secret, Payments.Models.File, Payments.Models.ErrorEnvelope> =
            Payments.Files.create(
                file: Upload(data: Data("%PDF".utf8), fileName: "a.pdf", mediaType: "application/pdf"),
                purpose: .disputeEvidence,
                fileLinkData: Payments.Models.FileLinkData(
                    create: true, expiresAt: Date(timeIntervalSince1970: 1_700_000_000), metadata: ["case": "7"]))
        let body = try #require(endpoint.endpoint.body).encoded(with: JSONCoding.makeEncoder())
        let boundary = try #require(body.contentType.split(separator: "=").last.map(String.init))
        #expect(body.contentType == "multipart/form-data; boundary=\(boundary)")
        let expected = [
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.pdf\"\r\n"
                + "Content-Type: application/pdf\r\n\r\n%PDF\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\ndispute_evidence\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file_link_data[create]\"\r\n\r\ntrue\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file_link_data[expires_at]\"\r\n\r\n1700000000\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file_link_data[metadata][case]\"\r\n\r\n7\r\n",
            "--\(boundary)--\r\n",
        ].joined()
        #expect(String(decoding: body.data, as: UTF8.self) == expected)
        #expect(endpoint.endpoint.server?.name == "files")
    }

    @Test("a map key with a bracket fails the body, naming it")
    func refused() {
        let part = MultipartPart("meta", nested: ["a[b": "1"])
        #expect(throws: NestedFieldsError.self) {
            _ = try RequestBody.multipart([part]).encoded(with: JSONCoding.makeEncoder())
        }
    }
}
