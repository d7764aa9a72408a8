#!/usr/bin/env bash
# The README's two commands on a fresh Debian, as a new user runs them:
#   ./setup.sh && .venv/bin/python main.py        (started under a private Xvfb, then stopped)
#   ./setup.sh && .venv/bin/python -m pytest      (the whole suite)
# in a new `debootstrap --variant=minbase` root (chroot) holding a git clone of this repository's
# HEAD with ../shared beside it. Only what a fresh machine lacks to reach the same package index
# as this one comes in from here: the extra CA certificates and the pip index settings.
#
# Usage (as root): tools/os_check.sh bookworm|trixie [--arch amd64|arm64] [--no-tests | --only TESTS]
#                  [--keep]
#   --arch arm64  an aarch64 root run through qemu-user-static (real, but many times slower)
#   --no-tests    stop after the first command (setup twice, and main.py)
#   --only TESTS  run only these pytest arguments (e.g. tests/test_setup_sh.py), not the whole suite
#   --keep        leave the root in place afterwards (default: removed)
# Environment: CAIRN_CHECK_DIR (where roots go, default /var/tmp/cairn-os-check),
#   CAIRN_MIRROR (default http://deb.debian.org/debian).
# Prints the time of each step; the log of each is kept in $CAIRN_CHECK_DIR/<suite>-<arch>.log.
set -euo pipefail
# The whole script is one function, read by bash before it runs: editing this file while a check
# runs cannot change what that check does.
main() {
here=$(cd "$(dirname "$0")/.." && pwd -P)

usage() { sed -n '9,17s/^# \{0,1\}//p' "$0"; }
suite="" arch=$(dpkg --print-architecture) keep=0 tests=1 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    bookworm | trixie) suite=$1 ;;
    --arch) arch=${2:?--arch needs amd64 or arm64}; shift ;;
    --keep) keep=1 ;;
    --no-tests) tests=0 ;;
    --only) only=${2:?--only needs pytest arguments}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "os_check: unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done
[ -n "$suite" ] || { usage >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "os_check: needs root (debootstrap, chroot, mounts)" >&2; exit 1; }

mirror=${CAIRN_MIRROR:-http://deb.debian.org/debian}
base=${CAIRN_CHECK_DIR:-/var/tmp/cairn-os-check}
root=$base/$suite-$arch
log=$base/$suite-$arch.log
mkdir -p "$base"
: >"$log"

say() { echo "os_check: $*"; }
now() { date +%s; }
step_start=0
begin() { step_start=$(now); say "$1 ..."; }
end() { say "  $1 in $(($(now) - step_start)) s"; }

tools=(debootstrap)
[ "$arch" = "$(dpkg --print-architecture)" ] || tools+=(qemu-user-static binfmt-support)
missing=()
for t in "${tools[@]}"; do dpkg-query -W -f='${Status}' "$t" 2>/dev/null | grep -q "ok installed" || missing+=("$t"); done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} on this machine"
  apt-get update -q >>"$log" 2>&1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >>"$log" 2>&1
fi
if [ "$arch" = arm64 ] && [ "$(uname -m)" != aarch64 ] && [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
  # without systemd nothing registers qemu for aarch64 programs: do it here
  [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  update-binfmts --enable qemu-aarch64
fi

mounted=()
# shellcheck disable=SC2317  # run by the EXIT trap
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
  if [ "$keep" = 0 ] && [ -d "$root" ]; then rm -rf --one-file-system "$root"; fi
}
trap cleanup EXIT

# --- a fresh minbase root -----------------------------------------------------------------------
if [ -e "$root" ]; then rm -rf --one-file-system "$root"; fi
total_start=$(now)
begin "debootstrap --variant=minbase --arch $arch $suite"
debootstrap --variant=minbase --arch "$arch" "$suite" "$root" "$mirror" >>"$log" 2>&1 ||
  { tail -20 "$log"; exit 1; }
end "made $root"
security=${mirror%/debian}/debian-security
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror $suite main
deb $mirror $suite-updates main
deb $security $suite-security main
EOF

# CA certificates this machine trusts beyond Debian's own (a proxy's, say): the bundle now, and the
# sources, so that the root's ca-certificates package keeps them when it rebuilds the bundle.
mkdir -p "$root/etc/ssl/certs" "$root/usr/local/share/ca-certificates"
[ ! -f /etc/ssl/certs/ca-certificates.crt ] || cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
[ ! -d /usr/local/share/ca-certificates ] || cp -a /usr/local/share/ca-certificates/. "$root/usr/local/share/ca-certificates/"
# The package index pip uses here, if it is not PyPI (local file:// indexes cannot come along).
pip_env=()
for name in PIP_INDEX_URL PIP_EXTRA_INDEX_URL PIP_TRUSTED_HOST http_proxy https_proxy HTTP_PROXY HTTPS_PROXY no_proxy NO_PROXY; do
  value=${!name:-}
  if [ -z "$value" ] && [ "${name#PIP_}" != "$name" ] && command -v pip >/dev/null; then
    key=$(echo "${name#PIP_}" | tr '[:upper:]_' '[:lower:]-')
    value=$(pip config get "global.$key" 2>/dev/null || true)
  fi
  # shellcheck disable=SC2086  # split the list on purpose
  value=$(printf '%s\n' $value | grep -E '^https?://|^[a-z0-9.-]+$' | tr '\n' ' ' | sed 's/ $//' || true)
  [ -z "$value" ] || pip_env+=("$name=$value")
done
[ ${#pip_env[@]} -eq 0 ] || say "pip settings passed in: ${pip_env[*]}"

# --- the checkout, as a new user gets it --------------------------------------------------------
mkdir -p "$root/opt/check"
git clone -q "$here" "$root/opt/check/cairn"
say "cloned $(git -C "$here" rev-parse --short HEAD) ($(git -C "$here" log -1 --format=%s | cut -c1-60))"
if [ -d "$here/../shared" ]; then cp -a "$(cd "$here/../shared" && pwd -P)" "$root/opt/check/shared"; fi

for fs in proc sys dev dev/pts; do
  case "$fs" in
    proc) mount -t proc proc "$root/proc" ;;
    sys) mount --rbind /sys "$root/sys"; mount --make-rslave "$root/sys" ;;
    dev) mount --rbind /dev "$root/dev"; mount --make-rslave "$root/dev" ;;
    dev/pts) continue ;;
  esac
  mounted+=("$root/$fs")
done
mount -t tmpfs tmpfs "$root/tmp" && mounted+=("$root/tmp")
# The root shares this machine's network namespace, and with it X's abstract sockets: it sees this
# machine's X sockets, so that an Xvfb inside picks a display number that no X server here holds.
mkdir -p "$root/tmp/.X11-unix"
if [ -d /tmp/.X11-unix ]; then mount --bind /tmp/.X11-unix "$root/tmp/.X11-unix" && mounted+=("$root/tmp/.X11-unix"); fi
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

inside() {
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "${pip_env[@]}" \
    bash -c "cd /opt/check/cairn || exit 1
$1"
}

# --- 1: ./setup.sh && .venv/bin/python main.py --------------------------------------------------
begin "./setup.sh (fresh)"
inside "./setup.sh" >>"$log" 2>&1 || { tail -30 "$log"; say "FAILED: ./setup.sh"; exit 1; }
end "./setup.sh fresh"
begin "./setup.sh (second run)"
inside "./setup.sh" >>"$log" 2>&1 || { tail -30 "$log"; say "FAILED: second ./setup.sh"; exit 1; }
end "./setup.sh again"

# main.py with no arguments, as the README says, on a private display: it must have opened its
# SDL2 window and still be running, with no traceback, after 60 s. (The UI tests in the suite below
# then drive the real app by touch.)
begin "main.py on Xvfb"
status=0
# shellcheck disable=SC2016  # expanded inside the root
inside 'n=7; while [ -e /tmp/.X11-unix/X$n ]; do n=$((n + 1)); done
  Xvfb :$n -screen 0 800x480x24 +extension GLX -nolisten tcp >/tmp/xvfb.log 2>&1 & x=$!
  for _ in $(seq 100); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.1; done
  export DISPLAY=:$n CAIRN_DATA_DIR=/tmp/cairn-data
  KCFG_KIVY_LOG_LEVEL=info timeout 60 .venv/bin/python main.py >/tmp/main.log 2>&1; rc=$?
  cat /tmp/main.log
  if grep -q "Traceback" /tmp/main.log; then rc=1; fi
  if ! grep -Eq "\[Window +\] Provider: sdl2" /tmp/main.log; then rc=1; fi
  kill $x; wait $x 2>/dev/null; rm -f /tmp/.X11-unix/X$n  # (shared with this machine)
  [ "$rc" = 124 ]' >>"$log" 2>&1 || status=$?
if [ "$status" != 0 ]; then tail -40 "$log"; say "FAILED: main.py did not keep running (rc $status)"; exit 1; fi
end "main.py opened its window and ran for 60 s"

if [ "$tests" = 0 ]; then say "PASSED (without the tests) on $suite $arch in $(($(now) - total_start)) s"; return 0; fi

# --- 2: ./setup.sh && .venv/bin/python -m pytest ------------------------------------------------
begin "./setup.sh && .venv/bin/python -m pytest"
status=0
inside "./setup.sh && .venv/bin/python -m pytest -rs ${only}" >>"$log" 2>&1 || status=$?
end "pytest"
summary=$(grep -E '(passed|failed|error)' "$log" | tail -1)
say "pytest: $summary"
grep -E '^SKIPPED' "$log" | sed 's/^/os_check:   /' || true
if [ "$status" != 0 ]; then grep -E '^(FAILED|ERROR)' "$log" | head -30; say "FAILED: pytest (rc $status), log: $log"; exit 1; fi
say "PASSED on $suite $arch in $(($(now) - total_start)) s; log: $log"
}

main "$@"; exit "$?"  # on one line: bash reads no further, even if this file is edited meanwhile
