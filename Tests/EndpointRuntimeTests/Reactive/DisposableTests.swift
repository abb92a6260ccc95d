import EndpointRuntime
import Testing

@Suite("Disposables")
struct DisposableTests {
    @Test("Disposables.create(with:) runs its action once, however often it is disposed")
    func anonymous() {
        let count = Counter()
        let disposable = Disposables.create(with: { count.increment() })
        #expect(!disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(count.count == 1)
    }

    @Test("Disposables.create of two, three and an array dispose all of them")
    func groups() {
        let count = Counter()
        let make = { Disposables.create(with: { count.increment() }) }
        Disposables.create(make(), make()).dispose()
        Disposables.create(make(), make(), make()).dispose()
        Disposables.create([make(), make()]).dispose()
        #expect(count.count == 7)
    }

    @Test("a DisposeBag disposes everything when it is deallocated, and late additions at once")
    func disposeBag() {
        let count = Counter()
        var bag: DisposeBag? = DisposeBag()
        Disposables.create(with: { count.increment() }).disposed(by: bag!)
        bag!.insert(Disposables.create(with: { count.increment() }), Disposables.create(with: { count.increment() }))
        #expect(count.count == 0)
        bag = nil
        #expect(count.count == 3)
    }

    @Test("CompositeDisposable: insert, remove (disposing the member), dispose all, insert after dispose")
    func composite() {
        let count = Counter()
        let composite = CompositeDisposable()
        let key = composite.insert(Disposables.create(with: { count.increment() }))
        _ = composite.insert(Disposables.create(with: { count.increment() }))
        #expect(composite.count == 2)
        composite.remove(for: key!)
        #expect(count.count == 1 && composite.count == 1)
        composite.dispose()
        #expect(count.count == 2)
        #expect(composite.insert(Disposables.create(with: { count.increment() })) == nil)
        #expect(count.count == 3)
    }

    @Test("SerialDisposable disposes the previous value on replacement, and new values after disposal")
    func serial() {
        let count = Counter()
        let serial = SerialDisposable()
        serial.disposable = Disposables.create(with: { count.increment() })
        serial.disposable = Disposables.create(with: { count.increment() })
        #expect(count.count == 1)
        serial.dispose()
        #expect(count.count == 2)
        serial.disposable = Disposables.create(with: { count.increment() })
        #expect(count.count == 3)
    }

    @Test("SingleAssignmentDisposable disposes a disposable set after it was disposed")
    func singleAssignment() {
        let count = Counter()
        let holder = SingleAssignmentDisposable()
        holder.dispose()
        holder.setDisposable(Disposables.create(with: { count.increment() }))
        #expect(count.count == 1)
    }

    @Test("disposing from many threads at once runs each action exactly once", arguments: 0..<3)
    func concurrentDisposal(_ round: Int) async {
        let count = Counter()
        let composite = CompositeDisposable()
        for _ in 0..<100 { _ = composite.insert(Disposables.create(with: { count.increment() })) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 { group.addTask { composite.dispose() } }
        }
        #expect(count.count == 100)
    }
}
