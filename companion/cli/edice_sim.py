"""`main.py edice-sim`: not written yet."""
from __future__ import annotations

import argparse

from companion.errors import UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options yet."""


def run(args: argparse.Namespace) -> int:
    """Refuse clearly until the command exists."""
    raise UsageError("'edice-sim' is not available in this version")
