# shellcheck shell=bash
# Sourced by the other scripts: decides HOW to build for wasm32 on this machine.
#
# Two routes (scripts/setup.sh installs one):
#   rustup   - the normal one: `rustup target add wasm32-unknown-unknown` worked.
#   fallback - rustup's server is unreachable: compile std for wasm32 ourselves
#              with Debian's rustc-web (+ rust-web-src) and link with rustup's rust-lld.
# The choice is re-derived from what is installed each time (cheap), so there is
# no generated state file that could go stale. SPROUTS_WASM_MODE=fallback forces
# the fallback even where rustup's target is installed (to test that route).

SPROUTS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export SPROUTS_ROOT
# cargo-installed tools (wasm-bindgen, wasm-bindgen-test-runner) must be found in CI too.
case ":$PATH:" in *":${CARGO_HOME:-$HOME/.cargo}/bin:"*) ;; *) PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH" ;; esac
export PATH

WASM_TARGET=wasm32-unknown-unknown
# Separate target dir: wasm builds must not invalidate native builds in target/.
WASM_TARGET_DIR="$SPROUTS_ROOT/target-wasm"

wasm_mode() {
  if [ "${SPROUTS_WASM_MODE:-}" != fallback ] &&
     rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"; then
    echo rustup
  elif [ -x /usr/bin/rustc ] && [ -d /usr/lib/rustlib/src/rust/library ]; then
    echo fallback
  else
    echo none
  fi
}

# `wasm_cargo SUBCOMMAND [ARGS...]`: cargo for wasm32, in a subshell so the
# fallback's RUSTC override never leaks into native cargo commands.
wasm_cargo() {
  local sub="$1"; shift
  local mode; mode="$(wasm_mode)"
  case "$mode" in
    rustup)
      cargo "$sub" --target "$WASM_TARGET" --target-dir "$WASM_TARGET_DIR" "$@" ;;
    fallback)
      # rust-lld must come from rustup's sysroot; ask before RUSTC is overridden.
      local host lld
      host="$(rustc -vV | sed -n 's/^host: //p')"
      lld="$(rustc --print sysroot)/lib/rustlib/$host/bin/rust-lld"
      (
        export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
        [ -x /usr/bin/rustdoc ] && export RUSTDOC=/usr/bin/rustdoc
        export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$lld"
        cargo "$sub" --target "$WASM_TARGET" --target-dir "$WASM_TARGET_DIR" \
          -Zbuild-std=std,panic_abort "$@"
      ) ;;
    *)
      echo "no wasm32 toolchain: run scripts/setup.sh first" >&2; return 1 ;;
  esac
}

# Exact wasm-bindgen version in Cargo.lock: the CLI must match it byte for byte.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' \
    "$SPROUTS_ROOT/Cargo.lock"
}
