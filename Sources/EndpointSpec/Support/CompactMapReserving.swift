extension Collection {
    /// `compactMap` with room for every element reserved up front.
    ///
    /// For transforms that keep nearly every element, such as decoding a mapping's entries (an entry is dropped
    /// only when it has an error): the result is allocated once at its final size, where `compactMap` doubles it
    /// as it grows, copying the big values decoded so far (a property, a parameter) into fresh memory each time.
    func compactMapReservingAll<Result>(_ transform: (Element) throws -> Result?) rethrows -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(count)
        for element in self {
            if let result = try transform(element) { results.append(result) }
        }
        return results
    }
}
