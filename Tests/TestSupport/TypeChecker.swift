import Foundation

/// Type-checks Swift files with `swiftc` against the modules a test run has built (EndpointRuntime and the example
/// APIs), as a client of them would: Swift 6, and whatever flags a test adds.
public enum TypeChecker {
    /// The compiler's exit status and everything it printed for `sources`.
    public static func typeCheck(
        _ sources: [URL], modulesDirectory: URL, extraArguments: [String] = []
    ) async throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("output.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The runtime's C atomics module: SwiftPM hands its module map to every client; so does this check.
        let atomicsModuleMap = modulesDirectory.deletingLastPathComponent()
            .appendingPathComponent("CEndpointAtomics.build/module.modulemap")
        process.arguments =
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-I", modulesDirectory.path,
                "-Xcc", "-fmodule-map-file=\(atomicsModuleMap.path)",
            ] + extraArguments + sources.map(\.path)
        process.standardOutput = handle
        process.standardError = handle
        _ = try await ChildProcess.run(process)
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8))
    }
}
