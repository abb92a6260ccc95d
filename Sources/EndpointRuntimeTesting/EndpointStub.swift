import EndpointRuntime
import Foundation

/// What a stub of one endpoint answers, typed by that endpoint: a success carries a value of its `Response` type and
/// a declared error a value of its `Failure` type, so stubbing the wrong model does not compile.
///
/// ```swift
/// stubs.stub(Newsroom.Stories.get(id: 1), .success(.example))
/// stubs.stub(Newsroom.Stories.get(id: 2), .failure(Newsroom.Models.NotFound(message: "gone"), status: 404))
/// stubs.stub(GitHub.Repos.events(owner: "o", repo: "r"), .success([event], headers: ["Link": next]))
/// ```
///
/// Bodies are encoded as the generated models encode themselves (dates as the API sends them); `headers` go on the
/// response of every kind of stub (`Link` for paging, rate limits, `ETag`).
public struct EndpointStub<Response: Sendable, Failure: Sendable>: Sendable {
    /// The answer, as the untyped stubs give it.
    public let response: StubResponse

    /// Wraps an untyped answer: `.body(…)`, `.clientFailure(…)`, or one built elsewhere.
    public init(_ response: StubResponse) {
        self.response = response
    }

    /// A success with `value` as JSON.
    public static func success(_ value: Response, status: Int = 200, headers: HeaderFields = [:]) -> EndpointStub
    where Response: Encodable {
        EndpointStub(.success(value, status: status, headers: headers))
    }

    /// A success of an endpoint that answers with a ``Reply``: `body` as JSON and the headers it declares, written
    /// as the server would send them (`["X-RateLimit-Remaining": "59"]`).
    public static func success<Body: Encodable & Sendable, Headers>(
        _ body: Body, status: Int = 200, headers: HeaderFields = [:]
    ) -> EndpointStub where Response == Reply<Body, Headers> {
        EndpointStub(.success(body, status: status, headers: headers))
    }

    /// A success without a body (`204 No Content` by default).
    public static func empty(status: Int = 204, headers: HeaderFields = [:]) -> EndpointStub where Response == Void {
        EndpointStub(.empty(status: status, headers: headers))
    }

    /// The endpoint's one declared error model, as JSON, with its status.
    public static func failure(_ error: Failure, status: Int, headers: HeaderFields = [:]) -> EndpointStub
    where Failure: Encodable {
        EndpointStub(.failure(error, status: status, headers: headers))
    }

    /// One of the endpoint's declared error models, a case of its generated `Failures` enum
    /// (`.failure(.validationProblem(problem), status: 422)`), as JSON, with its status.
    public static func failure(_ error: Failure, status: Int, headers: HeaderFields = [:]) -> EndpointStub
    where Failure: DeclaredFailure {
        guard let model = Mirror(reflecting: error).children.first?.value as? any Encodable else {
            preconditionFailure("the declared error \(error) holds no Encodable model to answer with")
        }
        return EndpointStub(.json(model, status: status, headers: headers))
    }

    /// No response at all: the client reports a client-side failure (`.notConnectedToInternet` is `noConnection`).
    public static func clientFailure(_ code: URLError.Code) -> EndpointStub {
        EndpointStub(.clientFailure(code))
    }

    /// This answer after `delay` of real time.
    public func delayed(by delay: Duration) -> EndpointStub {
        EndpointStub(response.delayed(by: delay))
    }
}

extension StubbedTransport {
    /// Answers `endpoint`'s requests with `stub`, typed by the endpoint: `stubs.stub(Shop.Orders.get(id: 1),
    /// .success(.example))`. For a scoped endpoint, stub through ``scope(_:)``, which names the token.
    public func stub<Request: EndpointProtocol>(
        _ endpoint: Request, matching: Matching = .route, _ stub: EndpointStub<Request.Response, Request.Failure>
    ) {
        self.stub(endpoint, matching: matching, with: stub.response)
    }
}

extension ScopedStubs {
    /// Answers `endpoint`'s requests with `stub`, typed by the endpoint:
    /// `customer.stub(Shop.Customer.get(), .success(.example))`.
    public func stub<Response, Failure>(
        _ endpoint: AuthorizedEndpoint<Scope, Response, Failure>, matching: StubbedTransport.Matching = .route,
        _ stub: EndpointStub<Response, Failure>
    ) {
        self.stub(endpoint, matching: matching, with: stub.response)
    }
}
