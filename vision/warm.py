"""What a process pays once before its first read of a frame, paid up front (``warm_up``).

OpenCV builds its tables for BGR to Lab on the first such conversion (the reader converts to Lab to
take face colours and to look at shapes): about 80 ms on one core here, three times that on a Pi 4,
paid by whichever frame comes first. The classifier's networks are loaded on first use too. Paying
both before the first frame brings its read close to what a later one costs (the locator still sets
up a net for each new input shape: ``benchmarks/first_read.py``): the first roll at the table, and
the first photo of a ``read-dice`` run, whose time is reported per photo.
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.classify import load_networks


def warm_up() -> None:
    """Build OpenCV's BGR to Lab tables and load the classifier's networks; idempotent, and cheap
    once done (under 1 ms). FileNotFoundError naming the file when a model is missing, as the first
    read would raise."""
    cv2.cvtColor(np.zeros((1, 1, 3), np.uint8), cv2.COLOR_BGR2LAB)
    load_networks()
