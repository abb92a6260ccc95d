// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "EndpointGen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "endpointgen", targets: ["endpointgen"]),
        .library(name: "EndpointRuntime", targets: ["EndpointRuntime"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // libyaml, the C YAML parser, as a system library (Debian: libyaml-dev, Homebrew: libyaml).
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),

        // Reads a spec: YAML node tree over libyaml's event API, the `Spec` model, validation, diagnostics.
        .target(
            name: "EndpointSpec",
            dependencies: ["CYAML"]
        ),

        // What generated code runs on: `Endpoint`, `AuthorizedEndpoint`, request building. Foundation only.
        .target(name: "EndpointRuntime"),

        // The command-line tool: `endpointgen validate`.
        .executableTarget(
            name: "endpointgen",
            dependencies: [
                "EndpointSpec",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(
            name: "EndpointSpecTests",
            dependencies: ["EndpointSpec"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "EndpointRuntimeTests",
            dependencies: ["EndpointRuntime"]
        ),
        .testTarget(
            name: "endpointgenTests",
            dependencies: ["endpointgen"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
