// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "EndpointGen",
    // The runtime uses `Duration`, `ContinuousClock` and `Task.sleep(for:)`: the OS versions that have them. Linux
    // needs no entry.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "endpointgen", targets: ["endpointgen"]),
        .library(name: "EndpointRuntime", targets: ["EndpointRuntime"]),
        .library(name: "EndpointRuntimeTesting", targets: ["EndpointRuntimeTesting"]),
        // The AsyncHTTPClient transport, for servers: with the package trait `AsyncHTTPClient` enabled, or empty.
        .library(name: "EndpointRuntimeAsyncHTTPClient", targets: ["EndpointRuntimeAsyncHTTPClient"]),
        // The request log to a swift-log `Logger`: with the package trait `Logging` enabled, or empty.
        .library(name: "EndpointRuntimeLogging", targets: ["EndpointRuntimeLogging"]),
        .plugin(name: "EndpointGenPlugin", targets: ["EndpointGenPlugin"]),
        .plugin(name: "GenerateEndpoints", targets: ["GenerateEndpoints"]),
    ],
    // Heavy dependencies stay out of what every user builds: SwiftNIO comes only with this trait, which a server's
    // package enables on its dependency (`traits: ["AsyncHTTPClient"]`) beside the product.
    traits: [
        .trait(
            name: "AsyncHTTPClient",
            description: "EndpointRuntimeAsyncHTTPClient: a transport over AsyncHTTPClient (SwiftNIO), for servers"),
        .trait(name: "Logging", description: "EndpointRuntimeLogging: the request log to a swift-log Logger"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The AsyncHTTPClient transport, under its trait only.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The request log to swift-log, under its trait only.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        // Tests only: an in-process HTTP server for the client's scenario tests.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
        // Documentation only: `swift package generate-documentation --target EndpointRuntime` (DocC).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // libyaml, the C YAML parser, as a system library (Debian: libyaml-dev, Homebrew: libyaml).
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),

        // Keeps the generator's helper threads off the CPU of the thread they work beside (Linux; C, no dependency).
        .target(name: "CEndpointThreads"),

        // Reads a spec: YAML node tree over libyaml's event API, the `Spec` model, validation, diagnostics.
        .target(
            name: "EndpointSpec",
            dependencies: ["CYAML", "CEndpointThreads", "HTTPRules", "EndpointGenSupport"]
        ),

        // The generator's infrastructure, apart from what a spec is: work spread over the cores (with the CPU
        // affinity that keeps it spread on Linux) and the timing of the phases.
        .target(
            name: "EndpointGenSupport",
            dependencies: ["CEndpointThreads"]
        ),

        // The default Mustache templates, embedded in the binary so `endpointgen` works when copied alone.
        .target(
            name: "EndpointTemplates",
            path: "Templates",
            exclude: ["README.md"],
            resources: [
                .embedInCode("API.mustache"),
                .embedInCode("Header.mustache"),
                .embedInCode("Models.mustache"),
                .embedInCode("Struct.mustache"),
                .embedInCode("Enum.mustache"),
                .embedInCode("OneOf.mustache"),
                .embedInCode("Endpoints.mustache"),
                .embedInCode("Endpoint.mustache"),
                .embedInCode("ResponseHeaders.mustache"),
                .embedInCode("SuccessResponses.mustache"),
            ]
        ),

        // Spec → view model → Swift files through the templates; in memory, no disk access.
        .target(
            name: "EndpointCodegen",
            dependencies: [
                "EndpointSpec",
                "EndpointGenSupport",
                "EndpointTemplates",
            ]
        ),

        // Atomic flags for the reactive core: C11 builtins, no dependency.
        .target(name: "CEndpointAtomics"),

        // The HTTP rules the spec's validator and the runtime share (token and cookie characters, credential
        // header names), so the two cannot disagree. No dependency, not even Foundation.
        .target(name: "HTTPRules"),

        // What generated code runs on: `Endpoint`, `AuthorizedEndpoint`, request building, and the reactive core
        // with RxSwift's names. Foundation only.
        .target(name: "EndpointRuntime", dependencies: ["CEndpointAtomics", "HTTPRules"]),

        // Virtual-time testing for reactive code (RxTest's TestScheduler), a product of its own so apps don't link it.
        .target(name: "EndpointRuntimeTesting", dependencies: ["EndpointRuntime"]),

        // The request log to a swift-log `Logger`; its code compiles only with the `Logging` trait.
        .target(
            name: "EndpointRuntimeLogging",
            dependencies: [
                "EndpointRuntime",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Logging"])),
            ]
        ),

        // The transport over AsyncHTTPClient; its code compiles only with the `AsyncHTTPClient` trait.
        .target(
            name: "EndpointRuntimeAsyncHTTPClient",
            dependencies: [
                "EndpointRuntime",
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["AsyncHTTPClient"])
                ),
            ]
        ),

        // The command-line tool: `endpointgen generate` and `endpointgen validate`.
        .executableTarget(
            name: "endpointgen",
            dependencies: [
                "EndpointSpec",
                "EndpointCodegen",
                "EndpointGenSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The fuzz target: bytes as a spec through the whole pipeline. Not a product; `Tests/Fuzz/run.sh` builds it
        // with libFuzzer, a plain build makes it a reproducer for crash files.
        .executableTarget(
            name: "EndpointGenFuzzer",
            dependencies: ["EndpointSpec", "EndpointCodegen"]
        ),

        // Build-tool plugin: generates a target's client from its NAME.endpoints.yaml at build time.
        .plugin(
            name: "EndpointGenPlugin",
            capability: .buildTool(),
            dependencies: ["endpointgen"]
        ),

        // Command plugin: writes the generated client into a target's Generated folder, for checking in.
        .plugin(
            name: "GenerateEndpoints",
            capability: .command(
                intent: .custom(
                    verb: "generate-endpoints", description: "Generate the API client of targets with a spec"),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes generated Swift into each target's Generated folder")
                ]
            ),
            dependencies: ["endpointgen"]
        ),

        // The example specs' generated code, checked in and compiled with warnings as errors. Regenerate with
        // `swift run endpointgen generate Specs/NAME.yaml --output Sources/NAMEAPI`; CI fails when they are stale.
        exampleAPI("ShopAPI"),
        exampleAPI("LoginAPI"),
        exampleAPI("GitHubEventsAPI"),
        exampleAPI("CountriesAPI"),
        exampleAPI("EdgeCasesAPI"),
        exampleAPI("PlayerAPI"),
        exampleAPI("StorageAPI"),
        exampleAPI("ActivityAPI"),
        exampleAPI("PaymentsAPI"),

        // Helpers shared by the test targets.
        .target(
            name: "TestSupport",
            dependencies: [
                "EndpointRuntime",
                .target(name: "EndpointRuntimeAsyncHTTPClient", condition: .when(traits: ["AsyncHTTPClient"])),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "EndpointSpecTests",
            dependencies: ["EndpointSpec", "EndpointGenSupport", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "EndpointCodegenTests",
            dependencies: ["EndpointCodegen", "EndpointSpec", "EndpointRuntime", "TestSupport", "ShopAPI"]
        ),
        .testTarget(
            name: "ExampleAPITests",
            dependencies: [
                "EndpointRuntime", "ShopAPI", "LoginAPI", "GitHubEventsAPI", "CountriesAPI", "EdgeCasesAPI",
                "PlayerAPI", "StorageAPI", "ActivityAPI", "PaymentsAPI", "EndpointRuntimeTesting", "TestSupport",
            ]
        ),
        .testTarget(
            name: "ClientScenarioTests",
            dependencies: [
                "EndpointRuntime", "ShopAPI", "LoginAPI", "GitHubEventsAPI", "CountriesAPI", "PlayerAPI",
                "StorageAPI", "TestSupport", .product(name: "FlyingFox", package: "FlyingFox"),
            ]
        ),
        .testTarget(
            name: "EndpointRuntimeTests",
            dependencies: [
                "EndpointRuntime", "EndpointRuntimeTesting", "TestSupport",
                .target(name: "EndpointRuntimeLogging", condition: .when(traits: ["Logging"])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Logging"])),
            ]
        ),
        .testTarget(
            name: "endpointgenTests",
            dependencies: ["endpointgen", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// A target holding only generated code; any warning in it fails the build.
func exampleAPI(_ name: String) -> Target {
    .target(
        name: name,
        dependencies: ["EndpointRuntime"],
        swiftSettings: [.treatAllWarnings(as: .error)]
    )
}
