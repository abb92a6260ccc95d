// The default templates, compiled into the binary by SwiftPM's `.embedInCode` rule (see Package.swift), so
// `endpointgen` needs no files beside it.

/// The default Mustache templates by name (file name without `.mustache`).
package enum EmbeddedTemplates {
    package static let all: [String: String] = [
        "API": text(PackageResources.API_mustache),
        "Header": text(PackageResources.Header_mustache),
        "Models": text(PackageResources.Models_mustache),
        "Struct": text(PackageResources.Struct_mustache),
        "Enum": text(PackageResources.Enum_mustache),
        "OneOf": text(PackageResources.OneOf_mustache),
        "Endpoints": text(PackageResources.Endpoints_mustache),
        "Endpoint": text(PackageResources.Endpoint_mustache),
        "ResponseHeaders": text(PackageResources.ResponseHeaders_mustache),
        "SuccessResponses": text(PackageResources.SuccessResponses_mustache),
    ]

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
