import ArgumentParser
import EndpointSpec

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `endpointgen init`: a commented starter spec and `endpointgen.yaml` that validate and generate as they are.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Writes a commented starter spec and endpointgen.yaml to begin from.",
        discussion: """
            Writes NAME.endpoints.yaml (the name the build plugin looks for) and endpointgen.yaml into the \
            folder, and nothing if either exists already. Both validate and generate as written; edit them \
            from there (Specs/README.md has the whole format).

            Examples:
              endpointgen init Shop
              endpointgen init Shop --directory Sources/ShopClient
            """
    )

    @Argument(help: ArgumentHelp("The API's name: the generated Swift namespace.", valueName: "name"))
    var name = "MyAPI"

    @Option(help: ArgumentHelp("The folder to write to; created when missing.", valueName: "dir"))
    var directory = "."

    func validate() throws {
        guard let first = name.unicodeScalars.first, first.properties.isXIDStart || first == "_",
            name.unicodeScalars.allSatisfy({ $0.properties.isXIDContinue })
        else {
            throw ValidationError("'\(name)' is not a Swift type name; use letters, digits and '_', such as 'Shop'.")
        }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let files = [
            ("\(name).endpoints.yaml", Self.starterSpec(api: name)),
            ("endpointgen.yaml", Self.starterConfiguration),
        ]
        for (file, _) in files where FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path) {
            Console.error("\(folder.appendingPathComponent(file).path): error: exists already; nothing was written")
            throw ExitCode.failure
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, contents) in files {
            let url = folder.appendingPathComponent(file)
            try Data(contents.utf8).write(to: url)
            Console.output("wrote \(directory == "." ? file : url.relativePath)")
        }
    }

    /// A small API that shows each part of the format once, every line explained.
    static func starterSpec(api: String) -> String {
        // A namespace may not have the API's own name.
        let namespace = api == "Notes" ? "Notebook" : "Notes"
        return """
            # \(api): a starter spec written by `endpointgen init`. Every key is explained in EndpointGen's
            # Specs/README.md. Validate with `endpointgen validate \(api).endpoints.yaml`.
            api: \(api)                          # the generated Swift namespace
            baseURL: https://api.example.com/v1  # where the API lives; a client may use another
            description: What this API is for.

            scopes:                              # kinds of token; the compiler checks who may call what
              Reader:
                description: May read notes.
              Writer:
                description: May also write them.
                includes: [Reader]

            errors:
              default: Problem                   # any non-2xx body decodes as Problem unless an endpoint says otherwise

            models:
              Note:
                description: A note.
                properties:
                  id: UUID
                  title: String
                  body: { type: String?, description: Absent for a title-only note. }
                  createdAt: { type: Date, key: created_at }   # key: the JSON name when it differs
                  color: Color
              Color:
                enum: [yellow, blue, green]      # open: an unknown value decodes as .unknown("…")
              Problem:
                properties:
                  message: String

            endpoints:
              \(namespace):                             # a namespace: \(api).\(namespace).list(…), \(api).\(namespace).create(…)
                list:
                  path: /notes
                  summary: The notes, newest first.
                  params:
                    limit: { type: Int, default: 20 }        # a query parameter, with a default
                  response: "[Note]"             # quote list types: YAML reads [..] as a list
                  scope: Reader
                get:
                  path: /notes/{id}              # {id} is filled by the path parameter id
                  params:
                    id: UUID
                  response: Note
                  scope: Reader
                  errors: { 404: Problem }
                create:
                  method: POST
                  path: /notes
                  body:                          # JSON fields become labelled arguments
                    title: String
                    body: String?
                    color: { type: Color, default: yellow }
                  response: Note
                  scope: Writer

            """
    }

    /// Every option of `endpointgen.yaml`, with its default.
    static let starterConfiguration = """
        # Options for endpointgen's plugins and `endpointgen generate --config endpointgen.yaml`.
        access: public        # public, package or internal: the access level of generated declarations
        files: auto           # files each for models and endpoints: 1 to 256, or auto (one per 16 KiB of spec)
        # templates: Templates  # a folder of NAME.mustache overrides, relative to this file

        """
}
