#!/usr/bin/env bash
# Build the wasm package and serve the board on http://127.0.0.1:${PORT:-8080}.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
exec node scripts/serve.mjs www
