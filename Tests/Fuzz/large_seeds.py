#!/usr/bin/env python3
"""Writes large seed specs for the fuzzer's second round: deep, wide and long, each valid, so mutations start
from the sizes where super-linear steps and unbounded recursion show up. Deterministic.

Usage: large_seeds.py DIR
"""
import os
import sys


def write(folder, name, lines):
    with open(os.path.join(folder, name), "w") as file:
        file.write("\n".join(lines) + "\n")


def main():
    folder = sys.argv[1]
    head = ["api: Big", "baseURL: https://api.example.com", "scopes:", "  S0: {}"]
    # Wide: one endpoint with 2,000 path, query and header parameters.
    wide = head + ["endpoints:", "  E:", "    get:", "      path: /" + "/".join(f"{{p{i}}}" for i in range(700))]
    wide += ["      params:"] + [f"        p{i}: String" for i in range(700)]
    wide += [f"        q{i}: Int?" for i in range(700)]
    wide += [f"        h{i}: {{ type: String, in: header, key: X-H{i} }}" for i in range(600)]
    write(folder, "wide.yaml", wide)
    # Deep: types nested to the limit, YAML nested deep, a long scope chain.
    deep = head[:3] + [f"  S{i}: {{ includes: [S{i + 1}] }}" for i in range(300)] + ["  S300: {}"]
    deep += ["models:", "  Item: { properties: { a: String } }", "  Deep:", "    properties:"]
    deep += ['      d: "' + "[" * 32 + "Item" + "]" * 32 + '"']
    deep += ["endpoints:", "  E:", "    get: { path: /e, response: Deep, scope: S0 }"]
    deep += ["x-nested: " + "[" * 400 + "]" * 400]
    write(folder, "deep.yaml", deep)
    # Long: 300 models and 300 endpoints.
    long = head + ["models:"]
    for i in range(300):
        long += [f"  M{i}:", "    properties:"] + [f"      f{j}: {{ type: String?, key: f_{j} }}" for j in range(5)]
    long += ["  Kind: { enum: [" + ", ".join(f"v{i}" for i in range(300)) + "] }", "endpoints:"]
    for i in range(300):
        long += [f"  N{i}:", "    get:", f"      path: /n{i}/{{id}}", "      params: { id: Int }",
                 f"      response: M{i}", "      scope: S0"]
    write(folder, "long.yaml", long)


if __name__ == "__main__":
    main()
