import EndpointSpec
import Testing

@testable import EndpointCodegen

/// The translator on its own: it reads a ``ResolvedSpec`` whatever made it, so a test can change a decision the
/// resolver made and see the view model follow it, without rendering. What the translator decides itself (spelling,
/// qualification, escaping) is checked on the views it hands the templates.
@Suite("Translator on its own")
struct TranslatorTests {
    private static let store = """
        api: Store
        servers: { uploads: "https://uploads.example.com/v1" }
        scopes: { Reader: , Admin: }
        errors: { 404: NotFound, 500: Problem, 503: Void }
        models:
          NotFound: { properties: { id: String } }
          Problem: { properties: { message: String, retry_after: Int? } }
        endpoints:
          Files:
            get:
              path: /files/{owner}/{path}
              params: { owner: String, path: { type: String, allowsSlashes: true }, dry_run: Bool? }
              response: { type: String, media: text/plain, headers: { ETag: String?, X-Count: Int } }
              scope: { anyOf: [Reader, Admin] }
              server: uploads
        """

    private func resolved(_ text: String = Self.store) throws -> ResolvedSpec {
        let output = SpecLoader().load(text, file: "store.yaml")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.description))")
        return try #require(output.resolved)
    }

    private func translator(_ spec: ResolvedSpec) -> Translator {
        Translator(spec: spec, specFileName: "store.yaml", options: GeneratorOptions())
    }

    @Test("the API view: servers, failures and names as parts, from the resolver's decisions")
    func apiView() throws {
        var spec = try resolved()
        let view = translator(spec).apiView()
        #expect(view.servers.map(\.name) == ["uploads"])
        #expect(view.servers.map(\.nameLiteral) == ["\"uploads\""])
        #expect(view.servers.map(\.urlLiteral) == ["\"https://uploads.example.com/v1\""])
        let failure = try #require(view.failures.first)
        // One case per distinct declared error, in a fixed order whatever the spec's: the set is the type.
        #expect(failure.cases.map(\.name) == ["noBody", "notFound", "problem"])
        #expect(failure.cases.map(\.type) == [nil, "Store.Models.NotFound", "Store.Models.Problem"])
        #expect(failure.emptyBodyType == "EmptyErrorBody")

        // A server's Swift name is the resolver's: the translator only applies identifier rules to it.
        spec.servers[0].swiftName = "default"
        #expect(translator(spec).apiView().servers.map(\.name) == ["`default`"])
    }

    @Test("an endpoint view: the split path, the access choice and the argument names are the resolver's")
    func endpointView() throws {
        var spec = try resolved()
        let endpoint = spec.namespaces[0].endpoints[0]
        let view = translator(spec).endpointView(endpoint)
        #expect(view.name == "get")
        #expect(view.genericClause == "<Token: Store.Access.ReaderOrAdmin>")
        #expect(view.arguments == ["owner: String,", "path: String,", "dryRun: Bool? = nil"])
        #expect(
            view.endpointArguments.contains(
                #"path: "/files/\(owner, named: "owner")/\(spanning: path, named: "path")","#))
        #expect(view.builderModifiers == ".onServer(Store.Servers.uploads)")
        let headers = try #require(view.responseHeaders)
        #expect(headers.properties.map(\.name) == ["etag", "xCount"])
        #expect(headers.properties.map(\.type) == ["String?", "Int"])
        #expect(headers.properties.map(\.wireLiteral) == ["\"ETag\"", "\"X-Count\""])
        #expect(headers.properties.map(\.dateFormat) == [nil, nil])

        // Change what the resolver decided, and the view follows without deciding again.
        var changed = endpoint
        changed.access = .allOf(["Reader", "Admin"])
        changed.swiftName = "fetch"
        changed.parameters[2].swiftName = "isDryRun"
        changed.path.components = [.literal("/v2/"), .parameter(1), .literal("/by/"), .parameter(0)]
        changed.server = nil
        spec.namespaces[0].endpoints[0] = changed
        let other = translator(spec).endpointView(changed)
        #expect(other.name == "fetch")
        #expect(other.genericClause == "<Token: Store.Access.Reader & Store.Access.Admin>")
        #expect(other.arguments.last == "isDryRun: Bool? = nil")
        #expect(
            other.endpointArguments.contains(
                #"path: "/v2/\(spanning: path, named: "path")/by/\(owner, named: "owner")","#))
        #expect(other.builderModifiers.isEmpty)
        #expect(other.docLines.contains("/// `GET /files/{owner}/{path}`, scopes `Reader` and `Admin`."))
    }

    @Test("a model view: property names are the resolver's, keys and types the spec's")
    func modelView() throws {
        var spec = try resolved()
        let problem = try #require(spec.models.firstIndex { $0.name.value == "Problem" })
        let view = try #require(translator(spec).modelView(spec.models[problem]).structView)
        #expect(view.properties.map(\.name) == ["message", "retryAfter"])
        #expect(view.properties.map(\.wireName) == ["message", "retry_after"])
        #expect(view.properties.map(\.type) == ["String", "Int?"])
        #expect(view.properties.map(\.isOptional) == [false, true])

        guard case .object(var properties) = spec.models[problem].kind else {
            Issue.record("Problem is not an object")
            return
        }
        properties[1].swiftName = "retryAfterSeconds"
        spec.models[problem].kind = .object(properties)
        let renamed = try #require(translator(spec).modelView(spec.models[problem]).structView)
        #expect(renamed.properties.map(\.name) == ["message", "retryAfterSeconds"])
        #expect(renamed.properties[1].decoding.contains(#""retry_after""#), "the key stays the spec's")
    }
}
