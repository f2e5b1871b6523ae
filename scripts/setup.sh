#!/usr/bin/env bash
# Installs what the wasm build and the tests need. Idempotent, unattended, and
# quick (a few seconds) when everything is already there.
#   scripts/setup.sh            wasm32 toolchain + wasm-bindgen CLI
#   scripts/setup.sh --browser  ... plus Chromium and playwright-core for browser tests,
#                               and marked for the docs' pages
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/env.sh
. scripts/env.sh
export DEBIAN_FRONTEND=noninteractive

browser=0
for arg in "$@"; do
  case "$arg" in
    --browser) browser=1 ;;
    *) echo "usage: $0 [--browser]" >&2; exit 2 ;;
  esac
done

apt_updated=0
apt_install() {
  # apt-cache knows nothing before an update, so update once, lazily.
  if [ "$apt_updated" = 0 ]; then apt-get update -qq; apt_updated=1; fi
  apt-get install -y -qq "$@"
}

# 1. wasm32 std. The normal rustup route first; it hangs on machines that cannot
#    reach rustup's server, hence the timeout and the Debian fallback.
if [ "$(wasm_mode)" = none ]; then
  if [ "${SPROUTS_WASM_MODE:-}" = fallback ] || ! timeout 60 rustup target add "$WASM_TARGET"; then
    echo "no rustup wasm32 target; using Debian rustc-web + rust-web-src with -Zbuild-std" >&2
    apt_install rustc-web rust-web-src
  fi
fi
echo "wasm32 build mode: $(wasm_mode)"
[ "$(wasm_mode)" != none ]

# 2. wasm-bindgen CLI (also provides wasm-bindgen-test-runner), exactly the
#    library's version or the generated glue will not match. Without --locked:
#    one of its locked dependencies is missing from the registry mirror.
[ -f Cargo.lock ] || cargo generate-lockfile
want="$(wasm_bindgen_version)"
[ -n "$want" ] || { echo "wasm-bindgen not in Cargo.lock" >&2; exit 1; }
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" != "$want" ]; then
  echo "installing wasm-bindgen-cli $want (was: ${have:-none}); takes a few minutes once"
  cargo install wasm-bindgen-cli --version "$want" --force
fi

# 3. Browser tests: Debian's Chromium (Playwright's own browser download is not
#    reachable) driven by playwright-core from npm.
if [ "$browser" = 1 ]; then
  [ -x /usr/bin/chromium ] || apt_install chromium
  if ! (cd tests/browser && npm ls --depth=0 >/dev/null 2>&1); then
    (cd tests/browser && npm ci --no-audit --no-fund)
  fi
  # The docs' Markdown parser (scripts/build-docs.mjs; tests/browser/docs.test.mjs).
  if ! (cd scripts/docs && npm ls --depth=0 >/dev/null 2>&1); then
    (cd scripts/docs && npm ci --no-audit --no-fund)
  fi
fi
