import Foundation
import Testing

@testable import EndpointSpec

/// The validator and the resolver each on their own: they read a ``Spec`` value, whatever made it, so a test can
/// build one, change it in code and run one stage, without YAML or the loader in between.
@Suite("Spec stages on their own")
struct SpecStageTests {
    /// A spec that decodes and validates cleanly, to change in code.
    private func decoded(_ text: String) throws -> Spec {
        let output = SpecLoader().load(text, file: "stage.yaml")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.description))")
        return try #require(output.spec)
    }

    private static let shop = """
        api: Shop
        scopes: { Guest: , Customer: { includes: [Guest] } }
        models:
          Order: { properties: { id: String, total: Double, parent: Order? } }
          Problem: { properties: { message: String } }
        endpoints:
          Orders:
            get:
              path: /shops/{shop}/orders/{id}
              params: { id: String, expand: "[String]", shop: Int }
              response: Order
              scope: Customer
              errors: { 404: Problem }
        """

    @Test("the validator on a spec changed in code: each change is one diagnostic at the changed place")
    func validatorAlone() throws {
        let spec = try decoded(Self.shop)
        #expect(SpecValidator.validate(spec).isEmpty)

        var unknownModel = spec
        unknownModel.namespaces[0].endpoints[0].response.text.value = "Ordr"
        unknownModel.namespaces[0].endpoints[0].response.expression = .model("Ordr")
        let modelProblems = SpecValidator.validate(unknownModel)
        #expect(modelProblems.map(\.message) == ["unknown model 'Ordr'; did you mean 'Order'?"])
        #expect(modelProblems.first?.location.line == spec.namespaces[0].endpoints[0].response.text.location.line)

        var unknownScope = spec
        unknownScope.namespaces[0].endpoints[0].scope = ScopeRequirement(
            Located("Admin", at: spec.namespaces[0].endpoints[0].name.location))
        let scopeProblems = SpecValidator.validate(unknownScope)
        #expect(scopeProblems.count == 1)
        #expect(scopeProblems.first?.message.hasPrefix("unknown scope 'Admin'") == true)
        #expect(scopeProblems.first?.location == spec.namespaces[0].endpoints[0].name.location)
    }

    @Test("the resolver on its own: path order, placements, scopes, errors, and which properties close a cycle")
    func resolverAlone() throws {
        let spec = try decoded(Self.shop)
        let resolved = try #require(SpecResolver.resolve(spec))
        let endpoint = try #require(resolved.namespaces.first?.endpoints.first)
        // Placeholders in the order the path names them, not the order the parameters were written in.
        #expect(endpoint.pathParameters.map(\.name.value) == ["shop", "id"])
        #expect(endpoint.parameters.map(\.location) == [.path, .query, .path])
        #expect(endpoint.errors.map(\.status.value) == [.code(404)])
        #expect(endpoint.access == .allOf(["Customer"]))
        // The path split where its parameters go, each piece pointing at its parameter.
        #expect(endpoint.path.template.value == "/shops/{shop}/orders/{id}")
        #expect(endpoint.path.components == [.literal("/shops/"), .parameter(0), .literal("/orders/"), .parameter(1)])
        #expect(resolved.scopes.map(\.name.value) == ["Guest", "Customer"])
        #expect(resolved.models.map(\.name.value) == ["Order", "Problem"])
        // `parent: Order?` refers to its own model: boxed, so `Order` has a size; nothing else is.
        guard case .object(let properties) = resolved.models[0].kind else {
            Issue.record("Order is not an object")
            return
        }
        #expect(properties.filter(\.isBoxed).map(\.name.value) == ["parent"])

        // A type that did not parse (validation reports it) leaves nothing to resolve.
        var broken = spec
        broken.namespaces[0].endpoints[0].response.expression = nil
        #expect(SpecResolver.resolve(broken) == nil)
    }
}
