import Foundation

/// The JSON encoder and decoder that match generated models: ISO 8601 dates (with or without fractional
/// seconds), base64 data.
public enum JSONCoding {
    /// A decoder for generated models.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = date(fromISO8601: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date-time")
            }
            return date
        }
        return decoder
    }

    /// An encoder for generated models; keys are sorted so bodies are reproducible.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(iso8601String(from: date))
        }
        return encoder
    }

    /// Parses `2024-05-01T12:30:00Z`, `2024-05-01T12:30:00.123+02:00` and the like.
    public static func date(fromISO8601 text: String) -> Date? {
        // Try the style the text looks like first: a failed parse costs as much as a good one.
        let (likely, other) =
            text.utf8.contains(UInt8(ascii: ".")) ? (withFraction, withoutFraction) : (withoutFraction, withFraction)
        if let date = try? Date(text, strategy: likely) { return date }
        return try? Date(text, strategy: other)
    }

    /// Formats in UTC, with milliseconds only when the date has a fraction of a second.
    public static func iso8601String(from date: Date) -> String {
        let hasFraction = date.timeIntervalSinceReferenceDate.truncatingRemainder(dividingBy: 1) != 0
        return date.formatted(hasFraction ? withFraction : withoutFraction)
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withoutFraction = Date.ISO8601FormatStyle()
}

extension URL {
    /// A base URL that `endpointgen` checked when it generated the code (an absolute `http` or `https` URL).
    ///
    /// Generated code only; a string that is no URL stops the program with a message naming it.
    @_spi(Generated)
    public init(generatedBaseURL string: String) {
        guard let url = URL(string: string) else {
            preconditionFailure("endpointgen generated the base URL '\(string)', which Foundation cannot parse")
        }
        self = url
    }
}
