#!/usr/bin/env python3
"""Stripe's own example objects decode with the models generated from Stripe's OpenAPI document.

Generates the client from `../shared/openapi/stripe.spec3.yaml` into a scratch package, writes a program that decodes
every resource of `../shared/openapi/stripe.fixtures3.json` with the model of the same name (`apps.secret` is
`Stripe.Models.AppsSecret`), builds it (debug, warnings as errors) and runs it. Fails when the client does not
compile, when a resource has no model, or when one does not decode. Skips, saying so, when `../shared` is absent.

Usage: stripe_fixtures.py ENDPOINTGEN SCRATCH_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.normpath(os.path.join(HERE, "..", ".."))
SHARED = os.path.normpath(os.path.join(REPOSITORY, "..", "shared", "openapi"))
DOCUMENT = os.path.join(SHARED, "stripe.spec3.yaml")

# Examples that contradict Stripe's own document, each with the failure it must give (so a change either way is
# noticed): the generated models follow the document.
KNOWN_MISMATCHES = {
    "treasury.outbound_payment": "Key 'billing_details' not found",  # required by outbound_payments_payment_method_details
}
FIXTURES = os.path.join(SHARED, "stripe.fixtures3.json")

PACKAGE = """// swift-tools-version: 6.2
// Written by Tests/OpenAPI/stripe_fixtures.py: Stripe's generated client and a program decoding its examples.
import PackageDescription

let package = Package(
    name: "StripeFixtures",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "EndpointGen", path: "{repository}")],
    targets: [
        .target(
            name: "StripeClient",
            dependencies: [.product(name: "EndpointRuntime", package: "EndpointGen")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .executableTarget(name: "DecodeFixtures", dependencies: ["StripeClient"]),
    ]
)
"""


def key(name):
    """A name with case and punctuation taken out: `apps.secret` and `AppsSecret` are both `appssecret`."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    endpointgen, scratch = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if not (os.path.exists(DOCUMENT) and os.path.exists(FIXTURES)):
        print(f"skipped: {SHARED} has no Stripe document and fixtures")
        return
    shutil.rmtree(scratch, ignore_errors=True)
    client = os.path.join(scratch, "Sources", "StripeClient")
    program = os.path.join(scratch, "Sources", "DecodeFixtures")
    os.makedirs(program)
    with open(os.path.join(scratch, "Package.swift"), "w") as file:
        file.write(PACKAGE.replace("{repository}", REPOSITORY))
    subprocess.run([endpointgen, "generate", DOCUMENT, "--output", client, "--access", "public"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(os.path.join(client, "Exports.swift"), "w") as file:
        file.write("@_exported import EndpointRuntime\n")
    types = {}
    for name in sorted(os.listdir(client)):
        with open(os.path.join(client, name)) as file:
            for match in re.finditer(r"public (?:struct|indirect enum|enum) (\w+): Codable", file.read()):
                types.setdefault(key(match.group(1)), match.group(1))
    resources = json.load(open(FIXTURES))["resources"]
    missing = [name for name in resources if key(name) not in types]
    if missing:
        sys.exit(f"no generated model for the Stripe resources {', '.join(missing)}")
    cases = "\n".join(
        f'    case "{name}": return try decoder.decode(Stripe.Models.{types[key(name)]}.self, from: data)'
        for name in resources)
    known = ", ".join(f'"{name}": "{reason}"' for name, reason in KNOWN_MISMATCHES.items()) or ":"
    with open(os.path.join(program, "main.swift"), "w") as file:
        file.write(f"""import Foundation
import StripeClient

/// Decodes one Stripe example object with its generated model.
func decode(_ name: String, _ data: Data) throws -> Any {{
    let decoder = JSONCoding.makeDecoder()
    switch name {{
{cases}
    default: throw CocoaError(.coderInvalidValue)
    }}
}}

let fixtures = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "{FIXTURES}")))
guard let resources = (fixtures as? [String: Any])?["resources"] as? [String: Any] else {{ fatalError("no resources") }}
let knownMismatches: [String: String] = [{known}]
var failures = 0
for (name, object) in resources.sorted(by: {{ $0.key < $1.key }}) {{
    let data = try JSONSerialization.data(withJSONObject: object)
    do {{
        _ = try decode(name, data)
        if knownMismatches[name] != nil {{
            failures += 1
            print("\\(name): decodes now; remove it from KNOWN_MISMATCHES")
        }}
    }} catch {{
        if let expected = knownMismatches[name], "\\(error)".contains(expected) {{
            print("\\(name): fails as known (the example contradicts Stripe's document): \\(expected)")
            continue
        }}
        failures += 1
        print("\\(name): \\(error)")
    }}
}}
print("\\(resources.count - failures) passed, \\(failures) failed")
exit(failures == 0 ? 0 : 1)
""")
    subprocess.run(["swift", "build", "--package-path", scratch, "--product", "DecodeFixtures"], check=True)
    subprocess.run([os.path.join(scratch, ".build", "debug", "DecodeFixtures")], check=True)


if __name__ == "__main__":
    main()
