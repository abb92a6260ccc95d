import Foundation
import TestSupport
import Testing

/// OpenAPI documents in, Swift out: the real documents in `../shared/openapi` (skipped, saying so, when the folder is
/// absent) generate every operation, and the Petstore's and Spotify's clients type-check under Swift 6 with
/// warnings as errors, Spotify's OAuth scopes enforced by the compiler.
@Suite("OpenAPI documents generate clients")
struct OpenAPITests {
    static let documents = SharedData.directory.appendingPathComponent("openapi")

    /// The shared document `name`, or nil (with a note) when the folder is not beside the repository.
    static func document(_ name: String) -> URL? {
        let url = documents.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            print("skipped: \(url.path) is not there")
            return nil
        }
        return url
    }

    @Test(
        "every operation of the real documents is generated, with no error",
        arguments: [("petstore.yaml", 19), ("spotify.yaml", 97), ("stripe.spec3.yaml", 468)])
    func generates(name: String, operations: Int) async throws {
        guard let document = Self.document(name) else { return }
        let output = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await CLIRunner.run(["generate", document.path, "--output", output.path])
        #expect(result.status == 0, "\(result.standardError.prefix(2000))")
        #expect(!result.standardError.contains(" error: "))
        #expect(result.standardOutput.contains(", \(operations) endpoints → "), "\(result.standardOutput.suffix(500))")
    }

    @Test("a Swagger 2.0 document is one clear error that says to convert it")
    func swagger() async throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("old.yaml")
        try "swagger: \"2.0\"\ninfo: { title: Old, version: \"1\" }\npaths: {}\n".write(
            to: file, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["validate", file.path])
        #expect(result.status != 0)
        #expect(
            result.standardError.contains(
                "old.yaml:1:10: error: this is a Swagger 2.0 document; EndpointGen reads OpenAPI 3.0 and 3.1: convert it first"
            ))
    }

    /// Generates `name` and type-checks its client with `snippet`; the compiler's status and messages.
    private func typeCheck(_ name: String, snippet: String) async throws -> (status: Int32, output: String)? {
        guard let document = Self.document(name) else { return nil }
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("Generated")
        let result = try await CLIRunner.run(["generate", document.path, "--output", generated.path])
        #expect(result.status == 0)
        let sources = try FileManager.default.contentsOfDirectory(atPath: generated.path).sorted().map {
            generated.appendingPathComponent($0).path
        }
        let snippetFile = folder.appendingPathComponent("Snippet.swift")
        try ("import EndpointRuntime\nimport Foundation\n\n" + snippet).write(
            to: snippetFile, atomically: true, encoding: .utf8)
        let modules = CLIRunner.productsDirectory.appendingPathComponent("Modules")
        let atomics = CLIRunner.productsDirectory.appendingPathComponent("CEndpointAtomics.build/module.modulemap")
        let output = folder.appendingPathComponent("output.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Client", "-I",
                modules.path, "-Xcc", "-fmodule-map-file=\(atomics.path)",
            ] + sources + [snippetFile.path]
        process.standardOutput = handle
        process.standardError = handle
        _ = try await ChildProcess.run(process)
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }

    @Test("the Petstore's client type-checks with warnings as errors, and its calls read as its operations")
    func petstoreCompiles() async throws {
        let snippet = """
            func calls(client: APIClient, key: String) async throws {
                let store = AuthorizedClient<Petstore.Scope.ApiKey>(client: client, credentials: Credentials(token: key))
                let pet: Petstore.Models.Pet = try await store.send(Petstore.Pet.getPetById(petId: 10))
                _ = pet.name
                let inventory: [String: Int32] = try await store.send(Petstore.Store.getInventory())
                _ = inventory
                let writer = AuthorizedClient<Petstore.Scope.WritePets>(client: client, credentials: Credentials(token: key))
                _ = writer
            }
            """
        guard let result = try await typeCheck("petstore.yaml", snippet: snippet) else { return }
        #expect(result.status == 0, "\(result.output.prefix(3000))")
    }

    @Test(
        "Spotify's OAuth scopes: a token of user-read-private alone cannot call an endpoint that needs playlist-modify-private, and the compiler names the scope"
    )
    func spotifyScopes() async throws {
        let allowed = """
            enum Reader: Spotify.Access.UserReadPrivate, Spotify.Access.UserReadEmail {
                static let authScheme: AuthScheme = .bearer
            }
            func calls(client: APIClient) async throws {
                let reader = AuthorizedClient<Reader>(client: client, credentials: Credentials(token: "t"))
                _ = try await reader.send(Spotify.Users.getCurrentUsersProfile())
            }
            """
        guard let fine = try await typeCheck("spotify.yaml", snippet: allowed) else { return }
        #expect(fine.status == 0, "\(fine.output.prefix(3000))")
        let forbidden = """
            enum PublicWriter: Spotify.Access.UserReadPrivate, Spotify.Access.PlaylistModifyPublic {
                static let authScheme: AuthScheme = .bearer
            }
            func calls(client: APIClient, body: Spotify.Models.RemoveTracksPlaylistBody) async throws {
                let writer = AuthorizedClient<PublicWriter>(client: client, credentials: Credentials(token: "t"))
                _ = try await writer.send(Spotify.Playlists.removeTracksPlaylist(playlistId: "p", body: body))
            }
            """
        guard let refused = try await typeCheck("spotify.yaml", snippet: forbidden) else { return }
        #expect(refused.status != 0)
        #expect(
            refused.output.contains("requires that 'PublicWriter' conform to 'Spotify.Access.PlaylistModifyPrivate'"),
            "\(refused.output.prefix(3000))")
    }
}
