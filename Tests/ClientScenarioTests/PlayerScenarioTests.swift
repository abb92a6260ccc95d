import EndpointRuntime
import FlyingFox
import Foundation
import PlayerAPI
import TestSupport
import Testing

/// The generated Player API (Specs/Player.yaml) against an in-process server: several success statuses told
/// apart with a `switch`, bytes and text bodies, a download to a file, paging by a next URL and by a cursor.
@Suite("Responses beyond JSON through a generated API", .transportUnderTest)
struct PlayerScenarioTests {
    static let playback =
        #"{"is_playing": true, "progress_ms": 1200, "track": {"id": "t1", "name": "Intro", "duration_ms": 60000}}"#

    func listener(_ server: TestServer) -> AuthorizedClient<Player.Scope.Listener> {
        AuthorizedClient(client: APIClient(baseURL: server.url), credentials: Credentials(token: "l"))
    }

    @Test("200 with a body or 204 with none, told apart with a switch; an undeclared 2xx is category 3")
    func statuses() async throws {
        let calls = Hits()
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /me/player") { _ in
                switch calls.increment() {
                case 1: return TestServer.json(.ok, Self.playback)
                case 2: return HTTPResponse(statusCode: .noContent)
                default: return HTTPResponse(statusCode: .partialContent, body: Data("partial".utf8))
                }
            }
            await server.appendRoute("POST /me/player/queue") { request in
                request.query["uri"] == "now"
                    ? TestServer.json(.created, #"{"position": 1}"#) : HTTPResponse(statusCode: .accepted)
            }
        }
        defer { Task { await server.stop() } }
        let user = listener(server)

        var described: [String] = []
        for _ in 0..<2 {
            switch try await user.send(Player.Me.playback()) {
            case .ok(let playback): described.append("playing \(playback.track?.name ?? "-")")
            case .noContent: described.append("nothing")
            }
        }
        #expect(described == ["playing Intro", "nothing"])
        do {
            _ = try await user.send(Player.Me.playback())
            Issue.record("no error")
        } catch ClientError.unexpected(let response, let underlying) {
            #expect(response.status == 206)
            #expect(underlying is UndeclaredStatusError)
            #expect(response.bodyExcerpt == "partial")
        }
        #expect(try await user.send(Player.Me.queue(uri: "now")) == .created(Player.Models.Queued(position: 1)))
        #expect(try await user.send(Player.Me.queue(uri: "later")) == .accepted)
    }

    @Test("bytes with their declared Accept; CSV text; a versioned JSON media type; a tarball downloaded to a file")
    func media() async throws {
        let accepts = Locked<[String]>([])
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        let tarball = Data((0..<300_000).map { UInt8($0 % 251) })
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /albums/:id/cover") { request in
                accepts.withLock { $0.append(request.headers[HTTPHeader("Accept")] ?? "") }
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/jpeg"], body: jpeg)
            }
            await server.appendRoute("GET /playlists/:id/export") { request in
                accepts.withLock { $0.append(request.headers[HTTPHeader("Accept")] ?? "") }
                return HTTPResponse(
                    statusCode: .ok, headers: [.contentType: "text/csv; charset=utf-8"], body: Data("name\nCafé\n".utf8)
                )
            }
            await server.appendRoute("GET /playlists/:id") { request in
                accepts.withLock { $0.append(request.headers[HTTPHeader("Accept")] ?? "") }
                return TestServer.json(.ok, #"{"items": [], "total": 0}"#)
            }
            await server.appendRoute("GET /playlists/:id/archive") { _ in
                HTTPResponse(statusCode: .ok, headers: [.contentType: "application/x-tar"], body: tarball)
            }
        }
        defer { Task { await server.stop() } }
        let user = listener(server)
        #expect(try await user.client.send(Player.Albums.cover(id: "a")) == jpeg)
        #expect(try await user.send(Player.Playlists.export(id: "p")) == "name\nCafé\n")
        #expect(try await user.send(Player.Playlists.details(id: "p")).total == 0)
        #expect(accepts.withLock { $0 } == ["image/jpeg", "text/csv; charset=utf-8", "application/vnd.player.v2+json"])

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("player-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("playlist.tar")
        let file = try await user.download(Player.Playlists.archive(id: "p"), to: target)
        #expect(file.byteCount == Int64(tarball.count))
        #expect(try Data(contentsOf: target) == tarball)
    }

    @Test("paging by a next URL in the body and by a cursor sent back as a query item")
    func bodyPaging() async throws {
        let base = Locked<URL?>(nil)
        let cursors = Locked<[String]>([])
        let server = try await TestServer.start { server in
            await server.appendRoute("GET /albums/:id/tracks") { request in
                let offset = Int(request.query["offset"] ?? "0") ?? 0
                let next =
                    offset < 4
                    ? #", "next": "\#(base.withLock { $0 }!.absoluteString)/albums/a/tracks?offset=\#(offset + 2)&limit=2""#
                    : ""
                return TestServer.json(
                    .ok, #"{"items": [{"id": "t\#(offset)", "name": "n", "duration_ms": 1}], "total": 6\#(next)}"#)
            }
            await server.appendRoute("GET /me/player/recently-played") { request in
                let before = request.query["before"] ?? ""
                cursors.withLock { $0.append(before) }
                let next = ["": #"{"before": "c2"}"#, "c2": #"{"before": "c3"}"#][before] ?? "null"
                return TestServer.json(
                    .ok, #"{"items": [{"id": "r\#(before)", "name": "n", "duration_ms": 1}], "cursors": \#(next)}"#)
            }
        }
        base.withLock { $0 = server.url }
        defer { Task { await server.stop() } }
        let user = listener(server)
        var ids: [String] = []
        for try await page in user.client.pages(Player.Albums.tracks(id: "a", limit: 2)) {
            ids += page.body.items.map(\.id)
        }
        #expect(ids == ["t0", "t2", "t4"])
        ids = []
        for try await page in user.pages(Player.Me.recentlyPlayed(limit: 1)) { ids += page.items.map(\.id) }
        #expect(ids == ["r", "rc2", "rc3"])
        #expect(cursors.withLock { $0 } == ["", "c2", "c3"])
    }
}
