#!/usr/bin/env python3
"""The Petstore's generated client calls a Petstore on 127.0.0.1: the request each factory builds (method, path, query,
JSON body, credential) is checked by a small server in this process, and the answers decode with the generated
models.

Generates the client from `../shared/openapi/petstore.yaml` into a scratch package with a program that calls a few
endpoints against `PETSTORE_URL`, builds it (debug, warnings as errors), serves the Petstore here and runs it.
Skips, saying so, when `../shared` is absent.

Usage: petstore_calls.py ENDPOINTGEN SCRATCH_DIR
"""
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.normpath(os.path.join(HERE, "..", ".."))
DOCUMENT = os.path.normpath(os.path.join(REPOSITORY, "..", "shared", "openapi", "petstore.yaml"))

PACKAGE = """// swift-tools-version: 6.2
// Written by Tests/OpenAPI/petstore_calls.py: the Petstore's generated client and a program calling it.
import PackageDescription

let package = Package(
    name: "PetstoreCalls",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "EndpointGen", path: "{repository}")],
    targets: [
        .executableTarget(
            name: "PetstoreCalls",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ]
)
"""

PROGRAM = """import EndpointRuntime
import Foundation

/// A token that holds both OAuth scopes the pet endpoints need (the spec's requirement is all of them).
enum PetsToken: Petstore.Access.WritePets, Petstore.Access.ReadPets {
    static let authScheme: AuthScheme = .bearer
}

let url = URL(string: ProcessInfo.processInfo.environment["PETSTORE_URL"]!)!
let client = APIClient(baseURL: url)
let store = AuthorizedClient<Petstore.Scope.ApiKey>(client: client, credentials: Credentials(token: "special-key"))
let pets = AuthorizedClient<PetsToken>(client: client, credentials: Credentials(token: "oauth-token"))

let pet = try await store.send(Petstore.Pet.getPetById(petId: 10))
precondition(pet.name == "doggie" && pet.status == .available && pet.category?.name == "Dogs", "\\(pet)")
let available = try await pets.send(Petstore.Pet.findPetsByStatus(status: .available))
precondition(available.map(\\.id) == [10, 11], "\\(available)")
let added = try await pets.send(
    Petstore.Pet.addPet(body: Petstore.Models.Pet(id: 12, name: "Rex", photoUrls: ["a.png"], status: .pending)))
precondition(added.id == 12 && added.status == .pending, "\\(added)")
try await pets.send(Petstore.Pet.deletePet(petId: 12))
let inventory = try await store.send(Petstore.Store.getInventory())
precondition(inventory["available"] == 2, "\\(inventory)")
do {
    _ = try await store.send(Petstore.Pet.getPetById(petId: 404))
    fatalError("no error for a missing pet")
} catch ClientError.api(_, let response) {
    precondition(response.status == 404)
}
print("5 passed, 0 failed")
"""

PET = {"id": 10, "name": "doggie", "category": {"id": 1, "name": "Dogs"}, "photoUrls": ["d.png"], "tags": [],
       "status": "available"}


class Petstore(http.server.BaseHTTPRequestHandler):
    """Answers the calls the program makes, after checking each request's shape."""
    problems = []

    def log_message(self, *arguments):
        pass

    def reply(self, status, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def expect(self, condition, what):
        if not condition:
            Petstore.problems.append(f"{self.command} {self.path}: {what}")

    def do_GET(self):
        if self.path == "/api/v3/pet/10":
            self.expect(self.headers.get("api_key") == "special-key", "no api_key header")
            self.reply(200, PET)
        elif self.path == "/api/v3/pet/404":
            self.reply(404)
        elif self.path == "/api/v3/pet/findByStatus?status=available":
            self.expect(self.headers.get("Authorization") == "Bearer oauth-token", "no bearer token")
            self.reply(200, [PET, dict(PET, id=11)])
        elif self.path == "/api/v3/store/inventory":
            self.reply(200, {"available": 2, "sold": 5})
        else:
            self.expect(False, "unexpected request")
            self.reply(400)

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"null")
        self.expect(self.path == "/api/v3/pet", "unexpected path")
        self.expect(self.headers.get("Content-Type", "").startswith("application/json"), "not JSON")
        self.expect(body.get("name") == "Rex" and body.get("photoUrls") == ["a.png"], f"body {body}")
        self.reply(200, body)

    def do_DELETE(self):
        self.expect(self.path == "/api/v3/pet/12", "unexpected path")
        self.expect(self.headers.get("Authorization") == "Bearer oauth-token", "no bearer token")
        self.reply(200)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    endpointgen, scratch = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if not os.path.exists(DOCUMENT):
        print(f"skipped: {DOCUMENT} is not there")
        return
    sources = os.path.join(scratch, "Sources", "PetstoreCalls")
    shutil.rmtree(sources, ignore_errors=True)
    os.makedirs(sources)
    with open(os.path.join(scratch, "Package.swift"), "w") as file:
        file.write(PACKAGE.replace("{repository}", REPOSITORY))
    subprocess.run([endpointgen, "generate", DOCUMENT, "--output", sources], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(os.path.join(sources, "main.swift"), "w") as file:
        file.write(PROGRAM)
    subprocess.run(["swift", "build", "--package-path", scratch], check=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Petstore)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    environment = dict(os.environ, PETSTORE_URL=f"http://127.0.0.1:{server.server_address[1]}/api/v3")
    result = subprocess.run([os.path.join(scratch, ".build", "debug", "PetstoreCalls")], env=environment, timeout=120)
    server.shutdown()
    if Petstore.problems:
        sys.exit("requests not as the document describes them:\n" + "\n".join(Petstore.problems))
    if result.returncode != 0:
        sys.exit(f"the program failed ({result.returncode})")


if __name__ == "__main__":
    main()
