import EndpointSpec
import Testing

/// The two path operations the generator does without `NSString`, checked against what `NSString` gives for the
/// paths users write.
@Suite("Path text")
struct PathTextTests {
    @Test(
        "a name joins a folder with one slash",
        arguments: [
            ("Specs", "Shop.yaml", "Specs/Shop.yaml"),
            ("Specs/", "Shop.yaml", "Specs/Shop.yaml"),
            ("", "Shop.yaml", "Shop.yaml"),
            ("/", "Shop.yaml", "/Shop.yaml"),
            ("../Specs", "templates", "../Specs/templates"),
        ])
    func joining(directory: String, name: String, expected: String) {
        #expect(PathText.joining(directory, name) == expected)
    }

    @Test(
        "the folder of a path",
        arguments: [
            ("Specs/Shop.yaml", "Specs"),
            ("Shop.yaml", ""),
            ("/Shop.yaml", "/"),
            ("/a/b/Shop.yaml", "/a/b"),
            ("Specs/Shop/", "Specs"),
            ("a//b.yaml", "a"),
            ("/", "/"),
        ])
    func directory(path: String, expected: String) {
        #expect(PathText.directory(of: path) == expected)
    }
}
