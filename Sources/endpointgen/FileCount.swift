import ArgumentParser
import EndpointCodegen

/// How many files of each kind (models, endpoints) a spec is spread over: `auto`, chosen from the spec's size,
/// or a number from 1 to 256. The value of `--files` and of `files:` in endpointgen.yaml.
enum FileCount: Equatable, ExpressibleByArgument {
    /// One file of each kind per 16 KiB of spec, at most 8 (`FileLayout.automaticFileCount(specByteCount:)`).
    case automatic
    /// This many, whatever the spec's size.
    case exactly(Int)

    /// The counts a user may ask for.
    static let range = 1...256

    /// `auto`, or a whole number in `range`; nil for anything else.
    init?(argument: String) {
        if argument == "auto" {
            self = .automatic
        } else if let count = Int(argument), Self.range.contains(count) {
            self = .exactly(count)
        } else {
            return nil
        }
    }

    /// The number of files of each kind for a spec of `specByteCount` bytes.
    func count(forSpecOf specByteCount: Int) -> Int {
        switch self {
        case .automatic: FileLayout.automaticFileCount(specByteCount: specByteCount)
        case .exactly(let count): count
        }
    }

    /// As written in endpointgen.yaml and on the command line.
    var description: String {
        switch self {
        case .automatic: "auto"
        case .exactly(let count): "\(count)"
        }
    }
}
