#!/usr/bin/env bash
# Install everything Cairn and its tests need: system packages, .venv, pinned Python packages.
# Idempotent: a second run checks and returns in seconds.
set -euo pipefail
cd "$(dirname "$0")"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

APT_PACKAGES=(python3 python3-venv python3-pip fonts-noto-cjk xvfb xauth
  libgl1 libegl1 libgles2 libgl1-mesa-dri libmtdev1 libglib2.0-0 libxrender1 libxi6 libxkbcommon0 shellcheck)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing system packages: ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi

PY=/usr/bin/python3
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  "$PY" -m venv .venv
fi

stamp=.venv/.cairn-requirements
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing Python packages"
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements.txt
  echo "$want" > "$stamp"
fi
echo "setup: ready. Run Cairn with: .venv/bin/python main.py"
