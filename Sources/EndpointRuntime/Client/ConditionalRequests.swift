import Foundation

/// A response kept for conditional requests: its body and the validators that ask the server "anything new?".
public struct StoredResponse: Codable, Sendable, Equatable {
    /// The `ETag` the server sent, sent back as `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified` the server sent, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// The body.
    public var body: Data
    /// The other response headers (`Link`, rate limits, …) without `Set-Cookie` and the framing ones, so a `304`
    /// answered from the store still has them; nil in what older versions stored.
    public var headers: HeaderFields?

    /// Creates a stored response.
    public init(etag: String?, lastModified: String?, body: Data, headers: HeaderFields? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.body = body
        self.headers = headers
    }

    /// Response headers never kept: a cookie is a credential, and the framing ones describe the old transfer.
    static let unstoredHeaders: Set<String> = [
        "set-cookie", "set-cookie2", "content-length", "transfer-encoding", "connection", "keep-alive",
    ]

    /// `headers` without what is never kept.
    static func storable(_ headers: HeaderFields) -> HeaderFields {
        headers.keeping { !unstoredHeaders.contains($0.lowercased()) }
    }

    /// The stored headers updated by a `304`'s own (RFC 9111, section 4.3.4): the 304's win, names ignoring case.
    func headers(updatedBy fresh: HeaderFields) -> HeaderFields {
        var merged = headers ?? [:]
        for (name, value) in Self.storable(fresh) { merged[name] = value }
        return merged
    }
}

/// Where a client keeps responses with validators, by URL. On a later GET of the same URL it sends the
/// validators, and a `304 Not Modified` is answered from the store: the classic feed that fetches only what is new.
public protocol ConditionalRequestStore: Sendable {
    /// The stored response for `url`, if any.
    func response(for url: URL) async -> StoredResponse?
    /// Stores `response` for `url`.
    func store(_ response: StoredResponse, for url: URL) async
}

/// Keeps stored responses in memory for the life of the store.
public actor InMemoryConditionalStore: ConditionalRequestStore {
    private var responses: [URL: StoredResponse] = [:]

    /// An empty store.
    public init() {}

    public func response(for url: URL) -> StoredResponse? { responses[url] }

    public func store(_ response: StoredResponse, for url: URL) { responses[url] = response }
}

/// Keeps stored responses as files in a folder, one per URL, so they survive the app. Files are written
/// atomically; a file that cannot be read or decoded is ignored (and removed), never fatal.
public actor FileConditionalStore: ConditionalRequestStore {
    private let directory: URL

    /// A store in `directory`, created when missing.
    public init(directory: URL) {
        self.directory = directory
    }

    public func response(for url: URL) -> StoredResponse? {
        let file = self.file(for: url)
        guard let data = try? Data(contentsOf: file) else { return nil }
        guard let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.url == url.absoluteString else {
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        return entry.response
    }

    public func store(_ response: StoredResponse, for url: URL) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let data = try JSONEncoder().encode(Entry(url: url.absoluteString, response: response))
            try data.write(to: file(for: url), options: .atomic)
        } catch {
            // A store that cannot be written only costs a full download next time.
        }
    }

    /// What a file holds: the URL too, so a hash collision can never serve another URL's body.
    private struct Entry: Codable {
        var url: String
        var response: StoredResponse
    }

    private func file(for url: URL) -> URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return directory.appendingPathComponent(String(hash, radix: 16) + ".json")
    }
}
