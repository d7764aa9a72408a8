"""`main.py edice-sim`: act as an e-dice tray on a new pseudo-terminal.

Prints the pty's path on stdout (``tray on /dev/pts/5``), then reads commands on stdin:
an empty line rolls every die, ``r 1 3`` rolls dice 1 and 3, ``send TEXT`` sends a raw line (to try
garbage or an ``ERR``), ``q`` (or end of input) quits. Each roll prints
``rolled dice 1 2: 4 6`` on stdout once the dice have come to rest.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from companion.errors import UsageError
from hardware.edice_protocol import MAX_DIE, PROTOCOL_VERSION, SUPPORTED_VERSIONS
from hardware.edice_sim import TraySim
from hardware.errors import BadSpec


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--dice, --id, --link, --protocol, --checksums, --seed."""
    parser.add_argument("--dice", type=int, default=7, help="how many dice the tray holds (default 7)")
    parser.add_argument("--id", default="cairn-sim", help="the device id sent in HELLO (default cairn-sim)")
    parser.add_argument("--link", type=Path, metavar="PATH",
                        help="also make PATH a symlink to the pty, e.g. /tmp/cairn-tray")
    parser.add_argument("--protocol", type=int, choices=SUPPORTED_VERSIONS, default=PROTOCOL_VERSION,
                        help="the protocol version to announce: 2, a CRC-8 on every line (default), "
                             "or 1, an old tray")
    parser.add_argument("--checksums", action="store_true",
                        help="with --protocol 1: end every line with its XOR checksum *HH")
    parser.add_argument("--seed", type=int, help="seed the faces and timings, for repeatable rolls")


def run(args: argparse.Namespace) -> int:
    """Serve the tray until ``q`` or end of input; 0 on a normal exit."""
    if not 1 <= args.dice <= MAX_DIE:
        raise UsageError(f"--dice must be 1 to {MAX_DIE}")
    if not args.id or any(c.isspace() or not c.isascii() for c in args.id) or len(args.id) > 32:
        raise UsageError("--id must be 1 to 32 printable ASCII characters without spaces")
    rng = random.Random(args.seed)

    def host_said(line: str) -> None:
        print(f"host: {line}", file=sys.stderr, flush=True)

    tray = TraySim(args.dice, device_id=args.id, checksums=args.checksums,
                   protocol=args.protocol, link=args.link, rng=rng,
                   on_host_line=host_said)
    with tray:
        where = f" (also {args.link})" if args.link else ""
        print(f"tray on {tray.path}{where}", flush=True)
        print(f"{args.dice} dice. Enter: roll all; r 1 3: roll dice 1 and 3; send TEXT: raw line; q: quit",
              file=sys.stderr, flush=True)
        try:
            for raw in sys.stdin:
                if not _command(tray, raw.strip()):
                    break
        except KeyboardInterrupt:
            pass
    return 0


def _command(tray: TraySim, line: str) -> bool:
    """Carry out one stdin command; False to quit."""
    word, _, rest = line.partition(" ")
    if word in ("q", "quit"):
        return False
    if word == "send":
        tray.send(rest)
        return True
    if word in ("", "r", "roll"):
        try:
            dice = [int(n) for n in rest.split()] or None
            faces = tray.roll(dice)
        except (ValueError, BadSpec) as exc:
            print(f"edice-sim: {exc if isinstance(exc, BadSpec) else 'r takes die numbers, e.g. r 1 3'}",
                  file=sys.stderr, flush=True)
            return True
        numbers = " ".join(map(str, faces))
        values = " ".join(str(faces[d]) for d in faces)
        print(f"rolled dice {numbers}: {values}", flush=True)
        return True
    print(f"edice-sim: unknown command {word!r} (Enter, r 1 3, send TEXT, q)", file=sys.stderr, flush=True)
    return True
