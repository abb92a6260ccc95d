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
    /// can never change the path, add a query or cut it short. The body is encoded with `encoder`, which is only
    /// made when there is a body. Throws ``RequestBuildError``, or ``InvalidHeaderError`` for a header that
    /// cannot go on the wire; an upload from an `AsyncSequence`, which has no bytes in memory before it is sent,
    /// is a ``RequestBuildError`` too.
    public func urlRequest(baseURL: URL, encoder: @autoclosure () -> JSONEncoder = JSONCoding.makeEncoder()) throws
        -> URLRequest
    {
        try urlRequest(baseURL: baseURL, configuredHeaders: [:], encoder: encoder())
    }

    /// The request with `configuredHeaders` (a client's defaults) where the endpoint sets none (a configured
    /// `Cookie` joins the endpoint's cookies instead), its body in memory. What the endpoint declares wins, then the
    /// configuration, then the defaults: `Content-Type` of the body's encoding and `Accept: application/json`, each
    /// only where nobody set one.
    func urlRequest(
        baseURL: URL, configuredHeaders: HeaderFields, encoder: @autoclosure () -> JSONEncoder
    ) throws -> URLRequest {
        var request = try requestHead(baseURL: baseURL, configuredHeaders: configuredHeaders)
        if let body {
            let prepared: PreparedBody
            do {
                prepared = try body.inMemory(with: encoder())
            } catch {
                throw RequestBuildError(endpoint: description, reason: "the body does not encode: \(error)")
            }
            _ = Self.attach(prepared, to: &request)
        }
        return request
    }

    /// The request as a client sends it, its body made ready as `delivery` says: in memory, or from a file (a
    /// temporary one the caller deletes, when `isTemporary`), or as pieces the transport streams.
    func preparedRequest(
        baseURL: URL, configuredHeaders: HeaderFields, encoder: @autoclosure () -> JSONEncoder,
        delivery: BodyDelivery
    ) async throws -> (request: URLRequest, body: StreamingBody?) {
        var request = try requestHead(baseURL: baseURL, configuredHeaders: configuredHeaders)
        guard let body else { return (request, nil) }
        let prepared: PreparedBody
        do {
            prepared = try await body.prepared(with: encoder(), delivery: delivery)
        } catch {
            throw RequestBuildError(endpoint: description, reason: "the body does not encode: \(error)")
        }
        let streaming = Self.attach(prepared, to: &request)
        return (request, streaming)
    }

    /// Puts a prepared body on `request`: bytes as its `httpBody`, and its `Content-Type` unless one is set; the
    /// file or the pieces the transport is to send instead, if any.
    private static func attach(_ prepared: PreparedBody, to request: inout URLRequest) -> StreamingBody? {
        let contentType: String
        let streaming: StreamingBody?
        switch prepared {
        case .data(let data, let type):
            request.httpBody = data
            (contentType, streaming) = (type, nil)
        case .file(let url, let type, let isTemporary):
            (contentType, streaming) = (type, .file(url, isTemporary: isTemporary))
        case .stream(let body, let type):
            (contentType, streaming) = (type, .stream(body))
        }
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        return streaming
    }

    /// The request without its body: URL, method and headers, with `configuredHeaders` (a client's defaults) where
    /// the endpoint sets none (a configured `Cookie` joins the endpoint's cookies instead), and
    /// `Accept: application/json` unless someone set an `Accept`.
    private func requestHead(baseURL: URL, configuredHeaders: HeaderFields) throws -> URLRequest {
        var request = URLRequest(url: try requestURL(baseURL: baseURL))
        request.httpMethod = method.rawValue
        for header in headers {
            // A header the configuration may override is left to it when it sets one.
            if !configurableHeaderNames.isEmpty, configurableHeaderNames.contains(header.name.lowercased()),
                configuredHeaders[header.name] != nil
            {
                continue
            }
            for pair in header.pairs { try request.addCheckedHeader(pair.value, for: pair.name) }
        }
        for (field, value) in configuredHeaders {
            if let existing = request.value(forHTTPHeaderField: field) {
                // Cookies add up: the endpoint's cookie parameters, then the configuration's cookies.
                if HeaderField.sameName(field, "Cookie"), !value.isEmpty {
                    try request.setCheckedHeader(HeaderField.cookies(existing, adding: value), for: field)
                }
                continue
            }
            try request.setCheckedHeader(value, for: field)
        }
        if request.value(forHTTPHeaderField: "Accept") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Accept")
        }
        return request
    }

    /// The URL to send to: the base URL, the encoded path and the query; or a next page's own URL, which must
    /// be on the base URL's origin (scheme, host and port), so credentials never follow a link elsewhere.
    func requestURL(baseURL: URL) throws -> URL {
        guard var components = URLComponents(url: url ?? baseURL, resolvingAgainstBaseURL: false) else {
            throw RequestBuildError(endpoint: description, reason: "the base URL '\(baseURL)' is not valid")
        }
        if let url {
            guard url.isSameOrigin(as: baseURL) else {
                throw RequestBuildError(
                    endpoint: description,
                    reason:
                        "the next page's URL '\(HeaderField.printable(url.absoluteString, maximumLength: 100))' is not on the "
                        + "origin of the base URL '\(baseURL)'; it is not followed, so no credential is sent there")
            }
        } else {
            let basePath =
                components.percentEncodedPath.hasSuffix("/")
                ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
            components.percentEncodedPath = basePath + (try encodedPath())
        }
        let items: [URLQueryItem]
        do {
            items = try query.flatMap { try $0.escapedPairs(PathEncoding.escapeQuery) }.map {
                URLQueryItem(name: $0.name, value: $0.value)
            }
        } catch {
            throw RequestBuildError(endpoint: description, reason: "the query does not encode: \(error)")
        }
        if !items.isEmpty {
            // A cursor replaces an item of the same name that a next page's URL already carries.
            let names = Set(items.map(\.name))
            let kept = (components.percentEncodedQueryItems ?? []).filter { url == nil || !names.contains($0.name) }
            components.percentEncodedQueryItems = kept + items
        }
        guard let url = components.url else {
            throw RequestBuildError(endpoint: description, reason: "the URL does not form")
        }
        return url
    }

    /// The path with every value in place, percent-encoded.
    func encodedPath() throws -> String {
        do {
            return try path.encoded()
        } catch {
            throw RequestBuildError(endpoint: description, reason: error.reason)
        }
    }
}

/// Percent-encoding for URL paths and queries (RFC 3986), byte by byte over UTF-8: every byte outside the allowed
/// set becomes `%XX`.
enum PathEncoding {
    private static let unreserved = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"

    /// Unreserved characters plus the sub-delimiters that are safe inside one segment; never `/`, `?`, `#`, `%`.
    private static let segment = AllowedBytes(unreserved + "!$&'()*+,;=:@")

    private static let literal = AllowedBytes(unreserved + "!$&'()*+,;=:@/")

    /// Query names and values: unreserved characters only, so `&`, `=`, `+`, `,` and `#` are always escaped.
    private static let query = AllowedBytes(unreserved)

    static func escapeSegment(_ text: String) -> String {
        // `.` and `..` alone would be resolved away by servers; encode their dots.
        if text == "." || text == ".." { return String(repeating: "%2E", count: text.count) }
        return segment.escape(text)
    }

    static func escapeLiteral(_ text: Substring) -> String {
        literal.escape(text)
    }

    static func escapeQuery(_ text: String) -> String {
        query.escape(text)
    }
}

/// A set of ASCII bytes that percent-encoding leaves alone.
struct AllowedBytes: Sendable {
    private let table: [Bool]

    init(_ characters: String) {
        var table = [Bool](repeating: false, count: 256)
        for byte in characters.utf8 { table[Int(byte)] = true }
        self.table = table
    }

    /// The bytes `allowed` accepts, `%` never among them (it starts every escape).
    init(where allowed: (UInt8) -> Bool) {
        table = (0...255).map { $0 != UInt8(ascii: "%") && allowed(UInt8($0)) }
    }

    /// `text` with every UTF-8 byte outside the set written as `%XX` (upper-case hex); `text` itself when
    /// nothing needs escaping.
    func escape(_ text: some StringProtocol) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { !table[Int($0)] }) else { return String(text) }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if table[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
