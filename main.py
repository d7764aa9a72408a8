#!/usr/bin/env python3
"""Cairn: a touchscreen companion for physical board games.

``main.py`` with no sub-command starts the app; the sub-commands work headless. Argument parsing and
wiring only: every sub-command lives in ``companion/cli/<name>.py`` (``add_arguments`` + ``run``).
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

#: sub-command -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("companion.cli.score", "score a finished game from an end-state JSON file"),
    "games": ("companion.cli.records", "list the saved games"),
    "export": ("companion.cli.export", "write a saved game's record as JSON or CSV"),
    "read-dice": ("companion.cli.dice", "read the dice in photos"),
    "edice": ("companion.cli.edice", "monitor an electronic dice tray"),
    "edice-sim": ("companion.cli.edice_sim", "act as an electronic dice tray on a new pseudo-terminal"),
    "dice-ble": ("companion.cli.dice_ble", "find and watch Bluetooth smart dice (GoDice, Pixels)"),
    "check-cave": ("companion.cli.cave", "check a Prehistories cave painting"),
}


def build_parser() -> argparse.ArgumentParser:
    """The full command line: app options plus one sub-parser per headless command."""
    parser = argparse.ArgumentParser(prog="main.py", description="Cairn, the board-game companion.")
    parser.add_argument("--data-dir", help="where games and settings are kept (default: the user data dir)")
    from companion.cli import app as app_cli

    app_cli.add_arguments(parser)
    subs = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        sub = subs.add_parser(name, help=help_text, description=help_text)
        importlib.import_module(module).add_arguments(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run Cairn with ``argv``; returns the exit status (2 for bad input, with one line on stderr).

    Output that cannot be written (``> /dev/full``, a disk that went away) is bad input too: one line,
    status 2, never a traceback.
    """
    from rules.errors import CairnError

    args = build_parser().parse_args(argv)
    if args.data_dir:
        os.environ["CAIRN_DATA_DIR"] = args.data_dir
    if args.command and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")  # a name the terminal cannot show is escaped
    module = COMMANDS[args.command][0] if args.command else "companion.cli.app"
    if args.command and sys.stdout is None:  # started with standard output closed (`>&-`)
        print("cairn: standard output is closed: nothing can be written", file=sys.stderr)
        return 2
    try:
        status = importlib.import_module(module).run(args)
        if sys.stdout is not None:  # None when started with standard output closed
            sys.stdout.flush()  # here, so that a failing write is reported below and not at exit
        return status
    except CairnError as exc:
        print(f"cairn: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `main.py games | head`): stop quietly, as shell tools do
        _drop_stdout()
        return 141
    except OSError as exc:
        where = f"{exc.filename}" if exc.filename is not None else "cannot write to standard output"
        print(f"cairn: {one_line(where)}: {exc.strerror or exc}", file=sys.stderr)
        _drop_stdout()
        return 2


def one_line(text: str) -> str:
    """``text`` on one printable line: newlines, other control characters and lone surrogates escaped."""
    return "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape", "backslashreplace")
                   .decode("ascii") for ch in text)


def _drop_stdout() -> None:
    """Point standard output at the null device, so that the flush at exit cannot fail again."""
    if sys.stdout is None:
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
