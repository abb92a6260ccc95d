/// Reading single values: text, booleans, types and mappings with known keys.
extension SpecDecoder {
    /// Keys with this prefix are skipped wherever keys are fixed, so a spec can keep anchors
    /// (`x-defaults: &defaults …`) and notes of its own, as OpenAPI's extensions do.
    static let ignoredKeyPrefix = "x-"

    /// The mapping's fields, reporting every key not in `known`; nil (reported) when the node is no mapping.
    /// A plain null (`key:` with nothing after it) counts as an empty mapping when `nullIsEmpty`.
    mutating func fields(
        of node: YAMLNode, _ subject: @autoclosure () -> String, known: [String], expected: String,
        nullIsEmpty: Bool = false
    ) -> MappingFields? {
        if nullIsEmpty && node.isNull { return MappingFields(node: node, entries: []) }
        guard let entries = node.mappingEntries else {
            diagnostics.error("expected \(expected) for \(subject()), found \(node.kindDescription)", at: node.location)
            return nil
        }
        for entry in entries where !known.contains(entry.key) && !entry.key.hasPrefix(Self.ignoredKeyPrefix) {
            let hint =
                NameSuggester.suggestion(for: entry.key, among: known).map { "did you mean '\($0)'?" }
                ?? "expected one of: \(known.joined(separator: ", ")) (keys starting with 'x-' are ignored, "
                + "for anchors and notes)"
            diagnostics.error("unknown key '\(entry.key)' in \(subject()); \(hint)", at: entry.keyLocation)
        }
        return MappingFields(node: node, entries: entries)
    }

    /// The entries of a mapping whose keys are names the user chooses (models, endpoints, …).
    mutating func namedEntries(of node: YAMLNode, _ subject: @autoclosure () -> String, expected: String)
        -> [YAMLMappingEntry]?
    {
        if node.isNull { return [] }
        guard let entries = node.mappingEntries else {
            diagnostics.error("expected \(expected) for \(subject()), found \(node.kindDescription)", at: node.location)
            return nil
        }
        return entries
    }

    /// `name: Type`, or `name: { type: Type, … }` with `known` keys: the node holding the type, and the long
    /// form's fields (nil for the short form). Nil, reported, when the mapping has no `type` or is not a mapping.
    mutating func typedEntry(_ entry: YAMLMappingEntry, _ subject: @autoclosure () -> String, known: [String]) -> (
        typeNode: YAMLNode, fields: MappingFields?
    )? {
        if entry.value.scalar != nil { return (entry.value, nil) }
        guard let fields = fields(of: entry.value, subject(), known: known, expected: "a type or a mapping with 'type'")
        else { return nil }
        guard let typeNode = fields["type"] else {
            diagnostics.error("\(subject()) has no 'type'; add one, such as 'type: String'", at: entry.keyLocation)
            return nil
        }
        return (typeNode, fields)
    }

    /// A piece of text; reports and returns nil for a collection, or for nothing at all unless `optional`.
    mutating func text(_ node: YAMLNode?, _ subject: @autoclosure () -> String, optional: Bool = true) -> Located<
        String
    >? {
        guard let node else { return nil }
        guard let scalar = node.scalar else {
            diagnostics.error("expected text for \(subject()), found \(node.kindDescription)", at: node.location)
            return nil
        }
        if node.isNull {
            if !optional { diagnostics.error("\(subject()) is empty; it needs a value", at: node.location) }
            return nil
        }
        return Located(scalar.value, at: node.location)
    }

    /// `true` or `false`. YAML 1.1's other spellings (`yes`, `on`, …) are refused rather than guessed at.
    mutating func bool(_ node: YAMLNode?, _ subject: @autoclosure () -> String) -> Bool {
        guard let node else { return false }
        guard let scalar = node.scalar else {
            diagnostics.error(
                "expected true or false for \(subject()), found \(node.kindDescription)", at: node.location)
            return false
        }
        switch scalar.value {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default:
            let lowered = scalar.value.lowercased()
            let meaning =
                ["yes", "y", "on"].contains(lowered) ? "true" : ["no", "n", "off"].contains(lowered) ? "false" : nil
            if let meaning {
                diagnostics.error(
                    "\(subject()) takes true or false; '\(scalar.value)' only means \(meaning) in YAML 1.1, so write "
                        + "'\(meaning)'", at: node.location)
            } else {
                diagnostics.error("expected true or false for \(subject()), found '\(scalar.value)'", at: node.location)
            }
            return false
        }
    }

    /// A type expression. `Void` is allowed only as a whole type, and only where `allowsVoid`.
    mutating func type(_ node: YAMLNode, _ subject: @autoclosure () -> String, allowsVoid: Bool = false)
        -> TypeReference?
    {
        guard let scalar = node.scalar, !node.isNull else {
            diagnostics.error(
                "expected a type for \(subject()) (such as 'String', '[Item]' or 'Item?'), found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        let text = Located(scalar.value, at: node.location)
        let content = contentLocation(of: node)
        switch TypeExpressionParser.parse(scalar.value) {
        case .failure(let failure):
            diagnostics.error(
                "malformed type '\(Diagnostic.excerpt(scalar.value))' for \(subject()): \(failure.message)",
                at: content?.advanced(by: failure.offset) ?? node.location)
            return TypeReference(text: text, expression: nil)
        case .success(let expression):
            if expression.containsVoid && !(allowsVoid && expression == .builtin(.void)) {
                let message =
                    allowsVoid
                    ? "'Void' means no body, so it cannot be part of another type in \(subject()); write 'Void' alone"
                    : "'Void' cannot be used in \(subject()): it means no body, so it is only for a response or an error"
                diagnostics.error(message, at: node.location)
                return TypeReference(text: text, expression: nil)
            }
            return TypeReference(text: text, expression: expression, contentLocation: content)
        }
    }

    /// Documentation from `summary` (when `hasSummary`), `description` and `deprecated`.
    mutating func documentation(
        _ fields: MappingFields, of subject: @autoclosure () -> String, hasSummary: Bool = false
    )
        -> Documentation
    {
        Documentation(
            summary: hasSummary ? text(fields["summary"], "'summary' of \(subject())") : nil,
            description: text(fields["description"], "'description' of \(subject())"),
            isDeprecated: bool(fields["deprecated"], "'deprecated' of \(subject())"))
    }

    /// Where the first character of a scalar's text is in the file, when every character of the text stands
    /// one for one in the file after it: plain and quoted scalars on one line without escapes. Nil otherwise.
    func contentLocation(of node: YAMLNode) -> SourceLocation? {
        // Byte-wise: this runs for every scalar a location may point into.
        guard let scalar = node.scalar,
            !scalar.value.utf8.contains(where: { $0 == 0x0A || $0 == 0x5C || $0 == 0x22 || $0 == 0x27 })
        else {
            return nil
        }
        switch scalar.style {
        case .plain: return node.location
        case .singleQuoted, .doubleQuoted: return node.location.advanced(by: 1)
        case .literal, .folded: return nil
        }
    }
}

extension SpecDecoder {
    /// `dateFormat: iso8601 | unixSeconds | unixMilliseconds`.
    mutating func dateFormat(_ node: YAMLNode?, _ subject: @autoclosure () -> String) -> Located<DateFormat>? {
        guard let text = text(node, "'dateFormat' of \(subject())", optional: false) else { return nil }
        guard let format = DateFormat(rawValue: text.value) else {
            diagnostics.error(
                "unknown date format '\(text.value)' for \(subject()); use "
                    + DateFormat.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    + " (ISO 8601 text, or seconds or milliseconds since 1970)", at: text.location)
            return nil
        }
        return Located(format, at: text.location)
    }
}
