/// EndpointGen's version: the one place it is written. `endpointgen --version` prints it, and a test checks
/// that the newest release in `CHANGELOG.md` is this one.
package enum EndpointGenVersion {
    /// Semantic versioning; before 1.0, a minor version may change public API.
    package static let current = "0.2.0"
}
