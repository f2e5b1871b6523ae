#!/usr/bin/env bash
# Draws the pictures of the docs again: every `sprouts draw ... --svg
# docs/img/NAME.svg` line of a ```sh block in docs/*.md, run from the
# repository's root with the release binary. tests/docs.rs checks that the
# committed pictures show what these commands draw.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
PATH="$PWD/target/release:$PATH"
mkdir -p docs/img
awk '/^```/ { inside = !inside && $0 == "```sh"; next } inside && /^sprouts draw .*--svg docs\/img\// { print }' docs/*.md |
  while IFS= read -r line; do
    echo "$line"
    sh -c "$line"
  done
