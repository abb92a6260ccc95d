import CountriesAPI
import EdgeCasesAPI
import EndpointRuntime
import Foundation
import GitHubEventsAPI
import LoginAPI
import ShopAPI
import Testing

/// Sample JSON decodes into the generated models and encodes back to the same JSON.
@Suite("Generated models round-trip JSON")
struct RoundTripTests {
    private func roundTrip<Model: Codable & Equatable>(_ type: Model.Type, _ json: String) throws -> Model {
        let decoder = JSONCoding.makeDecoder()
        let model = try decoder.decode(Model.self, from: Data(json.utf8))
        let encoded = try JSONCoding.makeEncoder().encode(model)
        #expect(try decoder.decode(Model.self, from: encoded) == model)
        let original = NSMutableDictionary(
            dictionary: try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:])
        let again = try JSONSerialization.jsonObject(with: encoded) as? NSDictionary
        // Nulls are dropped when encoding; everything else must come back as it was.
        original.removeObjects(forKeys: original.allKeys.filter { original[$0] is NSNull })
        #expect(again == original)
        return model
    }

    @Test("Shop: JSON keys, dates with fractions, absent and null optionals, unknown enum values")
    func shop() throws {
        let customer = try roundTrip(
            Shop.Models.Customer.self,
            #"""
            {"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","first_name":"Ada","last_name":"Lovelace",
             "email":"ada@example.com","avatar_id":null,"tier":"platinum","created_at":"2024-05-01T12:30:00.250Z"}
            """#)
        #expect(customer.firstName == "Ada")
        #expect(customer.avatarId == nil)
        #expect(customer.tier == .unknown("platinum"))
        #expect(customer.createdAt.timeIntervalSince1970 == 1_714_566_600.25)
        let absent = try JSONCoding.makeDecoder().decode(
            Shop.Models.Customer.self,
            from: Data(
                #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","first_name":"A","last_name":"L","email":"e","tier":"gold","created_at":"2024-05-01T12:30:00Z"}"#
                    .utf8))
        #expect(absent.avatarId == nil && absent.tier == .gold)
    }

    @Test("Login: success and failure bodies")
    func login() throws {
        let session = try roundTrip(Auth.Models.Session.self, #"{"user_id":42,"token":"abc"}"#)
        #expect(session.userId == 42)
        let failure = try roundTrip(Auth.Models.LoginFailure.self, #"{"error_message":"Wrong password"}"#)
        #expect(failure.message == "Wrong password")
    }

    @Test("GitHub: nested models, URLs, dates and an arbitrary JSON payload")
    func gitHub() throws {
        let event = try roundTrip(
            GitHub.Models.Event.self,
            #"""
            {"id":"1","type":"PushEvent","public":true,"created_at":"2024-01-02T03:04:05Z",
             "actor":{"id":1,"login":"octocat","display_login":"octocat","url":"https://api.github.com/users/octocat",
                      "avatar_url":"https://avatars.example.com/u/1"},
             "repo":{"id":2,"name":"octocat/hello","url":"https://api.github.com/repos/octocat/hello"},
             "payload":{"size":1,"commits":[{"sha":"abc","distinct":true}]}}
            """#)
        #expect(event.type == .pushEvent)
        #expect(event.actor.login == "octocat")
        #expect(event.payload["commits"] == .array([.object(["sha": .string("abc"), "distinct": .bool(true)])]))
        #expect(event.org == nil)
    }

    @Test("Countries: optional lists and dictionaries of URLs")
    func countries() throws {
        let country = try roundTrip(
            RestCountries.Models.Country.self,
            #"""
            {"name":{"common":"Germany","official":"Federal Republic of Germany"},"cca3":"DEU","region":"Europe",
             "population":83240525,"capital":["Berlin"],"borders":["AUT","FRA"],"flags":{"png":"https://flagcdn.com/w320/de.png"}}
            """#)
        #expect(country.borders == ["AUT", "FRA"])
        #expect(country.area == nil)
    }

    @Test("EdgeCases: hostile names, escaped enum values and recursive models")
    func edgeCases() throws {
        let result = try roundTrip(
            EdgeCases.Models.Result.self,
            #"""
            {"class":"c","default":1,"self":true,"type":"t","init":"i","2fa":false,"first-name":"f",
             "e-mail.address":"e","naïve café":"n","日本":3,"🚀":"r","data":"AAEC","json":[1,"x"],
             "codable":{"value":"v"}}
            """#)
        #expect(result.`class` == "c" && result.`self` == true && result._2fa == false && result.日本 == 3)
        #expect(result.data == Data([0, 1, 2]))
        let node = try roundTrip(
            EdgeCases.Models.Node.self,
            #"{"children":[{"children":[]}],"parent":{"children":[],"parent":{"children":[]}},"owner":{"home":{"children":[]}}}"#
        )
        #expect(node.parent?.parent?.children == [])
        #expect(node.owner?.home.children == [])
        let values: [EdgeCases.Models._Type] = [
            .`default`, .`self`, .withQuotesAndBackslash, .lineBreak, .interpolation, .empty,
        ]
        for value in values { #expect(EdgeCases.Models._Type(rawValue: value.rawValue) == value) }
        #expect(EdgeCases.Models._Type.withQuotesAndBackslash.rawValue == #"with "quotes" and \ backslash"#)
        #expect(EdgeCases.Models._Type.lineBreak.rawValue == "line\nbreak")
        #expect(EdgeCases.Models._Type.interpolation.rawValue == #"\(interpolation)"#)
        #expect(EdgeCases.Models._Type(rawValue: "brand new") == .unrecognized("brand new"))
    }
}

/// Generated endpoints build the requests their specs describe.
@Suite("Generated endpoints build requests")
struct GeneratedRequestTests {
    @Test("Shop: the customer's PATCH sends the JSON keys of the spec")
    func shopPatch() throws {
        let patch:
            AuthorizedEndpoint<
                Shop.Scope.Customer, Shop.Models.Customer, Shop.Failures.ErrorMessageOrValidationProblem
            > = Shop.Customer.patch(firstName: "Ada", lastName: "L")
        let request = try patch.endpoint.urlRequest(baseURL: Shop.baseURL)
        #expect(request.url?.absoluteString == "https://api.shop.example/v1/customer/profile")
        #expect(request.httpMethod == "PATCH")
        #expect(String(decoding: request.httpBody ?? Data(), as: UTF8.self) == #"{"first_name":"Ada","last_name":"L"}"#)
    }

    @Test("GitHub: path parameters are single segments; paging goes to the query")
    func gitHubEvents() throws {
        let events:
            AuthorizedEndpoint<
                GitHub.Scope.Public, Reply<[GitHub.Models.Event], GitHub.Repos.EventsHeaders>, GitHub.Models.GitHubError
            > = GitHub.Repos.events(owner: "apple", repo: "../swift", perPage: 50)
        let request = try events.endpoint.urlRequest(baseURL: GitHub.baseURL)
        #expect(request.url?.absoluteString == "https://api.github.com/repos/apple/..%2Fswift/events?per_page=50")
    }

    @Test("Countries: codes travel comma-joined; Login: a form body")
    func countriesAndLogin() throws {
        let byCodes = try RestCountries.Countries.byCodes(codes: ["DEU", "FRA"]).urlRequest(
            baseURL: RestCountries.baseURL)
        #expect(byCodes.url?.absoluteString == "https://restcountries.example.com/v3.1/alpha?codes=DEU,FRA")
        let form = try Auth.Session.loginWithForm(username: "a b", password: "p&q", rememberMe: true)
            .urlRequest(baseURL: Auth.baseURL)
        #expect(
            String(decoding: form.httpBody ?? Data(), as: UTF8.self) == "username=a+b&password=p%26q&remember_me=true")
    }

    @Test("error schemas: the endpoint's own statuses first, then the API's default")
    func errorSchemas() throws {
        let patch =
            Shop.Customer.patch(firstName: "a", lastName: "b") as AuthorizedEndpoint<Shop.Scope.Customer, _, _>
        let decoder = JSONCoding.makeDecoder()
        let validation = try patch.endpoint.errors.decoder(for: 422)?.decode(
            Data(#"{"message":"m","fields":{}}"#.utf8), decoder)
        #expect(validation is Shop.Models.ValidationProblem)
        let other = try patch.endpoint.errors.decoder(for: 500)?.decode(
            Data(#"{"error_message":"down"}"#.utf8), decoder)
        #expect((other as? Shop.Models.ErrorMessage)?.message == "down")
    }
}
