import EndpointRuntime
import Foundation
import Testing

@Suite("Link header (RFC 8288)")
struct WebLinkTests {
    @Test("GitHub's paging header: four links, one rel each, absolute targets")
    func github() {
        let value =
            #"<https://api.github.com/repositories/1300192/issues?page=2>; rel="prev", "#
            + #"<https://api.github.com/repositories/1300192/issues?page=4>; rel="next", "#
            + #"<https://api.github.com/repositories/1300192/issues?page=515>; rel="last", "#
            + #"<https://api.github.com/repositories/1300192/issues?page=1>; rel="first""#
        let links = WebLink.parse(value)
        #expect(links.map(\.relations) == [["prev"], ["next"], ["last"], ["first"]])
        let response = ReceivedResponse(status: 200, headers: ["link": value], body: Data())
        #expect(
            response.link("NEXT")?.absoluteString == "https://api.github.com/repositories/1300192/issues?page=4")
        #expect(response.link("self") == nil)
    }

    @Test("commas and semicolons inside targets and quotes do not split; escapes, tokens and several rels")
    func tricky() {
        let value =
            #"<https://e.x/a?x=1,2;y>; rel="next last"; title="a, \"b\"; c", "#
            + #"</relative/p?page=3>;rel=prev;type=text/html , <https://e.x/b>; REL=First; rel=ignored"#
        let links = WebLink.parse(value)
        #expect(links.count == 3)
        #expect(links[0].target == "https://e.x/a?x=1,2;y")
        #expect(links[0].relations == ["next", "last"])
        #expect(links[0].parameters["title"] == #"a, "b"; c"#)
        #expect(links[1].relations == ["prev"])
        #expect(links[1].parameters["type"] == "text/html")
        #expect(links[2].relations == ["first"], "a repeated parameter keeps its first value")
        let base = URL(string: "https://api.example.com/v1/items?page=2")
        #expect(links[1].url(relativeTo: base)?.absoluteString == "https://api.example.com/relative/p?page=3")
    }

    @Test(
        "malformed link-values are skipped, the rest still parse",
        arguments: [
            "garbage, <https://e.x/2>; rel=next",
            "<https://e.x/1; rel=next, <https://e.x/2>; rel=next",
            #"<https://e.x/1>; rel="next, <https://e.x/2>; rel=next"#,
        ])
    func malformed(value: String) {
        let links = WebLink.parse(value)
        #expect(links.count <= 1)
        #expect(links.allSatisfy { $0.target == "https://e.x/2" })
    }

    @Test(
        "empty and hostile values end quickly with nothing or what parses",
        arguments: [
            "", ",,,", "<>", "<a>;", String(repeating: "<", count: 100_000), String(repeating: "\"", count: 100_001),
        ])
    func hostile(value: String) {
        #expect(WebLink.parse(value).count <= 1)
    }
}
