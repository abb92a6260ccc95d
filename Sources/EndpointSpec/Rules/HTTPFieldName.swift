import HTTPRules

/// The one rule for header names a spec writes: parameters sent `in: header`, and every later place a header is
/// named (response headers, constant headers, auth schemes) goes through ``problem(with:)``.
///
/// A name must be an RFC 9110 token (`1*tchar`), because anything else either splits into two headers on the
/// wire (`X-Trace\r\nX-Injected: yes`), is refused by the server, or is silently dropped by the HTTP stack. Names
/// the HTTP stack computes itself (`Host`, `Content-Length`, …) are refused too: a value from the caller there
/// would either be overwritten or smuggle a second request.
package enum HTTPFieldName {
    /// Headers URLSession and the server's framing own, lower-cased.
    package static let reserved: Set<String> = [
        "connection", "content-length", "expect", "host", "keep-alive", "proxy-connection", "te", "trailer",
        "transfer-encoding", "upgrade",
    ]

    /// Why `name` cannot be a header name, or nil when it can. A header only read from responses may be one the
    /// stack sets (`Content-Length`); one sent (`forSending`) may not.
    package static func problem(with name: String, forSending: Bool = true) -> String? {
        if name.isEmpty { return "a header name cannot be empty" }
        if let bad = name.unicodeScalars.first(where: { !isTokenCharacter($0) }) {
            return "'\(name)' is not a valid header name: \(describe(bad)) is not allowed; a header "
                + "name is letters, digits and !#$%&'*+-.^_`|~ only (RFC 9110 token)"
        }
        if forSending, reserved.contains(name.lowercased()) {
            return "'\(name)' is a header the HTTP stack sets itself from the request; it cannot be a parameter, so "
                + "remove it"
        }
        return nil
    }

    /// `tchar` of RFC 9110, section 5.6.2 (``HTTPRules/isTokenCharacter(_:)``, which the runtime applies too).
    package static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        HTTPRules.isTokenCharacter(scalar)
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\r": return "a carriage return (\\r)"
        case "\n": return "a line feed (\\n)"
        case " ": return "a space"
        case "\t": return "a tab"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                return "the control character U+\(String(scalar.value, radix: 16, uppercase: true))"
            }
            return "'\(scalar)'"
        }
    }
}
