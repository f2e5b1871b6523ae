#!/usr/bin/env bash
# The Python package's tests: builds and installs python/ (with Ray) into a
# virtual environment of its own under target/, as a user would
# (`pip install './python[ray]'`), then runs pytest on the installed package
# (its doctests included). Called by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/pyenv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
# Quiet but not silent on failure; the wheel is rebuilt incrementally
# (maturin's cargo target is python/target).
"$venv/bin/pip" install --quiet --disable-pip-version-check './python[ray,test]'
# From the repository root so that the tests find target/release/sprouts;
# --pyargs: the doctests of the installed package, not of the source folder.
"$venv/bin/python" -m pytest -c python/pytest.ini python/tests docs/python.md README.md --pyargs sprouts "$@"
