import ArgumentParser
import EndpointSpec

/// `endpointgen`: the command-line face of EndpointGen.
@main
struct EndpointGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "endpointgen",
        abstract: "Turns short YAML endpoint specs into Swift API clients.",
        discussion: """
            A spec describes an API's endpoints (method, path, parameters, response model, auth scope, \
            error schema) in YAML; see Specs/README.md for the format.

            Examples:
              endpointgen validate Specs/Shop.yaml
              endpointgen generate Specs/Shop.yaml --output Generated
              endpointgen generate Specs/Shop.yaml --output Sources/ShopAPI --check
            """,
        version: EndpointGenVersion.current,
        subcommands: [GenerateCommand.self, ValidateCommand.self, InitCommand.self, ImportCommand.self]
    )

    /// Sets the allocator up for a short run, then parses the arguments and runs the command.
    static func main() {
        HeapPolicy.applyForShortRun()
        main(nil)
    }
}
