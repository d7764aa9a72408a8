#!/usr/bin/env bash
# Install Cairn: system packages, .venv, the pinned Python packages of this OS generation
# (requirements/bookworm*.txt or requirements/trixie*.txt) with what the tests need (so the README's
# test command works everywhere, a Raspberry Pi included), and off a Raspberry Pi (or with --dev) the
# lint and type checks too. On a Raspberry Pi also the camera and GPIO packages, and with --service
# the kiosk service.
# Idempotent: a second run checks and returns in seconds. See docs/raspberry-pi.md.
set -euo pipefail
cd "$(dirname "$0")"
CAIRN_DIR=$(pwd -P)

usage() {
  cat <<'EOF'
Usage: ./setup.sh [--pi] [--dev | --tests | --no-dev] [--service | --uninstall-service] [--dry-run]

Installs Cairn: the system packages (apt), the virtual environment .venv and the pinned
Python packages for this system: requirements/bookworm.txt on Debian 12 / Raspberry Pi OS
Bookworm (Python 3.11), requirements/trixie.txt on Debian 13 / Raspberry Pi OS Trixie
(Python 3.13). Run it again after every update; a second run is quick.

  --pi                 install for a Raspberry Pi (found by itself from
                       /proc/device-tree/model; this forces it)
  --dev                also install what the tests, lint and type checks need (pytest,
                       hypothesis, ruff, mypy; Xvfb, shellcheck): the default except on a
                       Raspberry Pi
  --tests              also install what the tests need (pytest, hypothesis; Xvfb), not the
                       lint and type checks: the default on a Raspberry Pi
  --no-dev             only what Cairn needs to run (a kiosk that never runs the tests)
  --service            also install and enable the kiosk service: Cairn full screen on the
                       console at boot, as the user cairn (needs systemd, and root or sudo)
  --uninstall-service  only remove the kiosk service (keeps the user cairn and its games)
  --dry-run            print what would be done, one command a line, and change nothing;
                       with --pi on another machine: what a fresh Raspberry Pi would get
  -h, --help           show this help
EOF
}

bad_usage() {
  echo "setup: $*" >&2
  usage >&2
  exit 2
}

DRY=0 FORCE_PI=0 ACTION=install DEV=""
for arg in "$@"; do
  case "$arg" in
    --pi) FORCE_PI=1 ;;
    --dev | --tests | --no-dev)
      [ -z "$DEV" ] || bad_usage "choose one of --dev, --tests and --no-dev"
      DEV=${arg#--}
      ;;
    --dry-run) DRY=1 ;;
    --service | --uninstall-service)
      [ "$ACTION" = install ] || bad_usage "choose one of --service and --uninstall-service"
      ACTION=${arg#--}
      ;;
    -h | --help) usage; exit 0 ;;
    *) bad_usage "unknown option: $arg" ;;
  esac
done

say() { echo "setup: $*"; }
warn() { echo "setup: warning: $*" >&2; }
die() { echo "setup: error: $*" >&2; exit 1; }

SUDO=()
if [ "$(id -u)" -ne 0 ]; then SUDO=(sudo); fi

# quote WORD: WORD as a shell would need it typed, plainly where that is safe.
quote() {
  if [[ "$1" =~ ^[A-Za-z0-9_./:=,@+%-]+$ ]]; then
    printf '%s' "$1"
  elif [[ "$1" != *[$'\n'\']* ]]; then
    printf "'%s'" "$1"
  else
    printf '%q' "$1"
  fi
}

# run CMD...: run it, or under --dry-run print it on one line and run nothing.
run() {
  if [ "$DRY" = 1 ]; then
    local line="would run:" word
    for word in "$@"; do line+=" $(quote "$word")"; done
    echo "$line"
  else
    "$@"
  fi
}
as_root() { run "${SUDO[@]}" "$@"; }

need_root() {
  if [ "$DRY" = 0 ] && [ ${#SUDO[@]} -gt 0 ] && ! command -v sudo >/dev/null; then
    die "$1 needs root: run it as root, or install sudo"
  fi
}

# install_file SRC DEST MODE OWNER: install SRC as DEST unless DEST already has that content.
# Under --dry-run print DEST's would-be content instead. Returns 1 when DEST was already right.
install_file() {
  local src=$1 dest=$2 mode=$3 owner=$4
  if [ "$SIMULATE" = 0 ] && [ -f "$dest" ] && cmp -s "$src" "$dest"; then return 1; fi
  if [ "$DRY" = 1 ]; then
    echo "would write: $dest (mode $mode, owner $owner):"
    sed 's/^/    /' "$src"
  else
    "${SUDO[@]}" install -m "$mode" -o "${owner%%:*}" -g "${owner##*:}" "$src" "$dest"
    say "wrote $dest"
  fi
}

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# --- Which machine --------------------------------------------------------------------------
MODEL_FILE=${CAIRN_MODEL_FILE:-/proc/device-tree/model}  # tests point this at a file of their own
MODEL=""
if [ -r "$MODEL_FILE" ]; then MODEL=$(tr -d '\0' <"$MODEL_FILE"); fi
ON_PI=0
case "$MODEL" in "Raspberry Pi"*) ON_PI=1 ;; esac
PI=$((ON_PI | FORCE_PI))
# A dry run for a Pi on another machine describes a fresh Raspberry Pi OS instead of this one.
SIMULATE=0
if [ "$DRY" = 1 ] && [ "$FORCE_PI" = 1 ] && [ "$ON_PI" = 0 ]; then SIMULATE=1; fi

# The tests come along by default everywhere (the README's test command needs them); the lint and
# type checks (ruff, mypy, shellcheck: only .ci/run uses them) off a Raspberry Pi, or with --dev.
if [ -z "$DEV" ]; then
  if [ "$PI" = 1 ]; then DEV=tests; else DEV=dev; fi
fi

# --- Which OS generation ------------------------------------------------------------------------
# Debian 12 / Raspberry Pi OS Bookworm has Python 3.11, Debian 13 / Trixie Python 3.13; each has its
# own constraints file. Another system is matched by its Python version.
OS_RELEASE=${CAIRN_OS_RELEASE:-/etc/os-release}  # tests point this at a file of their own
CODENAME=""
if [ -r "$OS_RELEASE" ]; then
  CODENAME=$(sed -n 's/^VERSION_CODENAME=//p' "$OS_RELEASE" | tr -d "\"'" | head -n 1)
fi
PY=${CAIRN_PYTHON:-/usr/bin/python3}  # tests point this at a stand-in
python_of() { case "$1" in bookworm) echo 3.11 ;; trixie) echo 3.13 ;; esac; }
GEN=""
case "$CODENAME" in bookworm | trixie) GEN=$CODENAME ;; esac

if [ "$SIMULATE" = 1 ]; then
  GEN=${GEN:-trixie}
  say "dry run for a Raspberry Pi; this machine is not one, so assuming a fresh Raspberry Pi OS (64-bit) $GEN"
elif [ "$PI" = 1 ]; then
  say "Raspberry Pi: ${MODEL:-forced by --pi}"
  arch=$(uname -m)
  [ "$arch" = aarch64 ] || die "this Raspberry Pi runs a $arch system; Cairn needs Raspberry Pi OS (64-bit), Trixie or Bookworm (aarch64): install it with Raspberry Pi Imager"
fi
if [ "$DRY" = 1 ]; then say "dry run: nothing will be changed"; fi

# --- The kiosk service ------------------------------------------------------------------------
SERVICE_USER=cairn
STATE_DIR=/var/lib/cairn
UNIT=/etc/systemd/system/cairn.service
DEFAULTS=/etc/default/cairn
SERVICE_GROUPS=(video render input gpio dialout)

check_systemd() {
  [ "$SIMULATE" = 0 ] || return 0
  if [ ! -d /run/systemd/system ]; then
    if [ "$DRY" = 1 ]; then
      warn "systemd is not running on this machine: a real run would stop here"
    else
      die "systemd is not running on this machine (no /run/systemd/system): the kiosk service needs a systemd boot, as on Raspberry Pi OS"
    fi
  fi
}

uninstall_service() {
  need_root "--uninstall-service"
  check_systemd
  if [ "$SIMULATE" = 0 ] && [ ! -e "$UNIT" ]; then
    say "the kiosk service is not installed ($UNIT is missing): nothing to remove"
    return
  fi
  [ "$SIMULATE" = 0 ] || say "assuming the kiosk service is installed"
  as_root systemctl disable --now cairn.service
  as_root rm -f "$UNIT"
  as_root systemctl daemon-reload
  if [ "$DRY" = 1 ]; then say "that removes the kiosk service."; else say "removed the kiosk service."; fi
  say "kept the user $SERVICE_USER, $STATE_DIR (saved games) and $DEFAULTS;"
  say "  to remove them too: sudo userdel $SERVICE_USER && sudo rm -r $STATE_DIR $DEFAULTS"
}

if [ "$ACTION" = uninstall-service ]; then
  uninstall_service
  if [ "$DRY" = 1 ]; then say "dry run done: nothing was changed"; fi
  exit 0
fi

# check_python: the system Python's version, and from it the generation when the codename did not
# tell; dies (before anything is installed, when Python is already there) if none is pinned for it.
PY_VERSION=$(python_of "$GEN")
check_python() {
  [ "$SIMULATE" = 0 ] && [ -x "$PY" ] || return 0
  PY_VERSION=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  if [ -z "$GEN" ]; then
    case "$PY_VERSION" in 3.11) GEN=bookworm ;; 3.13) GEN=trixie ;; esac
  fi
  if [ -z "$GEN" ] || [ "$(python_of "$GEN")" != "$PY_VERSION" ]; then
    die "Cairn has pinned packages for Python 3.11 (Debian 12 / Raspberry Pi OS Bookworm) and Python 3.13 (Debian 13 / Raspberry Pi OS Trixie); this is ${CODENAME:-an unknown system} with Python $PY_VERSION ($PY)"
  fi
}
check_python

# --- System packages ----------------------------------------------------------------------------
# Trixie renamed some libraries for the 64-bit time_t transition (libfoo -> libfoot64).
t64=""
[ "$GEN" != trixie ] || t64=t64
APT_PACKAGES=(python3 python3-venv fonts-noto-cjk
  libgl1 libegl1 libgles2 libgl1-mesa-dri "libmtdev1$t64" "libglib2.0-0$t64" libxrender1 libxi6 libxkbcommon0)
# the UI tests' private display, and the shell scripts' lint
[ "$DEV" = no-dev ] || APT_PACKAGES+=(xvfb xauth)
[ "$DEV" != dev ] || APT_PACKAGES+=(shellcheck)
APT_OPTIONS=(-y -q)
if [ "$PI" = 1 ]; then
  # picamera2 and its libcamera bindings exist only as apt packages (from the Raspberry Pi OS
  # archive), built for the system Python and numpy; lgpio drives the pins for gpiozero (the only
  # pin library that works on a Pi 5); libdrm/libgbm/libudev for SDL's KMSDRM console video.
  APT_PACKAGES+=(python3-picamera2 python3-libcamera python3-lgpio liblgpio1 libdrm2 libgbm1 libudev1 v4l-utils)
  # Without Recommends, as picamera2's README installs it on Lite: no Qt/GUI stack comes along.
  APT_OPTIONS+=(--no-install-recommends)
elif [ "$ACTION" = service ]; then
  APT_PACKAGES+=(libdrm2 libgbm1 libudev1)  # SDL's KMSDRM video, for the kiosk on another machine
fi

missing=()
if [ "$SIMULATE" = 1 ]; then
  missing=("${APT_PACKAGES[@]}")
else
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
fi
if [ ${#missing[@]} -gt 0 ]; then
  need_root "installing system packages"
  say "installing system packages: ${missing[*]}"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install "${APT_OPTIONS[@]}" "${missing[@]}"
else
  say "system packages: all ${#APT_PACKAGES[@]} present"
fi

# --- The virtual environment ---------------------------------------------------------------------
check_python
[ "$SIMULATE" = 1 ] || [ -x "$PY" ] || [ "$DRY" = 1 ] || die "$PY is missing after the package install"

VENV_OPTIONS=()
# On the Pi the venv must see the apt picamera2, libcamera and lgpio.
if [ "$PI" = 1 ]; then VENV_OPTIONS=(--system-site-packages); fi
venv_problem=""
if [ "$SIMULATE" = 1 ] || [ ! -e .venv ]; then
  venv_problem=missing
elif ! venv_version=$(.venv/bin/python -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null); then
  venv_problem="broken: .venv/bin/python does not run"
elif [ -n "$PY_VERSION" ] && [ "$venv_version" != "$PY_VERSION" ]; then
  venv_problem="made with Python $venv_version, the system now has $PY_VERSION"
elif [ "$PI" = 1 ] && ! grep -qiE '^include-system-site-packages *= *true' .venv/pyvenv.cfg; then
  venv_problem="made without --system-site-packages, so picamera2 and lgpio are invisible to it"
fi
if [ -n "$venv_problem" ]; then
  if [ "$venv_problem" != missing ]; then
    say "recreating .venv ($venv_problem)"
    run rm -rf .venv
  else
    say "creating .venv"
  fi
  run "$PY" -m venv "${VENV_OPTIONS[@]}" .venv
fi

# --- Pinned Python packages -------------------------------------------------------------------------
# Every package, transitive ones too, pinned with the hashes of its files for x86-64 and aarch64
# (tools/compile_requirements.sh); the -tests file has the same pins plus the test tools, the -dev
# file plus the lint and type checks as well.
REQUIREMENTS=requirements/${GEN:-trixie}.txt
[ "$DEV" = no-dev ] || REQUIREMENTS=requirements/${GEN:-trixie}-$DEV.txt
stamp=.venv/.cairn-requirements
want="$REQUIREMENTS $(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"
packages_changed=0
if [ -n "$venv_problem" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  say "installing Python packages ($REQUIREMENTS)"
  run .venv/bin/python -m pip install -q --disable-pip-version-check --require-hashes -r "$REQUIREMENTS"
  packages_changed=1
else
  say "Python packages: $REQUIREMENTS unchanged since the last install"
fi
# Cairn itself, editable (pyproject.toml): the `cairn` command in .venv/bin runs this checkout.
if [ "$packages_changed" = 1 ] || [ ! -x .venv/bin/cairn ]; then
  run .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e .
fi

# One line that imports what a broken numpy/OpenCV/picamera2 combination breaks, and says which
# versions it got. picamera2 (apt) is built against the system's numpy: Bookworm's 1.24 (numpy 2
# breaks it), Trixie's 2.2.
CHECK='import importlib.metadata as md, numpy, cv2, polib, fontTools'
[ "$PI" = 0 ] || CHECK+=', picamera2'
CHECK+='; print("setup: imports ok: numpy", numpy.__version__, "| opencv", cv2.__version__, "| kivy", md.version("kivy")'
[ "$PI" = 0 ] || CHECK+=', "| picamera2", md.version("picamera2")'
CHECK+=')'
if [ "$DRY" = 1 ]; then
  run .venv/bin/python -c "$CHECK"
elif ! .venv/bin/python -c "$CHECK"; then
  hint="check the pins in $REQUIREMENTS, then run: rm -rf .venv && ./setup.sh"
  [ "$PI" = 0 ] || [ "$GEN" != bookworm ] || hint="picamera2 needs numpy < 2 (it is built against Bookworm's numpy 1.24): $hint"
  die "the installed Python packages do not import (the error is above); $hint"
fi
if [ "$packages_changed" = 1 ] && [ "$DRY" = 0 ]; then echo "$want" >"$stamp"; fi

# --- The kiosk service (--service) --------------------------------------------------------------
install_service() {
  need_root "--service"
  check_systemd
  case "$CAIRN_DIR" in
    *[[:space:]\\\|\&\$%]*) die "the kiosk service cannot start Cairn from a path with spaces or any of \\ | & \$ %: $CAIRN_DIR (clone it to /opt/cairn)" ;;
  esac

  local groups=() group
  for group in "${SERVICE_GROUPS[@]}"; do
    if [ "$SIMULATE" = 1 ] || getent group "$group" >/dev/null; then
      groups+=("$group")
    else
      warn "there is no group $group on this machine: the service will run without it"
    fi
  done
  local group_list
  group_list=$(IFS=,; echo "${groups[*]}")
  if [ "$SIMULATE" = 1 ] || ! id "$SERVICE_USER" >/dev/null 2>&1; then
    as_root useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
      --shell /usr/sbin/nologin --groups "$group_list" "$SERVICE_USER"
    [ "$DRY" = 1 ] || say "created the user $SERVICE_USER (groups $group_list)"
  else
    local has lacking=()
    has=" $(id -nG "$SERVICE_USER") "
    for group in "${groups[@]}"; do
      [[ "$has" == *" $group "* ]] || lacking+=("$group")
    done
    if [ ${#lacking[@]} -gt 0 ]; then
      as_root usermod --append --groups "$(IFS=,; echo "${lacking[*]}")" "$SERVICE_USER"
      [ "$DRY" = 1 ] || say "added the user $SERVICE_USER to the groups ${lacking[*]}"
    fi
  fi
  if [ "$SIMULATE" = 1 ] || [ ! -d "$STATE_DIR/data" ] || [ ! -d "$STATE_DIR/kivy" ]; then
    as_root install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 0750 "$STATE_DIR" "$STATE_DIR/kivy" "$STATE_DIR/data"
  fi

  # The service user must be able to reach this checkout and use its .venv.
  if [ "$DRY" = 1 ]; then
    as_root runuser -u "$SERVICE_USER" -- "$CAIRN_DIR/.venv/bin/python" -I -c 'import numpy, cv2'
  elif ! "${SUDO[@]}" runuser -u "$SERVICE_USER" -- test -r "$CAIRN_DIR/main.py" -a -x "$CAIRN_DIR/.venv/bin/python" ||
    ! "${SUDO[@]}" runuser -u "$SERVICE_USER" -- "$CAIRN_DIR/.venv/bin/python" -I -c 'import numpy, cv2'; then
    die "the user $SERVICE_USER cannot read $CAIRN_DIR or use its .venv (is a home directory on the way private, mode 700?). Put the checkout in /opt/cairn (docs/raspberry-pi.md), or let others through: chmod o+x <that directory>"
  fi

  local changed=0
  if install_file deploy/kivy-kiosk.ini "$STATE_DIR/kivy/config.ini" 0644 "$SERVICE_USER:$SERVICE_USER"; then changed=1; fi
  if [ "$SIMULATE" = 1 ] || [ ! -e "$DEFAULTS" ]; then
    install_file deploy/cairn.default "$DEFAULTS" 0644 root:root || true
  else
    say "keeping your $DEFAULTS"
  fi
  # RestartSteps= and RestartMaxDelaySec= came with systemd 254 (Debian 13); Debian 12 has 252
  local older=() systemd
  systemd=$(systemctl --version 2>/dev/null | awk 'NR == 1 { print $2 + 0 }' || true)
  # no systemctl here (a dry run in a container or a chroot): the generation's own, 252 or 257
  if [ -z "$systemd" ]; then
    if [ "$GEN" = bookworm ]; then systemd=252; else systemd=257; fi
  fi
  if [ "$systemd" -lt 254 ]; then
    older=(-e '/^Restart\(Steps\|MaxDelaySec\)=/d')
  fi
  sed -e "s|@CAIRN_DIR@|$CAIRN_DIR|g" -e "s|@CAIRN_USER@|$SERVICE_USER|g" -e "s|@STATE_DIR@|$STATE_DIR|g" \
    "${older[@]}" deploy/cairn.service.in >"$TMP/cairn.service"
  if install_file "$TMP/cairn.service" "$UNIT" 0644 root:root; then
    changed=1
    as_root systemctl daemon-reload
  fi
  if [ "$SIMULATE" = 1 ] || ! systemctl is-enabled --quiet cairn.service 2>/dev/null; then
    as_root systemctl enable cairn.service
  fi
  if [ "$SIMULATE" = 0 ] && systemctl is-active --quiet display-manager.service 2>/dev/null; then
    warn "a desktop is running: the console kiosk cannot show while it owns the screen. Boot to the console (sudo raspi-config nonint do_boot_behaviour B1) or use the desktop autostart (docs/raspberry-pi.md)"
  fi
  if [ "$SIMULATE" = 0 ] && systemctl is-active --quiet cairn.service 2>/dev/null; then
    # So that an update (git pull && ./setup.sh --service) runs the new code.
    as_root systemctl restart cairn.service
    [ "$DRY" = 1 ] || say "restarted cairn.service"
  else
    say "cairn.service is enabled: Cairn starts full screen at the next boot; to start it now: sudo systemctl start cairn"
  fi
  [ "$changed" = 0 ] || [ "$DRY" = 1 ] || say "installed the kiosk service files"
  say "logs: journalctl -u cairn -f    settings: $DEFAULTS    remove: ./setup.sh --uninstall-service"
}

if [ "$ACTION" = service ]; then
  install_service
elif [ "$DRY" = 0 ] && [ -e "$UNIT" ]; then
  say "the kiosk service is installed: to refresh it and run this code, use ./setup.sh --service"
fi
if [ "$DRY" = 1 ]; then
  say "dry run done: nothing was changed"
else
  say "ready. Run Cairn with: .venv/bin/python main.py"
fi
