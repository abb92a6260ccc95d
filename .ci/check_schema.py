"""Validates specs and endpointgen.yaml files against the JSON Schemas in Specs/Schema, and checks that the
spec schema refuses what endpointgen refuses (an unknown key, a misspelt one). Exit status 1 on any failure.

Usage: python3 .ci/check_schema.py FILE.yaml [FILE.yaml ...]
"""

import json
import os
import sys

import jsonschema
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = os.path.join(HERE, "..", "Specs", "Schema")


class Loader(yaml.CSafeLoader):
    """libyaml's parser, as endpointgen's (`{ type: String? }` is a plain scalar there), and YAML 1.2 core
    scalars as endpointgen reads them: `yes`, `on` and dates stay text."""


Loader.yaml_implicit_resolvers = dict(Loader.yaml_implicit_resolvers)
for first, resolvers in list(Loader.yaml_implicit_resolvers.items()):
    Loader.yaml_implicit_resolvers[first] = [
        (tag, regexp) for tag, regexp in resolvers
        if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")
    ]
Loader.add_implicit_resolver("tag:yaml.org,2002:bool", __import__("re").compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def keys_as_text(value):
    """Mapping keys as JSON has them: `200:` is the text "200"."""
    if isinstance(value, dict):
        return {str(key): keys_as_text(item) for key, item in value.items()}
    if isinstance(value, list):
        return [keys_as_text(item) for item in value]
    return value


def validator(name):
    with open(os.path.join(SCHEMAS, name), encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def main() -> None:
    spec, config = validator("spec.schema.json"), validator("endpointgen.schema.json")
    failed = False
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as file:
            document = keys_as_text(yaml.load(file, Loader=Loader))
        checker = config if os.path.basename(path) == "endpointgen.yaml" else spec
        errors = sorted(checker.iter_errors(document), key=lambda error: list(error.path))
        for error in errors:
            print(f"{path}: {'/'.join(map(str, error.path)) or '(top)'}: {error.message[:300]}")
        failed = failed or bool(errors)
        if not errors:
            print(f"{path}: matches the schema")
    # The schema must refuse what endpointgen refuses, or editors would stay silent about it.
    for mistake in ({"api": "A", "endpoints": {}, "modles": {}},
                    {"api": "A", "endpoints": {"N": {"e": {"path": "/", "respones": "X"}}}},
                    {"api": "A", "endpoints": {}, "models": {"M": {"properties": {"p": {"type": "T", "kye": "k"}}}}}):
        if spec.is_valid(mistake):
            print(f"error: the spec schema accepts an unknown key: {json.dumps(mistake)}")
            failed = True
    if config.is_valid({"access": "public", "fils": 2}):
        print("error: the endpointgen.yaml schema accepts an unknown key")
        failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
