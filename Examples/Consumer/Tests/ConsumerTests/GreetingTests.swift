// App-side tests of the generated clients, with no server: StubbedTransport answers by endpoint.
import CheckedInClient
import EndpointRuntime
import EndpointRuntimeTesting
import Foundation
import HTTPBinClient
import Testing

@Suite("The consumer's clients, against stubs")
struct GreetingTests {
    let baseURL = URL(string: "https://httpbin.invalid")!

    @Test("the greeting travels as a query item, and the stubbed echo comes back decoded")
    func greeting() async throws {
        let stubs = StubbedTransport(baseURL: baseURL)
        // The spec's `example:` values make `Echo.example`; a test changes only what it is about.
        var echo = HTTPBin.Models.Echo.example
        echo.args = ["greeting": .string("hello")]
        stubs.stub(HTTPBin.Echo.anything(name: "any"), with: .success(echo))
        let client = APIClient(configuration: .init(baseURL: baseURL, transport: stubs))

        let answer = try await client.send(HTTPBin.Echo.anything(name: "consumer", greeting: "hello"))
        #expect(answer == echo)
        let sent = stubs.requests(for: HTTPBin.Echo.anything(name: "any"))
        #expect(sent.map { $0.url?.absoluteString } == ["https://httpbin.invalid/anything/consumer?greeting=hello"])
    }

    @Test("a server error and no connection reach the app as the client's error categories")
    func failures() async throws {
        let stubs = StubbedTransport(baseURL: baseURL)
        stubs.stub(HTTPBin.Status.check(code: 0), with: .body(Data("down".utf8), status: 503))
        stubs.stub(EchoAPI.Echo.headers(requestID: "x"), with: .clientFailure(.notConnectedToInternet))
        let client = APIClient(configuration: .init(baseURL: baseURL, transport: stubs))

        await #expect(throws: ClientError.self) { try await client.send(HTTPBin.Status.check(code: 503)) }
        do {
            _ = try await client.request(EchoAPI.Echo.headers(requestID: "demo")).value
            Issue.record("no failure")
        } catch ClientError.client(let failure) {
            #expect(failure.kind == .noConnection)
        }
        #expect(stubs.requests.count == 2)
    }

    @Test("two stubbed pages linked by Link: the app walks both, and the stubs are typed by the endpoint")
    func pagesLinkedByLink() async throws {
        let stubs = StubbedTransport(baseURL: baseURL)
        var first = HTTPBin.Models.Echo.example
        first.url = "https://httpbin.invalid/anything/feed"
        var second = first
        second.url = "https://httpbin.invalid/anything/feed?page=2"
        stubs.stub(
            HTTPBin.Feed.page(), matching: .request,
            .success(first, headers: ["Link": "<https://httpbin.invalid/anything/feed?page=2>; rel=\"next\""]))
        stubs.stub(HTTPBin.Feed.page(page: 2), matching: .request, .success(second))
        let client = APIClient(configuration: .init(baseURL: baseURL, transport: stubs))

        var urls: [String] = []
        for try await page in client.pages(HTTPBin.Feed.page()) { urls.append(page.url) }
        #expect(urls == [first.url, second.url])
        #expect(stubs.requests.map { $0.url?.query } == [nil, "page=2"])
    }
}
