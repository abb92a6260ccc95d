import Testing

@testable import EndpointRuntime

/// The message of a call that needed a credential and had none says how a credential-free scope is declared.
@Suite("A missing credential says what to do")
struct MissingCredentialMessageTests {
    @Test("bearer without a token names 'auth: none' for scopes that send nothing")
    func message() {
        let error = MissingCredentialError(scheme: .bearer)
        #expect("\(error)".contains("no credential for the"))
        #expect("\(error)".hasSuffix("a scope that sends no credential at all is declared 'auth: none' in the spec"))
    }
}
