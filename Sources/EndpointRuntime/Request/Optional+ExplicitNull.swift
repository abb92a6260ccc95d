/// An explicit `null` for a body field the spec declares `nullable`, whose argument is `Value??`.
///
/// Leaving the argument out (or passing `nil`) leaves the field out of the body; passing a value sends it; passing
/// `.null` sends `"field": null`, which a PATCH uses to clear a field:
///
/// ```swift
/// Tasks.Item.patch(id: id, title: "Renamed")        // {"title":"Renamed"}: the due date stays
/// Tasks.Item.patch(id: id, dueAt: .null)            // {"due_at":null}: the due date is cleared
/// ```
extension Optional where Wrapped: ExpressibleByNilLiteral {
    /// A value that is there and holds nothing: sent as JSON `null`.
    public static var null: Self { .some(nil) }
}
