#!/usr/bin/env bash
# The Python package's tests: builds and installs python/ (with Ray) into a
# virtual environment of its own under target/, as a user would
# (`pip install './python[ray]'`), then runs pytest on the installed package
# (its doctests included). Called by scripts/test.sh, first with
# --install-only (before the tests that run at once, so that a build does
# not compete with them), then to run pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/pyenv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
# What the installed package is made from: python/ (less its build folder),
# the engine's src/ and manifests (by content), and the tools' versions. The
# same inputs as last time mean the same wheel, so the install (a minute or
# more of pip and maturin even with nothing to compile) is skipped, as
# scripts/build-wasm.sh skips the wasm. SPROUTS_PY_REINSTALL=1 installs anyway.
inputs() {
  {
    find python src Cargo.toml Cargo.lock -path python/target -prune -o -name __pycache__ -prune -o -type f -print0 \
      | LC_ALL=C sort -z | xargs -0 sha256sum
    rustc --version; "$venv/bin/python" --version
  } | sha256sum | cut -d' ' -f1
}
want="$(inputs)"
stamp="$venv/.sprouts-inputs"
if [ "${SPROUTS_PY_REINSTALL:-}" != 1 ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] \
  && "$venv/bin/python" -c 'import sprouts, ray, pytest' 2>/dev/null; then
  echo "python package up to date in $venv (inputs unchanged; SPROUTS_PY_REINSTALL=1 reinstalls)"
else
  rm -f "$stamp"
  # Quiet but not silent on failure; the wheel is rebuilt incrementally
  # (maturin's cargo target is python/target).
  # `python -m pip`, not bin/pip: a copied or moved venv keeps the
  # absolute path of its first home in bin/pip's first line.
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check './python[ray,test]'
  echo "$want" > "$stamp"
fi
[ "${1:-}" = --install-only ] && exit 0
# From the repository root so that the tests find target/release/sprouts;
# --pyargs: the doctests of the installed package, not of the source folder.
"$venv/bin/python" -m pytest -c python/pytest.ini python/tests docs/python.md README.md --pyargs sprouts "$@"
