import Foundation
import TestSupport

/// Runs the built `endpointgen` binary the way a user would and captures what it prints.
struct CLIRunner {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The folder of the test executable, where SwiftPM also puts the `endpointgen` binary.
    static let productsDirectory: URL = {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.bundleURL
    }()

    static let executable = productsDirectory.appendingPathComponent("endpointgen")

    /// The repository's root, found from this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `endpointgen` with `arguments` in `directory` (the package root by default).
    static func run(_ arguments: [String], in directory: URL = packageRoot) async throws -> Result {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // Files, not pipes: a full pipe would block the child while we wait for it.
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        _ = try await ChildProcess.run(process)
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: outURL, encoding: .utf8),
            standardError: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// A fresh temporary folder; the caller removes it.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
