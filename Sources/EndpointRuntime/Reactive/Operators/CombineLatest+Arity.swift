/// A value of any of the combined sources' types, so sources of different types share one `CombineSink`; a
/// combination of fewer than eight sources leaves the other cases `Never`.
enum Either8<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable, G: Sendable, H: Sendable>:
    Sendable
{
    case a(A), b(B), c(C), d(D), e(E), f(F), g(G), h(H)
    var a: A? { if case .a(let value) = self { return value } else { return nil } }
    var b: B? { if case .b(let value) = self { return value } else { return nil } }
    var c: C? { if case .c(let value) = self { return value } else { return nil } }
    var d: D? { if case .d(let value) = self { return value } else { return nil } }
    var e: E? { if case .e(let value) = self { return value } else { return nil } }
    var f: F? { if case .f(let value) = self { return value } else { return nil } }
    var g: G? { if case .g(let value) = self { return value } else { return nil } }
    var h: H? { if case .h(let value) = self { return value } else { return nil } }
}

/// Fixed-arity combineLatest and zip, on `Observable` as in RxSwift, from two sources to eight.
extension Observable {
    private static func combine<A, B, C, D, E, F, G, H>(
        _ sources: [Observable<Either8<A, B, C, D, E, F, G, H>>], zip: Bool,
        _ selector: @escaping @Sendable ([Either8<A, B, C, D, E, F, G, H>]) throws -> Element
    ) -> Observable<Element> {
        Observable { observer in
            CombineSink(observer: observer, count: sources.count, isZip: zip, selector: selector).run(sources)
        }
    }

    private static func wrap<A, B, C, D, E, F, G, H, Value: ObservableConvertibleType>(
        _ source: Value, _ make: @escaping @Sendable (Value.Element) -> Either8<A, B, C, D, E, F, G, H>
    ) -> Observable<Either8<A, B, C, D, E, F, G, H>> {
        source.asObservable().map(make)
    }

    /// The latest elements of both, combined by `resultSelector`, each time any of them sends one.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<O1.Element, O2.Element, Never, Never, Never, Never, Never, Never>
        return combine([wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }], zip: false) { values in
            try resultSelector(values[0].a!, values[1].b!)
        }
    }

    /// The n-th elements of both, combined by `resultSelector`.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<O1.Element, O2.Element, Never, Never, Never, Never, Never, Never>
        return combine([wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }], zip: true) { values in
            try resultSelector(values[0].a!, values[1].b!)
        }
    }

    /// The latest elements of all three, combined by `resultSelector`, each time any of them sends one.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<O1.Element, O2.Element, O3.Element, Never, Never, Never, Never, Never>
        return combine(
            [wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) }], zip: false
        ) { values in
            try resultSelector(values[0].a!, values[1].b!, values[2].c!)
        }
    }

    /// The n-th elements of all three, combined by `resultSelector`.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<O1.Element, O2.Element, O3.Element, Never, Never, Never, Never, Never>
        return combine(
            [wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) }], zip: true
        ) { values in
            try resultSelector(values[0].a!, values[1].b!, values[2].c!)
        }
    }

    /// The latest elements of all four, combined by `resultSelector`, each time any of them sends one.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<O1.Element, O2.Element, O3.Element, O4.Element, Never, Never, Never, Never>
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) },
            ], zip: false
        ) { values in
            try resultSelector(values[0].a!, values[1].b!, values[2].c!, values[3].d!)
        }
    }

    /// The n-th elements of all four, combined by `resultSelector`.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<O1.Element, O2.Element, O3.Element, O4.Element, Never, Never, Never, Never>
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) },
            ], zip: true
        ) { values in
            try resultSelector(values[0].a!, values[1].b!, values[2].c!, values[3].d!)
        }
    }

    /// The latest elements of all five, combined by `resultSelector`, each time any of them sends one.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector:
            @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, Never, Never, Never>
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) }, wrap(source5) { Value.e($0) },
            ], zip: false
        ) { values in
            try resultSelector(values[0].a!, values[1].b!, values[2].c!, values[3].d!, values[4].e!)
        }
    }

    /// The n-th elements of all five, combined by `resultSelector`.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5,
        resultSelector:
            @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, Never, Never, Never>
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) }, wrap(source5) { Value.e($0) },
            ], zip: true
        ) { values in
            try resultSelector(values[0].a!, values[1].b!, values[2].c!, values[3].d!, values[4].e!)
        }
    }

    /// The latest elements of all six, combined by `resultSelector`, each time any of them sends one.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector:
            @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws ->
            Element
    ) -> Observable<Element> {
        typealias Value = Either8<O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, Never, Never>
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) }, wrap(source5) { Value.e($0) }, wrap(source6) { Value.f($0) },
            ], zip: false
        ) { values in
            try resultSelector(values[0].a!, values[1].b!, values[2].c!, values[3].d!, values[4].e!, values[5].f!)
        }
    }

    /// The n-th elements of all six, combined by `resultSelector`.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6,
        resultSelector:
            @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) throws ->
            Element
    ) -> Observable<Element> {
        typealias Value = Either8<O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, Never, Never>
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) }, wrap(source5) { Value.e($0) }, wrap(source6) { Value.f($0) },
            ], zip: true
        ) { values in
            try resultSelector(values[0].a!, values[1].b!, values[2].c!, values[3].d!, values[4].e!, values[5].f!)
        }
    }

    /// The latest elements of all seven, combined by `resultSelector`, each time any of them sends one.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
        O7: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector:
            @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
            throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, Never
        >
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) }, wrap(source5) { Value.e($0) }, wrap(source6) { Value.f($0) },
                wrap(source7) { Value.g($0) },
            ], zip: false
        ) { values in
            try resultSelector(
                values[0].a!, values[1].b!, values[2].c!, values[3].d!, values[4].e!, values[5].f!, values[6].g!)
        }
    }

    /// The n-th elements of all seven, combined by `resultSelector`.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
        O7: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        resultSelector:
            @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)
            throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, Never
        >
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) }, wrap(source5) { Value.e($0) }, wrap(source6) { Value.f($0) },
                wrap(source7) { Value.g($0) },
            ], zip: true
        ) { values in
            try resultSelector(
                values[0].a!, values[1].b!, values[2].c!, values[3].d!, values[4].e!, values[5].f!, values[6].g!)
        }
    }

    /// The latest elements of all eight, combined by `resultSelector`, each time any of them sends one.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
        O7: ObservableConvertibleType, O8: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8,
        resultSelector:
            @escaping @Sendable (
                O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element
            ) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element
        >
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) }, wrap(source5) { Value.e($0) }, wrap(source6) { Value.f($0) },
                wrap(source7) { Value.g($0) }, wrap(source8) { Value.h($0) },
            ], zip: false
        ) { values in
            try resultSelector(
                values[0].a!, values[1].b!, values[2].c!, values[3].d!, values[4].e!, values[5].f!, values[6].g!,
                values[7].h!)
        }
    }

    /// The n-th elements of all eight, combined by `resultSelector`.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
        O7: ObservableConvertibleType, O8: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8,
        resultSelector:
            @escaping @Sendable (
                O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element
            ) throws -> Element
    ) -> Observable<Element> {
        typealias Value = Either8<
            O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element
        >
        return combine(
            [
                wrap(source1) { Value.a($0) }, wrap(source2) { Value.b($0) }, wrap(source3) { Value.c($0) },
                wrap(source4) { Value.d($0) }, wrap(source5) { Value.e($0) }, wrap(source6) { Value.f($0) },
                wrap(source7) { Value.g($0) }, wrap(source8) { Value.h($0) },
            ], zip: true
        ) { values in
            try resultSelector(
                values[0].a!, values[1].b!, values[2].c!, values[3].d!, values[4].e!, values[5].f!, values[6].g!,
                values[7].h!)
        }
    }
}

/// The tuple forms without a selector.
extension Observable {
    /// The latest elements of both as a tuple.
    public static func combineLatest<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> where Element == (O1.Element, O2.Element) {
        combineLatest(source1, source2) { ($0, $1) }
    }

    /// The n-th elements of both as a tuple.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> where Element == (O1.Element, O2.Element) {
        zip(source1, source2) { ($0, $1) }
    }

    /// The latest elements of all three as a tuple.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> where Element == (O1.Element, O2.Element, O3.Element) {
        combineLatest(source1, source2, source3) { ($0, $1, $2) }
    }

    /// The n-th elements of all three as a tuple.
    public static func zip<O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> where Element == (O1.Element, O2.Element, O3.Element) {
        zip(source1, source2, source3) { ($0, $1, $2) }
    }

    /// The latest elements of all four as a tuple.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element) {
        combineLatest(source1, source2, source3, source4) { ($0, $1, $2, $3) }
    }

    /// The n-th elements of all four as a tuple.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element) {
        zip(source1, source2, source3, source4) { ($0, $1, $2, $3) }
    }

    /// The latest elements of all five as a tuple.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) {
        combineLatest(source1, source2, source3, source4, source5) { ($0, $1, $2, $3, $4) }
    }

    /// The n-th elements of all five as a tuple.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element) {
        zip(source1, source2, source3, source4, source5) { ($0, $1, $2, $3, $4) }
    }

    /// The latest elements of all six as a tuple.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) {
        combineLatest(source1, source2, source3, source4, source5, source6) { ($0, $1, $2, $3, $4, $5) }
    }

    /// The n-th elements of all six as a tuple.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element) {
        zip(source1, source2, source3, source4, source5, source6) { ($0, $1, $2, $3, $4, $5) }
    }

    /// The latest elements of all seven as a tuple.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
        O7: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) {
        combineLatest(source1, source2, source3, source4, source5, source6, source7) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// The n-th elements of all seven as a tuple.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
        O7: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element) {
        zip(source1, source2, source3, source4, source5, source6, source7) { ($0, $1, $2, $3, $4, $5, $6) }
    }

    /// The latest elements of all eight as a tuple.
    public static func combineLatest<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
        O7: ObservableConvertibleType, O8: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) {
        combineLatest(source1, source2, source3, source4, source5, source6, source7, source8) {
            ($0, $1, $2, $3, $4, $5, $6, $7)
        }
    }

    /// The n-th elements of all eight as a tuple.
    public static func zip<
        O1: ObservableConvertibleType, O2: ObservableConvertibleType, O3: ObservableConvertibleType,
        O4: ObservableConvertibleType, O5: ObservableConvertibleType, O6: ObservableConvertibleType,
        O7: ObservableConvertibleType, O8: ObservableConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4, _ source5: O5, _ source6: O6, _ source7: O7,
        _ source8: O8
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element, O5.Element, O6.Element, O7.Element, O8.Element) {
        zip(source1, source2, source3, source4, source5, source6, source7, source8) { ($0, $1, $2, $3, $4, $5, $6, $7) }
    }
}
