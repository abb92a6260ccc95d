// What a generated endpoint costs at run time: the same request built and the same ~10 KB response decoded
// through EndpointGen's generated code and runtime, and through hand-written URLRequest + JSONDecoder code, timed in
// one process, interleaved, median of several runs. Prints a markdown table; see Benchmarks/README.md.
import BenchAPI
import EndpointRuntime
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - The response: an order of 45 line items

let responseJSON: Data = {
    func uuid(_ number: Int) -> String { String(format: "00000000-0000-4000-8000-%012d", number) }
    let items = (1...45).map { index in
        """
        {"id":"\(uuid(index))","sku":"SKU-\(10_000 + index)","title":"Item number \(index), a fine thing",\
        "quantity":\(index % 5 + 1),"unit_price":\(Double(index) * 1.25),"added_at":"2026-11-\(10 + index % 18)T10:15:\
        \(10 + index % 50)Z","tags":["tag\(index % 7)","sale","new"],"gift_note":\(index % 3 == 0 ? "\"For you\"" : "null")}
        """
    }
    let order = """
        {"id":"\(uuid(999))","number":"A-2026-0042","status":"paid","created_at":"2026-11-22T09:00:00Z",\
        "customer":{"id":"\(uuid(7))","name":"Ada Lovelace","email":"ada@example.com"},\
        "items":[\(items.joined(separator: ","))],"total":1025.5,"note":null}
        """
    return Data(order.utf8)
}()

// MARK: - The hand-written client

struct HandOrder: Decodable {
    enum Status: String, Decodable { case open, paid, shipped, cancelled }
    struct Customer: Decodable {
        var id: UUID
        var name: String
        var email: String
    }
    struct LineItem: Decodable {
        var id: UUID
        var sku: String
        var title: String
        var quantity: Int
        var unitPrice: Double
        var addedAt: Date
        var tags: [String]
        var giftNote: String?
        enum CodingKeys: String, CodingKey {
            case id, sku, title, quantity, tags
            case unitPrice = "unit_price"
            case addedAt = "added_at"
            case giftNote = "gift_note"
        }
    }
    var id: UUID
    var number: String
    var status: Status
    var createdAt: Date
    var customer: Customer
    var items: [LineItem]
    var total: Double
    var note: String?
    enum CodingKeys: String, CodingKey {
        case id, number, status, customer, items, total, note
        case createdAt = "created_at"
    }
}

let baseURL = URL(string: "https://api.bench.example/v1")!
let handDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}()

func handRequest(id: String, include: [String], page: Int?, requestID: String) -> URLRequest {
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
    let segment = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))!
    components.percentEncodedPath += "/orders/" + segment
    var items = [URLQueryItem(name: "include", value: include.joined(separator: ","))]
    if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
    components.queryItems = items
    var request = URLRequest(url: components.url!)
    request.httpMethod = "GET"
    request.setValue(requestID, forHTTPHeaderField: "X-Request-ID")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
}

/// Answers every request with the order, in memory, so only client code is timed.
struct MemoryTransport: HTTPTransport {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let response = HTTPURLResponse(
            url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
        return (responseJSON, response)
    }
}

// MARK: - Timing

func checksum(items: Int, quantities: Int, url: String) -> Int { items &* 1_000_003 &+ quantities &+ url.utf8.count }

struct Case {
    let name: String
    let iterations: Int
    let ours: () async throws -> Int
    let handWritten: () async throws -> Int
}

let include = ["items", "customer"]
let transport = MemoryTransport()
let client = APIClient(configuration: .init(baseURL: baseURL, transport: transport))

let cases = [
    Case(
        name: "build the URLRequest (path, comma-list query, optional query, header)",
        iterations: 20_000,
        ours: {
            let request = try Bench.Orders.get(id: "A/42", include: include, requestId: "r-1", page: 2)
                .urlRequest(baseURL: baseURL)
            return request.url!.absoluteString.utf8.count
        },
        handWritten: {
            let request = handRequest(id: "A/42", include: include, page: 2, requestID: "r-1")
            return request.url!.absoluteString.utf8.count
        }),
    Case(
        name: "decode the ~10 KB order (45 line items)",
        iterations: 1_000,
        ours: {
            let order = try Bench.Orders.get(id: "A/42", include: include, requestId: "r-1", page: 2)
                .readResponse(ReceivedResponse(status: 200, body: responseJSON), JSONCoding.makeDecoder())
            return checksum(items: order.items.count, quantities: order.items.reduce(0) { $0 + $1.quantity }, url: "")
        },
        handWritten: {
            let order = try handDecoder.decode(HandOrder.self, from: responseJSON)
            return checksum(items: order.items.count, quantities: order.items.reduce(0) { $0 + $1.quantity }, url: "")
        }),
    Case(
        name: "build + decode, as a client does per call (the target)",
        iterations: 1_000,
        ours: {
            let endpoint = Bench.Orders.get(id: "A/42", include: include, requestId: "r-1", page: 2)
            let request = try endpoint.urlRequest(baseURL: baseURL)
            let order = try endpoint.readResponse(
                ReceivedResponse(status: 200, body: responseJSON), JSONCoding.makeDecoder())
            let quantities = order.items.reduce(0) { $0 + $1.quantity }
            return checksum(items: order.items.count, quantities: quantities, url: request.url!.absoluteString)
        },
        handWritten: {
            let request = handRequest(id: "A/42", include: include, page: 2, requestID: "r-1")
            let order = try handDecoder.decode(HandOrder.self, from: responseJSON)
            let quantities = order.items.reduce(0) { $0 + $1.quantity }
            return checksum(items: order.items.count, quantities: quantities, url: request.url!.absoluteString)
        }),
    Case(
        name: "a whole call through APIClient.send, in-memory transport",
        iterations: 1_000,
        ours: {
            let order = try await client.send(
                Bench.Orders.get(id: "A/42", include: include, requestId: "r-1", page: 2))
            return checksum(items: order.items.count, quantities: order.items.reduce(0) { $0 + $1.quantity }, url: "")
        },
        handWritten: {
            let request = handRequest(id: "A/42", include: include, page: 2, requestID: "r-1")
            let (data, response) = try await transport.send(request)
            guard (200..<300).contains(response.statusCode) else { throw URLError(.badServerResponse) }
            let order = try handDecoder.decode(HandOrder.self, from: data)
            return checksum(items: order.items.count, quantities: order.items.reduce(0) { $0 + $1.quantity }, url: "")
        }),
]

func seconds(_ iterations: Int, _ body: () async throws -> Int) async throws -> (Double, Int) {
    var total = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { total &+= try await body() }
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, total)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

// Both sides must send the same request, or the comparison means nothing.
do {
    let ours = try Bench.Orders.get(id: "A/42", include: include, requestId: "r-1", page: 2).urlRequest(
        baseURL: baseURL)
    let theirs = handRequest(id: "A/42", include: include, page: 2, requestID: "r-1")
    guard
        ours.url == theirs.url && ours.httpMethod == theirs.httpMethod
            && ours.allHTTPHeaderFields == theirs.allHTTPHeaderFields
    else {
        fatalError(
            "the requests differ:\n\(ours.url!) \(ours.allHTTPHeaderFields!)\n"
                + "\(theirs.url!) \(theirs.allHTTPHeaderFields!)")
    }
}

let runs = CommandLine.arguments.contains("--quick") ? 5 : 11
var lines = [
    "| step | generated endpoint + EndpointRuntime | hand-written URLRequest + JSONDecoder | ratio (ours / hand-written, median of runs) |",
    "|---|---|---|---|",
]
for benchmark in cases {
    FileHandle.standardError.write(Data("  \(benchmark.name) …\n".utf8))
    _ = try await seconds(10, benchmark.ours)
    _ = try await seconds(10, benchmark.handWritten)
    var ours: [Double] = []
    var theirs: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<runs {
        // Alternate in small slices, so that both sides see the same machine: this VM's speed drifts by tens of
        // percent over seconds.
        var a = 0.0
        var b = 0.0
        let slice = benchmark.iterations / 20
        for _ in 0..<20 {
            let (timeA, resultA) = try await seconds(slice, benchmark.ours)
            let (timeB, resultB) = try await seconds(slice, benchmark.handWritten)
            guard resultA == resultB else { fatalError("the two sides disagree: \(resultA) vs \(resultB)") }
            a += timeA
            b += timeB
        }
        ours.append(a)
        theirs.append(b)
        ratios.append(a / b)
    }
    let oursTime = median(ours) / Double(benchmark.iterations) * 1e6
    let theirTime = median(theirs) / Double(benchmark.iterations) * 1e6
    lines.append(
        "| \(benchmark.name) | \(String(format: "%.2f µs", oursTime)) | \(String(format: "%.2f µs", theirTime)) | "
            + "\(String(format: "%.2f×", median(ratios))) |")
}
print("Response body: \(responseJSON.count.formatted()) bytes of JSON.\n")
print(lines.joined(separator: "\n"))
