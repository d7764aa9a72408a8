"""setup.sh, .ci/run and deploy/: shellcheck, the dry runs, the kiosk unit and Kivy configs, the guide.

The dry runs are run for real, on a copy of the install files in a temporary directory, and must
print the expected commands while changing nothing, neither in the copy nor in /etc or /var/lib.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SETUP = ROOT / "setup.sh"
GROUPS = "video,render,input,gpio,dialout"
UNIT = "/etc/systemd/system/cairn.service"
KIOSK_INI = ROOT / "deploy" / "kivy-kiosk.ini"
#: the OS generation of this machine, by its Python (the tests run in the .venv setup.sh made)
HOST_GEN = {(3, 11): "bookworm", (3, 13): "trixie"}[sys.version_info[:2]]
DESKTOP_INI = ROOT / "deploy" / "kivy-desktop.ini"


def need_tool(name: str) -> str:
    """The path of a tool setup.sh installs; missing fails on CI and skips elsewhere."""
    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing: setup.sh installs it")
        pytest.skip(f"{name} is missing (./setup.sh installs it)")
    return path


@pytest.fixture()
def checkout(tmp_path: Path) -> Path:
    """A copy of the files setup.sh reads, with no .venv yet (a fresh clone before setup)."""
    dest = tmp_path / "cairn"
    dest.mkdir()
    shutil.copy2(SETUP, dest / "setup.sh")
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")
    shutil.copytree(ROOT / "requirements", dest / "requirements")
    shutil.copytree(ROOT / "deploy", dest / "deploy")
    return dest


def pip_install(requirements: str) -> str:
    """The pip command setup.sh runs for a requirements file."""
    return f".venv/bin/python -m pip install -q --disable-pip-version-check --require-hashes -r {requirements}"


def os_release(tmp_path: Path, codename: str) -> dict[str, str]:
    """Environment for setup.sh that shows it an /etc/os-release of ``codename``."""
    path = tmp_path / f"os-release-{codename}"
    path.write_text(f'PRETTY_NAME="Some OS"\nVERSION_CODENAME={codename}\nID=debian\n')
    return {"CAIRN_OS_RELEASE": str(path)}


def fake_python(tmp_path: Path, version: str) -> dict[str, str]:
    """Environment for setup.sh whose system Python says it is ``version``."""
    path = tmp_path / f"python{version}"
    path.write_text(f"#!/bin/sh\necho {version}\n")
    path.chmod(0o755)
    return {"CAIRN_PYTHON": str(path)}


#: setup.sh reads the board model here; by default the tests show it no model, so that they see
#: the same (non-Pi, or simulated Pi with --pi) behaviour on a PC and on a Raspberry Pi.
NO_MODEL = {"CAIRN_MODEL_FILE": "/nonexistent/device-tree/model"}


def run_setup(where: Path, *args: str, env: dict[str, str] | None = None,
              this_board: bool = False) -> subprocess.CompletedProcess[str]:
    """Run WHERE/setup.sh ARGS; ``this_board`` lets it see this machine's real board model."""
    return subprocess.run(
        ["bash", str(where / "setup.sh"), *args],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
        env={**os.environ, **({} if this_board else NO_MODEL), **(env or {})},
    )


def snapshot(*roots: Path) -> dict[str, tuple[int, int, int]]:
    """Every path under the roots with its mode, size and modification time."""
    seen: dict[str, tuple[int, int, int]] = {}
    for root in roots:
        if not root.exists():
            seen[str(root)] = (0, 0, 0)
            continue
        for path in [root, *root.rglob("*")]:
            st = path.lstat()
            seen[str(path)] = (st.st_mode, st.st_size, st.st_mtime_ns)
    return seen


def system_state() -> tuple[object, ...]:
    """What a real --service run would change outside the checkout."""
    user = subprocess.run(["getent", "passwd", "cairn"], capture_output=True, text=True).stdout
    return (user, snapshot(Path("/etc/systemd/system"), Path("/etc/default/cairn"), Path("/var/lib/cairn")))


def dry_run(where: Path, *args: str, env: dict[str, str] | None = None, this_board: bool = False) -> str:
    """Run setup.sh --dry-run ARGS; it must exit 0 and change nothing. Returns its stdout."""
    # In the real checkout, watch what setup.sh writes (others may be editing the rest).
    watched = [where] if where != ROOT else [ROOT / ".venv", ROOT / "requirements", ROOT / "deploy"]
    before = (snapshot(*watched), system_state())
    result = run_setup(where, "--dry-run", *args, env=env, this_board=this_board)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (snapshot(*watched), system_state()) == before, "a dry run changed something"
    assert "dry run done: nothing was changed" in result.stdout
    return result.stdout


def commands(output: str) -> list[str]:
    """The 'would run:' lines, without the prefix and without a leading sudo."""
    lines = [line.removeprefix("would run: ") for line in output.splitlines() if line.startswith("would run: ")]
    return [line.removeprefix("sudo ") for line in lines]


def written(output: str, path: str) -> str:
    """The content a dry run shows for a file it would write at PATH."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"would write: {path} "))
    body = []
    for line in lines[start + 1:]:
        if not (line.startswith("    ") or line == ""):
            break
        body.append(line[4:])
    return "\n".join(body) + "\n"


# --- shellcheck and usage -----------------------------------------------------------------------

def test_shell_scripts_pass_shellcheck() -> None:
    shellcheck = need_tool("shellcheck")
    scripts = [SETUP, ROOT / ".ci" / "run", ROOT / "tools" / "os_check.sh", ROOT / "tools" / "compile_requirements.sh"]
    result = subprocess.run([shellcheck, *map(str, scripts)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_help_prints_usage_and_exits_0(checkout: Path) -> None:
    result = run_setup(checkout, "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("Usage: ./setup.sh")
    for flag in ("--pi", "--dev", "--no-dev", "--service", "--uninstall-service", "--dry-run"):
        assert flag in result.stdout


@pytest.mark.parametrize("args", [["--bogus"], ["service"], ["-x"], ["--dry-run", "--service", "--uninstall-service"],
                                  ["--dev", "--no-dev"]])
def test_bad_flags_give_usage_and_exit_2(checkout: Path, args: list[str]) -> None:
    before = snapshot(checkout)
    result = run_setup(checkout, *args)
    assert result.returncode == 2
    assert "Usage: ./setup.sh" in result.stderr
    assert result.stdout == ""
    assert snapshot(checkout) == before


# --- dry runs on this machine ---------------------------------------------------------------------

def test_dry_run_on_a_fresh_checkout_shows_venv_and_pip(checkout: Path) -> None:
    out = dry_run(checkout)
    cmds = commands(out)
    assert "/usr/bin/python3 -m venv .venv" in cmds
    assert pip_install(f"requirements/{HOST_GEN}-dev.txt") in cmds  # off a Pi: with the tests
    assert ".venv/bin/python -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e ." in cmds
    check = [c for c in cmds if c.startswith(".venv/bin/python -c ")]
    assert len(check) == 1 and "import importlib.metadata as md, numpy, cv2, polib, fontTools;" in check[0]
    assert "picamera2" not in out and "--system-site-packages" not in out
    assert not any(c.startswith(("useradd", "systemctl")) for c in cmds)


def test_dry_run_recreates_a_broken_venv(checkout: Path) -> None:
    python = checkout / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.symlink_to("/nonexistent/python3.11")  # e.g. a checkout copied from another machine
    (checkout / ".venv" / ".cairn-requirements").write_text("stale\n")
    cmds = commands(out := dry_run(checkout))
    assert "recreating .venv (broken: .venv/bin/python does not run)" in out
    assert cmds[:3] == ["rm -rf .venv", "/usr/bin/python3 -m venv .venv", pip_install(f"requirements/{HOST_GEN}-dev.txt")]


def test_dry_run_lists_the_apt_install_for_missing_packages(checkout: Path, tmp_path: Path) -> None:
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    (fake_bin / "dpkg-query").write_text("#!/bin/sh\n# no package is installed\nexit 1\n")
    (fake_bin / "dpkg-query").chmod(0o755)
    out = dry_run(checkout, env={"PATH": f"{fake_bin}:{os.environ['PATH']}"})
    cmds = commands(out)
    assert "apt-get update -q" in cmds
    install = next(c for c in cmds if "apt-get install" in c)
    assert install.startswith("env DEBIAN_FRONTEND=noninteractive apt-get install -y -q ")
    for pkg in ("fonts-noto-cjk", "xvfb", "libgl1", "libegl1", "libgles2", "libmtdev1", "shellcheck"):
        assert f" {pkg}" in install
    assert "--no-install-recommends" not in install  # the desktop path keeps apt's defaults
    assert "python3-picamera2" not in install


def test_dry_run_after_setup_has_nothing_to_install() -> None:
    """This checkout was set up by ./setup.sh (CI runs it first): a dry run must find nothing to do."""
    if not (ROOT / ".venv" / ".cairn-requirements").exists():
        if os.environ.get("CI"):
            pytest.fail("./setup.sh has not been run in this checkout")
        pytest.skip("run ./setup.sh first")
    # as it was set up: with the test and lint tools (--dev), the test tools only (--tests) or neither
    stamp = (ROOT / ".venv" / ".cairn-requirements").read_text()
    level = next((x for x in ("dev", "tests") if f"-{x}.txt " in stamp), "")
    out = dry_run(ROOT, f"--{level or 'no-dev'}", this_board=True)
    assert "system packages: all" in out
    assert f"requirements/{HOST_GEN}{'-' + level if level else ''}.txt unchanged since the last install" in out
    assert [c for c in commands(out) if not c.startswith(".venv/bin/python -c ")] == []


# --- dry runs for a Raspberry Pi ------------------------------------------------------------------------

def test_pi_dry_run_shows_camera_packages_and_a_system_site_venv(checkout: Path) -> None:
    out = dry_run(checkout, "--pi")
    cmds = commands(out)
    install = next(c for c in cmds if "apt-get install" in c)
    for pkg in ("python3-picamera2", "python3-libcamera", "python3-lgpio", "fonts-noto-cjk", "libmtdev1",
                "libgl1", "libegl1", "libgles2", "libgbm1", "libdrm2"):
        assert f" {pkg}" in install
    # the README's test command works on a Pi too: the tests' tools come along, the lint ones do not
    assert " xvfb" in install and " xauth" in install
    assert " shellcheck" not in install
    assert "--no-install-recommends" in install
    assert "/usr/bin/python3 -m venv --system-site-packages .venv" in cmds
    assert pip_install(f"requirements/{HOST_GEN}-tests.txt") in cmds
    check = next(c for c in cmds if c.startswith(".venv/bin/python -c "))
    assert "import importlib.metadata as md, numpy, cv2, polib, fontTools, picamera2;" in check
    assert not any(c.startswith(("useradd", "systemctl")) for c in cmds)


def test_pi_service_dry_run_shows_user_groups_config_and_unit(checkout: Path) -> None:
    out = dry_run(checkout, "--pi", "--service")
    cmds = commands(out)
    assert (f"useradd --system --user-group --home-dir /var/lib/cairn --no-create-home "
            f"--shell /usr/sbin/nologin --groups {GROUPS} cairn") in cmds
    assert "install -d -o cairn -g cairn -m 0750 /var/lib/cairn /var/lib/cairn/kivy /var/lib/cairn/data" in cmds
    assert "systemctl daemon-reload" in cmds
    assert "systemctl enable cairn.service" in cmds

    unit = written(out, UNIT)
    template = (ROOT / "deploy" / "cairn.service.in").read_text()
    if systemd_version() < 254:  # setup.sh drops what an older systemd does not know
        template = "".join(line for line in template.splitlines(keepends=True)
                           if not line.startswith(("RestartSteps=", "RestartMaxDelaySec=")))
    assert unit == template.replace(
        "@CAIRN_DIR@", str(checkout)).replace("@CAIRN_USER@", "cairn").replace("@STATE_DIR@", "/var/lib/cairn")
    lines = set(unit.splitlines())
    for line in ("User=cairn", "Group=cairn", "WorkingDirectory=/var/lib/cairn",
                 "Environment=SDL_VIDEODRIVER=kmsdrm", "Environment=KIVY_WINDOW=sdl2",
                 "Environment=KIVY_GL_BACKEND=sdl2", "Environment=KIVY_NO_ARGS=1",
                 "Environment=KIVY_HOME=/var/lib/cairn/kivy", "Environment=CAIRN_DATA_DIR=/var/lib/cairn/data",
                 "EnvironmentFile=-/etc/default/cairn", "Restart=on-failure", "RestartSec=5",
                 "Environment=SDL_TOUCH_MOUSE_EVENTS=0",
                 "WantedBy=multi-user.target",
                 f"ExecStart={checkout}/.venv/bin/python {checkout}/main.py --kiosk $CAIRN_ARGS"):
        assert line in lines, line
    assert not any(line.startswith("User=root") for line in lines)

    assert written(out, "/var/lib/cairn/kivy/config.ini") == KIOSK_INI.read_text()
    assert written(out, "/etc/default/cairn") == (ROOT / "deploy" / "cairn.default").read_text()


def test_pi_uninstall_dry_run_shows_the_removal(checkout: Path) -> None:
    out = dry_run(checkout, "--pi", "--uninstall-service")
    assert commands(out) == ["systemctl disable --now cairn.service", f"rm -f {UNIT}", "systemctl daemon-reload"]
    assert "kept the user cairn" in out


def test_uninstall_dry_run_here_matches_this_machine(checkout: Path) -> None:
    out = dry_run(checkout, "--uninstall-service")
    if Path(UNIT).exists():  # a Pi with the kiosk service: its removal is shown
        assert commands(out) == ["systemctl disable --now cairn.service", f"rm -f {UNIT}", "systemctl daemon-reload"]
    else:
        assert commands(out) == []
        assert "nothing to remove" in out


@pytest.mark.parametrize("name", ["my cairn", "cairn%i", "a&b"])
def test_service_refuses_a_path_the_unit_cannot_hold(checkout: Path, name: str) -> None:
    odd = checkout.rename(checkout.parent / name)
    result = run_setup(odd, "--dry-run", "--service")
    assert result.returncode == 1
    assert "the kiosk service cannot start Cairn from a path with spaces" in result.stderr
    assert "would write: /etc/systemd/system/cairn.service" not in result.stdout


def test_a_raspberry_pi_is_found_from_its_device_tree_model(checkout: Path, tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    before = snapshot(checkout)
    result = run_setup(checkout, "--dry-run", env={"CAIRN_MODEL_FILE": str(model)})
    assert snapshot(checkout) == before
    assert "Raspberry Pi: Raspberry Pi 5 Model B Rev 1.0" in result.stdout
    if os.uname().machine == "aarch64":
        assert result.returncode == 0, result.stderr
        assert "picamera2" in result.stdout  # the import check, printed by every dry run
    else:  # the "Pi" runs some other architecture: a clear error, before anything is done
        assert result.returncode == 1
        assert "Cairn needs Raspberry Pi OS (64-bit), Trixie or Bookworm (aarch64)" in result.stderr
        assert "would run" not in result.stdout


def test_another_board_takes_the_desktop_path(checkout: Path, tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Radxa ROCK 5B\0")
    out = dry_run(checkout, env={"CAIRN_MODEL_FILE": str(model)})
    assert "Raspberry Pi" not in out
    assert "/usr/bin/python3 -m venv .venv" in commands(out)


# --- the OS generation: Debian 12 / Bookworm (Python 3.11) or Debian 13 / Trixie (Python 3.13) ----------

@pytest.mark.parametrize("codename, python, gen", [
    ("bookworm", "3.11", "bookworm"), ("trixie", "3.13", "trixie"),
    ("noble", "3.13", "trixie"), ("", "3.11", "bookworm"),  # another system: by its Python
])
def test_dry_run_picks_the_constraints_of_the_os_generation(checkout: Path, tmp_path: Path, codename: str,
                                                           python: str, gen: str) -> None:
    env = {**os_release(tmp_path, codename), **fake_python(tmp_path, python)}
    cmds = commands(dry_run(checkout, env=env))
    assert pip_install(f"requirements/{gen}-dev.txt") in cmds
    assert not any("requirements/" in c and gen not in c for c in cmds)


def test_trixie_gets_the_renamed_libraries(checkout: Path, tmp_path: Path) -> None:
    fake_bin = tmp_path / "bin"
    fake_bin.mkdir()
    (fake_bin / "dpkg-query").write_text("#!/bin/sh\nexit 1\n")
    (fake_bin / "dpkg-query").chmod(0o755)
    env = {**os_release(tmp_path, "trixie"), **fake_python(tmp_path, "3.13"),
           "PATH": f"{fake_bin}:{os.environ['PATH']}"}
    install = next(c for c in commands(dry_run(checkout, env=env)) if "apt-get install" in c)
    assert " libglib2.0-0t64 " in install and " libmtdev1t64 " in install
    assert " libglib2.0-0 " not in install


@pytest.mark.parametrize("codename, python", [("bookworm", "3.13"), ("trixie", "3.11"), ("noble", "3.12"),
                                              ("", "3.14")])
def test_a_python_without_pinned_packages_is_refused_clearly(checkout: Path, tmp_path: Path, codename: str,
                                                             python: str) -> None:
    before = snapshot(checkout)
    result = run_setup(checkout, "--dry-run", env={**os_release(tmp_path, codename), **fake_python(tmp_path, python)})
    assert result.returncode == 1
    assert "Python 3.11 (Debian 12 / Raspberry Pi OS Bookworm) and Python 3.13 (Debian 13" in result.stderr
    assert f"with Python {python}" in result.stderr
    assert "would run" not in result.stdout and snapshot(checkout) == before


def test_a_venv_of_another_python_is_made_again(checkout: Path, tmp_path: Path) -> None:
    """After an upgrade from Bookworm to Trixie the old .venv still runs, on Python 3.11."""
    python = checkout / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\necho 3.11\n")
    python.chmod(0o755)
    env = {**os_release(tmp_path, "trixie"), **fake_python(tmp_path, "3.13")}
    out = dry_run(checkout, env=env)
    assert "recreating .venv (made with Python 3.11, the system now has 3.13)" in out
    cmds = [c for c in commands(out) if "apt-get" not in c]  # (the t64 libraries this machine lacks)
    assert cmds[:3] == ["rm -rf .venv", f"{env['CAIRN_PYTHON']} -m venv .venv", pip_install("requirements/trixie-dev.txt")]


def test_pi_dry_run_on_trixie_assumes_a_fresh_trixie(checkout: Path, tmp_path: Path) -> None:
    out = dry_run(checkout, "--pi", env=os_release(tmp_path, "trixie"))
    assert "assuming a fresh Raspberry Pi OS (64-bit) trixie" in out
    assert pip_install("requirements/trixie-tests.txt") in commands(out)


def test_dev_tests_and_no_dev_choose_the_tools(checkout: Path) -> None:
    pi_dev = commands(dry_run(checkout, "--pi", "--dev"))
    install = next(c for c in pi_dev if "apt-get install" in c)
    assert " xvfb" in install and " shellcheck" in install
    assert pip_install(f"requirements/{HOST_GEN}-dev.txt") in pi_dev
    assert pip_install(f"requirements/{HOST_GEN}-tests.txt") in commands(dry_run(checkout, "--tests"))
    pi_bare = commands(dry_run(checkout, "--pi", "--no-dev"))
    install = next(c for c in pi_bare if "apt-get install" in c)
    assert " xvfb" not in install and " shellcheck" not in install
    assert pip_install(f"requirements/{HOST_GEN}.txt") in pi_bare
    assert pip_install(f"requirements/{HOST_GEN}.txt") in commands(dry_run(checkout, "--no-dev"))


# --- the constraints files and the package ---------------------------------------------------------------

def pins(name: str) -> dict[str, tuple[str, int]]:
    """package -> (version, number of hashes) of requirements/NAME (markers for other systems left out)."""
    found: dict[str, tuple[str, int]] = {}
    current = ""
    for line in (ROOT / "requirements" / name).read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.-]+)==([^ ;\\]+)( ;[^\\]*)?", line)
        if m:
            current = "" if m.group(3) and "win32" in m.group(3) else m.group(1).lower()
            if current:
                found[current] = (m.group(2), 0)
        elif current and line.strip().startswith("--hash=sha256:"):
            version, hashes = found[current]
            found[current] = (version, hashes + 1)
    return found


@pytest.mark.parametrize("gen", ["bookworm", "trixie"])
def test_each_generation_pins_every_package_with_hashes(gen: str) -> None:
    runtime, tests, dev = pins(f"{gen}.txt"), pins(f"{gen}-tests.txt"), pins(f"{gen}-dev.txt")
    assert all(hashes for _version, hashes in dev.values()), "a package without hashes"
    assert {k: v for k, v in tests.items() if k in runtime} == runtime, "the tests file changes a runtime pin"
    assert {k: v for k, v in dev.items() if k in tests} == tests, "the dev file changes a tests pin"
    # binary packages carry one hash per wheel: at least x86-64 and aarch64 for each
    for binary in ("kivy", "numpy", "opencv-python-headless"):
        assert runtime[binary][1] >= 2, binary
    assert {"kivy", "numpy", "opencv-python-headless", "fonttools", "polib", "gpiozero"} <= set(runtime)
    assert not {"pytest", "hypothesis", "ruff", "mypy"} & set(runtime)
    assert {"pytest", "pytest-timeout", "hypothesis"} <= set(tests)
    assert not {"ruff", "mypy"} & set(tests)
    assert {"pytest", "pytest-timeout", "hypothesis", "ruff", "mypy"} <= set(dev)
    major = int(runtime["numpy"][0].split(".")[0])
    assert major == (1 if gen == "bookworm" else 2)  # the apt picamera2 of each is built against it


def test_the_package_has_a_cairn_command() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["build-system"]["build-backend"] == "setuptools.build_meta"
    assert project["project"]["scripts"] == {"cairn": "main:main"}
    assert project["project"]["requires-python"] == ">=3.11,<3.14"
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    cairn = ROOT / ".venv" / "bin" / "cairn"
    if not cairn.exists():
        if os.environ.get("CI"):
            pytest.fail("./setup.sh did not install the cairn command")
        pytest.skip("run ./setup.sh first")
    result = subprocess.run([str(cairn), "--help"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "score" in result.stdout and "read-dice" in result.stdout


# --- a real --service install, inside a private mount namespace ----------------------------------

FAKE_SYSTEMCTL = """#!/bin/sh
# systemctl for a machine without systemd: records each call, remembers enable/disable.
echo "$*" >>"$CAIRN_TEST_STATE/systemctl.log"
case "$1" in
  is-enabled) [ -e "$CAIRN_TEST_STATE/enabled" ] ;;
  is-active) exit 3 ;;
  enable) touch "$CAIRN_TEST_STATE/enabled" ;;
  disable) rm -f "$CAIRN_TEST_STATE/enabled" ;;
esac
"""

SERVICE_SCENARIO = r"""
set -euo pipefail
t=$1 checkout=$2
for d in etc var-lib run; do mkdir -p "$t/$d-up" "$t/$d-work"; done
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$t/etc-up,workdir=$t/etc-work" /etc
mount -t overlay overlay -o "lowerdir=/var/lib,upperdir=$t/var-lib-up,workdir=$t/var-lib-work" /var/lib
mount -t overlay overlay -o "lowerdir=/run,upperdir=$t/run-up,workdir=$t/run-work" /run
mkdir -p /run/systemd/system
for g in video render input gpio dialout; do getent group "$g" >/dev/null || groupadd --system "$g"; done
export PATH="$t/bin:$PATH" CAIRN_TEST_STATE="$t"
status=0
"$checkout/setup.sh" --service >"$t/run1.out" 2>&1 || status=$?
echo "$status" >"$t/run1.rc"
[ "$status" = 0 ] || exit 0
cp /etc/systemd/system/cairn.service "$t/unit"
cp /var/lib/cairn/kivy/config.ini "$t/config.ini"
stat -c '%U:%G %a' /var/lib/cairn /var/lib/cairn/kivy /var/lib/cairn/data /var/lib/cairn/kivy/config.ini >"$t/owners"
getent passwd cairn >"$t/passwd"
id -nG cairn >"$t/groups"
echo "CAIRN_ARGS=--camera 0" >>/etc/default/cairn
cp "$t/systemctl.log" "$t/systemctl1.log"
: >"$t/systemctl.log"
"$checkout/setup.sh" --service >"$t/run2.out" 2>&1
cp /etc/default/cairn "$t/defaults"
cp "$t/systemctl.log" "$t/systemctl2.log"
"$checkout/setup.sh" --uninstall-service >"$t/run3.out" 2>&1
test ! -e /etc/systemd/system/cairn.service && echo gone >"$t/unit-after"
getent passwd cairn >"$t/passwd-after" || true
test -d /var/lib/cairn/data && echo kept >"$t/data-after"
gpasswd --delete cairn gpio >/dev/null
"$checkout/setup.sh" --service >"$t/run4.out" 2>&1
id -nG cairn >"$t/groups4"
"""


def traversable_by_others(path: Path) -> bool:
    return all(os.stat(p).st_mode & 0o001 for p in [path, *path.parents])


def test_service_installs_for_real_and_again_and_uninstalls(tmp_path: Path) -> None:
    """./setup.sh --service for real, as root, with /etc, /var/lib and /run on private overlays
    (nothing reaches this machine) and a recording systemctl (no systemd runs here)."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare for a private mount namespace")
    probe = subprocess.run(["unshare", "--mount", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"no private mount namespace here: {probe.stderr.strip()}")
    venv = ROOT / ".venv"
    if not (venv / ".cairn-requirements").exists():
        pytest.fail("no .venv: run ./setup.sh")
    # a checkout the service user can reach: a world-readable copy, its .venv the real one
    host_before = system_state()
    base = Path(tempfile.mkdtemp(prefix="cairn-service-", dir="/tmp"))
    try:
        base.chmod(0o755)
        checkout = base / "cairn"
        checkout.mkdir(mode=0o755)
        for name in ("setup.sh", "pyproject.toml", "main.py"):
            shutil.copy2(ROOT / name, checkout / name)
        shutil.copytree(ROOT / "requirements", checkout / "requirements")
        shutil.copytree(ROOT / "deploy", checkout / "deploy")
        (checkout / ".venv").symlink_to(venv)
        (tmp_path / "bin").mkdir()
        (tmp_path / "bin" / "systemctl").write_text(FAKE_SYSTEMCTL)
        (tmp_path / "bin" / "systemctl").chmod(0o755)
        result = subprocess.run(["unshare", "--mount", "--propagation", "private", "bash", "-c", SERVICE_SCENARIO,
                                 "scenario", str(tmp_path), str(checkout)],
                                capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
        assert result.returncode == 0, result.stdout + result.stderr
        out1 = (tmp_path / "run1.out").read_text()
        if not traversable_by_others(venv.resolve()):
            # the service user cannot reach this .venv: setup.sh must say so, clearly
            assert (tmp_path / "run1.rc").read_text().strip() == "1"
            assert "the user cairn cannot read" in out1
            return
        assert (tmp_path / "run1.rc").read_text().strip() == "0", out1
    finally:
        shutil.rmtree(base)

    passwd = (tmp_path / "passwd").read_text().strip().split(":")
    assert passwd[0] == "cairn" and passwd[2] != "0"
    assert passwd[5:] == ["/var/lib/cairn", "/usr/sbin/nologin"]
    assert set(GROUPS.split(",")) <= set((tmp_path / "groups").read_text().split())
    assert (tmp_path / "owners").read_text().split("\n")[:4] == [
        "cairn:cairn 750", "cairn:cairn 750", "cairn:cairn 750", "cairn:cairn 644"]
    assert (tmp_path / "config.ini").read_text() == KIOSK_INI.read_text()
    assert f"ExecStart={checkout}/.venv/bin/python {checkout}/main.py --kiosk $CAIRN_ARGS" in (
        tmp_path / "unit").read_text().splitlines()
    assert "wrote /etc/systemd/system/cairn.service" in out1
    calls = (tmp_path / "systemctl1.log").read_text().splitlines()
    assert "daemon-reload" in calls and "enable cairn.service" in calls
    # the second run: nothing to write, nothing to reload or enable, local settings kept
    out2 = (tmp_path / "run2.out").read_text()
    assert "wrote" not in out2
    assert "keeping your /etc/default/cairn" in out2
    assert (tmp_path / "defaults").read_text().endswith("CAIRN_ARGS=--camera 0\n")
    calls = (tmp_path / "systemctl2.log").read_text().splitlines()
    assert not any(c.startswith(("daemon-reload", "enable")) for c in calls), calls
    # uninstall: the unit goes, the user and the games stay
    assert (tmp_path / "unit-after").read_text().strip() == "gone"
    assert (tmp_path / "passwd-after").read_text().startswith("cairn:")
    assert (tmp_path / "data-after").read_text().strip() == "kept"
    log = (tmp_path / "systemctl.log").read_text().splitlines()
    assert "disable --now cairn.service" in log
    # installing again for the existing user puts back a group it lost, and the unit
    out4 = (tmp_path / "run4.out").read_text()
    assert "added the user cairn to the groups gpio" in out4
    assert "wrote /etc/systemd/system/cairn.service" in out4
    assert "gpio" in (tmp_path / "groups4").read_text().split()
    # and none of it reached this machine
    assert system_state() == host_before


# --- the unit file and the Kivy configurations ------------------------------------------------------------

def test_rendered_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = need_tool("systemd-analyze")
    if not (ROOT / ".venv" / "bin" / "python").exists():
        pytest.fail("no .venv: run ./setup.sh")
    out = dry_run(ROOT, "--pi", "--service")
    unit = tmp_path / "cairn.service"
    unit.write_text(written(out, UNIT))
    result = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    complaints = [line for line in (result.stdout + result.stderr).splitlines() if "cairn.service" in line]
    assert complaints == []
    # the check is real: a typo is reported
    unit.write_text(written(out, UNIT).replace("Restart=on-failure", "Restart=on-failur"))
    result = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True, timeout=60)
    assert "on-failur" in result.stdout + result.stderr


def systemd_version() -> int:
    """This machine's systemd version; with no systemctl (a container, a fresh chroot) the one its OS
    generation ships, as setup.sh assumes: 252 on Debian 12, 257 on Debian 13."""
    try:
        first = subprocess.run(["systemctl", "--version"], capture_output=True, text=True, timeout=30).stdout
    except OSError:
        first = ""
    match = re.match(r"systemd (\d+)", first)
    return int(match.group(1)) if match else (252 if HOST_GEN == "bookworm" else 257)


def rendered_unit(tmp_path: Path) -> Path:
    """The unit a --pi --service run would write, as a file."""
    unit = tmp_path / "cairn.service"
    unit.write_text(written(dry_run(ROOT, "--pi", "--service"), UNIT))
    return unit


def unit_values(unit: Path) -> dict[str, list[str]]:
    """KEY -> every value it is given in the unit (comments skipped)."""
    values: dict[str, list[str]] = {}
    for line in unit.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            values.setdefault(key, []).append(value)
    return values


def test_unit_owns_tty1_as_a_cage_kiosk_does(tmp_path: Path) -> None:
    """No login prompt behind the picture for a USB keyboard to type into."""
    values = unit_values(rendered_unit(tmp_path))
    assert values["TTYPath"] == ["/dev/tty1"]
    assert "getty@tty1.service" in values["Conflicts"] and "getty@tty1.service" in values["After"]
    assert values["StandardInput"] == ["tty"]
    assert values["TTYReset"] == values["TTYVHangup"] == values["TTYVTDisallocate"] == ["yes"]
    assert values["StandardOutput"] == values["StandardError"] == ["journal"]


def test_unit_backs_off_a_crash_loop(tmp_path: Path) -> None:
    values = unit_values(rendered_unit(tmp_path))
    assert values["Restart"] == ["on-failure"]
    assert int(values["RestartSec"][0]) >= 5
    assert values["StartLimitIntervalSec"] != ["0"] and int(values["StartLimitBurst"][0]) <= 10
    if systemd_version() >= 254:
        assert "RestartSteps" in values and "RestartMaxDelaySec" in values
    else:  # unknown keys would be warned about at every daemon-reload
        assert "RestartSteps" not in values and "RestartMaxDelaySec" not in values


def test_unit_hardening_keeps_screen_touch_gpio_camera_serial_and_udev(tmp_path: Path) -> None:
    values = unit_values(rendered_unit(tmp_path))
    assert values["DevicePolicy"] == ["closed"]
    allowed = {v.split()[0] for v in values["DeviceAllow"]}
    for group in ("char-drm", "char-fb", "char-input", "char-gpiochip", "char-*gpiomem*", "char-video4linux",
                  "char-media", "char-dma_heap", "char-ttyACM", "char-ttyUSB", "char-tty", "/dev/tty"):
        assert group in allowed, group
    # a private /dev or network namespace would hide the devices, or the udev events of devices plugged later
    assert values.get("PrivateDevices", ["no"]) == ["no"] and values.get("PrivateNetwork", ["no"]) == ["no"]
    assert "AF_NETLINK" in values["RestrictAddressFamilies"][0]
    # gpiozero and picamera2 read the board from /proc/device-tree
    assert values.get("ProcSubset", ["all"]) == ["all"]
    # the games, Kivy's settings and lgpio's pipes live in the state dir, and only there
    assert values["ProtectSystem"] == ["strict"] and values["ReadWritePaths"] == ["/var/lib/cairn"]
    env = dict(v.split("=", 1) for v in values["Environment"])
    assert env["CAIRN_DATA_DIR"].startswith("/var/lib/cairn/") and env["KIVY_HOME"].startswith("/var/lib/cairn/")


def test_unit_exposure_by_systemd_analyze_security_is_at_most_4(tmp_path: Path) -> None:
    analyze = need_tool("systemd-analyze")
    unit = rendered_unit(tmp_path)
    result = subprocess.run([analyze, "security", "--offline=true", "--no-pager", str(unit)],
                            capture_output=True, text=True, timeout=120)
    match = re.search(r"Overall exposure level for cairn\.service: (\d+\.\d)", result.stdout + result.stderr)
    assert match, result.stdout + result.stderr
    assert float(match.group(1)) <= 4.0, result.stdout


LOAD_CONFIG = """
import json
from kivy.config import Config, KIVY_CONFIG_VERSION
print(json.dumps({
    "input": dict(Config.items("input")),
    "graphics": {k: Config.get("graphics", k) for k in ("fullscreen", "show_cursor", "rotation")},
    "version": Config.getint("kivy", "config_version"),
    "current": KIVY_CONFIG_VERSION,
}))
"""


def load_with_kivy(ini: Path, tmp_path: Path, *, as_cairn: bool = False) -> tuple[dict[str, object], str, str]:
    """Kivy's own config loader reading INI as $KIVY_HOME/config.ini: (values, stderr, file after).
    With ``as_cairn``, Cairn's start-up Kivy settings (``main.py --fullscreen``) are applied on top."""
    home = tmp_path / "kivy-home"
    home.mkdir(parents=True)
    shutil.copy2(ini, home / "config.ini")
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("KCFG_", "KIVY_"))}
    environ.update(KIVY_HOME=str(home), KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1")
    code = LOAD_CONFIG
    if as_cairn:
        code = ("import sys; sys.path.insert(0, %r)\n"
                "from companion.ui.kivy_config import configure_kivy\n"
                "configure_kivy(None, True, 0)\n" % str(ROOT)) + code
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, env=environ, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1]), result.stderr, (home / "config.ini").read_text()


def test_kiosk_kivy_config_has_exactly_one_touch_path_and_no_cursor(tmp_path: Path) -> None:
    values, log, after = load_with_kivy(KIOSK_INI, tmp_path)
    assert values["input"] == {"touch": "probesysfs,provider=mtdev"}  # no mouse provider, no second probe
    assert values["graphics"] == {"fullscreen": "auto", "show_cursor": "0", "rotation": "0"}
    assert values["version"] == values["current"]
    assert "Upgrading configuration" not in log  # an upgrade would add "mouse = mouse" back
    assert after == KIOSK_INI.read_text()


def test_kiosk_keeps_one_touch_path_with_cairns_own_kivy_settings(tmp_path: Path) -> None:
    """Cairn adds a mouse provider at start-up; touches then must not also reach it as SDL mouse events."""
    values, _, _ = load_with_kivy(KIOSK_INI, tmp_path, as_cairn=True)
    providers = {name: value.split(",")[0] for name, value in values["input"].items()}
    assert list(providers.values()).count("probesysfs") == 1
    assert set(providers.values()) <= {"probesysfs", "mouse"}
    assert values["graphics"]["fullscreen"] == "auto" and values["graphics"]["show_cursor"] == "0"
    unit = (ROOT / "deploy" / "cairn.service.in").read_text().splitlines()
    if "mouse" in providers.values():
        assert "Environment=SDL_TOUCH_MOUSE_EVENTS=0" in unit


def test_desktop_kivy_config_reads_touch_only_through_the_pointer(tmp_path: Path) -> None:
    values, log, after = load_with_kivy(DESKTOP_INI, tmp_path)
    assert values["input"] == {"mouse": "mouse"}
    assert values["version"] == values["current"]
    assert "Upgrading configuration" not in log
    assert after == DESKTOP_INI.read_text()
    values, _, _ = load_with_kivy(DESKTOP_INI, tmp_path / "as-cairn", as_cairn=True)
    assert [value.split(",")[0] for value in values["input"].values()] == ["mouse"]


# --- the Raspberry Pi guide and its wiring picture ---------------------------------------------------

def test_pictures_are_what_their_script_draws(tmp_path: Path) -> None:
    import cv2
    import numpy as np

    result = subprocess.run([sys.executable, str(ROOT / "tools" / "draw_wiring.py"), "--out-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names == ["camera-mount.png", "wiring.png"]
    for name in names:
        drawn = cv2.imread(str(tmp_path / name))
        committed = cv2.imread(str(ROOT / "docs" / "images" / name))
        assert drawn is not None and committed is not None, name
        assert drawn.shape == committed.shape, name
        assert np.array_equal(drawn, committed), f"docs/images/{name} is stale: run tools/draw_wiring.py"


def test_guide_pictures_and_links_exist() -> None:
    guide = ROOT / "docs" / "raspberry-pi.md"
    text = guide.read_text()
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if "://" not in t]
    assert {"images/wiring.png", "images/camera-mount.png"} <= set(local)
    missing = [t for t in local if not (guide.parent / t).exists() and t != "edice-protocol.md"]
    assert missing == []
    for fact in ("BCM 17", "BCM 27", "BCM 22", "BCM 23", "--system-site-packages", "numpy==1.26.4",
                 "./setup.sh --service", "git pull && ./setup.sh", "--camera auto", "SDL_TOUCH_MOUSE_EVENTS"):
        assert fact in text, fact
