import EndpointRuntime
import FlyingFox
import Foundation
import ShopAPI
import StorageAPI
import TestSupport
import Testing

/// The seeds' flow and the Storage API's schemes, servers and headers, against an in-process server that checks
/// what arrives byte for byte.
@Suite("Uploads, schemes and servers through generated APIs", .transportUnderTest)
struct UploadScenarioTests {
    static let picture = Data((0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) })

    /// The multipart body `Shop.Resources.upload(image:caption:)` must send for `boundary`.
    static func expectedUpload(boundary: String) -> Data {
        var body = Data(
            ("--\(boundary)\r\nContent-Disposition: form-data; name=\"image\"; filename=\"me 日本.png\"\r\n"
                + "Content-Type: image/png\r\n\r\n").utf8)
        body.append(picture)
        body.append(
            Data(
                ("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nAda, smiling\r\n"
                    + "--\(boundary)--\r\n").utf8))
        return body
    }

    static let customer = #"""
        {"id": "6A2F41A3-C54C-4B6B-8D2B-0F5C8B8B7B21", "first_name": "Ada", "last_name": "L", "email": "a@x",
         "avatar_id": "img-7", "tier": "gold", "created_at": "2026-01-01T00:00:00Z"}
        """#

    @Test("upload an image, then patch the profile with its id, chained with flatMap; the body is exact")
    func uploadThenPatch() async throws {
        let patches = Locked<[Data]>([])
        let server = try await TestServer.start { server in
            await server.appendRoute("POST /resources") { request in
                let type = request.headers[.contentType] ?? ""
                let prefix = "multipart/form-data; boundary="
                guard type.hasPrefix(prefix), request.headers[.authorization] == "Bearer c" else {
                    return TestServer.json(.badRequest, #"{"error_message": "bad request head: \#(type)"}"#)
                }
                let body = try await request.bodyData
                guard body == Self.expectedUpload(boundary: String(type.dropFirst(prefix.count))) else {
                    return TestServer.json(.badRequest, #"{"error_message": "the multipart body is not exact"}"#)
                }
                return TestServer.json(.created, #"{"id": "img-7", "media_type": "image/png", "size": 512}"#)
            }
            await server.appendRoute("PATCH /customer/profile") { request in
                let body = try await request.bodyData
                patches.withLock { $0.append(body) }
                return TestServer.json(.ok, Self.customer)
            }
        }
        defer { Task { await server.stop() } }
        let customer = AuthorizedClient<Shop.Scope.Customer>(
            client: APIClient(baseURL: server.url), credentials: Credentials(token: "c"))
        let image = Upload(data: Self.picture, fileName: "me 日本.png", mediaType: "image/png")

        let upload: Single<Shop.Models.Resource> = customer.request(
            Shop.Resources.upload(image: image, caption: "Ada, smiling"))
        let patched =
            try await upload
            .flatMap { resource in customer.request(Shop.Customer.patch(avatarId: resource.id)) }
            .value
        #expect(patched.avatarId == "img-7")
        // Clearing the picture sends an explicit null; the fields not given are not sent at all.
        _ = try await customer.send(Shop.Customer.patch(avatarId: .null))
        _ = try await customer.send(Shop.Customer.patch(firstName: "Ada"))
        #expect(
            patches.withLock { $0 }.map { String(decoding: $0, as: UTF8.self) } == [
                #"{"avatar_id":"img-7"}"#, #"{"avatar_id":null}"#, #"{"first_name":"Ada"}"#,
            ])
    }

    @Test("Storage: an API key in the query, anonymous reads, basic auth, headers, defaults and another server")
    func storage() async throws {
        let seen = Locked<[String]>([])
        @Sendable func record(_ request: HTTPRequest) {
            var headers: [String] = []
            for name in ["Authorization", "X-Storage-Api-Version", "Accept", "Content-Type"] {
                headers.append(name + "=" + (request.headers[HTTPHeader(name)] ?? "-"))
            }
            var items: [String] = []
            for item in request.query { items.append(item.name + "=" + item.value) }
            let query = items.joined(separator: "&")
            seen.withLock {
                $0.append("\(request.method.rawValue) \(request.path)?\(query) \(headers.joined(separator: " "))")
            }
        }
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /repos/o/r/contents/docs/a%20b") { request in
                record(request)
                return TestServer.json(.ok, #"[{"path": "docs/a b/x", "kind": "file", "size": 1}]"#)
            }
            await server.appendRoute("GET /stats") { request in
                record(request)
                return TestServer.json(.ok, #"{"files": 3}"#)
            }
            await server.appendRoute("PATCH /owner") { request in
                record(request)
                let body = String(decoding: try await request.bodyData, as: UTF8.self)
                seen.withLock { $0.append(body) }
                return TestServer.json(.ok, #"{"login": "ada", "visibility": "private", "bio": null}"#)
            }
            await server.appendRoute("POST /up/releases/7/assets") { request in
                record(request)
                let size = try await request.bodyData.count
                return TestServer.json(
                    .created, #"{"id": 1, "name": "a.png", "size": \#(size), "content_type": "image/png"}"#)
            }
        }
        defer { Task { await server.stop() } }
        var configuration = APIClient.Configuration(baseURL: server.url)
        configuration.servers = ["uploads": server.url.appendingPathComponent("up")]
        let api = APIClient(configuration: configuration)

        let embed = AuthorizedClient<Storage.Scope.Embed>(client: api, credentials: Credentials(token: "e"))
        let entries = try await embed.send(Storage.Contents.list(owner: "o", repo: "r", path: "docs/a b"))
        #expect(entries.first?.kind == .file)
        let anonymous = AuthorizedClient<Storage.Scope.Anonymous>(client: api)
        #expect(try await anonymous.send(Storage.Owners.stats()) == ["files": 3])
        let admin = AuthorizedClient<Storage.Scope.Admin>(
            client: api, credentials: try .basic(username: "ada", password: "pw"))
        _ = try await admin.send(Storage.Owners.update(bio: .null))
        let writer = AuthorizedClient<Storage.Scope.Writer>(client: api, credentials: Credentials(token: "w"))
        let asset = try await writer.send(
            Storage.Releases.uploadAsset(id: 7, name: "a.png", body: Upload(data: Self.picture)))
        #expect(asset.size == 512)

        let basic = "Basic " + Data("ada:pw".utf8).base64EncodedString()
        let json = "Accept=application/vnd.storage+json"
        let expected: [String] = [
            "GET /repos/o/r/contents/docs/a b?per_page=30&kind=none&key=e Authorization=- "
                + "X-Storage-Api-Version=2026-01-01 \(json) Content-Type=-",
            "GET /stats? Authorization=- X-Storage-Api-Version=2025-06-01 \(json) Content-Type=-",
            "PATCH /owner? Authorization=\(basic) X-Storage-Api-Version=2026-01-01 \(json) "
                + "Content-Type=application/json",
            #"{"bio":null,"visibility":"private"}"#,
            "POST /up/releases/7/assets?name=a.png Authorization=Bearer w X-Storage-Api-Version=2026-01-01 "
                + "\(json) Content-Type=image/png",
        ]
        let requests = seen.withLock { $0 }
        #expect(requests == expected)
    }
}
