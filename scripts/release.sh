#!/usr/bin/env bash
# Builds the release: dist/, a self-contained static site (the app, embed.js,
# the workers, the wasm optimised by wasm-opt) that any static host serves as
# it is, and what `npm pack` puts in the sprouts-board tarball (docs/release.md).
#   bash scripts/release.sh          (also run by `npm run build` and `npm pack`)
# Needs scripts/setup.sh's toolchain and `npm ci` at the root (binaryen's wasm-opt).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/env.sh
. scripts/env.sh

stage="$WASM_TARGET_DIR/release-pkg"

# SPROUTS_RELEASE_QUICK=1: the page's own build (www/pkg, from build-wasm.sh)
# as it is, without the second cargo build and wasm-opt: for tests of the
# packaging (tests/browser/release.test.mjs), not for publishing.
if [ "${SPROUTS_RELEASE_QUICK:-}" = 1 ]; then
  [ -f www/pkg/sprouts_bg.wasm ] && [ -f www/pkg/sprouts_surface_bg.wasm ] || bash scripts/build-wasm.sh
  rm -rf "$stage" && mkdir -p "$stage"
  cp www/pkg/sprouts.js www/pkg/sprouts_bg.wasm www/pkg/sprouts_surface.js www/pkg/sprouts_surface_bg.wasm "$stage/"
  echo "quick release: www/pkg's wasm, not optimised (not for publishing)"
else
  # 1. The engine's two modules (src/wasm/: the plane's, default features;
  #    the on-demand one: the surface board and (p, q) Sprouts), built with
  #    the wasm-release profiles (Cargo.toml: opt-level "z" and LTO) and the
  #    inlining threshold of "s" (75): "z"'s own (5) solves at half the
  #    speed (docs/release.md); their JS glue, then wasm-opt.
  wasm_opt=node_modules/.bin/wasm-opt
  [ -x "$wasm_opt" ] || npm ci --no-audit --no-fund
  inline=(--config 'target.wasm32-unknown-unknown.rustflags=["-C", "llvm-args=-inline-threshold=75"]')
  wasm_cargo build --profile wasm-release --lib "${inline[@]}"
  wasm_cargo build --profile wasm-release-surface --lib --no-default-features --features surface-module "${inline[@]}"
  rm -rf "$stage"
  wasm-bindgen --target web --out-dir "$stage" "$WASM_TARGET_DIR/$WASM_TARGET/wasm-release/sprouts.wasm"
  wasm-bindgen --target web --out-dir "$stage" --out-name sprouts_surface "$WASM_TARGET_DIR/$WASM_TARGET/wasm-release-surface/sprouts.wasm"
  size() { printf '%s B raw, %s B gzipped' "$(stat -c %s "$1")" "$(gzip -9c "$1" | wc -c)"; }
  for m in sprouts sprouts_surface; do
    # -Os, not -Oz: -Oz's raw file is smaller, but -Os's compresses better
    # (gzipped: plane 351,851 -> 351,442 B, surface 196,144 -> 194,921;
    # docs/release.md). --low-memory-unused: Rust's stack fills memory's
    # first MiB from the top down, so the first KiB is touched only by a
    # stack a KiB from overflowing; knowing that, wasm-opt folds `p + C`
    # into the loads' and stores' offsets (plane 2 kB smaller gzipped,
    # docs/release.md "session 30"). --generate-global-effects first: the
    # passes then know what each call does (reads, writes, may trap) and
    # drop or move more around it (plane 349,567 -> 349,443 B gzipped,
    # docs/release.md "session 31"). Names and producers sections are not
    # needed in a release.
    "$wasm_opt" --generate-global-effects -Os --low-memory-unused --strip-debug --strip-producers "$stage/${m}_bg.wasm" -o "$stage/${m}_bg.opt.wasm"
    echo "$m wasm before wasm-opt: $(size "$stage/${m}_bg.wasm")"
    mv "$stage/${m}_bg.opt.wasm" "$stage/${m}_bg.wasm"
    echo "$m wasm after wasm-opt:  $(size "$stage/${m}_bg.wasm")"
  done
  # Issue 34's budget for the plane's engine, the download of every board on
  # the plane: a release over it fails here (and so does `npm pack` and the
  # tag's workflow) instead of shipping. Measured as above (`gzip -9c`, the
  # file's name in the header).
  budget=350000
  plane_gz=$(gzip -9c "$stage/sprouts_bg.wasm" | wc -c)
  if [ "$plane_gz" -gt "$budget" ]; then
    echo "release.sh: the plane's wasm is $plane_gz B gzipped, over the budget of $budget B (docs/release.md, \"The engine's size\")" >&2
    exit 1
  fi
fi

# 2. HOOK (docs): the README and docs/*.md as HTML pages, where the docs'
#    builder exists: `node scripts/build-docs.mjs OUT` writes OUT/index.html
#    (the README) and OUT/docs/*.html; OUT becomes dist/docs/.
docs=""
if [ -f scripts/build-docs.mjs ]; then
  if [ -f scripts/docs/package.json ] && [ ! -d scripts/docs/node_modules ]; then
    npm ci --prefix scripts/docs --no-audit --no-fund
  fi
  docs="$WASM_TARGET_DIR/release-docs"
  rm -rf "$docs"
  node scripts/build-docs.mjs "$docs"
fi

# 3. dist/: www/ with versioned file names (scripts/release.mjs).
node scripts/release.mjs --pkg "$stage" ${docs:+--docs "$docs"}
