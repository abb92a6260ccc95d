/// Resumes a continuation exactly once, whichever of the subscription's outcome or the task's cancellation
/// comes first, and disposes the subscription when the task is cancelled.
final class AwaitState<Value: Sendable>: Sendable {
    private let state = Locked((continuation: CheckedContinuation<Value, Swift.Error>?.none, finished: false))
    let subscription = SingleAssignmentDisposable()

    func start(_ continuation: CheckedContinuation<Value, Swift.Error>) -> Bool {
        state.withLock { state -> Bool in
            if state.finished { return false }
            state.continuation = continuation
            return true
        }
    }

    func resume(_ result: Result<Value, Swift.Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, Swift.Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    func cancel() {
        resume(.failure(CancellationError()))
        subscription.dispose()
    }
}

/// Awaits the first outcome of `subscribe`, disposing the subscription if the task is cancelled.
private func awaitOutcome<Value: Sendable>(
    _ subscribe: @escaping @Sendable (AwaitState<Value>) -> Disposable
) async throws -> Value {
    let state = AwaitState<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            guard state.start(continuation) else {
                continuation.resume(throwing: CancellationError())
                return
            }
            state.subscription.setDisposable(subscribe(state))
        }
    } onCancel: {
        state.cancel()
    }
}

extension PrimitiveSequence where Trait == SingleTrait {
    /// The element, awaited; throws the error. Cancelling the task disposes the subscription.
    public var value: Element {
        get async throws {
            try await awaitOutcome { state in
                subscribe(onSuccess: { state.resume(.success($0)) }, onFailure: { state.resume(.failure($0)) })
            }
        }
    }

    /// A `Single` that runs `work` in a task for each subscriber; disposing cancels the task.
    public static func create(
        priority: TaskPriority? = nil, _ work: @escaping @Sendable () async throws -> Element
    ) -> Single<Element> {
        Single.create { observer in
            let task = Task(priority: priority) {
                do {
                    let element = try await work()
                    if !Task.isCancelled { observer(.success(element)) }
                } catch {
                    if !Task.isCancelled { observer(.failure(error)) }
                }
            }
            return Disposables.create(with: { task.cancel() })
        }
    }
}

extension PrimitiveSequence where Trait == MaybeTrait {
    /// The element, or nil when the `Maybe` completes empty; throws the error.
    public var value: Element? {
        get async throws {
            try await awaitOutcome { state in
                subscribe(
                    onSuccess: { state.resume(.success($0)) }, onError: { state.resume(.failure($0)) },
                    onCompleted: { state.resume(.success(nil)) })
            }
        }
    }
}

extension PrimitiveSequence where Trait == CompletableTrait, Element == Never {
    /// Returns when the `Completable` completes; throws its error.
    public var value: Void {
        get async throws {
            try await awaitOutcome { state in
                subscribe(onCompleted: { state.resume(.success(())) }, onError: { state.resume(.failure($0)) })
            }
        }
    }
}

extension ObservableConvertibleType {
    /// The elements as an async sequence: `for try await element in observable.values`. Ending the loop early
    /// or cancelling the task disposes the subscription.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        AsyncThrowingStream { continuation in
            let subscription = asObservable().subscribe(
                onNext: { continuation.yield($0) }, onError: { continuation.finish(throwing: $0) },
                onCompleted: { continuation.finish() })
            continuation.onTermination = { _ in subscription.dispose() }
        }
    }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// The sequence as an `Observable`: iterated in a task per subscriber; disposing cancels the task.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in
            let task = Task {
                do {
                    for try await element in self {
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                } catch {
                    if !(error is CancellationError) { observer.onError(error) }
                }
            }
            return Disposables.create(with: { task.cancel() })
        }
    }
}
