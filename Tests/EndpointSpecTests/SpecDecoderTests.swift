import Foundation
import TestSupport
import Testing

@testable import EndpointSpec

@Suite("Spec decoding")
struct SpecDecoderTests {
    private func load(_ text: String) throws -> Spec {
        let output = SpecLoader().load(text, file: "t.yaml")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.description))")
        return try #require(output.spec)
    }

    @Test("Shop.yaml decodes into the expected spec")
    func shop() throws {
        let output = SpecLoader().load(contentsOf: Fixtures.specsDirectory.appendingPathComponent("Shop.yaml").path)
        let spec = try #require(output.spec)
        #expect(spec.api.value == "Shop")
        #expect(spec.baseURL?.value == "https://api.shop.example/v1")
        #expect(spec.scopes.map(\.name.value) == ["Guest", "Customer"])
        #expect(spec.scopes[1].includes.map(\.value) == ["Guest"])
        #expect(spec.errors.map(\.status.value) == [.default])
        #expect(spec.models.map(\.name.value) == ["Customer", "Tier", "ErrorMessage", "Resource", "ValidationProblem"])

        guard case .object(let properties) = spec.models[0].kind else {
            Issue.record("Customer is not an object")
            return
        }
        #expect(
            properties.map(\.name.value) == ["id", "firstName", "lastName", "email", "avatarId", "tier", "createdAt"])
        #expect(properties[1].wireName == "first_name")
        #expect(properties[4].type.expression == .optional(.builtin(.string)))
        #expect(properties[4].documentation.description?.value == "Absent until the customer uploads a picture.")
        guard case .enumeration(let cases) = spec.models[1].kind else {
            Issue.record("Tier is not an enum")
            return
        }
        #expect(cases.map(\.value.value) == ["bronze", "silver", "gold"])

        #expect(spec.namespaces.map(\.name.value) == ["Customer", "Resources", "Feedback"])
        let patch = spec.namespaces[0].endpoints[1]
        #expect(patch.qualifiedName == "Customer.patch")
        #expect(patch.method.value == .patch)
        #expect(patch.body?.fields.map(\.wireName) == ["first_name", "last_name", "avatar_id"])
        #expect(patch.body?.fields.map { $0.nullable?.value ?? false } == [false, false, true])
        #expect(patch.errors.map(\.status.value) == [.code(422)])
        #expect(patch.scope?.names.map(\.value) == ["Customer"])
        #expect(patch.method.location == SourceLocation(file: output.spec!.file, line: 56, column: 15))
        let upload = spec.namespaces[1].endpoints[0]
        guard case .multipartFields(let parts, _)? = upload.body else {
            Issue.record("Resources.upload has no multipart body")
            return
        }
        #expect(parts.map(\.name.value) == ["image", "caption"])
        #expect(parts[0].type.expression == .builtin(.upload))
    }

    @Test("defaults: GET, Void response, parameters in the path when the path names them, else query")
    func defaults() throws {
        let spec = try load(
            """
            api: A
            endpoints:
              Items:
                get:
                  path: /items/{id}
                  params: { id: Int, page: Int? }
            """)
        let endpoint = spec.endpoints[0]
        #expect(endpoint.method.value == .get)
        #expect(endpoint.response.expression == .builtin(.void))
        #expect(endpoint.parameters.map(\.location) == [nil, nil])
        #expect(endpoint.body == nil)
    }

    @Test("a mapping of many keys finds its fields as a small one does")
    func manyKeys() throws {
        // Above MappingFields.indexedCount entries, keys are looked up in an index instead of one by one.
        for noteCount in [1, MappingFields.indexedCount + 4] {
            let notes = (0..<noteCount).map { "      x-note\($0): \($0)" }.joined(separator: "\n")
            let spec = try load(
                """
                api: A
                endpoints:
                  Items:
                    create:
                \(notes)
                      method: POST
                      path: /items/{id}
                      params: { id: Int }
                """)
            let endpoint = spec.endpoints[0]
            #expect(endpoint.method.value == .post, "\(noteCount) notes")
            #expect(endpoint.path.value == "/items/{id}", "\(noteCount) notes")
            #expect(endpoint.parameters.map(\.name.value) == ["id"], "\(noteCount) notes")
        }
    }

    @Test("long forms: parameters with in, key and arrayFormat; enum cases with names; form bodies")
    func longForms() throws {
        let spec = try load(
            """
            api: A
            models:
              Mode: { enum: [{ value: "in-flight", name: flying, description: Up. }, parked] }
            endpoints:
              Items:
                search:
                  method: post
                  path: /search
                  params:
                    requestId: { type: String, in: header, key: X-Request-ID }
                    tags: { type: "[String]", arrayFormat: comma }
                  form: { query: String, mode: Mode? }
                  response: "[String]"
            """)
        let endpoint = spec.endpoints[0]
        #expect(endpoint.method.value == .post)
        #expect(endpoint.parameters[0].location?.value == .header)
        #expect(endpoint.parameters[0].wireName == "X-Request-ID")
        #expect(endpoint.parameters[1].arrayFormat?.value == .comma)
        guard case .formFields(let fields, _)? = endpoint.body else {
            Issue.record("no form body")
            return
        }
        #expect(fields.map(\.name.value) == ["query", "mode"])
        guard case .enumeration(let cases) = spec.models[0].kind else { return }
        #expect(cases[0].name?.value == "flying")
        #expect(cases[0].documentation.description?.value == "Up.")
    }

    @Test("YAML 1.1 words are enum values like any other")
    func yaml11EnumValues() throws {
        let spec = try load(
            """
            api: A
            models:
              Switch: { enum: [on, off, yes, no, ~, 1e3, 0x1F] }
            endpoints:
              S: { get: { path: /s, response: Switch } }
            """)
        guard case .enumeration(let cases) = spec.models[0].kind else { return }
        #expect(cases.map(\.value.value) == ["on", "off", "yes", "no", "~", "1e3", "0x1F"])
    }

    @Test("recursive and mutually recursive models are valid")
    func recursiveModels() throws {
        let spec = try load(
            """
            api: A
            models:
              Node: { properties: { children: "[Node]", parent: Node?, owner: Person? } }
              Person: { properties: { home: Node? } }
            endpoints:
              Nodes: { root: { path: /root, response: Node } }
            """)
        #expect(spec.models.count == 2)
    }

    @Test("anchors, merge keys and x- keys help share definitions")
    func anchorsAndExtensions() throws {
        let spec = try load(
            """
            api: A
            x-defaults: &authed { scope: User, errors: { 401: Problem } }
            scopes: { User: }
            models: { Problem: { properties: { message: String } } }
            endpoints:
              Me:
                get: { <<: *authed, path: /me }
                delete: { <<: *authed, method: DELETE, path: /me, x-owner: team-accounts }
            """)
        #expect(spec.endpoints.map { $0.scope?.names.map(\.value) } == [["User"], ["User"]])
        #expect(spec.endpoints[1].errors.map(\.status.value) == [.code(401)])
    }

    @Test(
        "status ranges and default",
        arguments: [
            ("4XX", ErrorResponse.Status.range(4)), ("5xx", .range(5)), ("default", .default), ("599", .code(599)),
        ])
    func statuses(key: String, status: ErrorResponse.Status) throws {
        let spec = try load(
            """
            api: A
            models: { P: { properties: { m: String } } }
            endpoints: { S: { get: { path: /s, errors: { "\(key)": P } } } }
            """)
        #expect(spec.endpoints[0].errors[0].status.value == status)
    }

    @Test("every diagnostic of a spec with mistakes is sorted by position")
    func sorted() throws {
        let output = SpecLoader().load(
            """
            api: A
            endpoints:
              S:
                b: { path: /b, response: Nope }
                a: { metod: GET, path: /a }
            models: { M: { properties: { x: Bad } } }
            """, file: "t.yaml")
        #expect(output.spec == nil)
        #expect(output.diagnostics.map(\.location.line) == [4, 5, 6])
    }

    @Test("a missing file and a directory are reported without a position")
    func unreadable() {
        let missing = SpecLoader().load(contentsOf: "/nonexistent/spec.yaml")
        #expect(
            missing.diagnostics.map(\.description) == [
                "/nonexistent/spec.yaml: error: cannot read '/nonexistent/spec.yaml': no such file"
            ])
        let directory = SpecLoader().load(contentsOf: Fixtures.directory.path)
        #expect(directory.diagnostics.first?.message.contains("is a directory") == true)
    }

    @Test("a directory is answered with the spec files it really holds")
    func directoryNamesItsSpecs() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("endpointgen-dir-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        func message() -> String? { SpecLoader().load(contentsOf: root.path).diagnostics.first?.message }

        try Data("notes".utf8).write(to: root.appendingPathComponent("README.md"))
        #expect(
            message() == "'\(root.path)' is a directory with no .yaml or .yml file in it; give the path of a spec file")

        try Data().write(to: root.appendingPathComponent("Shop.yml"))
        #expect(message() == "'\(root.path)' is a directory; give the spec file inside it: '\(root.path)/Shop.yml'")

        for name in ["Pets.yaml", "Billing.yaml", "Admin.yaml"] {
            try Data().write(to: root.appendingPathComponent(name))
        }
        #expect(
            message()
                == "'\(root.path)' is a directory; give one of the spec files inside it: '\(root.path)/Admin.yaml', "
                + "'\(root.path)/Billing.yaml', '\(root.path)/Pets.yaml' (and 1 more)")
        let trailingSlash = SpecLoader().load(contentsOf: root.path + "/").diagnostics.first?.message
        #expect(trailingSlash?.contains("'\(root.path)/Admin.yaml'") == true)
    }
}

@Suite("Example specs")
struct ExampleSpecTests {
    @Test("there are example specs")
    func examplesExist() {
        #expect(Fixtures.exampleSpecNames().count >= 4)
    }

    @Test("each example spec is valid without a single warning", arguments: Fixtures.exampleSpecNames())
    func valid(name: String) {
        let output = SpecLoader().load(contentsOf: Fixtures.specsDirectory.appendingPathComponent(name).path)
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.description))")
        #expect(output.spec != nil)
    }
}

@Suite("Hostile specs")
struct HostileSpecTests {
    @Test("a spec with 100,000 scopes in one include cycle is reported, not a crash")
    func scopeChain() async {
        let messages = await OwnThread.run {
            var text = "api: A\nscopes:\n"
            for index in 0..<100_000 { text += "  S\(index): { includes: [S\((index + 1) % 100_000)] }\n" }
            text += "endpoints: { E: { get: { path: /e } } }\n"
            return SpecLoader().load(text, file: "t.yaml").diagnostics.map(\.message)
        }
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("scopes 'S0' → 'S1' → ") == true)
    }

    @Test("a type nested to the limit is fine; one level more, or 40,000, is an error at the bracket")
    func deepType() {
        func load(depth: Int) -> SpecLoader.Output {
            let type = String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
            return SpecLoader().load(
                "api: A\nendpoints: { E: { get: { path: /e, response: \"\(type)\" } } }\n", file: "t.yaml")
        }
        #expect(load(depth: TypeExpressionParser.maximumNesting).diagnostics.isEmpty)
        for depth in [TypeExpressionParser.maximumNesting + 1, 40_000] {
            let diagnostics = load(depth: depth).diagnostics
            #expect(diagnostics.count == 1)
            // The column of the first '[' too many: the content starts at column 47.
            #expect(diagnostics.first?.location.column == 47 + TypeExpressionParser.maximumNesting)
            #expect(diagnostics.first?.message.contains("more than 32 levels deep") == true)
            // The message quotes an excerpt of the type, not all of it.
            #expect((diagnostics.first?.message.count ?? .max) < 400)
        }
    }

    @Test("a file over the size limit is refused before it is parsed, from disk and from memory")
    func fileSize() throws {
        let limits = YAMLReader.Limits(maximumFileSize: 1_000)
        let text = "api: A\n" + String(repeating: "# padding\n", count: 200)
        let fromMemory = SpecLoader(limits: limits).load(text, file: "t.yaml")
        #expect(
            fromMemory.diagnostics.map(\.message) == [
                "the file has more than the 1000 bytes a spec may have; split the API into several specs"
            ])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID()).yaml")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(SpecLoader(limits: limits).load(contentsOf: url.path).diagnostics.count == 1)
        #expect(SpecLoader().load(contentsOf: "/dev/zero").diagnostics.first?.message.contains("more than") == true)
    }

    @Test("an endpoint with 40,000 path parameters validates and places them in one linear pass")
    func manyPathParameters() async {
        let count = 40_000
        let (messages, placement) = await OwnThread.run {
            var text = "api: A\nendpoints:\n  E:\n    get:\n      path: /"
            text += (0..<count).map { "{p\($0)}" }.joined(separator: "/") + "\n      params:\n"
            for index in 0..<count { text += "        p\(index): String\n" }
            let output = SpecLoader().load(text, file: "t.yaml")
            let endpoint = output.spec?.namespaces.first?.endpoints.first
            return (output.diagnostics.map(\.message), endpoint.map(ParameterPlacement.init))
        }
        #expect(messages.isEmpty)
        #expect(placement?.pathParameterIndices.count == count)
        #expect(placement?.pathParameterIndices.last == count - 1)
        #expect(placement?.locations.allSatisfy { $0 == .path } == true)
    }

    @Test(
        "a path's placeholders are placed the same whether compared in turn or hashed",
        arguments: [3, ParameterPlacement.hashedPlaceholderCount + 4])
    func placementBothWays(count: Int) throws {
        // The parameters in the reverse order, and one more that goes to the query.
        let names = (0..<count).map { "p\($0)" }
        var text = "api: A\nendpoints:\n  E:\n    get:\n      path: /"
        text += names.map { "{\($0)}" }.joined(separator: "/") + "\n      params:\n"
        for name in names.reversed() { text += "        \(name): String\n" }
        text += "        q: String\n"
        let output = SpecLoader().load(text, file: "t.yaml")
        #expect(output.diagnostics.isEmpty)
        let endpoint = try #require(output.spec?.namespaces.first?.endpoints.first)
        // Placed against the path written twice: the validator reports each repeat, and places every name once.
        let twice = "/" + (names + names).map { "{\($0)}" }.joined(separator: "/")
        for placement in [ParameterPlacement(endpoint), ParameterPlacement(endpoint, template: PathTemplate(twice))] {
            #expect(placement.placeholderNames == names)
            #expect(placement.pathParameterIndices == names.indices.map { count - 1 - $0 })
            #expect(placement.locations == Array(repeating: .path, count: count) + [.query])
            #expect(placement.isPlaceholder("p0"))
            #expect(!placement.isPlaceholder("q"))
        }
    }
}

@Suite("Header names")
struct HeaderNameTests {
    func diagnostics(_ name: String, key: Bool = false) -> [Diagnostic] {
        let quoted =
            "\"" + name.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n") + "\""
        let parameter =
            key ? "trace: { type: String, in: header, key: \(quoted) }" : "\(quoted): { type: String, in: header }"
        return SpecLoader().load(
            "api: A\nendpoints:\n  E:\n    get:\n      path: /e\n      params:\n        \(parameter)\n",
            file: "t.yaml"
        ).diagnostics
    }

    @Test(
        "a header name that is not an RFC 9110 token is an error at its position",
        arguments: ["X-Trace\r\nX-Injected: yes", "X Space", "X:Colon", "", "Ünï", "X(y)"])
    func invalid(name: String) {
        for key in [false, true] {
            let found = diagnostics(name, key: key)
            #expect(found.count == 1, "\(found)")
            #expect(found.first?.location.line == 7)
            #expect(found.first?.location.column == (key ? 49 : 9))
            #expect(found.first?.message.contains("header") == true)
            // One line per diagnostic, whatever the name held.
            #expect(found.first?.description.contains("\n") == false)
        }
    }

    @Test(
        "headers the HTTP stack owns are refused",
        arguments: ["Host", "content-length", "Transfer-Encoding", "Connection"])
    func reserved(name: String) {
        let found = diagnostics(name)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("the HTTP stack sets itself") == true)
    }

    @Test(
        "ordinary header names pass",
        arguments: ["X-Request-ID", "If-None-Match", "X-GitHub-Api-Version", "a!#$%&'*+.^_`|~"])
    func valid(name: String) {
        #expect(diagnostics(name).isEmpty)
    }
}
