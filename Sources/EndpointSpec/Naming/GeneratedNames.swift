/// The names generated code gives what a spec does not name: the API enum's containers and static members, and the
/// types generated beside an endpoint. The validator reserves them, the translator refers to them, and the built-in
/// templates declare them from view fields with these values, so the three cannot disagree.
package enum GeneratedNames {
    /// `Shop.Models`: the models.
    package static let models = "Models"
    /// `Shop.Scope`: the scope types.
    package static let scopes = "Scope"
    /// `Shop.Access`: a protocol per scope, saying what it may call.
    package static let access = "Access"
    /// `Shop.Servers`: the API's other servers.
    package static let servers = "Servers"
    /// `Shop.Failures`: the enums of endpoints that declare several error models.
    package static let failures = "Failures"

    /// The containers, each with what it holds (for messages), in the order the API file declares them.
    package static let containers: [(name: String, holds: String)] = [
        (servers, "its other servers"), (models, "its models"), (scopes, "its scopes"),
        (access, "what each scope may call"), (failures, "the types of declared errors"),
    ]

    /// `Shop.baseURL`.
    package static let baseURL = "baseURL"
    /// `Shop.constantHeaders`: the headers every request sends.
    package static let constantHeaders = "constantHeaders"
    /// `Shop.defaultErrors`: how error responses decode unless an endpoint says otherwise.
    package static let defaultErrors = "defaultErrors"

    /// `EventsHeaders` for the endpoint `events`: the struct of its declared response headers.
    package static func responseHeadersType(ofEndpoint endpoint: String) -> String {
        SwiftName.typeName(endpoint) + "Headers"
    }

    /// `PlaybackResponse` for the endpoint `playback`: the enum of its success statuses.
    package static func successResponsesType(ofEndpoint endpoint: String) -> String {
        SwiftName.typeName(endpoint) + "Response"
    }
}
