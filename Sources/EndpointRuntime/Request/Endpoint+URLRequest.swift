import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an endpoint could not be turned into a request.
public struct RequestBuildError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The endpoint, as `METHOD /path`.
    public var endpoint: String
    /// What went wrong.
    public var reason: String

    public var description: String { "cannot build the request for \(endpoint): \(reason)" }
}

extension Endpoint {
    /// The `URLRequest` for this endpoint against `baseURL`.
    ///
    /// Each path parameter becomes exactly one percent-encoded segment, so a value such as `../admin` or `a/b?c#d`
    /// can never change the path, add a query or cut it short. The body is encoded with `encoder`.
    public func urlRequest(baseURL: URL, encoder: JSONEncoder = JSONCoding.makeEncoder()) throws -> URLRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw RequestBuildError(endpoint: description, reason: "the base URL '\(baseURL)' is not valid")
        }
        let basePath =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = basePath + (try encodedPath())
        let items = query.flatMap { $0.escapedPairs(PathEncoding.escapeQuery) }.map {
            URLQueryItem(name: $0.name, value: $0.value)
        }
        if !items.isEmpty {
            components.percentEncodedQueryItems = (components.percentEncodedQueryItems ?? []) + items
        }
        guard let url = components.url else {
            throw RequestBuildError(endpoint: description, reason: "the URL does not form")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        for header in headers {
            for pair in header.pairs { request.addValue(pair.value, forHTTPHeaderField: pair.name) }
        }
        if let body {
            let encoded: (data: Data, contentType: String)
            do {
                encoded = try body.encoded(with: encoder)
            } catch {
                throw RequestBuildError(endpoint: description, reason: "the body does not encode: \(error)")
            }
            request.httpBody = encoded.data
            request.setValue(encoded.contentType, forHTTPHeaderField: "Content-Type")
        }
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    /// The path with every `{placeholder}` replaced by its percent-encoded value.
    func encodedPath() throws -> String {
        var result = ""
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{") {
            result += PathEncoding.escapeLiteral(rest[..<open])
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw RequestBuildError(endpoint: description, reason: "the path has an unclosed '{'")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = pathParameters[name] else {
                throw RequestBuildError(endpoint: description, reason: "no value for the path parameter '\(name)'")
            }
            result += PathEncoding.escapeSegment(value)
            rest = rest[rest.index(after: close)...]
        }
        return result + PathEncoding.escapeLiteral(rest)
    }
}

/// Percent-encoding for URL paths and queries (RFC 3986).
enum PathEncoding {
    /// Unreserved characters plus the sub-delimiters that are safe inside one segment; never `/`, `?`, `#`, `%`.
    private static let segment: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        set.insert(charactersIn: "!$&'()*+,;=:@")
        return set
    }()

    private static let literal: CharacterSet = segment.union(CharacterSet(charactersIn: "/"))

    /// Query names and values: unreserved characters only, so `&`, `=`, `+` and `#` are always escaped.
    private static let query = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    static func escapeSegment(_ text: String) -> String {
        // `.` and `..` alone would be resolved away by servers; encode their dots.
        if text == "." || text == ".." { return String(repeating: "%2E", count: text.count) }
        return text.addingPercentEncoding(withAllowedCharacters: segment) ?? ""
    }

    static func escapeLiteral(_ text: Substring) -> String {
        String(text).addingPercentEncoding(withAllowedCharacters: literal) ?? ""
    }

    static func escapeQuery(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: query) ?? ""
    }
}
