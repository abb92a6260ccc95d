import EndpointRuntime
import Foundation
import Testing

/// Typed response headers: each text-like type reads as the RFC says, a missing or malformed header is a clear
/// decoding failure, and `withHeaders()` brings body, headers and status back together.
@Suite("Response headers")
struct ResponseHeadersTests {
    func response(_ headers: HeaderFields, url: URL? = URL(string: "https://api.example.com/v1/orders"))
        -> ReceivedResponse
    {
        ReceivedResponse(status: 201, headers: headers, body: Data(), url: url)
    }

    enum Plan: String, Sendable, HeaderValue {
        case free, pro
    }

    @Test("numbers, booleans, UUIDs, enums and lists read from their text; names ignore case")
    func scalars() throws {
        let received = response([
            "x-ratelimit-remaining": " 4999 ", "X-Ratio": "0.25", "X-Flag": "TRUE",
            "X-Request-Id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "X-Plan": "pro",
            "Allow": "GET, , HEAD,POST", "X-Tags": #""a,b", c"#,
        ])
        #expect(try received.header("X-RateLimit-Remaining") == 4999)
        #expect(try received.header("X-Ratio") == 0.25)
        #expect(try received.header("x-flag") == true)
        #expect(try received.header("X-Request-Id", as: UUID.self).uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(try received.header("X-Plan") == Plan.pro)
        #expect(try received.header("Allow") == ["GET", "HEAD", "POST"])
        #expect(try received.header("X-Tags") == [#""a,b""#, "c"])
    }

    @Test("an optional header that is absent is nil; a required one is an error naming it and its type")
    func missing() throws {
        let received = response([:])
        let etag: String? = try received.header("ETag")
        #expect(etag == nil)
        #expect(throws: ResponseHeaderError(name: "X-RateLimit-Remaining", value: nil, expectedType: "Int")) {
            let _: Int = try received.header("X-RateLimit-Remaining")
        }
    }

    @Test("a value that does not read is an error, optional or not, with the value made printable")
    func malformed() throws {
        let received = response(["X-RateLimit-Remaining": "lots\u{1B}[31m", "X-Big": "99999999999999999999"])
        do {
            let _: Int? = try received.header("X-RateLimit-Remaining")
            Issue.record("no error")
        } catch let error as ResponseHeaderError {
            #expect(error.value == "lots\\u{1B}[31m")
            #expect("\(error)" == "the response header 'X-RateLimit-Remaining' is 'lots\\u{1B}[31m', which is not Int")
        }
        #expect(throws: ResponseHeaderError.self) { let _: Int = try received.header("X-Big") }
        let long = response(["X": String(repeating: "x", count: 5_000)])
        #expect(throws: ResponseHeaderError.self) { let _: Int = try long.header("X") }
        do { let _: Int = try long.header("X") } catch let error as ResponseHeaderError {
            #expect(error.value?.count == 101)
        }
    }

    @Test("dates: the three HTTP forms, ISO 8601 and epoch seconds; nonsense is refused")
    func dates() throws {
        let expected = Date(timeIntervalSince1970: 784_111_777)  // 1994-11-06 08:49:37 UTC
        for text in [
            "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
            "1994-11-06T08:49:37Z", "784111777",
        ] {
            #expect(try response(["Date": text]).header("Date") == expected, "\(text)")
        }
        #expect(
            try response(["Date": "Thu, 29 Feb 2024 23:59:60 GMT"]).header("Date", as: Date.self)
                == Date(timeIntervalSince1970: 1_709_251_200))
        for text in ["Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT", "tomorrow", "1e9", "nan"] {
            #expect(throws: ResponseHeaderError.self, "\(text)") {
                let _: Date = try response(["Date": text]).header("Date")
            }
        }
    }

    @Test("a relative Location resolves against the response's URL; a URL without a scheme is refused")
    func urls() throws {
        #expect(
            try response(["Location": "/v1/orders/7"]).header("Location")
                == URL(string: "https://api.example.com/v1/orders/7"))
        #expect(
            try response(["Location": "https://cdn.example.com/a"]).header("Location")
                == URL(string: "https://cdn.example.com/a"))
        #expect(throws: ResponseHeaderError.self) {
            let _: URL = try response(["Location": "/orders/7"], url: nil).header("Location")
        }
    }

    struct OrderHeaders: ResponseHeaders, Equatable {
        var location: URL
        var remaining: Int?

        init(from response: ReceivedResponse) throws {
            location = try response.header("Location")
            remaining = try response.header("X-RateLimit-Remaining")
        }
    }

    @Test("withHeaders(): body, typed headers, status and every field in one Reply, through the client")
    func reply() async throws {
        let transport = StubTransport { _ in
            (
                201, ["Location": "/v1/orders/7", "X-RateLimit-Remaining": "12", "X-Other": "kept"],
                Data(#"{"name":"Ada"}"#.utf8)
            )
        }
        let reply = try await client(transport).send(profile.withHeaders(OrderHeaders.self))
        #expect(reply.body == Profile(name: "Ada"))
        #expect(reply.headers.location == URL(string: "https://api.example.com/v1/orders/7"))
        #expect(reply.headers.remaining == 12)
        #expect(reply.status == 201)
        #expect(reply.headerFields["X-Other"] == "kept")
        // The body alone costs what it always did.
        #expect(try await client(transport).send(profile) == Profile(name: "Ada"))
    }

    @Test("a missing required header is an undecodable response that keeps the status and says which header")
    func replyMissingHeader() async throws {
        let transport = StubTransport(status: 200, json: #"{"name":"Ada"}"#)
        let result = await Result.of { try await client(transport).send(profile.withHeaders(OrderHeaders.self)) }
        guard case .failure(ClientError.client(let failure)) = result else {
            Issue.record("not a client failure: \(result)")
            return
        }
        #expect(failure.kind == .undecodableResponse)
        #expect(failure.response?.status == 200)
        #expect("\(failure)".contains("no 'Location' header"))
    }
}

/// Paging: the Link header, a next URL in the body, a cursor; as a next-page request, an async sequence and an
/// Observable; never to another origin, never in a loop.
@Suite("Paging")
struct PagingTests {
    struct Items: Codable, Sendable, Equatable {
        var items: [Int]
        var next: URL?
        var cursor: String?
    }

    /// Pages 1…`count` of `/items`, each naming its number and linking to the next as `rel`.
    func linkServer(count: Int, linkTo target: @escaping @Sendable (Int) -> String? = { "/v1/items?page=\($0 + 1)" })
        -> StubTransport
    {
        StubTransport { request in
            let query = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let page = Int(query.first { $0.name == "page" }?.value ?? "1") ?? 1
            var headers: [String: String] = [:]
            if page < count, let next = target(page) {
                headers["Link"] = #"<\#(next)>; rel="next", </v1/items?page=\#(count)>; rel="last""#
            }
            return (200, headers, Data(#"{"items":[\#(page)]}"#.utf8))
        }
    }

    let items = Endpoint<Items, any Error & Sendable>(
        method: .get, path: "/items", query: [Parameter("page", 1), Parameter("per_page", 2)]
    )
    .paged(by: .link)

    @Test("Link paging: five pages in order, then the sequence ends; the first page's query does not ride along")
    func linkPages() async throws {
        let transport = linkServer(count: 5)
        var seen: [Int] = []
        for try await page in client(transport).pages(items) { seen += page.items }
        #expect(seen == [1, 2, 3, 4, 5])
        #expect(
            transport.requests.map { $0.url!.query ?? "" } == [
                "page=1&per_page=2", "page=2", "page=3", "page=4", "page=5",
            ])
        #expect(transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "X-App") == "test" })
    }

    @Test("page(_:) gives the value and the next request; the last page has none")
    func nextPage() async throws {
        let api = client(linkServer(count: 2))
        let first = try await api.page(items)
        #expect(first.value.items == [1])
        let next = try #require(first.next)
        let second = try await api.page(next)
        #expect(second.value.items == [2])
        #expect(second.next == nil)
    }

    @Test("leaving the loop early sends no more requests")
    func leaveEarly() async throws {
        let transport = linkServer(count: 100)
        for try await page in client(transport).pages(items) where page.items == [3] { break }
        #expect(transport.requests.count == 3)
    }

    @Test("a next link to another origin is refused before anything is sent there")
    func otherOrigin() async throws {
        let transport = linkServer(count: 3, linkTo: { _ in "https://evil.example.net/v1/items?page=2" })
        var seen: [Int] = []
        do {
            for try await page in client(transport).pages(items) { seen += page.items }
            Issue.record("no error")
        } catch ClientError.client(let failure) {
            #expect(failure.kind == .invalidRequest)
            #expect("\(failure)".contains("not on the origin"))
        }
        #expect(seen == [1])
        #expect(transport.requests.count == 1)
    }

    @Test("a server linking back to a page already fetched ends the sequence with an error, not a loop")
    func loop() async throws {
        let transport = linkServer(count: 10, linkTo: { $0 == 3 ? "/v1/items?page=2" : "/v1/items?page=\($0 + 1)" })
        var seen: [Int] = []
        await #expect(throws: ClientError.self) {
            for try await page in client(transport).pages(items) { seen += page.items }
        }
        #expect(seen == [1, 2, 3])
    }

    @Test("a next URL in the body, and a cursor sent back as a query item")
    func bodyPaging() async throws {
        let byURL = StubTransport { request in
            let page = request.url!.lastPathComponent
            let body = page == "items" ? #"{"items":[1],"next":"https://api.example.com/v1/more"}"# : #"{"items":[2]}"#
            return (200, [:], Data(body.utf8))
        }
        let nextURL = Endpoint<Items, any Error & Sendable>(method: .get, path: "/items").paged(
            by: .nextURL { $0.next })
        var seen: [Int] = []
        for try await page in client(byURL).pages(nextURL) { seen += page.items }
        #expect(seen == [1, 2])

        let byCursor = StubTransport { request in
            let cursor = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems?.first {
                $0.name == "after"
            }?.value
            let body = cursor == nil ? #"{"items":[1],"cursor":"c&2"}"# : #"{"items":[2],"cursor":""}"#
            return (200, [:], Data(body.utf8))
        }
        let cursor = Endpoint<Items, any Error & Sendable>(
            method: .get, path: "/items", query: [Parameter("after", String?.none)]
        )
        .paged(by: .cursor("after") { $0.cursor })
        seen = []
        for try await page in client(byCursor).pages(cursor) { seen += page.items }
        #expect(seen == [1, 2])
        #expect(byCursor.requests.map { $0.url!.query ?? "" } == ["", "after=c%262"])
    }

    @Test("an Observable of pages: every page then completed; disposing stops it")
    func observablePages() async throws {
        let transport = linkServer(count: 4)
        let pages = try await client(transport).requestPages(items).toArray().value
        #expect(pages.flatMap(\.items) == [1, 2, 3, 4])
    }

    @Test("the scope survives: the next page of an authorized endpoint carries the token")
    func authorized() async throws {
        let transport = linkServer(count: 3)
        let user = AuthorizedClient<Scope.User>(client: client(transport), credentials: Credentials(token: "t0k"))
        var seen: [Int] = []
        for try await page in user.pages(AuthorizedEndpoint<Scope.User, Items, any Error & Sendable>(items)) {
            seen += page.items
        }
        #expect(seen == [1, 2, 3])
        #expect(transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == "Bearer t0k" })
    }
}
