import EndpointRuntime
import Foundation
import Testing

#if AsyncHTTPClient
import EndpointRuntimeAsyncHTTPClient
#endif

/// Runs a suite's tests over the transport `ENDPOINTGEN_TEST_TRANSPORT` names: `urlsession` (the default) or, in a
/// build with the `AsyncHTTPClient` trait, `asynchttpclient`. Every client the tests make without a transport of
/// their own gets it, so the same tests prove both transports (`.ci/run` runs the client suites once per
/// transport).
public struct TransportUnderTest: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// The transport the environment asks for; a name this build cannot make fails the test run.
    public static var name: String {
        ProcessInfo.processInfo.environment["ENDPOINTGEN_TEST_TRANSPORT"]?.lowercased() ?? "urlsession"
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        switch Self.name {
        case "urlsession":
            try await function()
        #if AsyncHTTPClient
        case "asynchttpclient":
            let transport = AsyncHTTPClientTransport()
            try await APIClient.Configuration.$makeDefaultTransport.withValue({ transport }) {
                try await function()
            }
            try? await transport.shutdown()
        #endif
        default:
            Issue.record("ENDPOINTGEN_TEST_TRANSPORT=\(Self.name) is not a transport this build has")
        }
    }
}

extension Trait where Self == TransportUnderTest {
    /// The suite's clients use the transport `ENDPOINTGEN_TEST_TRANSPORT` names.
    public static var transportUnderTest: Self { TransportUnderTest() }
}
