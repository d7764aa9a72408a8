#!/usr/bin/env python3
"""Draw the pictures of docs/raspberry-pi.md: the wiring of the three buttons and the status LED on
the Raspberry Pi's 40-pin header (BCM numbering), and the camera mounting over the dice tray.

    .venv/bin/python tools/draw_wiring.py                  # writes docs/images/*.png
    .venv/bin/python tools/draw_wiring.py --out-dir DIR

The pictures are drawn from the tables below with numpy and OpenCV, so they stay in step with
them; tests/test_setup_sh.py checks that the committed PNGs are what this script draws.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "docs" / "images"

#: physical pin -> name, for all 40 pins of the header (Raspberry Pi 2 to 5)
HEADER = {
    1: "3V3", 2: "5V", 3: "GPIO2", 4: "5V", 5: "GPIO3", 6: "GND", 7: "GPIO4", 8: "GPIO14",
    9: "GND", 10: "GPIO15", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27", 14: "GND", 15: "GPIO22",
    16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10", 20: "GND", 21: "GPIO9", 22: "GPIO25",
    23: "GPIO11", 24: "GPIO8", 25: "GND", 26: "GPIO7", 27: "GPIO0", 28: "GPIO1", 29: "GPIO5",
    30: "GND", 31: "GPIO6", 32: "GPIO12", 33: "GPIO13", 34: "GND", 35: "GPIO19", 36: "GPIO16",
    37: "GPIO26", 38: "GPIO20", 39: "GND", 40: "GPIO21",
}

#: the buttons: (label, what it does, BCM number, physical pin, wire colour BGR)
BUTTONS = [
    ("NEXT", "next phase / confirm", 17, 11, (40, 140, 30)),
    ("BACK", "hold: undo", 27, 13, (200, 110, 20)),
    ("READ", "read the dice now", 22, 15, (150, 40, 160)),
]
BUTTON_GROUND_PIN = 9
LED_BCM, LED_PIN, LED_GROUND_PIN = 23, 16, 20
LED_COLOUR = (30, 120, 230)
GROUND_COLOUR = (30, 30, 30)

W, H = 1320, 1010
WHITE, BLACK, GREY = (255, 255, 255), (0, 0, 0), (120, 120, 120)
FONT, BOLD = cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX

# header geometry: odd pins in the left column, even pins in the right one
COL_X = {1: 684, 0: 736}
ROW0, PITCH, PIN_R = 150, 34, 12


def pin_xy(pin: int) -> tuple[int, int]:
    return COL_X[pin % 2], ROW0 + (pin - 1) // 2 * PITCH


def pin_fill(name: str) -> tuple[int, int, int]:
    if name == "GND":
        return (40, 40, 40)
    if name == "5V":
        return (40, 40, 210)
    if name == "3V3":
        return (0, 140, 255)
    return (170, 170, 170)


def text(img: np.ndarray, s: str, org: tuple[int, int], scale: float = 0.6, colour=BLACK,
         thick: int = 1, font: int = FONT, align: str = "left") -> None:
    (w, h), _ = cv2.getTextSize(s, font, scale, thick)
    x, y = org
    if align == "right":
        x -= w
    elif align == "centre":
        x -= w // 2
    cv2.putText(img, s, (x, y), font, scale, colour, thick, cv2.LINE_AA)


def wire(img: np.ndarray, points: list[tuple[int, int]], colour, thick: int = 5) -> None:
    cv2.polylines(img, [np.array(points, np.int32)], False, colour, thick, cv2.LINE_AA)


def tag(img: np.ndarray, s: str, centre: tuple[int, int], colour) -> None:
    """A filled label box sitting on a wire, e.g. 'BCM 17 = pin 11'."""
    (w, h), _ = cv2.getTextSize(s, BOLD, 0.55, 1)
    x, y = centre
    cv2.rectangle(img, (x - w // 2 - 8, y - h // 2 - 7), (x + w // 2 + 8, y + h // 2 + 7), colour, -1)
    text(img, s, (x - w // 2, y + h // 2), 0.55, WHITE, 1, BOLD)


def draw_button(img: np.ndarray, left: tuple[int, int], right: tuple[int, int], label: str, does: str,
                colour) -> None:
    """A push button between two terminals: contacts, a bridge that is pressed down, a plunger."""
    (lx, y), (rx, _) = left, right
    for x in (lx, rx):
        cv2.circle(img, (x, y), 7, BLACK, 2, cv2.LINE_AA)
    cv2.line(img, (lx + 7, y), (lx + 22, y), BLACK, 2, cv2.LINE_AA)
    cv2.line(img, (rx - 22, y), (rx - 7, y), BLACK, 2, cv2.LINE_AA)
    cv2.line(img, (lx + 10, y - 22), (rx - 10, y - 22), BLACK, 3, cv2.LINE_AA)
    cv2.line(img, ((lx + rx) // 2, y - 22), ((lx + rx) // 2, y - 38), BLACK, 3, cv2.LINE_AA)
    cv2.line(img, ((lx + rx) // 2 - 14, y - 38), ((lx + rx) // 2 + 14, y - 38), BLACK, 3, cv2.LINE_AA)
    text(img, label, ((lx + rx) // 2, y - 50), 0.95, colour, 2, BOLD, "centre")
    text(img, does, ((lx + rx) // 2, y + 32), 0.55, GREY, 1, FONT, "centre")


def draw_resistor(img: np.ndarray, a: tuple[int, int], b: tuple[int, int]) -> None:
    (ax, y), (bx, _) = a, b
    cv2.rectangle(img, (ax, y - 14), (bx, y + 14), WHITE, -1)
    cv2.rectangle(img, (ax, y - 14), (bx, y + 14), BLACK, 2, cv2.LINE_AA)
    for i, colour in enumerate([(0, 140, 255), (0, 140, 255), (40, 70, 140)]):  # orange orange brown
        x = ax + 18 + i * 16
        cv2.rectangle(img, (x, y - 13), (x + 8, y + 13), colour, -1)
    text(img, "330 ohm", ((ax + bx) // 2, y - 26), 0.6, BLACK, 1, FONT, "centre")
    text(img, "(220-470)", ((ax + bx) // 2, y + 40), 0.5, GREY, 1, FONT, "centre")


def draw_led(img: np.ndarray, anode: tuple[int, int], cathode: tuple[int, int]) -> None:
    """An LED lying on a horizontal wire: triangle pointing to the bar (current from anode)."""
    (ax, y), (cx, _) = anode, cathode
    tri = np.array([(ax, y - 20), (ax, y + 20), (cx, y)], np.int32)
    cv2.fillPoly(img, [tri], (120, 200, 255), cv2.LINE_AA)
    cv2.polylines(img, [tri], True, BLACK, 2, cv2.LINE_AA)
    cv2.line(img, (cx, y - 20), (cx, y + 20), BLACK, 3, cv2.LINE_AA)
    for dx in (0, 14):  # light arrows
        cv2.arrowedLine(img, (ax + 12 + dx, y - 24), (ax + 26 + dx, y - 40), BLACK, 2, cv2.LINE_AA,
                        tipLength=0.4)
    text(img, "status LED", ((ax + cx) // 2, y - 50), 0.7, LED_COLOUR, 2, BOLD, "centre")
    text(img, "+", (ax, y + 44), 0.8, BLACK, 2, FONT, "centre")
    text(img, "-", (cx, y + 44), 0.8, BLACK, 2, FONT, "centre")
    text(img, "long leg +, short leg -", ((ax + cx) // 2, y + 74), 0.5, GREY, 1, FONT, "centre")


def draw_wiring() -> np.ndarray:
    img = np.full((H, W, 3), 255, np.uint8)
    text(img, "Cairn: three buttons and a status LED on the 40-pin header", (40, 50), 1.0, BLACK, 2, BOLD)
    text(img, "BCM numbering (BCM 17 = GPIO17). Raspberry Pi 4 or 5 seen from above, USB ports at the "
         "bottom: pin 1 is at the top.", (40, 86), 0.55, GREY)

    x0, x1 = COL_X[1] - 24, COL_X[0] + 24
    # the buttons, below the pins they use, each to its own GPIO and all to one ground
    gnd_x, gnd_y = 70, pin_xy(BUTTON_GROUND_PIN)[1]
    button_ys = [480, 610, 740]
    lowest = button_ys[-1]
    wire(img, [(gnd_x, lowest), (gnd_x, gnd_y), pin_xy(BUTTON_GROUND_PIN)], GROUND_COLOUR)
    tag(img, f"GND = pin {BUTTON_GROUND_PIN}", (x0 - 80, gnd_y), GROUND_COLOUR)
    for i, ((label, does, bcm, pin, colour), y) in enumerate(zip(BUTTONS, button_ys)):
        left, right = (150, y), (260, y)
        wire(img, [(gnd_x, y), (left[0] - 7, y)], GROUND_COLOUR)
        cv2.circle(img, (gnd_x, y), 7, GROUND_COLOUR, -1, cv2.LINE_AA)
        bend = 360 + 45 * i
        px, py = pin_xy(pin)
        wire(img, [(right[0] + 7, y), (bend, y), (bend, py), (px, py)], colour)
        tag(img, f"BCM {bcm} = pin {pin}", (x0 - 100, py), colour)
        draw_button(img, left, right, label, does, colour)

    # the LED: GPIO23 -> resistor -> LED -> GND
    px, py = pin_xy(LED_PIN)
    gx, gy = pin_xy(LED_GROUND_PIN)
    r0, r1, a, c, down = 940, 1050, 1120, 1160, 1275
    wire(img, [(px, py), (r0, py)], LED_COLOUR)
    draw_resistor(img, (r0, py), (r1, py))
    wire(img, [(r1, py), (a, py)], LED_COLOUR)
    draw_led(img, (a, py), (c, py))
    wire(img, [(c, py), (down, py), (down, gy + 60), (gx + 150, gy + 60), (gx + 150, gy), (gx, gy)],
         GROUND_COLOUR)
    tag(img, f"BCM {LED_BCM} = pin {LED_PIN}", (x1 + 100, py), LED_COLOUR)
    tag(img, f"GND = pin {LED_GROUND_PIN}", (x1 + 78, gy), GROUND_COLOUR)

    # the header
    cv2.rectangle(img, (x0, ROW0 - 24), (x1, ROW0 + 19 * PITCH + 24), (45, 45, 45), -1)
    text(img, "odd pins", (COL_X[1], ROW0 - 34), 0.5, GREY, 1, FONT, "centre")
    text(img, "even pins", (COL_X[0] + 8, ROW0 - 34), 0.5, GREY, 1, FONT, "left")
    used = {p for *_, p, _ in BUTTONS} | {BUTTON_GROUND_PIN, LED_PIN, LED_GROUND_PIN}
    for pin, name in HEADER.items():
        x, y = pin_xy(pin)
        if pin == 1:
            cv2.rectangle(img, (x - PIN_R, y - PIN_R), (x + PIN_R, y + PIN_R), pin_fill(name), -1)
        else:
            cv2.circle(img, (x, y), PIN_R, pin_fill(name), -1, cv2.LINE_AA)
        text(img, str(pin), (x, y + 5), 0.42, WHITE if name in ("GND", "5V") else BLACK, 1, FONT, "centre")
        if pin in used:
            continue
        colour = GREY if name.startswith("GPIO") else pin_fill(name)
        if pin % 2:
            text(img, name, (x0 - 12, y + 6), 0.5, colour, 1, FONT, "right")
        else:
            text(img, name, (x1 + 12, y + 6), 0.5, colour, 1, FONT)

    # the notes
    notes = [
        "Buttons: momentary push buttons, each between its GPIO and GND. No resistors: Cairn turns on",
        "the Pi's internal pull-ups, so a pin reads high when released and low when pressed.",
        "LED: GPIO23 through the resistor to the LED's long leg (+); its short leg (-) to GND.",
        "Any GND pin will do (6, 9, 14, 20, 25, 30, 34, 39). Never wire a button to 5V or 3V3.",
    ]
    for i, line in enumerate(notes):
        text(img, line, (40, 880 + 30 * i), 0.58, BLACK)
    legend = [("GND", pin_fill("GND")), ("5V", pin_fill("5V")), ("3V3", pin_fill("3V3")),
              ("GPIO", pin_fill("GPIO"))]
    for i, (name, colour) in enumerate(legend):
        x = 960 + i * 85
        cv2.circle(img, (x, 600), 10, colour, -1, cv2.LINE_AA)
        text(img, name, (x + 16, 606), 0.55, BLACK)
    return img


#: camera mounting: heights (cm) and the size of a 16 mm die in a 640 px wide frame, Camera Module 3
MOUNT_W, MOUNT_H = 1380, 860
CM = 15  # pixels per centimetre in the side view


def draw_die_top(img: np.ndarray, centre: tuple[int, int], size: int, pips: int) -> None:
    """A die seen from above: rounded square with ``pips`` pips."""
    x, y = centre
    h = size // 2
    cv2.rectangle(img, (x - h, y - h), (x + h, y + h), (235, 235, 235), -1, cv2.LINE_AA)
    cv2.rectangle(img, (x - h, y - h), (x + h, y + h), BLACK, 2, cv2.LINE_AA)
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[pips]
    for dx, dy in spots:
        cv2.circle(img, (x + dx * size // 4, y + dy * size // 4), max(2, size // 10), BLACK, -1, cv2.LINE_AA)


def arrow_both(img: np.ndarray, a: tuple[int, int], b: tuple[int, int], colour=BLACK) -> None:
    cv2.arrowedLine(img, a, b, colour, 2, cv2.LINE_AA, tipLength=0.04)
    cv2.arrowedLine(img, b, a, colour, 2, cv2.LINE_AA, tipLength=0.04)


def draw_camera_mount() -> np.ndarray:
    img = np.full((MOUNT_H, MOUNT_W, 3), 255, np.uint8)
    text(img, "Camera over the dice tray (side view)", (40, 50), 1.0, BLACK, 2, BOLD)
    text(img, "Straight down, steady, the whole tray in the picture; soft light from the side.",
         (40, 86), 0.55, GREY)

    table_y = 700
    cv2.rectangle(img, (30, table_y), (900, table_y + 30), (140, 180, 210), -1)
    text(img, "table", (40, table_y + 22), 0.55, BLACK)
    # the tray: a plain matte box, its inside 17 cm wide
    tray_l, tray_r = 330, 330 + 17 * CM
    cv2.rectangle(img, (tray_l - 10, table_y - 45), (tray_r + 10, table_y), (60, 90, 50), -1)
    cv2.rectangle(img, (tray_l, table_y - 45), (tray_r, table_y - 10), (255, 255, 255), -1)
    cv2.rectangle(img, (tray_l, table_y - 35), (tray_r, table_y - 10), (70, 110, 60), -1)
    for i, x in enumerate((tray_l + 50, tray_l + 120, tray_l + 185)):  # dice lying in it (side view)
        cv2.rectangle(img, (x, table_y - 34), (x + 24, table_y - 10), (235, 235, 235), -1)
        cv2.rectangle(img, (x, table_y - 34), (x + 24, table_y - 10), BLACK, 2)
    text(img, "plain, matte tray in a colour", (tray_l - 10, table_y + 62), 0.55, BLACK)
    text(img, "that contrasts with the dice", (tray_l - 10, table_y + 88), 0.55, BLACK)

    # the stand: a foot, a pole and an arm holding the camera over the middle of the tray
    cam_x, cam_y = (tray_l + tray_r) // 2, table_y - 10 - 20 * CM
    pole_x = 60
    cv2.rectangle(img, (pole_x - 50, table_y - 12), (pole_x + 50, table_y), (90, 90, 90), -1)
    cv2.rectangle(img, (pole_x - 6, cam_y - 40), (pole_x + 6, table_y - 12), (90, 90, 90), -1)
    cv2.rectangle(img, (pole_x, cam_y - 40), (cam_x, cam_y - 28), (90, 90, 90), -1)
    cv2.rectangle(img, (cam_x - 40, cam_y - 34), (cam_x + 40, cam_y), (40, 40, 40), -1)
    cv2.rectangle(img, (cam_x - 12, cam_y), (cam_x + 12, cam_y + 10), (20, 20, 20), -1)
    text(img, "camera, lens down", (cam_x + 55, cam_y - 10), 0.6, BLACK, 1, BOLD)
    text(img, "stand that does not wobble", (pole_x + 14, cam_y - 52), 0.5, GREY)

    # field of view: the tray plus a margin
    view_l, view_r = tray_l - 25, tray_r + 25
    fov = np.array([(cam_x, cam_y + 10), (view_l, table_y - 10), (view_r, table_y - 10)], np.int32)
    overlay = img.copy()
    cv2.fillPoly(overlay, [fov], (255, 220, 170), cv2.LINE_AA)
    # blend in integers, so that every machine draws the same pixels
    img[:] = ((overlay.astype(np.uint16) * 45 + img.astype(np.uint16) * 55 + 50) // 100).astype(np.uint8)
    cv2.line(img, (cam_x, cam_y + 10), (view_l, table_y - 10), (200, 120, 40), 2, cv2.LINE_AA)
    cv2.line(img, (cam_x, cam_y + 10), (view_r, table_y - 10), (200, 120, 40), 2, cv2.LINE_AA)
    text(img, "what the camera sees:", (cam_x + 55, cam_y + 26), 0.55, (200, 120, 40), 1, BOLD)
    text(img, "the whole tray + a margin", (cam_x + 55, cam_y + 50), 0.55, (200, 120, 40), 1, BOLD)

    # the height
    hx = tray_l - 60
    arrow_both(img, (hx, cam_y + 10), (hx, table_y - 10))
    text(img, "15-30 cm", (hx - 12, (cam_y + table_y) // 2), 0.8, BLACK, 2, BOLD, "right")
    text(img, "(table in the guide)", (hx - 12, (cam_y + table_y) // 2 + 28), 0.5, GREY, 1, FONT, "right")

    # the light: a lamp behind a diffuser, off to the side, shining down onto the tray
    lamp = np.array([(830, 440), (890, 420), (915, 490), (855, 510)], np.int32)
    cv2.fillPoly(img, [lamp], (60, 60, 60), cv2.LINE_AA)
    cv2.line(img, (812, 540), (800, 420), (200, 200, 200), 10, cv2.LINE_AA)  # diffuser sheet
    for k in range(5):
        a = (794 - k * 2, 440 + k * 22)
        b = (620 - k * 6, 585 + k * 20)
        cv2.line(img, a, b, (80, 200, 250), 3, cv2.LINE_AA)
    cv2.line(img, (885, 500), (900, table_y), (60, 60, 60), 6, cv2.LINE_AA)
    text(img, "diffuse light from the side:", (740, 290), 0.55, BLACK, 1, BOLD)
    text(img, "lamp behind paper, ring light", (740, 314), 0.55, BLACK)
    text(img, "or a window; no bare bulb", (740, 338), 0.55, BLACK)
    text(img, "right above the dice", (740, 362), 0.55, BLACK)

    # inset: the picture the camera takes
    ix0, iy0, iw, ih = 1010, 120, 340, 255  # a 640x480 frame at about half size
    cv2.rectangle(img, (ix0, iy0), (ix0 + iw, iy0 + ih), (70, 110, 60), -1)
    cv2.rectangle(img, (ix0, iy0), (ix0 + iw, iy0 + ih), BLACK, 2)
    text(img, "the picture (640 x 480 px)", (ix0, iy0 - 14), 0.55, BLACK, 1, BOLD)
    die = 40  # 80 px in the frame, shown at half size
    for (dx, dy), pips in zip([(70, 70), (170, 110), (260, 60), (110, 180), (240, 190)], [5, 2, 6, 3, 4]):
        draw_die_top(img, (ix0 + dx, iy0 + dy), die, pips)
    arrow_both(img, (ix0 + 150, iy0 + 110 + die // 2 + 14), (ix0 + 190, iy0 + 110 + die // 2 + 14), WHITE)
    text(img, "each die 60-150 px across", (ix0 + iw // 2, iy0 + ih + 30), 0.55, BLACK, 1, FONT, "centre")
    text(img, "(at least 25 px)", (ix0 + iw // 2, iy0 + ih + 54), 0.55, BLACK, 1, FONT, "centre")
    return img


#: file name in docs/images -> the function that draws it
PICTURES = {"wiring.png": draw_wiring, "camera-mount.png": draw_camera_mount}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR,
                        help=f"where to write the PNGs (default: {OUT_DIR.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    for name, draw in PICTURES.items():
        path = args.out_dir / name
        if not cv2.imwrite(str(path), draw(), [cv2.IMWRITE_PNG_COMPRESSION, 9]):
            print(f"draw_wiring: could not write {path}", file=sys.stderr)
            return 1
        print(f"draw_wiring: wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
