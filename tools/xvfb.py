"""A private Xvfb display (development only): for the UI tests and the app benchmarks, which need a
real window on a machine without a screen."""
from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path


class XvfbError(RuntimeError):
    """Xvfb is not installed, no display number is free, or the server did not come up."""


def free_display(first: int = 140, last: int = 399) -> int:
    """A display number with neither a lock file nor a socket."""
    for number in range(first, last + 1):
        if not Path(f"/tmp/.X{number}-lock").exists() and not Path(f"/tmp/.X11-unix/X{number}").exists():
            return number
    raise XvfbError(f"no free X display number between :{first} and :{last}")


class Xvfb:
    """A running Xvfb with GLX, ``size`` "WxH" at 24 bits, on a free display; ``name`` is ``:N``.

    The constructor returns once the server's socket exists; ``stop`` ends it.
    """

    def __init__(self, size: str = "1280x720", timeout: float = 10.0) -> None:
        binary = shutil.which("Xvfb")
        if binary is None:
            raise XvfbError("Xvfb is not installed (apt-get install xvfb)")
        number = free_display()
        self.name = f":{number}"
        self._proc = subprocess.Popen([binary, self.name, "-screen", "0", f"{size}x24", "+extension", "GLX",
                                       "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if self._proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise XvfbError(f"Xvfb {self.name} did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        """End the server (killed when it does not stop within 5 s)."""
        self._proc.terminate()
        try:
            self._proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
