import ActivityAPI
import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import Testing

/// A generated streaming endpoint (`response: { type: Event, stream: sse }`) from the app's side, with a stub.
@Suite("A generated Server-Sent Events endpoint")
struct StreamingEndpointTests {
    static let actor = #""actor":{"id":1,"login":"ada"},"created_at":"2026-01-01T00:00:00Z""#

    @Test("each event's data decodes into the union; the stream asks for text/event-stream")
    func liveFeed() async throws {
        let stubs = StubbedTransport(baseURL: Activity.baseURL)
        let body = """
            id: 1
            data: {"type":"PushEvent","id":"1",\(Self.actor),"ref":"main","commits":3}

            : keep-alive

            id: 2
            data: {"type":"WatchEvent","id":"2",\(Self.actor)}


            """
        stubs.stub(
            Activity.Feed.live(),
            with: .body(Data(body.utf8), status: 200, headers: ["Content-Type": "text/event-stream"]))
        let client = APIClient(configuration: .init(baseURL: Activity.baseURL, transport: stubs))
        var ids: [String] = []
        let stream = try await client.send(Activity.Feed.live())
        for try await event in stream {
            switch event {
            case .pushEvent(let push): ids.append(push.id)
            case .watchEvent(let watch): ids.append(watch.id)
            default: Issue.record("unexpected \(event)")
            }
        }
        #expect(ids == ["1", "2"])
        #expect(stream.lastEventID == "2")
        #expect(stubs.requests.first?.value(forHTTPHeaderField: "Accept") == "text/event-stream")

        let viaObservable = try await client.requestEvents(Activity.Feed.live()).toArray().value
        #expect(viaObservable.count == 2)
    }
}
