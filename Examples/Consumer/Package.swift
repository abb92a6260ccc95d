// swift-tools-version: 6.0
// A package that uses EndpointGen the way an app would, built by .ci/run from an empty scratch folder.
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "EndpointGen", path: "../..")
    ],
    targets: [
        // Build-tool plugin: HTTPBin.endpoints.yaml in this folder becomes Swift at build time.
        .target(
            name: "HTTPBinClient",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            plugins: [.plugin(name: "EndpointGenPlugin", package: "EndpointGen")]
        ),
        // Checked in: `swift package --allow-writing-to-package-directory generate-endpoints --target CheckedInClient`
        // wrote Generated/ from Echo.endpoints.yaml; the build compiles what is checked in.
        .target(
            name: "CheckedInClient",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            resources: [.copy("Echo.endpoints.yaml")]
        ),
        .executableTarget(
            name: "ConsumerDemo",
            dependencies: [
                "HTTPBinClient", "CheckedInClient", .product(name: "EndpointRuntime", package: "EndpointGen"),
            ]
        ),
        // App-side tests without a server: EndpointRuntimeTesting's StubbedTransport answers by endpoint.
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                "HTTPBinClient", "CheckedInClient", .product(name: "EndpointRuntime", package: "EndpointGen"),
                .product(name: "EndpointRuntimeTesting", package: "EndpointGen"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
