#!/usr/bin/env bash
# Release builds of the cdylib for wasm32, then JS glue into www/pkg
# (gitignored): two modules from the one crate (Cargo features; src/wasm/):
#   www/pkg/sprouts.js, sprouts_bg.wasm                  the plane's (default features)
#   www/pkg/sprouts_surface.js, sprouts_surface_bg.wasm  the surface board's, and (p, q) Sprouts (fetched on demand)
# Assumes scripts/setup.sh has run. Does nothing when www/pkg was built from
# the same inputs (src/, Cargo.toml, Cargo.lock, the wasm-bindgen CLI):
# their hashes are kept in www/pkg/.inputs. --force builds anyway.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/env.sh
. scripts/env.sh

force=0
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    *) echo "usage: $0 [--force]" >&2; exit 2 ;;
  esac
done

# What the package is made from: every file under src/ and the manifests
# (by content, so a touched but unchanged file does not count), and the
# versions of the tools that make it.
inputs() {
  {
    find src Cargo.toml Cargo.lock -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
    wasm-bindgen --version 2>/dev/null || true
    rustc --version; echo "mode $(wasm_mode)"
  } | sha256sum | cut -d' ' -f1
}
want="$(inputs)"
if [ "$force" = 0 ] && [ -f www/pkg/sprouts_bg.wasm ] && [ -f www/pkg/sprouts_surface_bg.wasm ] && [ "$(cat www/pkg/.inputs 2>/dev/null)" = "$want" ]; then
  echo "wasm up to date: $(stat -c %s www/pkg/sprouts_bg.wasm) bytes (www/pkg/sprouts_bg.wasm; inputs unchanged)"
  exit 0
fi

wasm_cargo build --release --lib
# The surface module in its own profile's folder (Cargo.toml: a cdylib's
# name has no hash, so the two builds must not share one).
wasm_cargo build --profile wasm-surface --lib --no-default-features --features surface-module
wasm="$WASM_TARGET_DIR/$WASM_TARGET/release/sprouts.wasm"
surface="$WASM_TARGET_DIR/$WASM_TARGET/wasm-surface/sprouts.wasm"
rm -rf www/pkg
wasm-bindgen --target web --out-dir www/pkg "$wasm"
wasm-bindgen --target web --out-dir www/pkg --out-name sprouts_surface "$surface"
echo "$want" > www/pkg/.inputs
echo "wasm size: $(stat -c %s www/pkg/sprouts_bg.wasm) bytes (www/pkg/sprouts_bg.wasm; raw cargo output $(stat -c %s "$wasm") bytes)"
echo "surface wasm size: $(stat -c %s www/pkg/sprouts_surface_bg.wasm) bytes (www/pkg/sprouts_surface_bg.wasm; raw cargo output $(stat -c %s "$surface") bytes)"
