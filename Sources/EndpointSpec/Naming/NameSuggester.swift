/// Finds the known name a mistyped one was probably meant to be, for "did you mean" hints.
enum NameSuggester {
    /// The closest candidate within a small edit distance, or nil when none is close enough to be a useful hint.
    static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        let lowered = Array(name.lowercased().unicodeScalars)
        let allowed = max(1, (lowered.count + 1) / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased().unicodeScalars)
            // A different case alone (`string` for `String`) is the likeliest typo of all.
            let distance = other == lowered ? 0 : editDistance(lowered, other, limit: allowed)
            guard distance <= allowed else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// "; did you mean 'X'?" or nothing.
    static func hint(for name: String, among candidates: some Sequence<String>) -> String {
        suggestion(for: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance (Levenshtein plus swapped neighbours), stopping early past `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
