// swift-tools-version: 6.2
import PackageDescription

// A small Linux service: it calls an API through the AsyncHTTPClient transport (the package trait
// `AsyncHTTPClient` of EndpointGen) and reads a JSON Lines stream as it arrives.
let package = Package(
    name: "LinuxService",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "EndpointGen", path: "../..", traits: ["AsyncHTTPClient"])
    ],
    targets: [
        // Generated from Bin.endpoints.yaml and checked in (`endpointgen generate … --output Sources/BinAPI`).
        .target(
            name: "BinAPI",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            exclude: ["Bin.endpoints.yaml"]
        ),
        .executableTarget(
            name: "LinuxService",
            dependencies: [
                "BinAPI",
                .product(name: "EndpointRuntime", package: "EndpointGen"),
                .product(name: "EndpointRuntimeAsyncHTTPClient", package: "EndpointGen"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
