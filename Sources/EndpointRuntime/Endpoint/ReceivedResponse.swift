import Foundation

/// A response as an endpoint reads it: the status, the headers and the whole body.
///
/// What generated code decodes from, so that an endpoint can read headers (`ETag`, `Link`, rate limits), tell
/// success statuses apart and handle bodies that are not JSON.
public struct ReceivedResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields, as the server sent them; `headers["etag"]` finds an `ETag`.
    public var headers: HeaderFields
    /// The body, all of it.
    public var body: Data
    /// The URL that answered (after any redirects); relative URLs in headers resolve against it.
    public var url: URL?

    /// A response.
    public init(status: Int, headers: HeaderFields = [:], body: Data, url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The value of the header `name`, ignoring case, as HTTP field names are.
    public func value(forHeader name: String) -> String? {
        headers[name]
    }
}

extension ReceivedResponse {
    /// The body decoded from JSON as `Value`. An empty body is `nil` when `Value` is optional (`response: T?`:
    /// a 204, or a 200 with nothing), rather than a failure.
    public func decode<Value: Decodable>(_ type: Value.Type, with decoder: JSONDecoder) throws -> Value {
        if body.isEmpty, let none = (Value.self as? any ExpressibleByNilLiteral.Type)?.init(nilLiteral: ()),
            let none = none as? Value
        {
            return none
        }
        return try decoder.decode(Value.self, from: body)
    }

    /// The body as text, in the charset its `Content-Type` names (UTF-8 when it names none); throws
    /// ``ResponseTextError`` for bytes that are not valid in that charset, or a charset this client does not know.
    public func text() throws -> String {
        let charset = mediaTypeParameter("charset")?.lowercased() ?? "utf-8"
        let encoding: String.Encoding
        switch charset {
        case "utf-8", "utf8": encoding = .utf8
        case "us-ascii", "ascii": encoding = .ascii
        case "iso-8859-1", "latin1", "iso_8859-1": encoding = .isoLatin1
        case "utf-16": encoding = .utf16
        case "utf-16le": encoding = .utf16LittleEndian
        case "utf-16be": encoding = .utf16BigEndian
        case "windows-1252", "cp1252": encoding = .windowsCP1252
        default: throw ResponseTextError(charset: charset)
        }
        guard let text = String(data: body, encoding: encoding) else { throw ResponseTextError(charset: charset) }
        return text
    }

    /// The media type of `Content-Type` without parameters, lower-cased (`text/csv`), if there is one.
    public var mediaType: String? {
        guard let value = value(forHeader: "Content-Type") else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    private func mediaTypeParameter(_ name: String) -> String? {
        guard let value = value(forHeader: "Content-Type") else { return nil }
        for parameter in value.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }
}

/// A text body that does not read in its charset.
public struct ResponseTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The charset the response named, lower-cased (`utf-8` when it named none).
    public var charset: String

    /// The error for `charset`.
    public init(charset: String) { self.charset = charset }

    public var description: String { "the response body is not valid text in the charset '\(charset)'" }
}

/// A success status the endpoint does not declare (it declares several, each with its own body); the client
/// reports it as an unexpected response, category 3, like an undeclared error status.
public struct UndeclaredStatusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The status received.
    public var status: Int

    /// The error for `status`.
    public init(status: Int) { self.status = status }

    public var description: String { "the status \(status) is not one the endpoint declares" }
}
