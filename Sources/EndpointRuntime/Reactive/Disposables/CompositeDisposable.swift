/// A group of disposables disposed together; members can be added and removed while it lives.
public final class CompositeDisposable: Cancelable {
    /// A ticket for removing a member.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: Int
    }

    private let state = Locked((members: [Int: Disposable](), nextKey: 0, isDisposed: false))

    /// An empty group.
    public init() {}

    /// A group of the given disposables.
    public init(_ disposables: Disposable...) {
        for disposable in disposables { _ = insert(disposable) }
    }

    /// A group of the given disposables.
    public init(disposables: [Disposable]) {
        for disposable in disposables { _ = insert(disposable) }
    }

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// How many members the group holds.
    public var count: Int { state.withLock { $0.members.count } }

    /// Adds a member and returns its key; if the group is disposed, disposes it at once and returns nil.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key = state.withLock { state -> DisposeKey? in
            guard !state.isDisposed else { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.members[key] = disposable
            return DisposeKey(value: key)
        }
        if key == nil { disposable.dispose() }
        return key
    }

    /// Removes the member with `key` and disposes it.
    public func remove(for key: DisposeKey) {
        state.withLock { $0.members.removeValue(forKey: key.value) }?.dispose()
    }

    public func dispose() {
        let members = state.withLock { state -> [Disposable] in
            guard !state.isDisposed else { return [] }
            state.isDisposed = true
            defer { state.members = [:] }
            return state.members.sorted { $0.key < $1.key }.map(\.value)
        }
        for member in members { member.dispose() }
    }
}
