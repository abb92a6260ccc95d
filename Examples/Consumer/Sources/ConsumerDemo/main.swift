// Calls httpbin through both generated clients; exits non-zero when anything is off.
import CheckedInClient
import EndpointRuntime
import Foundation
import HTTPBinClient

guard let address = ProcessInfo.processInfo.environment["HTTPBIN_URL"], let baseURL = URL(string: address) else {
    print("ConsumerDemo needs HTTPBIN_URL, the address of an httpbin server (for example http://127.0.0.1:8080)")
    exit(2)
}

let client = APIClient(baseURL: baseURL)
let echo = try await client.send(HTTPBin.Echo.anything(name: "consumer", greeting: "hello"))
guard echo.args["greeting"] == .string("hello"), echo.url.hasSuffix("/anything/consumer?greeting=hello") else {
    print("unexpected echo: \(echo)")
    exit(1)
}
try await client.send(HTTPBin.Status.check(code: 204))

let headers = try await client.request(EchoAPI.Echo.headers(requestID: "demo-42")).value
guard headers.headers["X-Demo-Id"] == "demo-42" else {
    print("unexpected headers: \(headers.headers)")
    exit(1)
}
print("ConsumerDemo: both generated clients work against \(baseURL)")
