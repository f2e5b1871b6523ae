#!/usr/bin/env bash
# Release build of the cdylib for wasm32, then JS glue into www/pkg (gitignored).
# Assumes scripts/setup.sh has run.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/env.sh
. scripts/env.sh

wasm_cargo build --release --lib
wasm="$WASM_TARGET_DIR/$WASM_TARGET/release/sprouts.wasm"
rm -rf www/pkg
wasm-bindgen --target web --out-dir www/pkg "$wasm"
echo "wasm size: $(stat -c %s www/pkg/sprouts_bg.wasm) bytes (www/pkg/sprouts_bg.wasm; raw cargo output $(stat -c %s "$wasm") bytes)"
