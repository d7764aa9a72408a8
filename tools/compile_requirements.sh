#!/usr/bin/env bash
# Re-pin requirements/*.txt from requirements/*.in: every package, transitive ones too, with the
# hashes of all its files, so that one file serves x86-64 and aarch64 (uv's --universal resolution).
#   bookworm.txt      runtime, Python 3.11 (Debian 12 / Raspberry Pi OS Bookworm): numpy 1.26
#   trixie.txt        runtime, Python 3.13 (Debian 13 / Raspberry Pi OS Trixie): numpy 2.2
#   <gen>-tests.txt   the same pins plus the tests (./setup.sh's default on a Raspberry Pi)
#   <gen>-dev.txt     the same pins plus tests, lint and types (./setup.sh --dev)
# uv lives in a throwaway venv under $TMPDIR, never in the project's .venv.
# Usage: tools/compile_requirements.sh [--upgrade]
set -euo pipefail
cd "$(dirname "$0")/../requirements"
tools=${TMPDIR:-/tmp}/cairn-compile-tools
if [ ! -x "$tools/bin/uv" ]; then
  python3 -m venv "$tools"
  "$tools/bin/python" -m pip install -q --disable-pip-version-check uv
fi
compile() {
  "$tools/bin/uv" pip compile -q --universal --generate-hashes "$@" \
    --custom-compile-command "tools/compile_requirements.sh"
}
for gen in bookworm:3.11 trixie:3.13; do
  name=${gen%%:*} python=${gen##*:}
  compile --python-version "$python" "${@}" "$name.in" -o "$name.txt"
  compile --python-version "$python" "$name.in" tests.in -c "$name.txt" -o "$name-tests.txt"
  compile --python-version "$python" "$name.in" dev.in -c "$name-tests.txt" -o "$name-dev.txt"
done
echo "compiled:" ./*.txt
