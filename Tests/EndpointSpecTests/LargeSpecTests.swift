import EndpointSpec
import Testing

/// Big specs take the parallel paths: the decoder and the validator work in runs of models and endpoints that go to
/// whichever core is free. Problems anywhere, and problems that span the runs, are reported as one pass would.
@Suite("Large specs")
struct LargeSpecTests {
    /// `count` endpoints in namespaces of 25; `special` replaces the body of the endpoints it names.
    private func spec(endpoints count: Int, models: Int = 40, special: [Int: String]) -> String {
        var lines = [
            "api: Big", "baseURL: https://api.example.com",
            "scopes: { A: {}, B: {}, BOrC: {}, AOrB: {}, C: {}, XOrY: {}, X: {}, Y: {} }", "models:",
        ]
        for index in 0..<models {
            lines.append(
                index == 7 ? "  M\(index): { properties: { id: Nope } }" : "  M\(index): { properties: { id: Int } }")
        }
        lines.append("endpoints:")
        for index in 0..<count {
            if index % 25 == 0 { lines.append("  N\(index / 25):") }
            lines.append(
                "    e\(index): { " + (special[index] ?? "path: /e\(index), response: M\(index % models)") + " }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("problems in every part of a big spec are reported, in order, and choice names clash across the runs")
    func problemsEverywhere() {
        let text = spec(
            endpoints: 300,
            special: [
                5: "path: /e5, scope: { anyOf: [A, BOrC] }",
                12: "path: /e12, scope: Unknown1",
                150: "path: /e150, scope: { anyOf: [X, Y] }",
                280: "path: /e280, scope: Unknown2",
                295: "path: /e295, scope: { anyOf: [AOrB, C] }",
            ])
        let output = SpecLoader().load(text, file: "big.yaml")
        let messages = output.diagnostics.map(\.description)
        #expect(output.resolved == nil)
        #expect(messages.count == 5, "\(messages)")
        let expected = [
            ("big.yaml:12:", "unknown model 'Nope'"),
            ("big.yaml:", "scope 'Unknown1'"),
            ("big.yaml:", "would be declared as 'Access.XOrY', the name of a scope's own protocol"),
            ("big.yaml:", "scope 'Unknown2'"),
            ("big.yaml:", "'anyOf' of endpoint 'N11.e295' would be declared as 'Access.AOrBOrC', like another choice"),
        ]
        for (message, (prefix, part)) in zip(messages, expected) {
            #expect(message.hasPrefix(prefix) && message.contains(part), "\(message)")
        }
        // Sorted by position: the unknown type in the models comes first, then the endpoints in spec order.
        let lines = output.diagnostics.map(\.location.line)
        #expect(lines == lines.sorted())
    }

    @Test("a big valid spec decodes every model and endpoint, in spec order")
    func everythingInOrder() throws {
        var text = spec(endpoints: 500, special: [:])
        text = text.replacingOccurrences(of: "id: Nope", with: "id: Int")
        let output = SpecLoader().load(text, file: "big.yaml")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let resolved = try #require(output.resolved)
        #expect(resolved.models.map(\.name.value) == (0..<40).map { "M\($0)" })
        #expect(resolved.namespaces.map(\.name.value) == (0..<20).map { "N\($0)" })
        #expect(resolved.namespaces.flatMap(\.endpoints).map(\.name.value) == (0..<500).map { "e\($0)" })
    }

    @Test("\"any of\" choices are numbered in spec order, however the endpoints were spread over the cores")
    func choicesInSpecOrder() throws {
        var text = spec(
            endpoints: 500,
            special: [
                10: "path: /e10, scope: { anyOf: [A, C] }",
                260: "path: /e260, scope: { anyOf: [X, C] }",
                261: "path: /e261, scope: { anyOf: [C, B] }",
                490: "path: /e490, scope: { anyOf: [C, A] }",
            ])
        text = text.replacingOccurrences(of: "id: Nope", with: "id: Int")
        let output = SpecLoader().load(text, file: "big.yaml")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let resolved = try #require(output.resolved)
        // One choice per distinct set, in the order the endpoints first offer them; [C, A] is the choice [A, C].
        #expect(resolved.scopeChoices.map(\.names) == [["A", "C"], ["X", "C"], ["C", "B"]])
        let endpoints = resolved.namespaces.flatMap(\.endpoints)
        let choiceIndices = endpoints.map { endpoint -> Int? in
            guard case .anyOf(_, let choice)? = endpoint.access else { return nil }
            return choice
        }
        #expect(choiceIndices == (0..<500).map { [10: 0, 260: 1, 261: 2, 490: 0][$0] })
        let choices = Dictionary(uniqueKeysWithValues: resolved.scopes.map { ($0.name.value, $0.choices) })
        #expect(choices["A"] == [0])
        #expect(choices["B"] == [2])
        #expect(choices["C"] == [0, 1, 2])
        #expect(choices["X"] == [1])
        #expect(choices["BOrC"] == [])
    }

    @Test("a namespace spread over several runs keeps its endpoints in order, and broken namespaces are reported")
    func namespaceAcrossRuns() throws {
        func text(broken: Bool) -> String {
            var lines = ["api: Big", "baseURL: https://api.example.com", "models:"]
            for index in 0..<60 { lines.append("  M\(index): { properties: { id: Int } }") }
            lines += ["endpoints:"] + (broken ? ["  Broken: 17", "  Empty: {}"] : []) + ["  Huge:"]
            for index in 0..<400 {
                let extra = broken && index % 97 == 3 ? ", colour: blue" : ""
                lines.append("    e\(index): { path: /e\(index), response: M\(index % 60)\(extra) }")
            }
            lines += ["  Small:", "    last: { path: /last }"]
            return lines.joined(separator: "\n") + "\n"
        }
        let broken = SpecLoader().load(text(broken: true), file: "big.yaml")
        let messages = broken.diagnostics.map(\.description)
        #expect(messages.count == 7, "\(messages)")
        #expect(messages.first?.hasPrefix("big.yaml:65:11: error: expected a mapping of endpoint names") == true)
        #expect(
            messages.dropFirst().first?.hasPrefix("big.yaml:66:3: error: namespace 'Empty' has no endpoints") == true)
        // e3, e100, e197, e294 and e391 of 'Huge' (line 68 is e0), reported by different runs, in order.
        let unknownKeys = messages.filter { $0.contains("unknown key 'colour' in endpoint 'Huge.e") }
        #expect(unknownKeys.map { $0.split(separator: ":")[1] } == ["71", "168", "265", "362", "459"])

        let output = SpecLoader().load(text(broken: false), file: "big.yaml")
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
        let resolved = try #require(output.resolved)
        #expect(resolved.models.map(\.name.value) == (0..<60).map { "M\($0)" })
        #expect(resolved.namespaces.map(\.name.value) == ["Huge", "Small"])
        #expect(resolved.namespaces[0].endpoints.map(\.name.value) == (0..<400).map { "e\($0)" })
        #expect(resolved.namespaces[1].endpoints.map(\.name.value) == ["last"])
    }
}
