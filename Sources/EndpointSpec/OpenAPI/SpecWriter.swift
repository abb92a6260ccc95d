/// Writes a ``Spec`` out in the spec format (`NAME.endpoints.yaml`): what `endpointgen import` makes of an OpenAPI
/// document, so a team can own a short spec from then on. Reading the text back gives the same spec, so both
/// generate the same Swift; what the document said only approximately is listed in comments at the top.
package enum SpecWriter {
    /// The spec's text, with `notes` (one per line) as comments under the first line.
    package static func text(of spec: Spec, source: String, notes: [String]) -> String {
        var writer = Lines()
        writer.comment("Imported by endpointgen from \(source); edit it as your own spec from now on.")
        if !notes.isEmpty {
            writer.comment("Approximated, each also reported when imported:")
            for note in notes { writer.comment("  " + note) }
        }
        writer.line("api: \(scalar(spec.api.value))")
        if let baseURL = spec.baseURL { writer.line("baseURL: \(scalar(baseURL.value))") }
        if let description = spec.description {
            writer.line("description: \(literalBlock(description.value, indent: "  ") ?? scalar(description.value))")
        }
        if let format = spec.dateFormat { writer.line("dateFormat: \(format.value.rawValue)") }
        if !spec.servers.isEmpty {
            writer.line("servers:")
            for server in spec.servers { writer.line("  \(key(server.name.value)): \(scalar(server.url.value))") }
        }
        if !spec.constantHeaders.isEmpty {
            writer.line("headers:")
            for header in spec.constantHeaders {
                writer.line("  \(key(header.name.value)): \(scalar(header.value.value))")
            }
        }
        if !spec.scopes.isEmpty {
            writer.line("scopes:")
            for scope in spec.scopes { writeScope(scope, to: &writer) }
        }
        if !spec.errors.isEmpty {
            writer.line("errors:")
            for error in spec.errors { writer.line("  \(key(error.status.value.description)): \(type(error.type))") }
        }
        if !spec.models.isEmpty {
            writer.line("models:")
            for model in spec.models { writeModel(model, to: &writer) }
        }
        writer.line("endpoints:")
        for namespace in spec.namespaces {
            writer.line("  \(key(namespace.name.value)):")
            for endpoint in namespace.endpoints { writeEndpoint(endpoint, to: &writer) }
        }
        return writer.text
    }

    // MARK: Parts

    private static func writeScope(_ scope: ScopeDefinition, to writer: inout Lines) {
        var fields: [String] = []
        if !scope.includes.isEmpty {
            fields.append("includes: [\(scope.includes.map { scalar($0.value) }.joined(separator: ", "))]")
        }
        switch scope.auth?.value {
        case .basic?: fields.append("auth: basic")
        case .none?: fields.append("auth: none")
        case .apiKey(let name, let location)?:
            fields.append("auth: { apiKey: \(scalar(name.value)), in: \(location.rawValue) }")
        case .bearer?, nil: break
        }
        if let description = scope.description { fields.append("description: \(scalar(description.value))") }
        writer.line("  \(key(scope.name.value)):" + (fields.isEmpty ? " {}" : " { \(fields.joined(separator: ", ")) }"))
    }

    private static func writeModel(_ model: ModelDefinition, to writer: inout Lines) {
        writer.line("  \(key(model.name.value)):")
        writeDocumentation(model.documentation, indent: "    ", to: &writer)
        switch model.kind {
        case .object(let properties):
            if !model.extends.isEmpty {
                writer.line("    extends: [\(model.extends.map { scalar($0.value) }.joined(separator: ", "))]")
            }
            if properties.isEmpty && !model.extends.isEmpty { return }
            writer.line("    properties:" + (properties.isEmpty ? " {}" : ""))
            for property in properties { writeField(property, indent: "      ", to: &writer) }
        case .enumeration(let cases):
            writer.line("    enum:")
            for enumCase in cases {
                // An integer is written plain, a string quoted when it could read as anything else.
                let value =
                    enumCase.isInteger ? enumCase.value.value : scalar(enumCase.value.value, quotingNumbers: true)
                var fields = ["value: \(value)"]
                if let name = enumCase.name { fields.append("name: \(scalar(name.value))") }
                if let description = enumCase.documentation.description {
                    fields.append("description: \(scalar(description.value))")
                }
                if enumCase.documentation.isDeprecated { fields.append("deprecated: true") }
                writer.line("      - " + (fields.count == 1 ? value : "{ \(fields.joined(separator: ", ")) }"))
            }
        case .oneOf(let oneOf):
            let variants = oneOf.variants.map { variant -> String in
                let type = self.type(variant.type)
                var fields: [String] = []
                if let name = variant.name { fields.append("name: \(scalar(name.value))") }
                if let format = variant.dateFormat { fields.append("dateFormat: \(format.value.rawValue)") }
                return typed(type, fields)
            }
            writer.line("    oneOf: [\(variants.joined(separator: ", "))]")
            if let discriminator = oneOf.discriminator {
                writer.line("    discriminator:")
                writer.line("      property: \(scalar(discriminator.property.value))")
                if !discriminator.mapping.isEmpty {
                    writer.line("      mapping:")
                    for entry in discriminator.mapping {
                        writer.line("        \(key(entry.value.value)): \(scalar(entry.model.value))")
                    }
                }
            }
        }
    }

    /// A property or body field: `name: Type`, or its long form when it says more.
    private static func writeField(_ property: Property, indent: String, to writer: inout Lines) {
        var fields: [String] = []
        if let key = property.key { fields.append("key: \(scalar(key.value))") }
        if let format = property.dateFormat { fields.append("dateFormat: \(format.value.rawValue)") }
        if let encoding = property.encoding { fields.append("encoding: \(encoding.value.rawValue)") }
        if let format = property.arrayFormat { fields.append("arrayFormat: \(format.value.rawValue)") }
        if let nullable = property.nullable, nullable.value { fields.append("nullable: true") }
        if let example = property.example { fields.append("example: \(scalar(example.value, quotingNumbers: true))") }
        if let value = property.defaultValue { fields.append("default: \(scalar(value.value, quotingNumbers: true))") }
        fields += documentationFields(property.documentation)
        let type = self.type(property.type)
        writer.line(
            "\(indent)\(key(property.name.value)): "
                + typed(type, fields))
    }

    private static func writeEndpoint(_ endpoint: Endpoint, to writer: inout Lines) {
        writer.line("    \(key(endpoint.name.value)):")
        if endpoint.method.value != .get { writer.line("      method: \(endpoint.method.value.rawValue)") }
        if let server = endpoint.server { writer.line("      server: \(scalar(server.value))") }
        writer.line("      path: \(scalar(endpoint.path.value, quotingAlways: true))")
        if let summary = endpoint.documentation.summary { writer.line("      summary: \(scalar(summary.value))") }
        writeDocumentation(endpoint.documentation, indent: "      ", to: &writer)
        if !endpoint.parameters.isEmpty {
            writer.line("      params:")
            for parameter in endpoint.parameters { writeParameter(parameter, to: &writer) }
        }
        switch endpoint.body {
        case .value(let type)?: writer.line("      body: \(self.type(type))")
        case .jsonFields(let fields, _)?: writeFields("body", fields, to: &writer)
        case .formFields(let fields, _)?: writeFields("form", fields, to: &writer)
        case .multipartFields(let fields, _)?: writeFields("multipart", fields, to: &writer)
        case .raw(let raw)?: writer.line("      raw: \(scalar(raw.media.value))")
        case nil: break
        }
        writeResponse(endpoint, to: &writer)
        if let scope = endpoint.scope {
            let names = scope.names.map { scalar($0.value) }.joined(separator: ", ")
            switch (scope.kind, scope.names.count) {
            case (_, 1): writer.line("      scope: \(names)")
            case (.allOf, _): writer.line("      scope: [\(names)]")
            case (.anyOf, _): writer.line("      scope: { anyOf: [\(names)] }")
            }
        }
        if !endpoint.errors.isEmpty {
            writer.line("      errors:")
            for error in endpoint.errors {
                writer.line("        \(key(error.status.value.description)): \(type(error.type))")
            }
        }
    }

    private static func writeParameter(_ parameter: Parameter, to writer: inout Lines) {
        var fields: [String] = []
        if let location = parameter.location { fields.append("in: \(location.value.rawValue)") }
        if let key = parameter.key { fields.append("key: \(scalar(key.value))") }
        if let format = parameter.arrayFormat { fields.append("arrayFormat: \(format.value.rawValue)") }
        if let format = parameter.dateFormat { fields.append("dateFormat: \(format.value.rawValue)") }
        if let slashes = parameter.allowsSlashes, slashes.value { fields.append("allowsSlashes: true") }
        fields += documentationFields(parameter.documentation)
        let type = self.type(parameter.type)
        writer.line(
            "        \(key(parameter.name.value)): "
                + typed(type, fields))
    }

    private static func writeFields(_ kind: String, _ fields: [Property], to writer: inout Lines) {
        writer.line("      \(kind):" + (fields.isEmpty ? " {}" : ""))
        for field in fields { writeField(field, indent: "        ", to: &writer) }
    }

    private static func writeResponse(_ endpoint: Endpoint, to writer: inout Lines) {
        let type = self.type(endpoint.response)
        let plain =
            endpoint.responseMedia == nil && endpoint.responseHeaders.isEmpty && endpoint.paging == nil
            && endpoint.successStatuses.isEmpty && endpoint.redirect == nil && endpoint.stream == nil
        if plain {
            if endpoint.response.expression != .builtin(.void) { writer.line("      response: \(type)") }
            return
        }
        writer.line("      response:")
        if endpoint.successStatuses.isEmpty {
            writer.line("        type: \(type)")
        } else {
            for status in endpoint.successStatuses {
                writer.line("        \(status.status.value): \(self.type(status.type))")
            }
        }
        if let media = endpoint.responseMedia { writer.line("        media: \(scalar(media.value))") }
        if endpoint.redirect != nil { writer.line("        redirect: true") }
        if let stream = endpoint.stream {
            writer.line("        stream: \(stream.format.value.rawValue)")
            if let terminator = stream.terminator { writer.line("        terminator: \(scalar(terminator.value))") }
        }
        switch endpoint.paging {
        case nil: break
        case .link: writer.line("        paging: link")
        case .nextURL(let next): writer.line("        paging: { next: \(scalar(next.value)) }")
        case .cursor(let cursor, let parameter):
            writer.line("        paging: { cursor: \(scalar(cursor.value)), param: \(scalar(parameter.value)) }")
        case .lastItem(let lastItem, let parameter, let condition):
            let whilePart = condition.map { ", while: \(scalar($0.value))" } ?? ""
            writer.line(
                "        paging: { lastItem: \(scalar(lastItem.value)), param: \(scalar(parameter.value))\(whilePart) }"
            )
        }
        if !endpoint.responseHeaders.isEmpty {
            writer.line("        headers:")
            for header in endpoint.responseHeaders {
                var fields: [String] = []
                if let name = header.name { fields.append("name: \(scalar(name.value))") }
                if let format = header.dateFormat { fields.append("dateFormat: \(format.value.rawValue)") }
                if let description = header.documentation.description {
                    fields.append("description: \(scalar(description.value))")
                }
                let headerType = self.type(header.type)
                writer.line(
                    "          \(key(header.wireName.value)): "
                        + typed(headerType, fields))
            }
        }
    }

    /// A type alone, or `{ type: Type, fields… }` when there is more to say of it.
    private static func typed(_ type: String, _ fields: [String]) -> String {
        fields.isEmpty ? type : "{ type: \(type), \(fields.joined(separator: ", ")) }"
    }

    /// The `description` and `deprecated` fields of a property or parameter that say them.
    private static func documentationFields(_ documentation: Documentation) -> [String] {
        var fields: [String] = []
        if let description = documentation.description { fields.append("description: \(scalar(description.value))") }
        if documentation.isDeprecated { fields.append("deprecated: true") }
        return fields
    }

    private static func writeDocumentation(_ documentation: Documentation, indent: String, to writer: inout Lines) {
        if let description = documentation.description {
            if let block = literalBlock(description.value, indent: indent + "  ") {
                writer.line("\(indent)description: \(block)")
            } else {
                writer.line("\(indent)description: \(scalar(description.value))")
            }
        }
        if documentation.isDeprecated { writer.line("\(indent)deprecated: true") }
    }

    // MARK: Scalars

    /// A type as the spec writes it: quoted, since `[`, `{`, `?` and `<` mean something to YAML.
    private static func type(_ reference: TypeReference) -> String {
        let text = reference.expression?.description ?? reference.text.value
        // `Name` and `Name?` read back as written (libyaml takes a trailing `?` as text); lists, dictionaries and
        // generics are quoted.
        let name = text.hasSuffix("?") ? String(text.dropLast()) : text
        return isPlainName(name) ? text : scalar(text, quotingAlways: true)
    }

    private static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            } && !("0"..."9").contains(text.unicodeScalars.first!)
    }

    /// Text of several lines as a literal block (`|-`, or `|` when it ends with one newline), each line at
    /// `indent`; nil for text a block cannot hold exactly (one line, a leading space or tab, trailing blank
    /// lines, control characters), which is quoted instead.
    private static func literalBlock(_ text: String, indent: String) -> String? {
        guard text.contains("\n"), let first = text.first, first != " ", first != "\t", first != "\n",
            !text.hasSuffix("\n\n"),
            !text.unicodeScalars.contains(where: {
                ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0 == "\u{FEFF}"
            })
        else { return nil }
        let keepsNewline = text.hasSuffix("\n")
        let body = keepsNewline ? String(text.dropLast()) : text
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        // A line of spaces alone would change what the block's indentation is taken to be.
        guard !lines.contains(where: { !$0.isEmpty && $0.allSatisfy { $0 == " " } }) else { return nil }
        return (keepsNewline ? "|" : "|-") + lines.map { $0.isEmpty ? "\n" : "\n" + indent + $0 }.joined()
    }

    /// A mapping key: plain when it is a plain name, else quoted.
    private static func key(_ text: String) -> String {
        scalar(text, quotingNumbers: true)
    }

    /// A scalar: plain where YAML reads it back as the same text, double-quoted (with escapes) otherwise.
    private static func scalar(_ text: String, quotingNumbers: Bool = false, quotingAlways: Bool = false) -> String {
        let plainSafe =
            !quotingAlways && !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                    || $0 == "-" || $0 == "." || $0 == "/" || $0 == "+"
            }
            && !text.hasPrefix("-") && !text.hasPrefix(".")
            && !(quotingNumbers
                && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "+" })
            && !["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"].contains(text.lowercased())
        if plainSafe { return text }
        var quoted = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            // YAML reads these three as line breaks, folding them away inside a quoted scalar.
            case "\u{85}": quoted += "\\N"
            case "\u{2028}": quoted += "\\L"
            case "\u{2029}": quoted += "\\P"
            // The rest of what YAML does not let a document hold as it is (control characters, C1 controls, the
            // byte order mark, non-characters), escaped by code point so it reads back the same.
            case _ where character.value < 0x20 || (0x7F...0x9F).contains(character.value):
                let hex = String(character.value, radix: 16, uppercase: true)
                quoted += "\\x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex
            case "\u{FEFF}", "\u{FFFE}", "\u{FFFF}":
                quoted += "\\u" + String(character.value, radix: 16, uppercase: true)
            default: quoted.unicodeScalars.append(character)
            }
        }
        return quoted + "\""
    }

    /// The text being written, a line at a time.
    private struct Lines {
        var text = ""

        mutating func line(_ line: String) {
            text += line
            text += "\n"
        }

        mutating func comment(_ comment: String) {
            for part in comment.split(separator: "\n", omittingEmptySubsequences: false) { line("# " + part) }
        }
    }
}
