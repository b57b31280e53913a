#!/usr/bin/env bash
# Regenerates the Python stubs in libs/contracts from protos/ (make protos).
set -euo pipefail
cd "$(dirname "$0")/.."
out=libs/contracts
# protoc overwrites in place (no deletion, so parallel regenerations never leave modules missing).
mapfile -t files < <(cd protos && find slides -name '*.proto' | sort)
(cd protos && ../.venv/bin/python -m grpc_tools.protoc -I . \
  --python_out=../$out --grpc_python_out=../$out --pyi_out=../$out "${files[@]}")
# Make every generated folder a regular package.
find "$out/slides" -type d -exec sh -c 'touch "$1/__init__.py"' _ {} \;
