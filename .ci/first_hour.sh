#!/usr/bin/env bash
# A new user's first hour, as the README orders it, from an empty folder: a package that applies the build plugin,
# a build that says how to start a spec, a spec from `generate-endpoints --init`, a generated client, and an app
# call tested against stubs. Run by .ci/run from the repository's root; leaves its package in .build-first-hour.
set -euo pipefail
first=.build-first-hour
rm -rf "$first"
mkdir -p "$first/Sources/NewsClient" "$first/Tests/NewsClientTests"

cat > "$first/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "FirstHour",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "EndpointGen", path: "..")],
    targets: [
        .target(
            name: "NewsClient",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            plugins: [.plugin(name: "EndpointGenPlugin", package: "EndpointGen")]
        ),
        .testTarget(
            name: "NewsClientTests",
            dependencies: ["NewsClient", .product(name: "EndpointRuntimeTesting", package: "EndpointGen")]
        ),
    ]
)
SWIFT

cat > "$first/Sources/NewsClient/Exports.swift" <<'SWIFT'
@_exported import EndpointRuntime
SWIFT

# The app code: what a view model would call.
cat > "$first/Sources/NewsClient/Notes.swift" <<'SWIFT'
import Foundation

/// The newest notes' titles, for a list screen.
public func noteTitles(using reader: AuthorizedClient<News.Scope.Reader>) async throws -> [String] {
    try await reader.send(News.Notes.list(limit: 2)).map(\.title)
}
SWIFT

cat > "$first/Tests/NewsClientTests/NotesTests.swift" <<'SWIFT'
import EndpointRuntimeTesting
import Foundation
import NewsClient
import Testing

@Test func titlesComeFromTheStubbedList() async throws {
    let stubs = StubbedTransport(baseURL: News.baseURL)
    let note = News.Models.Note(
        id: UUID(), title: "Hello", createdAt: Date(timeIntervalSince1970: 0), color: .yellow)
    stubs.scope(News.Scope.Reader.self).stub(News.Notes.list(), .success([note, note]))
    let reader = AuthorizedClient<News.Scope.Reader>(
        client: APIClient(configuration: .init(baseURL: News.baseURL, transport: stubs)),
        credentials: Credentials(token: "t"))
    #expect(try await noteTitles(using: reader) == ["Hello", "Hello"])
    #expect(stubs.requests.first?.url?.query == "limit=2")
}
SWIFT

echo "-- the first build, without a spec, says how to start one"
if swift build --package-path "$first" > "$first.log" 2>&1; then
    echo "error: a target that applies the plugin without a spec built"; exit 1
fi
grep -q "generate-endpoints --init NAME --target NewsClient" "$first.log" || { cat "$first.log"; exit 1; }

echo "-- generate-endpoints --init writes the starter spec with the plugin's own tool"
swift package --package-path "$first" --allow-writing-to-package-directory generate-endpoints --init News \
    --target NewsClient
test -f "$first/Sources/NewsClient/News.endpoints.yaml"

echo "-- the package builds, and the app code's stubbed test passes"
swift build --package-path "$first"
swift test --package-path "$first"
