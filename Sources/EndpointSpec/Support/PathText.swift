/// File paths as text, the two operations the generator needs, without Foundation's `NSString` (the command-line
/// tool links only FoundationEssentials on Linux). Both follow `NSString`'s rules for the paths a user writes.
package enum PathText {
    /// `name` inside the folder `directory`: `joining("Specs", "Shop.yaml")` is `Specs/Shop.yaml`; an empty
    /// folder leaves `name` as it is, and a folder ending in `/` gets no second one.
    package static func joining(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The folder holding `path`: `Specs` for `Specs/Shop.yaml`, empty for `Shop.yaml`, `/` for `/Shop.yaml`.
    /// Trailing slashes are ignored, as in `Specs/Shop/`.
    package static func directory(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        var folder = path[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return String(folder)
    }
}
