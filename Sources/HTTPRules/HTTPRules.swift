/// The HTTP rules both the generator and the runtime apply, in one small target with no dependency (Foundation
/// included), so that what a spec is allowed to say and what the client does with it cannot disagree: the
/// characters of a header name and of a cookie, and which header names carry credentials.
package enum HTTPRules {
    /// `tchar` of RFC 9110, section 5.6.2: what header names, cookie names and media-type parts are made of.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"),
            UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
            UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether `text` is a token (`1*tchar`): a header name, a cookie name, a media type's type or subtype.
    package static func isToken(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    /// `tchar` for a Unicode scalar: only ASCII ones can be.
    package static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isTokenByte(UInt8(scalar.value))
    }

    /// `cookie-octet` of RFC 6265, section 4.1.1: visible ASCII but `"`, `,`, `;` and `\`; what a cookie's value is
    /// made of.
    package static func isCookieOctet(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x23...0x2B, 0x2D...0x3A, 0x3C...0x5B, 0x5D...0x7E: return true
        default: return false
        }
    }

    /// Header names that always carry a credential: the runtime redacts them in logs and drops them on a redirect to
    /// another host, and a spec may not write one as a constant (it would put the credential in the generated code).
    package static let credentialHeaderNames = [
        "Authorization", "Proxy-Authorization", "Cookie", "X-Api-Key", "Api-Key", "X-Auth-Token", "X-Access-Token",
    ]

    /// The words that make any header name look like a credential's (`X-Shop-Key`, `X-Session-Id`).
    package static let credentialWords = ["auth", "token", "key", "secret", "password", "session", "cookie"]

    /// Whether `name` is one of ``credentialHeaderNames``, ignoring ASCII case.
    package static func isCredentialHeaderName(_ name: String) -> Bool {
        credentialHeaderNames.contains { sameFieldName($0, name) }
    }

    /// The first of ``credentialWords`` a header's name holds, ignoring ASCII case, or nil.
    package static func credentialWord(in name: String) -> String? {
        let lowered = String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        return credentialWords.first { lowered.contains($0) }
    }

    /// Whether a header's name holds one of ``credentialWords``, ignoring ASCII case.
    package static func isCredentialLike(_ name: String) -> Bool {
        credentialWord(in: name) != nil
    }

    /// Whether two header names are the same, ignoring ASCII case as HTTP field names are compared, without
    /// lower-cased copies.
    package static func sameFieldName(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return zip(lhs.utf8, rhs.utf8).allSatisfy { left, right in
            // `| 0x20` lower-cases an ASCII letter; only letters may differ in case.
            let lower = left | 0x20
            return left == right || (lower == right | 0x20 && lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
        }
    }
}
