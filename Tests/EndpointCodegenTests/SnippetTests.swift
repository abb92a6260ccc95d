import EndpointCodegen
import Testing

@Suite("Generated code, snippet by snippet")
struct SnippetTests {
    @Test("models: Codable and == written out against one key type; optionals default to nil and are IfPresent")
    func models() throws {
        let files = try generate(
            """
            api: A
            models:
              Plain: { properties: { id: Int, name: String? } }
              Keyed: { properties: { id: Int, createdAt: { type: Date, key: created_at } } }
              Empty: { properties: {} }
            endpoints: { E: { get: { path: /e } } }
            """)
        let models = try #require(files["Test+Models.swift"])
        expectContains(
            models,
            """
                public struct Plain: Codable, Hashable, Sendable {
                    public var id: Int
                    public var name: String?

                    /// Creates a value with the given properties.
                    public init(id: Int, name: String? = nil) {
                        self.id = id
                        self.name = name
                    }

                    public init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: ModelCodingKey.self)
                        self.id = try container.decodeMember(Int.self, "id")
                        self.name = try container.decodeMemberIfPresent(String.self, "name")
                    }

                    public func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: ModelCodingKey.self)
                        try container.encodeMember(self.id, "id")
                        try container.encodeMemberIfPresent(self.name, "name")
                    }

                    public static func == (lhs: Plain, rhs: Plain) -> Bool {
                        guard ModelEquality.equal(lhs.id, rhs.id) else { return false }
                        guard ModelEquality.equal(lhs.name, rhs.name) else { return false }
                        return true
                    }
                }
            """)
        expectContains(
            models,
            """
                        self.createdAt = try container.decodeMember(Date.self, "created_at")
            """)
        expectContains(
            models,
            """
                        try container.encodeMember(self.createdAt, "created_at")
            """)
        // No members: the container still requires a JSON object and writes `{}`; `==` is left to the compiler.
        expectContains(
            models,
            """
                public struct Empty: Codable, Hashable, Sendable {
                    /// Creates a value with the given properties.
                    public init() {
                    }

                    public init(from decoder: any Decoder) throws {
                        _ = try decoder.container(keyedBy: ModelCodingKey.self)
                    }

                    public func encode(to encoder: any Encoder) throws {
                        _ = encoder.container(keyedBy: ModelCodingKey.self)
                    }
                }
            """)
        #expect(!models.contains("CodingKeys"))
    }

    @Test("enums keep unknown values, and the catch-all case steps aside for a value called 'unknown'")
    func enums() throws {
        let files = try generate(
            """
            api: A
            models:
              State: { enum: [open, in-progress, unknown] }
            endpoints: { E: { get: { path: /e, response: State } } }
            """)
        let models = try #require(files["Test+Models.swift"])
        expectContains(models, "        case inProgress\n        case unknown\n")
        expectContains(models, "        case unrecognized(String)")
        expectContains(models, "            case \"in-progress\": self = .inProgress")
        expectContains(models, "            default: self = .unrecognized(rawValue)")
    }

    @Test("arguments: path parameters first, then required, then optional ones defaulting to nil")
    func argumentOrder() throws {
        let files = try generate(
            """
            api: A
            endpoints:
              Items:
                update:
                  method: PATCH
                  path: /items/{id}
                  params: { dryRun: Bool?, id: Int, version: { type: Int, in: header, key: X-Version } }
                  body: { name: String, note: String? }
            """)
        expectContains(
            files["Test+Endpoints.swift"],
            """
                public static func update(
                    id: Int,
                    version: Int,
                    name: String,
                    dryRun: Bool? = nil,
                    note: String? = nil
                ) -> Endpoint<Void, Never> {
                    .empty(
                        method: .patch,
                        path: "/items/\\(id, named: "id")",
                        query: [
                            Parameter("dryRun", dryRun),
                        ],
                        headers: [
                            Parameter("X-Version", version),
                        ],
                        body: .jsonFields([
                            ("name", name),
                            ("note", note),
                        ])
                    )
                }
            """)
    }

    @Test("cookie parameters travel together in the one Cookie header, after the header parameters")
    func cookieParameters() throws {
        let files = try generate(
            """
            api: A
            endpoints:
              Items:
                list:
                  path: /items
                  params:
                    session: { type: String, in: cookie, key: session_id }
                    theme: { type: String?, in: cookie }
                    trace: { type: String?, in: header, key: X-Trace }
                  response: "[String]"
            """)
        expectContains(
            files["Test+Endpoints.swift"],
            """
                        headers: [
                            Parameter("X-Trace", trace),
                            Parameter.cookies([
                                Parameter("session_id", session),
                                Parameter("theme", theme),
                            ]),
                        ]
            """)
    }

    @Test("a scoped endpoint is generic over the caller's token and constrained to the scope's access")
    func scopes() throws {
        let files = try generate(
            """
            api: Helpdesk
            scopes:
              Guest:
              Customer: { includes: [Guest] }
              Support: { includes: [Guest] }
              Admin: { includes: [Customer, Support] }
            endpoints:
              Tickets: { mine: { path: /tickets/mine, response: "[String]", scope: Customer } }
            """)
        expectContains(files["Test.swift"], "        public protocol Admin: Customer, Support {}")
        expectContains(files["Test.swift"], "        public enum Admin: Access.Admin {}")
        expectContains(
            files["Test+Endpoints.swift"],
            "    public static func mine<Token: Helpdesk.Access.Customer>() -> AuthorizedEndpoint<Token, [String], Never> {"
        )
    }

    @Test("a factory is one builder call its return type fixes: json, empty or reading, then the modifiers")
    func builders() throws {
        let files = try generate(
            """
            api: Store
            servers: { uploads: "https://uploads.example.com" }
            scopes: { Reader: }
            errors: { 404: Problem }
            models:
              Problem: { properties: { message: String } }
              Entry: { properties: { name: String } }
            endpoints:
              Files:
                get: { path: "/files/{path}", params: { path: { type: String, allowsSlashes: true } }, response: Entry, scope: Reader }
                remove: { method: DELETE, path: "/files/{id}", params: { id: Int } }
                raw: { path: /raw, response: { type: Data, media: application/octet-stream }, server: uploads }
            """)
        let code = files["Test+Endpoints.swift"]
        expectContains(
            code,
            """
                ) -> AuthorizedEndpoint<Token, Store.Models.Entry, Store.Models.Problem> {
                    .json(
                        method: .get,
                        path: "/files/\\(spanning: path, named: "path")",
                        errors: Store.defaultErrors
                    )
                }
            """)
        expectContains(
            code,
            "    public static func remove(id: Int) -> Endpoint<Void, Store.Models.Problem> {\n        .empty(\n")
        expectContains(
            code,
            """
                        errors: Store.defaultErrors,
                        readResponse: { response, _ in response.body }
                    ).onServer(Store.Servers.uploads)
            """)
        #expect(code?.contains("declaringErrors") == false)
    }

    @Test("documentation cannot escape its comment, and string literals cannot interpolate")
    func injection() throws {
        let files = try generate(
            #"""
            api: A
            endpoints:
              E:
                get:
                  path: "/a\"b\\c/\\(x)/{id}/\\(id)"
                  params: { id: String }
                  summary: "*/ func evil() {} /*"
                  description: "line one\rfunc evil() {}\u2028func evil2() {}\n\"\"\"\n`x`"
            """#)
        let code = try #require(files["Test+Endpoints.swift"])
        expectContains(code, #"        path: "/a\"b\\c/\\(x)/\(id, named: "id")/\\(id)""#)
        for line in code.split(separator: "\n") where line.contains("evil") {
            #expect(line.trimmingPrefixSpaces.hasPrefix("///"), "\(line)")
        }
    }

    @Test("keywords are escaped; names are made valid; standard names are qualified only when shadowed")
    func names() throws {
        let files = try generate(
            """
            api: A
            models:
              Codable: { properties: { default: String, 2fa: Bool, first-name: String?, data: Data } }
              Blob: { properties: { x: Int } }
            endpoints: { E: { get: { path: /e, response: Codable } } }
            """)
        let models = try #require(files["Test+Models.swift"])
        expectContains(models, "    public struct Codable: Swift.Codable, Hashable, Sendable {")
        expectContains(models, "        public var `default`: String")
        expectContains(models, "        public var _2fa: Bool")
        expectContains(models, "        public var firstName: String?")
        expectContains(
            models, "            self.firstName = try container.decodeMemberIfPresent(String.self, \"first-name\")")
        expectContains(
            models, "            guard ModelEquality.equal(lhs.`default`, rhs.`default`) else { return false }")
        expectContains(models, "        public var data: Data")
    }

    @Test("the coding members' own names are qualified when a model shadows them")
    func shadowedCodingNames() throws {
        let files = try generate(
            """
            api: A
            models:
              Decoder: { properties: { x: Int } }
              Encoder: { properties: { x: Int } }
              ModelCodingKey: { properties: { x: Int } }
              ModelEquality: { properties: { x: Int } }
              Holder: { properties: { decoder: Decoder, container: Encoder, lhs: Int } }
            endpoints: { E: { get: { path: /e, response: Holder } } }
            """)
        let models = try #require(files["Test+Models.swift"])
        expectContains(models, "        public init(from decoder: any Swift.Decoder) throws {")
        expectContains(models, "        public func encode(to encoder: any Swift.Encoder) throws {")
        expectContains(
            models, "            let container = try decoder.container(keyedBy: EndpointRuntime.ModelCodingKey.self)")
        expectContains(models, "        public static func == (lhs: Holder, rhs: Holder) -> Bool {")
        // Properties named like the parameters and locals of the coding members are reached through `self`.
        expectContains(models, "            self.decoder = try container.decodeMember(Decoder.self, \"decoder\")")
        expectContains(models, "            try container.encodeMember(self.container, \"container\")")
        expectContains(
            models, "            guard EndpointRuntime.ModelEquality.equal(lhs.lhs, rhs.lhs) else { return false }")
    }

    @Test("recursion through an optional is boxed; through an array it is not")
    func recursion() throws {
        let files = try generate(
            """
            api: A
            models:
              Node: { properties: { parent: Node?, children: "[Node]" } }
            endpoints: { E: { get: { path: /e, response: Node } } }
            """)
        let models = try #require(files["Test+Models.swift"])
        expectContains(
            models,
            """
                    public var parent: Node? {
                        get { _parent?.value }
                        set { _parent = Indirect(boxing: newValue) }
                    }
                    private var _parent: Indirect<Node>?
                    public var children: [Node]
            """)
        // The box is what is stored, compared and coded; it codes as the value it holds.
        expectContains(
            models, "            self._parent = try container.decodeMemberIfPresent(Indirect<Node>.self, \"parent\")")
        expectContains(models, "            try container.encodeMemberIfPresent(self._parent, \"parent\")")
        expectContains(models, "            guard ModelEquality.equal(lhs._parent, rhs._parent) else { return false }")
    }

    @Test(
        "access levels",
        arguments: [
            (GeneratorOptions.AccessLevel.public, "    public struct M:"), (.package, "    package struct M:"),
            (.internal, "    struct M:"),
        ])
    func access(level: GeneratorOptions.AccessLevel, expected: String) throws {
        let files = try generate(
            "api: A\nmodels: { M: { properties: { x: Int } } }\nendpoints: { E: { get: { path: /e } } }\n",
            options: GeneratorOptions(access: level))
        expectContains(files["Test+Models.swift"], expected)
    }

    @Test("error models conform to Error; Void errors decode as empty")
    func errors() throws {
        let files = try generate(
            """
            api: A
            errors: { default: Problem }
            models: { Problem: { properties: { message: String } } }
            endpoints: { E: { get: { path: /e, errors: { 404: Void } } } }
            """)
        expectContains(files["Test+Models.swift"], "extension A.Models.Problem: Error {}")
        expectContains(files["Test.swift"], "        .default: .json(Models.Problem.self),")
        expectContains(
            files["Test+Endpoints.swift"],
            "            errors: A.defaultErrors.merging([\n                .code(404): .empty,\n            ])")
    }
}

extension Substring {
    fileprivate var trimmingPrefixSpaces: Substring { drop { $0 == " " } }
}
