#!/usr/bin/env bash
# Regenerates the SDKs in sdk/ from the gateway's OpenAPI document (make sdk):
#   sdk/openapi.json                  the document, built in-process from the FastAPI app (no stack)
#   sdk/python/slideshow_client/      Python client (openapi-python-client, pinned in pyproject/uv.lock)
#   sdk/typescript/schema.d.ts        TypeScript types (openapi-typescript, pinned in package.json)
# `make check-sdk` (part of `make test`) regenerates and fails when sdk/ differs from the commit.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.venv/bin:$PATH"
.venv/bin/python - > sdk/openapi.json.tmp <<'PY'
import json
import sys

from gateway.app import create_app

json.dump(create_app().openapi(), sys.stdout, indent=2, ensure_ascii=False)
sys.stdout.write("\n")
PY
mv sdk/openapi.json.tmp sdk/openapi.json
.venv/bin/openapi-python-client generate --path sdk/openapi.json --config sdk/openapi-python-client.yaml \
  --meta none --output-path sdk/python/slideshow_client --overwrite --fail-on-warning >/dev/null
node_modules/.bin/openapi-typescript sdk/openapi.json --output sdk/typescript/schema.d.ts --silent
