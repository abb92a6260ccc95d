@_spi(Generated) import EndpointRuntime
import Foundation
import Testing

/// Unix seconds and milliseconds beside ISO 8601, in models, parameters and JSON fields.
@Suite("Dates as Unix seconds or milliseconds")
struct DateFormatTests {
    struct Event: Codable, Equatable {
        var at: Date
        var seen: [Date]
        var until: Date?
        var cleared: Date??

        init(at: Date, seen: [Date], until: Date?, cleared: Date??) {
            (self.at, self.seen, self.until, self.cleared) = (at, seen, until, cleared)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ModelCodingKey.self)
            at = try container.decodeMember(Date.self, "at", dateFormat: .unixSeconds)
            seen = try container.decodeMember([Date].self, "seen", dateFormat: .unixMilliseconds)
            until = try container.decodeMemberIfPresent(Date.self, "until", dateFormat: .unixSeconds)
            cleared = try container.decodeMemberIfPresent(Date?.self, "cleared", dateFormat: .unixSeconds)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ModelCodingKey.self)
            try container.encodeMember(at, "at", dateFormat: .unixSeconds)
            try container.encodeMember(seen, "seen", dateFormat: .unixMilliseconds)
            try container.encodeMemberIfPresent(until, "until", dateFormat: .unixSeconds)
            try container.encodeMemberIfPresent(cleared, "cleared", dateFormat: .unixSeconds)
        }
    }

    @Test("whole seconds and milliseconds are written as integers, a fraction is kept; they read back")
    func roundTrip() throws {
        let event = Event(
            at: Date(timeIntervalSince1970: 1_694_038_270), seen: [Date(timeIntervalSince1970: 1.5)],
            until: Date(timeIntervalSince1970: 10.25), cleared: .some(nil))
        let json = String(decoding: try JSONCoding.makeEncoder().encode(event), as: UTF8.self)
        #expect(json == #"{"at":1694038270,"cleared":null,"seen":[1500],"until":10.25}"#)
        let decoded = try JSONCoding.makeDecoder().decode(Event.self, from: Data(json.utf8))
        #expect(decoded.at == event.at && decoded.seen == event.seen && decoded.until == event.until)
        // Null and absent read alike, as for every optional property.
        #expect(decoded.cleared == nil)
    }

    @Test("an ISO 8601 string where Unix time is expected is a decoding error, not a wrong date")
    func wrongKind() {
        let json = #"{"at":"2023-09-06T22:11:10Z","seen":[]}"#
        #expect(throws: DecodingError.self) { try JSONCoding.makeDecoder().decode(Event.self, from: Data(json.utf8)) }
    }

    @Test("as text for a query, a path or a form; lists too")
    func text() {
        let date = Date(timeIntervalSince1970: 1_694_038_270)
        #expect(DateFormat.unixSeconds.text(for: date) == "1694038270")
        #expect(DateFormat.unixMilliseconds.text(for: date) == "1694038270000")
        #expect(DateFormat.iso8601.text(for: date) == "2023-09-06T22:11:10Z")
        let one = Parameter("at", date, dateFormat: .unixSeconds)
        #expect(one.values == ["1694038270"])
        let none = Parameter("at", Date?.none, dateFormat: .unixSeconds)
        #expect(none.values.isEmpty)
        let list = Parameter("at", [date, date], dateFormat: .unixMilliseconds, arrayFormat: .comma)
        #expect(list.pairs.map { $0.value } == ["1694038270000,1694038270000"])
    }

    @Test("multipart text parts: a date and a list of dates in Unix time")
    func multipart() throws {
        let date = Date(timeIntervalSince1970: 2)
        let body = try RequestBody.multipart([
            MultipartPart("at", date, dateFormat: .unixMilliseconds),
            MultipartPart("seen", [date, date], dateFormat: .unixSeconds),
            MultipartPart("none", [Date]?.none, dateFormat: .unixSeconds),
        ]).encoded(with: JSONCoding.makeEncoder())
        let text = String(decoding: body.data, as: UTF8.self)
        #expect(text.contains("name=\"at\"\r\n\r\n2000\r\n"))
        #expect(text.components(separatedBy: "name=\"seen\"\r\n\r\n2\r\n").count == 3)
        #expect(!text.contains("name=\"none\""))
    }

    @Test("JSON body fields: a date in Unix time, a nullable one sent as null, a list")
    func jsonFields() throws {
        let date = Date(timeIntervalSince1970: 60)
        let body = RequestBody.jsonFields([
            ("at", DateFormat.unixSeconds.field(date)), ("gone", DateFormat.unixSeconds.field(Date??.some(nil))),
            ("left", DateFormat.unixSeconds.field(Date??.none)),
            ("all", DateFormat.unixMilliseconds.field([date])),
        ])
        let encoded = try body.encoded(with: JSONCoding.makeEncoder())
        #expect(String(decoding: encoded.data, as: UTF8.self) == #"{"all":[60000],"at":60,"gone":null}"#)
    }
}

/// A response header declared with a `dateFormat`: Unix milliseconds are not read as seconds.
@Suite("Date headers in a Unix format")
struct DateHeaderFormatTests {
    func response(_ headers: HeaderFields) -> ReceivedResponse {
        ReceivedResponse(status: 200, headers: headers, body: Data(), url: nil)
    }

    @Test("milliseconds and seconds as declared; the usual reading would take milliseconds for seconds")
    func formats() throws {
        let reply = response(["X-Reset-Ms": "1700000000000", "X-Reset": " 1700000000 "])
        let millis: Date = try reply.header("X-Reset-Ms", dateFormat: .unixMilliseconds)
        #expect(millis == Date(timeIntervalSince1970: 1_700_000_000))
        let seconds: Date = try reply.header("X-Reset", dateFormat: .unixSeconds)
        #expect(seconds == Date(timeIntervalSince1970: 1_700_000_000))
        let absent: Date? = try reply.header("X-Other", dateFormat: .unixSeconds)
        #expect(absent == nil)
        #expect(throws: ResponseHeaderError.self) {
            let _: Date = try response(["X-Reset": "Sun, 06 Nov 1994 08:49:37 GMT"]).header(
                "X-Reset", dateFormat: .unixSeconds)
        }
        #expect(throws: ResponseHeaderError.self) {
            let _: Date = try response([:]).header("X-Reset", dateFormat: .unixSeconds)
        }
    }
}
