import ActivityAPI
import EdgeCasesAPI
import EndpointRuntime
import Foundation
import StorageAPI
import Testing

/// `oneOf` with and without a discriminator, `extends`, integer enums and nullable properties, as generated.
@Suite("Polymorphic models decode, keep what they do not know, and encode back")
struct PolymorphismTests {
    let decoder = JSONCoding.makeDecoder()

    func encoded<Value: Encodable>(_ value: Value) throws -> NSDictionary? {
        try JSONSerialization.jsonObject(with: JSONCoding.makeEncoder().encode(value)) as? NSDictionary
    }

    func object(_ json: String) throws -> NSDictionary? {
        try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
    }

    static let actor = #""actor":{"id":1,"login":"ada"},"created_at":"2026-01-01T00:00:00Z""#

    @Test("the discriminator picks the variant; a mapped alias too; each encodes back with its discriminator")
    func discriminated() throws {
        let push = #"{"type":"PushEvent","id":"1",\#(Self.actor),"ref":"main","commits":3}"#
        guard case .pushEvent(let event) = try decoder.decode(Activity.Models.Event.self, from: Data(push.utf8)) else {
            Issue.record("not a push event")
            return
        }
        #expect(event.commits == 3 && event.actor.login == "ada")
        #expect(try encoded(Activity.Models.Event.pushEvent(event)) == object(push))

        // Extends: ReleaseEvent has EventBase's properties, then its own; it has no `type` of its own.
        let alias = #"{"type":"ReleasePublishedEvent","id":"2",\#(Self.actor),"tag":"v1","draft":false}"#
        let release = try decoder.decode(Activity.Models.Event.self, from: Data(alias.utf8))
        guard case .releaseEvent(let value) = release else {
            Issue.record("not a release event: \(release)")
            return
        }
        #expect(value.tag == "v1" && value.id == "2")
        // Encoded with the variant's first value: the model's own name.
        let again = try #require(try encoded(release)?.mutableCopy() as? NSMutableDictionary)
        #expect(again["type"] as? String == "ReleaseEvent")
        again["type"] = "ReleasePublishedEvent"
        #expect(again == (try object(alias)))
    }

    @Test("an unknown or missing discriminator keeps the JSON as it came, and encodes it back unchanged")
    func unknownVariant() throws {
        for json in [
            #"{"type":"SponsorEvent","id":"3","amount":{"value":5,"currency":"EUR"},"tags":[1,null,true]}"#,
            #"{"id":"4","note":"no type at all"}"#,
        ] {
            let event = try decoder.decode(Activity.Models.Event.self, from: Data(json.utf8))
            guard case .unknown(let raw) = event else {
                Issue.record("\(json) decoded as \(event)")
                continue
            }
            #expect(raw == (try decoder.decode(JSONValue.self, from: Data(json.utf8))))
            #expect(try encoded(event) == object(json))
        }
        // A whole feed with a new kind in it still decodes; the known events are there.
        let feed = #"[{"type":"WatchEvent","id":"5",\#(Self.actor)},{"type":"NewKind","id":"6"}]"#
        let events = try decoder.decode([Activity.Models.Event].self, from: Data(feed.utf8))
        #expect(events.count == 2)
        if case .watchEvent(let watch) = events[0] { #expect(watch.id == "5") } else { Issue.record("\(events[0])") }
    }

    @Test("a known discriminator with a body that does not fit is an error, not an unknown variant")
    func wrongBody() {
        let json = #"{"type":"PushEvent","id":"1"}"#
        #expect(throws: DecodingError.self) { try decoder.decode(Activity.Models.Event.self, from: Data(json.utf8)) }
    }

    @Test("without a discriminator the variants are tried in order; what fits none is kept as JSON")
    func untagged() throws {
        let review = #"{"pull_request":7,"reviewers":["ada"]}"#
        let mention = #"{"mentioned_in":"https://example.com/issues/1","excerpt":"@ada look"}"#
        let other = #"{"kind":"digest","count":3}"#
        let values = try [review, mention, other].map {
            try decoder.decode(Activity.Models.Notification.self, from: Data($0.utf8))
        }
        guard case .reviewRequest(let request) = values[0], case .mention(let note) = values[1],
            case .unknown = values[2]
        else {
            Issue.record("\(values)")
            return
        }
        #expect(request.pullRequest == 7 && note.excerpt == "@ada look")
        for (value, json) in zip(values, [review, mention, other]) { #expect(try encoded(value) == object(json)) }
    }

    @Test("an integer enum decodes its values, keeps an unknown one, and round-trips; defaults apply")
    func integerEnum() throws {
        let values = try decoder.decode([Activity.Models.Priority].self, from: Data("[0,2,9]".utf8))
        #expect(values == [.low, .high, .unknown(9)])
        #expect(String(decoding: try JSONCoding.makeEncoder().encode(values), as: UTF8.self) == "[0,2,9]")
        #expect(Activity.Models.Priority.high.parameterText == "2")
        let subscription = Activity.Models.Subscription(repository: "a/b")
        #expect(subscription.priority == .normal)
        #expect(throws: DecodingError.self) {
            try decoder.decode([Activity.Models.Priority].self, from: Data(#"["1"]"#.utf8))
        }
    }

    @Test("a nullable model property encodes .null as null and nil as nothing")
    func nullableProperty() throws {
        let cleared = Storage.Models.Owner(login: "ada", bio: .null)
        let untouched = Storage.Models.Owner(login: "ada")
        #expect(try encoded(cleared) == object(#"{"login":"ada","visibility":"public","bio":null}"#))
        #expect(try encoded(untouched) == object(#"{"login":"ada","visibility":"public"}"#))
        // The same through the boxed storage of a property that refers back to its own model.
        let detached = EdgeCases.Models.Node(previous: .null, children: [])
        #expect(try encoded(detached) == object(#"{"previous":null,"children":[]}"#))
        #expect(try encoded(EdgeCases.Models.Node(children: [])) == object(#"{"children":[]}"#))
        let linked = EdgeCases.Models.Node(previous: EdgeCases.Models.Node(children: []), children: [])
        #expect(try encoded(linked) == object(#"{"previous":{"children":[]},"children":[]}"#))
    }
}

/// An enum value `none` becomes the case `_none`, so beside an optional it can never read as `Optional.none`.
@Suite("An enum value named none")
struct EnumNoneCaseTests {
    @Test("is the case _none: an optional holding it is not nil, and it decodes from and encodes to \"none\"")
    func noneCase() throws {
        let kind: Storage.Models.EntryKind? = ._none
        #expect(kind != nil)
        #expect(kind == ._none)
        #expect(Storage.Models.EntryKind(rawValue: "none") == ._none)
        #expect(Storage.Models.EntryKind._none.rawValue == "none")
        let decoded = try JSONCoding.makeDecoder().decode(
            [Storage.Models.EntryKind].self, from: Data(#"["none"]"#.utf8))
        #expect(decoded == [._none])
    }
}
