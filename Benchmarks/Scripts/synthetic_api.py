#!/usr/bin/env python3
"""Writes one synthetic API of N endpoints twice: as an EndpointGen spec and as an equivalent OpenAPI 3.0
document, so both generators get the same work. Deterministic for a given N.

Usage: synthetic_api.py N OUTPUT_DIR   → OUTPUT_DIR/Synthetic.yaml and OUTPUT_DIR/openapi.yaml

Per 4 endpoints there is one model of 8 properties (UUID, String, Int, optional Double, date, [String],
an optional reference to the next model, [String: Bool]?). Endpoints cycle GET (path + query), POST (model
body), PATCH (path + inline body) and DELETE (path), 25 to a namespace. A shared error model answers 4XX.
Endpoints alternate between a Reader scope and a Writer scope that includes it (OAuth2 scopes in OpenAPI).
"""
import os
import sys


def models(n):
    return max(1, n // 4)


def ours(n):
    m = models(n)
    out = ["api: Synthetic", "baseURL: https://api.synthetic.example/v1", "scopes:", "  Reader:",
           "  Writer: { includes: [Reader] }", "errors:", "  4XX: Problem", "models:",
           "  Problem:", "    properties:", "      message: String", "      code: Int"]
    for i in range(m):
        out += [f"  Item{i}:", "    properties:", "      id: UUID", "      name: String",
                "      count: Int", "      price: Double?", "      createdAt: { type: Date, key: created_at }",
                "      tags: \"[String]\"", f"      next: Item{(i + 1) % m}?", "      flags: \"[String: Bool]?\""]
    out.append("endpoints:")
    for e in range(n):
        if e % 25 == 0:
            out.append(f"  Group{e // 25}:")
        model = f"Item{e // 4 % m}"
        scope = "Writer" if e % 2 else "Reader"
        kind = e % 4
        out.append(f"    op{e}:")
        if kind == 0:
            out += [f"      path: \"/items{e}/{{id}}\"", "      params:", "        id: UUID",
                    "        page: Int?", "        tags: \"[String]?\"", f"      response: {model}"]
        elif kind == 1:
            out += ["      method: POST", f"      path: /items{e}", f"      body: {model}", f"      response: {model}"]
        elif kind == 2:
            out += ["      method: PATCH", f"      path: \"/items{e}/{{id}}\"", "      params:", "        id: UUID",
                    "      body: { name: String, count: Int? }", f"      response: {model}"]
        else:
            out += ["      method: DELETE", f"      path: \"/items{e}/{{id}}\"", "      params:", "        id: UUID"]
        out.append(f"      scope: {scope}")
    return "\n".join(out) + "\n"


def openapi(n):
    m = models(n)
    ref = lambda name: f"$ref: '#/components/schemas/{name}'"
    out = ["openapi: 3.0.3", "info:", "  title: Synthetic", "  version: 1.0.0",
           "servers:", "  - url: https://api.synthetic.example/v1", "paths:"]
    for e in range(n):
        model = f"Item{e // 4 % m}"
        scope = "write" if e % 2 else "read"
        kind = e % 4
        path = f"/items{e}" if kind == 1 else f"/items{e}/{{id}}"
        method = ["get", "post", "patch", "delete"][kind]
        out += [f"  {path}:", f"    {method}:", f"      operationId: op{e}", f"      tags: [Group{e // 25}]",
                "      security:", f"        - oauth: [{scope}]"]
        if kind != 1:
            out += ["      parameters:", "        - name: id", "          in: path", "          required: true",
                    "          schema: { type: string, format: uuid }"]
        if kind == 0:
            out += ["        - name: page", "          in: query", "          schema: { type: integer }",
                    "        - name: tags", "          in: query",
                    "          schema: { type: array, items: { type: string } }"]
        if kind == 1:
            out += ["      requestBody:", "        required: true", "        content:", "          application/json:",
                    f"            schema: {{ {ref(model)} }}"]
        if kind == 2:
            out += ["      requestBody:", "        required: true", "        content:", "          application/json:",
                    "            schema:", "              type: object", "              required: [name]",
                    "              properties:", "                name: { type: string }",
                    "                count: { type: integer }"]
        out.append("      responses:")
        if kind == 3:
            out += ["        '204':", "          description: Deleted."]
        else:
            out += ["        '200':", "          description: OK.", "          content:", "            application/json:",
                    f"              schema: {{ {ref(model)} }}"]
        out += ["        '4XX':", "          description: A client error.", "          content:",
                "            application/json:", f"              schema: {{ {ref('Problem')} }}"]
    out += ["components:", "  securitySchemes:", "    oauth:", "      type: oauth2", "      flows:",
            "        clientCredentials:", "          tokenUrl: https://auth.synthetic.example/token",
            "          scopes:", "            read: Read access.", "            write: Write access.",
            "  schemas:", "    Problem:", "      type: object", "      required: [message, code]",
            "      properties:", "        message: { type: string }", "        code: { type: integer }"]
    for i in range(m):
        out += [f"    Item{i}:", "      type: object", "      required: [id, name, count, created_at, tags]",
                "      properties:", "        id: { type: string, format: uuid }", "        name: { type: string }",
                "        count: { type: integer }", "        price: { type: number, format: double }",
                "        created_at: { type: string, format: date-time }",
                "        tags: { type: array, items: { type: string } }",
                f"        next: {{ {ref(f'Item{(i + 1) % m}')} }}",
                "        flags: { type: object, additionalProperties: { type: boolean } }"]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    count, folder = int(sys.argv[1]), sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "Synthetic.yaml"), "w") as file:
        file.write(ours(count))
    with open(os.path.join(folder, "openapi.yaml"), "w") as file:
        file.write(openapi(count))
