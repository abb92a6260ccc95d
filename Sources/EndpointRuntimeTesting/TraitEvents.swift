import EndpointRuntime

#if canImport(XCTest)
import XCTest
#endif

// A trait's outcome as the events an observer of `asObservable()` records, so that a test can write what a
// `Single`, `Maybe` or `Completable` should do in the trait's own words, as RxTest allows.

extension Recorded {
    /// `success(x)` at `t` as `next(t, x)` and `completed(t)`; `failure(e)` as `error(t, e)`.
    public static func events<Element>(_ records: [Recorded<SingleEvent<Element>>]) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        records.flatMap { record -> [Recorded<Event<Element>>] in
            switch record.value {
            case .success(let element): [.next(record.time, element), .completed(record.time)]
            case .failure(let error): [.error(record.time, error)]
            }
        }
    }

    /// `success(x)` at `t` as `next(t, x)` and `completed(t)`; `completed` and `error(e)` as themselves.
    public static func events<Element>(_ records: [Recorded<MaybeEvent<Element>>]) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        records.flatMap { record -> [Recorded<Event<Element>>] in
            switch record.value {
            case .success(let element): [.next(record.time, element), .completed(record.time)]
            case .error(let error): [.error(record.time, error)]
            case .completed: [.completed(record.time)]
            }
        }
    }

    /// `completed` and `error(e)` as themselves.
    public static func events(_ records: [Recorded<CompletableEvent>]) -> [Recorded<Event<Never>>]
    where Value == Event<Never> {
        records.map { record in
            switch record.value {
            case .error(let error): .error(record.time, error)
            case .completed: .completed(record.time)
            }
        }
    }
}

/// Outcomes of a trait as the events its observable sends, without times.
private func untimed<Element>(_ records: [Recorded<Event<Element>>]) -> [Event<Element>] { records.map(\.value) }

#if canImport(XCTest)
/// Asserts that an observer recorded what a `Single` with these outcomes sends (RxTest's overload).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<SingleEvent<Element>>], file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertEqual(lhs, Recorded.events(rhs), file: file, line: line)
}

/// Asserts that an observer recorded what a `Maybe` with these outcomes sends.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Recorded<Event<Element>>], _ rhs: [Recorded<MaybeEvent<Element>>], file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertEqual(lhs, Recorded.events(rhs), file: file, line: line)
}

/// Asserts that an observer recorded what a `Completable` with these outcomes sends.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTAssertEqual(
    _ lhs: [Recorded<Event<Never>>], _ rhs: [Recorded<CompletableEvent>], file: StaticString = #filePath,
    line: UInt = #line
) {
    XCTAssertEqual(lhs, Recorded.events(rhs), file: file, line: line)
}

/// Asserts that these events are what a `Single` with these outcomes sends.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Event<Element>], _ rhs: [SingleEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(lhs, untimed(Recorded.events(rhs.map { Recorded(time: 0, value: $0) })), file: file, line: line)
}

/// Asserts that these events are what a `Maybe` with these outcomes sends.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTAssertEqual<Element: Equatable>(
    _ lhs: [Event<Element>], _ rhs: [MaybeEvent<Element>], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(lhs, untimed(Recorded.events(rhs.map { Recorded(time: 0, value: $0) })), file: file, line: line)
}

/// Asserts that these events are what a `Completable` with these outcomes sends.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTAssertEqual(
    _ lhs: [Event<Never>], _ rhs: [CompletableEvent], file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(lhs, untimed(Recorded.events(rhs.map { Recorded(time: 0, value: $0) })), file: file, line: line)
}
#endif
