import Foundation

/// Real API material kept beside the repository in `../shared` (never copied into it): Stripe's published example
/// objects, OpenAPI documents. Tests that read it skip, saying so, when the folder is absent.
public enum SharedData {
    /// `../shared` next to the repository's root, found from this file's place.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the repository
        .deletingLastPathComponent()
        .appendingPathComponent("shared")

    /// The bytes of `path` under `../shared`, or nil when the file is not there.
    public static func contents(of path: String) -> Data? {
        try? Data(contentsOf: directory.appendingPathComponent(path))
    }
}
