import Foundation
import TestSupport
import Testing

/// The promise of scopes: the compiler refuses a call the client's token may not make, names the missing
/// scope, and accepts every allowed call, including through a diamond of `includes`. Each snippet is
/// type-checked by `swiftc` against the modules this test run has built.
@Suite("Scopes are enforced by the compiler")
struct ScopeGuaranteeTests {
    /// Where SwiftPM put the modules of this build (ShopAPI, EdgeCasesAPI, StorageAPI, EndpointRuntime).
    static let modulesDirectory: URL = {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("Modules")
        }
        #endif
        return Bundle.main.bundleURL.appendingPathComponent("Modules")
    }()

    /// Type-checks `body` after the imports; returns the compiler's exit status and messages.
    private func typeCheck(_ body: String) async throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scope-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("Snippet.swift")
        let imports = ["EdgeCasesAPI", "EndpointRuntime", "Foundation", "ShopAPI", "StorageAPI"]
        let text = imports.map { "import \($0)\n" }.joined() + "\n" + body
        try text.write(to: source, atomically: true, encoding: .utf8)
        return try await TypeChecker.typeCheck([source], modulesDirectory: Self.modulesDirectory)
    }

    @Test("the allowed calls type-check: own scope, included scope, and both sides of a diamond")
    func allowed() async throws {
        let result = try await typeCheck(
            """
            func calls(url: URL) {
                let guest = AuthorizedClient<Shop.Scope.Guest>(baseURL: url, token: "g")
                _ = guest.request(Shop.Feedback.post(email: "e", message: "m"))

                let customer = AuthorizedClient<Shop.Scope.Customer>(baseURL: url, token: "c")
                _ = customer.request(Shop.Customer.get())
                _ = customer.request(Shop.Customer.patch(firstName: "a", lastName: "b"))
                _ = customer.request(Shop.Customer.patch(avatarId: .null))
                _ = customer.request(Shop.Resources.upload(image: Upload(data: Data())))
                _ = customer.request(Shop.Feedback.post(email: "e", message: "m"))

                // EdgeCases: Self includes Error and Date, which both include public.
                let top = AuthorizedClient<EdgeCases.Scope._Self>(baseURL: url, token: "s")
                _ = top.request(EdgeCases.Data.default(class: "c", self: 1))
                _ = top.request(EdgeCases.URL.get(self: "s"))
                _ = top.request(EdgeCases.日本語.一覧())
                _ = top.request(EdgeCases.Data.`init`(id: Date(), class: "c", _2nd: true))
            }
            """)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("a guest client calling a customer endpoint does not compile, and the message names the scope")
    func guestCannotCallCustomerEndpoint() async throws {
        let result = try await typeCheck(
            """
            func call(url: URL) {
                let guest = AuthorizedClient<Shop.Scope.Guest>(baseURL: url, token: "g")
                _ = guest.request(Shop.Customer.get())
            }
            """)
        #expect(result.status != 0)
        #expect(
            result.output.contains("requires that 'Shop.Scope.Guest' conform to 'Shop.Access.Customer'"),
            "\(result.output)")
    }

    @Test("one side of a diamond cannot call the other side's endpoints")
    func diamondSidesStaySeparate() async throws {
        let result = try await typeCheck(
            """
            func call(url: URL) {
                let error = AuthorizedClient<EdgeCases.Scope.Error>(baseURL: url, token: "e")
                _ = error.request(EdgeCases.URL.get(self: "s"))
            }
            """)
        #expect(result.status != 0)
        #expect(result.output.contains("conform to 'EdgeCases.Access.Date'"), "\(result.output)")
    }

    @Test("several scopes at once: a client holding both compiles, one holding one of them does not, naming the other")
    func allOfScopes() async throws {
        let allowed = try await typeCheck(
            """
            func call(url: URL) {
                // Admin includes Reader and Writer.
                let admin = AuthorizedClient<Storage.Scope.Admin>(baseURL: url, token: "a")
                _ = admin.request(Storage.Contents.put(owner: "o", repo: "r", path: "p", message: "m", content: Upload(data: Data())))
            }
            """)
        #expect(allowed.status == 0, "\(allowed.output)")
        for (scope, missing) in [("Reader", "Writer"), ("Writer", "Reader")] {
            let refused = try await typeCheck(
                """
                func call(url: URL) {
                    let client = AuthorizedClient<Storage.Scope.\(scope)>(baseURL: url, token: "t")
                    _ = client.request(Storage.Contents.put(owner: "o", repo: "r", path: "p", message: "m", content: Upload(data: Data())))
                }
                """)
            #expect(refused.status != 0)
            #expect(
                refused.output.contains(
                    "requires that 'Storage.Scope.\(scope)' conform to 'Storage.Access.\(missing)'"),
                "\(refused.output)")
        }
    }

    @Test(
        "one of several scopes: each of them (and a scope including one) compiles; another does not, naming the choice")
    func anyOfScopes() async throws {
        let allowed = try await typeCheck(
            """
            func call(url: URL) {
                let embed = AuthorizedClient<Storage.Scope.Embed>(baseURL: url, token: "e")
                _ = embed.request(Storage.Contents.list(owner: "o", repo: "r", path: "docs"))
                let integration = AuthorizedClient<Storage.Scope.Integration>(baseURL: url, token: "i")
                _ = integration.request(Storage.Contents.list(owner: "o", repo: "r", path: "docs"))
                // Browser includes Reader, one of the three.
                let browser = AuthorizedClient<Storage.Scope.Browser>(baseURL: url, token: "b")
                _ = browser.request(Storage.Contents.list(owner: "o", repo: "r", path: "docs", perPage: 5))
                _ = browser.request(Storage.Owners.me())
                let admin = AuthorizedClient<Storage.Scope.Admin>(baseURL: url, token: "a")
                _ = admin.request(Storage.Owners.me())
            }
            """)
        #expect(allowed.status == 0, "\(allowed.output)")
        let refused = try await typeCheck(
            """
            func call(url: URL) {
                let writer = AuthorizedClient<Storage.Scope.Writer>(baseURL: url, token: "w")
                _ = writer.request(Storage.Contents.list(owner: "o", repo: "r", path: "docs"))
            }
            """)
        #expect(refused.status != 0)
        #expect(
            refused.output.contains(
                "requires that 'Storage.Scope.Writer' conform to 'Storage.Access.ReaderOrEmbedOrIntegration'"),
            "\(refused.output)")
    }

    @Test("only scope types make an authorized client: an endpoint namespace named like a scope does not compile")
    func onlyScopeTypes() async throws {
        let result = try await typeCheck(
            """
            func call(url: URL) {
                _ = AuthorizedClient<Shop.Customer>(baseURL: url, token: "c")
            }
            """)
        #expect(result.status != 0)
        #expect(
            result.output.contains("'Shop.Customer' conform to 'AuthorizationScope'")
                || result.output.contains("type 'Shop.Customer' does not conform to protocol 'AuthorizationScope'"),
            "\(result.output)")
    }

    @Test("an unscoped endpoint cannot be passed where a scoped one is expected")
    func plainEndpointIsNotAuthorized() async throws {
        let result = try await typeCheck(
            """
            func call(url: URL) {
                let customer = AuthorizedClient<Shop.Scope.Customer>(baseURL: url, token: "c")
                let plain: Endpoint<Void, any Error & Sendable> = Endpoint(method: .get, path: "/x")
                _ = customer.request(plain)
            }
            """)
        #expect(result.status != 0)
    }

    @Test("a plain APIClient given a scoped endpoint does not compile, and the message says it has no scope")
    func plainClientCannotCallScopedEndpoint() async throws {
        let result = try await typeCheck(
            """
            func call(url: URL) async throws {
                let client = APIClient(baseURL: url)
                _ = try await client.send(Shop.Customer.get())
            }
            """)
        #expect(result.status != 0)
        #expect(
            result.output.contains(
                "requires that 'APIClient.Authorization' (aka 'NoScope') conform to 'Shop.Access.Customer'"),
            "\(result.output)")
    }
}
