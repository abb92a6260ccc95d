import Foundation

/// How a streaming endpoint reads its body as it arrives: the format, and what makes the response from the body
/// (an ``EventStream``).
struct StreamReading<Response>: Sendable {
    let format: StreamFormat
    /// The response from the body, the head (its body empty), the client's decoder, the most bytes an event or a
    /// line may have, and the endpoint's name for failures.
    let read:
        @Sendable (
            _ body: ResponseBodyStream, _ head: ReceivedResponse, _ decoder: JSONDecoder, _ recordLimit: Int,
            _ endpoint: String
        ) -> Response
}

extension StreamReading {
    /// Values of `Value` decoded from the body in `format` by `decode`, which the client's decoder is handed to.
    static func values<Value>(
        _ format: StreamFormat,
        _ decode: @escaping @Sendable (_ decoder: JSONDecoder) -> EventStream<Value>.Decode
    ) -> StreamReading where Response == EventStream<Value> {
        StreamReading(format: format) { body, _, decoder, limit, endpoint in
            EventStream(
                body: body, format: format, maximumRecordSize: limit, endpoint: endpoint, decode: decode(decoder))
        }
    }
}

@_spi(Generated)
extension EndpointProtocol {
    /// An endpoint whose response is a stream of values decoded from JSON as they arrive: Server-Sent Events'
    /// data or JSON Lines, as `format` says; `Accept` asks for the format unless `headers` name one.
    public static func events<Value: Decodable & Sendable>(
        method: HTTPMethod, path: EndpointPath, query: [Parameter] = [], headers: [Parameter] = [],
        body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(), format: StreamFormat
    ) -> Self where Response == EventStream<Value> {
        streaming(
            method: method, path: path, query: query, headers: headers, body: body, errors: errors,
            reading: .values(format) { decoder in EventStream<Value>.decodingJSON(with: decoder) })
    }

    /// An endpoint whose response is a stream of text: each event's data, or each line.
    public static func events(
        method: HTTPMethod, path: EndpointPath, query: [Parameter] = [], headers: [Parameter] = [],
        body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(), format: StreamFormat
    ) -> Self where Response == EventStream<String> {
        streaming(
            method: method, path: path, query: query, headers: headers, body: body, errors: errors,
            reading: .values(format) { _ in { record in try record.text() } })
    }

    /// An endpoint whose response is a stream of Server-Sent Events as they are, type, data and ID.
    public static func events(
        method: HTTPMethod, path: EndpointPath, query: [Parameter] = [], headers: [Parameter] = [],
        body: RequestBody? = nil, errors: ErrorSchema = ErrorSchema(), format: StreamFormat
    ) -> Self where Response == EventStream<ServerSentEvent> {
        streaming(
            method: method, path: path, query: query, headers: headers, body: body, errors: errors,
            reading: .values(format) { _ in
                { record in
                    if case .event(let event) = record { return event }
                    return ServerSentEvent(data: try record.text())
                }
            })
    }

    private static func streaming(
        method: HTTPMethod, path: EndpointPath, query: [Parameter], headers: [Parameter], body: RequestBody?,
        errors: ErrorSchema, reading: StreamReading<Response>
    ) -> Self {
        var headers = headers
        if !headers.contains(where: { HeaderField.sameName($0.name, "Accept") }) {
            headers.append(Parameter("Accept", reading.format.mediaType))
        }
        var endpoint = Endpoint<Response, Failure>(
            method: method, path: path, query: query, headers: headers, body: body, errors: errors, paging: nil,
            readResponse: { _, _ in throw StreamingResponseError() },
            failure: { declared in Endpoint<Response, Failure>.declaredFailure(declared) })
        endpoint.streaming = reading
        return Self(endpoint)
    }
}

extension EndpointProtocol {
    /// The endpoint asking a Server-Sent Events stream to resume after the event `id` (`Last-Event-ID`), as
    /// ``EventStream/lastEventID`` gives it after a failure; nil leaves the endpoint as it is.
    public func resumingEvents(after id: String?) -> Self {
        guard let id else { return self }
        return modified { $0.headers.append(Parameter("Last-Event-ID", id)) }
    }
}

/// A streaming endpoint's body was read whole, which only its streaming path should do.
struct StreamingResponseError: Error, CustomStringConvertible {
    var description: String { "a streamed response is read as it arrives, not whole" }
}
