// swift-tools-version: 6.2
// Benchmarks for EndpointGen, kept out of the main package so its build stays light.
// Run everything with `Benchmarks/run.sh` from the repository root.
import PackageDescription

let package = Package(
    name: "EndpointGenBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // With the AsyncHTTPClient trait, so the transfer benchmark measures both transports.
        .package(name: "EndpointGen", path: "..", traits: ["AsyncHTTPClient"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        // The peer for generation speed and output size; only its command-line tool is built.
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: [
        // The API the runtime benchmark calls, generated at build time by the build-tool plugin.
        .target(
            name: "BenchAPI",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            plugins: [.plugin(name: "EndpointGenPlugin", package: "EndpointGen")]
        ),
        // A generated endpoint against hand-written URLRequest + JSONDecoder code: build the request, decode ~10 KB.
        .executableTarget(
            name: "RuntimeBenchmark",
            dependencies: ["BenchAPI", .product(name: "EndpointRuntime", package: "EndpointGen")]
        ),
        // Peak memory of large downloads and uploads streamed to and from files (Scripts/download_memory.py and
        // Scripts/upload_memory.py run it).
        .executableTarget(
            name: "TransferBenchmark",
            dependencies: [
                .product(name: "EndpointRuntime", package: "EndpointGen"),
                .product(name: "EndpointRuntimeAsyncHTTPClient", package: "EndpointGen"),
            ]
        ),
        // The reactive core against OpenCombine on the same pipelines.
        .executableTarget(
            name: "ReactiveBenchmark",
            dependencies: [
                .product(name: "EndpointRuntime", package: "EndpointGen"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            swiftSettings: [.unsafeFlags(["-Ounchecked", "-wmo"])]
        ),
        // The peer's generation without its async entry point, for counting its instructions under valgrind
        // (Scripts/instructions.py).
        .executableTarget(
            name: "PeerGenerate",
            dependencies: [.product(name: "_OpenAPIGeneratorCore", package: "swift-openapi-generator")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
