import Foundation

extension ObservableType {
    /// A sequence that owns a resource for as long as it is subscribed: `resourceFactory` makes it on each
    /// subscription, `observableFactory` makes the sequence from it, and the resource is disposed when the
    /// sequence ends or the subscription is disposed (at once, when a factory throws; the error is sent).
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping @Sendable () throws -> Resource,
        observableFactory: @escaping @Sendable (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable { observer in
            let sink = Sink<Element>(observer: observer)
            let resource: Resource
            do {
                resource = try resourceFactory()
            } catch {
                sink.forward(.error(error))
                return sink
            }
            let source: Observable<Element>
            do {
                source = try observableFactory(resource)
            } catch {
                sink.upstream.setDisposable(resource)
                sink.forward(.error(error))
                return sink
            }
            // The subscription first, then the resource it may be using.
            let subscription = SingleAssignmentDisposable()
            sink.upstream.setDisposable(Disposables.create(subscription, resource))
            subscription.setDisposable(source.subscribe(AnyObserver(eventHandler: sink.forward)))
            return sink
        }
    }

    /// ``using(_:observableFactory:)`` for a resource known only as a `Disposable`, such as what
    /// `Disposables.create { … }` returns.
    public static func using(
        _ resourceFactory: @escaping @Sendable () throws -> any Disposable,
        observableFactory: @escaping @Sendable (any Disposable) throws -> Observable<Element>
    ) -> Observable<Element> {
        using(
            { ResourceBox(resource: try resourceFactory()) }, observableFactory: { try observableFactory($0.resource) })
    }

    /// Prints each subscription, event and disposal, as `2026-11-27 09:41:02.123: label -> Event next(1)`, for
    /// following a chain while debugging. `identifier` names the lines (the call site by default); with
    /// `trimOutput`, an event's text stops at 40 characters. Each line is one line: control characters in an
    /// event's text are escaped, so an element cannot forge lines of its own.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let source = asObservable()
        let label =
            identifier ?? "\(file.split(separator: "/").last.map(String.init) ?? file):\(line) (\(function))"
        return Observable { observer in
            DebugOutput.log(label, "subscribed")
            let sink = Sink<Element>(observer: observer)
            let subscription = source.subscribe(
                AnyObserver<Element> { event in
                    var text = "\(event)"
                    if trimOutput, text.count > 40 { text = String(text.prefix(40)) + "..." }
                    DebugOutput.log(label, "Event " + text)
                    sink.forward(event)
                })
            sink.upstream.setDisposable(
                Disposables.create(subscription, Disposables.create { DebugOutput.log(label, "isDisposed") }))
            return sink
        }
    }
}

/// A resource of `using` known only as a `Disposable`, in a type that is one.
private struct ResourceBox: Disposable {
    let resource: any Disposable
    func dispose() { resource.dispose() }
}

/// Where `debug` writes: standard output, one line at a time.
enum DebugOutput {
    /// Replaces standard output (tests read the lines here).
    static let sink = Locked<(@Sendable (String) -> Void)?>(nil)

    private static let formatter = Locked(
        {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
            return formatter
        }())

    static func log(_ identifier: String, _ message: String) {
        let time = formatter.withLock { $0.string(from: Date()) }
        let line = "\(time): \(printable(identifier)) -> \(printable(message))"
        if let write = sink.withLock({ $0 }) { write(line) } else { print(line) }
    }

    /// `text` on one line: line breaks and other control characters written as escapes.
    static func printable(_ text: String) -> String {
        guard
            text.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
            })
        else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
