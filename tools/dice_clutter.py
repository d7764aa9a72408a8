"""Table clutter for the dice reader's tests, benchmark and training (development only).

At a real table the camera sees more than dice: keyboard keys, ports and cable labels beside a
laptop, printed cards, tokens, wooden figures, board art and text. Every drawing here is
die-sized on purpose, and many carry a lone round spot (a port, a token's hole, a letter "o"),
the look of a 1. Nothing here is a die, so anything the reader reports on clutter is wrong.

``cluttered(image, rows, rng)`` puts a labelled photo into a bigger frame full of clutter and
returns the frame with the dice rows moved with it; ``clutter_patch`` draws one piece alone (the
classifier's "not a die" crops); ``pieces_among`` drops game pieces among the dice themselves (a
token, a figure or a resource block that fell into the tray). All of it is seeded through the
``rng`` given.
"""
from __future__ import annotations

import cv2
import numpy as np

from tools.dice_data import background, paste, random_colour, render_die

_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_PLAIN,
          cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX)
_GLYPHS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:'/-=+*#@&%$!?<>o"


def _colour(rng: np.random.Generator) -> tuple[float, float, float]:
    c = random_colour(rng)
    return float(c[0]), float(c[1]), float(c[2])


def _contrast(c: tuple[float, float, float], rng: np.random.Generator) -> tuple[float, float, float]:
    """A colour that stands out from ``c`` (dark on light, light on dark)."""
    v = rng.uniform(0, 60) if sum(c) / 3 > 120 else rng.uniform(190, 255)
    return (v, v, v) if rng.random() < 0.8 else _colour(rng)


def _rounded_rect(img: np.ndarray, x: int, y: int, w: int, h: int, r: int,
                  colour: tuple[float, ...], thickness: int = -1) -> None:
    r = max(0, min(r, w // 2, h // 2))
    if thickness < 0:
        cv2.rectangle(img, (x + r, y), (x + w - r, y + h), colour, -1)
        cv2.rectangle(img, (x, y + r), (x + w, y + h - r), colour, -1)
        for cx, cy in ((x + r, y + r), (x + w - r, y + r), (x + r, y + h - r), (x + w - r, y + h - r)):
            cv2.circle(img, (cx, cy), r, colour, -1, cv2.LINE_AA)
    else:
        cv2.rectangle(img, (x, y), (x + w, y + h), colour, thickness, cv2.LINE_AA)


def _glyph(img: np.ndarray, text: str, cx: float, cy: float, height: float,
           colour: tuple[float, ...], rng: np.random.Generator) -> None:
    font = _FONTS[int(rng.integers(len(_FONTS)))]
    scale = max(0.2, height / 22.0)
    thick = max(1, round(height / rng.uniform(8, 14)))
    (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    cv2.putText(img, text, (int(cx - tw / 2), int(cy + th / 2)), font, scale, colour, thick, cv2.LINE_AA)


def keyboard(img: np.ndarray, x: int, y: int, w: int, h: int, key: float, rng: np.random.Generator) -> None:
    """Rows of keys ``key`` px wide with letters, in (x, y, w, h) of ``img``."""
    base = _colour(rng) if rng.random() < 0.3 else (rng.uniform(15, 60),) * 3 if rng.random() < 0.6 \
        else (rng.uniform(170, 235),) * 3
    cv2.rectangle(img, (x, y), (x + w, y + h), base, -1)
    keycol = tuple(min(255.0, max(0.0, c + rng.uniform(-25, 25))) for c in base)
    ink = _contrast(keycol, rng)
    gap = max(2, int(key * rng.uniform(0.12, 0.25)))
    row = 0
    yy = y + gap
    while yy + key <= y + h:
        xx = x + gap + int(row * key * rng.uniform(0.2, 0.6)) % max(1, int(key))
        while xx + key <= x + w:
            kw = int(key * (rng.choice([1, 1, 1, 1, 1.5, 2]) if rng.random() < 0.9 else 5))
            if xx + kw > x + w:
                break
            _rounded_rect(img, xx, int(yy), kw, int(key), int(key * 0.15), keycol)
            if rng.random() < 0.85:
                t = _GLYPHS[int(rng.integers(len(_GLYPHS)))]
                if rng.random() < 0.5:
                    _glyph(img, t, xx + kw / 2, yy + key / 2, key * rng.uniform(0.3, 0.55), ink, rng)
                else:
                    _glyph(img, t, xx + key * 0.3, yy + key * 0.3, key * rng.uniform(0.22, 0.35), ink, rng)
            if rng.random() < 0.05:                                   # the bump on F and J
                cv2.circle(img, (int(xx + kw / 2), int(yy + key * 0.8)), max(1, int(key * 0.05)), ink, -1)
            xx += kw + gap
        yy += key + gap
        row += 1


def ports(img: np.ndarray, x: int, y: int, w: int, h: int, size: float, rng: np.random.Generator) -> None:
    """A laptop side or USB hub: a dark strip with rectangular ports, round jacks and LEDs."""
    body = (rng.uniform(20, 80),) * 3 if rng.random() < 0.6 else (rng.uniform(150, 220),) * 3
    _rounded_rect(img, x, y, w, h, int(min(w, h) * 0.2), body)
    n = max(1, int(w / (size * 1.4)))
    for i in range(n):
        cx = x + (i + 0.5) * w / n
        cy = y + h / 2
        kind = rng.random()
        if kind < 0.45:                                               # USB / HDMI port
            pw, ph = size * rng.uniform(0.5, 0.9), size * rng.uniform(0.2, 0.4)
            cv2.rectangle(img, (int(cx - pw / 2), int(cy - ph / 2)), (int(cx + pw / 2), int(cy + ph / 2)),
                          (5, 5, 5), -1)
            cv2.rectangle(img, (int(cx - pw / 3), int(cy - ph / 6)), (int(cx + pw / 3), int(cy + ph / 6)),
                          (rng.uniform(60, 200),) * 3, -1)
        elif kind < 0.8:                                              # audio jack / power socket
            cv2.circle(img, (int(cx), int(cy)), int(size * rng.uniform(0.12, 0.25)), (5, 5, 5), -1, cv2.LINE_AA)
            cv2.circle(img, (int(cx), int(cy)), int(size * rng.uniform(0.2, 0.35)), (90, 90, 90), 1, cv2.LINE_AA)
        else:                                                         # LED
            cv2.circle(img, (int(cx), int(cy)), max(1, int(size * 0.06)),
                       (rng.uniform(0, 120), rng.uniform(150, 255), rng.uniform(0, 255)), -1, cv2.LINE_AA)


def card(img: np.ndarray, x: int, y: int, w: int, h: int, rng: np.random.Generator) -> None:
    """A printed card: a border, an art panel, symbols (discs, numbers) and lines of text."""
    paper = (rng.uniform(180, 250), rng.uniform(180, 250), rng.uniform(170, 245))
    _rounded_rect(img, x, y, w, h, int(min(w, h) * 0.06), paper)
    cv2.rectangle(img, (x + 3, y + 3), (x + w - 3, y + h - 3), _colour(rng), max(1, w // 40))
    ah = int(h * rng.uniform(0.35, 0.55))
    art = background(max(4, ah - 8), max(4, w - 12), rng)
    img[y + 6:y + 6 + art.shape[0], x + 6:x + 6 + art.shape[1]] = art[:max(0, min(art.shape[0], img.shape[0] - y - 6)),
                                                                     :max(0, min(art.shape[1], img.shape[1] - x - 6))]
    for _ in range(int(rng.integers(1, 4))):                          # symbols
        s = int(min(w, h) * rng.uniform(0.08, 0.18))
        cx, cy = int(x + rng.uniform(0.2, 0.8) * w), int(y + ah + rng.uniform(0.1, 0.4) * (h - ah))
        if rng.random() < 0.5:
            cv2.circle(img, (cx, cy), s, _colour(rng), -1, cv2.LINE_AA)
        else:
            _glyph(img, str(int(rng.integers(1, 10))), cx, cy, s * 1.6, _contrast(paper, rng), rng)
    ty = y + ah + int((h - ah) * 0.6)
    while ty < y + h - 6:
        words = "".join(_GLYPHS[int(rng.integers(26))] for _ in range(int(rng.integers(3, 12))))
        cv2.putText(img, words, (x + 8, ty), _FONTS[0], max(0.25, h / 400), (30, 30, 30), 1, cv2.LINE_AA)
        ty += max(8, h // 14)


def token(img: np.ndarray, cx: int, cy: int, size: float, rng: np.random.Generator) -> None:
    """A round or square cardboard token, a coin or a wooden figure."""
    col = _colour(rng)
    kind = rng.random()
    r = int(size / 2)
    if kind < 0.4:
        cv2.circle(img, (cx, cy), r, col, -1, cv2.LINE_AA)
        cv2.circle(img, (cx, cy), r, _contrast(col, rng), max(1, r // 8), cv2.LINE_AA)
        if rng.random() < 0.5:
            cv2.circle(img, (cx, cy), max(1, int(r * rng.uniform(0.15, 0.3))), _contrast(col, rng), -1, cv2.LINE_AA)
        else:
            _glyph(img, str(int(rng.integers(1, 10))), cx, cy, size * 0.5, _contrast(col, rng), rng)
    elif kind < 0.7:                                                  # wooden figure (a meeple)
        pts = np.array([[0, -1], [0.35, -0.6], [0.25, -0.3], [0.9, -0.1], [0.8, 0.15], [0.35, 0.1], [0.6, 1],
                        [0.15, 1], [0, 0.5], [-0.15, 1], [-0.6, 1], [-0.35, 0.1], [-0.8, 0.15], [-0.9, -0.1],
                        [-0.25, -0.3], [-0.35, -0.6]]) * r
        a = rng.uniform(0, 2 * np.pi)
        rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        poly = (pts @ rot.T + (cx, cy)).astype(np.int32)
        cv2.fillPoly(img, [poly], col, cv2.LINE_AA)
        cv2.circle(img, (cx, cy - int(r * 0.75)), max(1, int(r * 0.3)), col, -1, cv2.LINE_AA)
    else:                                                             # square tile with an icon
        _rounded_rect(img, cx - r, cy - r, 2 * r, 2 * r, r // 5, col)
        emblem(img, cx, cy, r, _contrast(col, rng), rng)


def emblem(img: np.ndarray, cx: int, cy: int, r: int, ink: tuple[float, ...], rng: np.random.Generator) -> None:
    """A printed icon that is no pip pattern: a letter or number, a star, a triangle, a leaf, a
    skull-like face or a crossed mark, about ``r`` px in radius around (cx, cy)."""
    kind = int(rng.integers(6))
    a = rng.uniform(0, 2 * np.pi)
    if kind == 0:
        _glyph(img, _GLYPHS[int(rng.integers(36))], cx, cy, r * rng.uniform(0.8, 1.4), ink, rng)
    elif kind in (1, 2):
        n = 5 if kind == 1 else 3
        t = a + np.arange(2 * n if kind == 1 else n) * np.pi / (n if kind == 1 else n / 2)
        rad = np.where(np.arange(len(t)) % 2 == 0, 1.0, 0.45) if kind == 1 else np.ones(len(t))
        pts = np.stack([cx + r * 0.7 * rad * np.cos(t), cy + r * 0.7 * rad * np.sin(t)], 1).astype(np.int32)
        cv2.fillPoly(img, [pts], ink, cv2.LINE_AA)
    elif kind == 3:
        cv2.ellipse(img, (cx, cy), (max(1, int(r * 0.7)), max(1, int(r * 0.3))), float(np.degrees(a)), 0, 360,
                    ink, -1, cv2.LINE_AA)
        cv2.line(img, (int(cx - r * 0.7 * np.cos(a)), int(cy - r * 0.7 * np.sin(a))),
                 (int(cx + r * 0.7 * np.cos(a)), int(cy + r * 0.7 * np.sin(a))), (128, 128, 128), 1, cv2.LINE_AA)
    elif kind == 4:                                                   # a skull: a round head, jaw and dark eyes
        cv2.circle(img, (cx, cy - int(r * 0.1)), max(1, int(r * 0.6)), ink, -1, cv2.LINE_AA)
        cv2.rectangle(img, (cx - int(r * 0.35), cy + int(r * 0.2)), (cx + int(r * 0.35), cy + int(r * 0.65)), ink, -1)
        hole = tuple(255.0 - c for c in ink)
        for ex in (-1, 1):
            cv2.ellipse(img, (cx + ex * int(r * 0.25), cy - int(r * 0.1)), (max(1, int(r * 0.16)), max(1, int(r * 0.2))),
                        0, 0, 360, hole, -1, cv2.LINE_AA)
        cv2.line(img, (cx, cy + int(r * 0.1)), (cx, cy + int(r * 0.25)), hole, max(1, r // 10))
    else:
        th = max(1, int(r * rng.uniform(0.12, 0.25)))
        for s in (-1, 1):
            cv2.line(img, (int(cx - r * 0.6), int(cy - s * r * 0.6)), (int(cx + r * 0.6), int(cy + s * r * 0.6)),
                     ink, th, cv2.LINE_AA)


def cable(img: np.ndarray, rng: np.random.Generator, size: float) -> None:
    """A cable across the frame, sometimes with a printed label or a plug."""
    h, w = img.shape[:2]
    pts = np.cumsum(rng.normal(0, size, (8, 2)), axis=0) + (rng.uniform(0, w), rng.uniform(0, h))
    col = (rng.uniform(10, 60),) * 3 if rng.random() < 0.6 else _colour(rng)
    cv2.polylines(img, [pts.astype(np.int32)], False, col, max(2, int(size * 0.15)), cv2.LINE_AA)
    if rng.random() < 0.6:
        cx, cy = pts[int(rng.integers(len(pts)))]
        lw, lh = int(size * rng.uniform(0.7, 1.3)), int(size * rng.uniform(0.35, 0.6))
        cv2.rectangle(img, (int(cx), int(cy)), (int(cx) + lw, int(cy) + lh), (235, 235, 235), -1)
        _glyph(img, "".join(_GLYPHS[int(rng.integers(36))] for _ in range(2)), cx + lw / 2, cy + lh / 2,
               lh * 0.6, (20, 20, 20), rng)


def text(img: np.ndarray, x: int, y: int, w: int, h: int, size: float, rng: np.random.Generator) -> None:
    """Lines of print (board art, a rule sheet, a score pad)."""
    ink = (rng.uniform(0, 80),) * 3
    ty = y + int(size)
    while ty < y + h:
        words = " ".join("".join(_GLYPHS[int(rng.integers(len(_GLYPHS)))] for _ in range(int(rng.integers(1, 7))))
                         for _ in range(int(rng.integers(2, 6))))
        cv2.putText(img, words, (x, ty), _FONTS[int(rng.integers(len(_FONTS)))], size / 30, ink,
                    max(1, int(size / 15)), cv2.LINE_AA)
        ty += int(size * rng.uniform(1.2, 1.8))


KINDS = ("keyboard", "ports", "card", "token", "cable", "text")


def clutter_patch(n: int, size: float, rng: np.random.Generator, kind: str | None = None) -> np.ndarray:
    """An ``n`` x ``n`` BGR picture of one kind of clutter whose parts are about ``size`` px."""
    img = background(n, n, rng)
    kind = kind or KINDS[int(rng.integers(len(KINDS)))]
    if kind == "keyboard":
        keyboard(img, 0, 0, n, n, size * rng.uniform(0.8, 1.3), rng)
    elif kind == "ports":
        ports(img, 0, int(n / 2 - size / 2), n, int(size), size, rng)
    elif kind == "card":
        card(img, int(n * 0.1), int(n * 0.05), int(n * 0.8), int(n * 0.9), rng)
    elif kind == "token":
        token(img, n // 2, n // 2, size, rng)
    elif kind == "cable":
        cable(img, rng, size)
    else:
        text(img, 0, 0, n, n, size * rng.uniform(0.3, 0.8), rng)
    return img


def clutter_region(img: np.ndarray, x: int, y: int, w: int, h: int, die: float, rng: np.random.Generator) -> None:
    """Fill (x, y, w, h) of ``img`` with a mix of clutter whose parts are about ``die`` px."""
    if w < 8 or h < 8:
        return
    r = rng.random()
    if r < 0.35:
        keyboard(img, x, y, w, h, die * rng.uniform(0.8, 1.4), rng)
    elif r < 0.55:
        cw, ch = min(w, int(die * rng.uniform(2.5, 4))), min(h, int(die * rng.uniform(3.5, 5.5)))
        for _ in range(int(rng.integers(1, 4))):
            card(img, x + int(rng.integers(0, max(1, w - cw))), y + int(rng.integers(0, max(1, h - ch))), cw, ch, rng)
    elif r < 0.7:
        text(img, x, y, w, h, die * rng.uniform(0.3, 0.7), rng)
    else:
        sub = img[y:y + h, x:x + w]
        sub[:] = background(h, w, rng)
        ph = min(h, int(die * rng.uniform(0.6, 1.0)))
        ports(img, x, y + int(rng.integers(0, max(1, h - ph))), w, ph, die, rng)
    for _ in range(int(rng.integers(0, 5))):
        token(img, x + int(rng.integers(0, w)), y + int(rng.integers(0, h)), die * rng.uniform(0.7, 1.4), rng)
    for _ in range(int(rng.integers(0, 2))):
        cable(img, rng, die)


def cluttered(image: np.ndarray, rows: np.ndarray, rng: np.random.Generator,
              grow: float = 1.8) -> tuple[np.ndarray, np.ndarray]:
    """The photo placed in a frame ``grow`` times as wide, the rest full of clutter.

    ``rows`` are the photo's dice ``(value, x, y, w, h)``; the same dice come back moved to where
    the photo now lies. Clutter never covers the photo, so every die stays as it was.
    """
    h, w = image.shape[:2]
    W = int(w * grow)
    die = float(np.median(np.maximum(rows[:, 3], rows[:, 4]))) if len(rows) else 0.06 * min(h, w)
    frame = background(h, W, rng)
    left = rng.random() < 0.5
    ox = W - w if left else 0
    free_x = 0 if left else w
    free_w = W - w
    split = int(rng.uniform(0.35, 0.65) * h)
    clutter_region(frame, free_x, 0, free_w, split, die, rng)
    clutter_region(frame, free_x, split, free_w, h - split, die, rng)
    frame[:, ox:ox + w] = image
    moved = rows.copy()
    moved[:, 1] += ox
    return frame, moved


def pieces_among(image: np.ndarray, rows: np.ndarray, rng: np.random.Generator,
                 most: int = 3) -> np.ndarray:
    """A copy of the photo with 1..``most`` game pieces of about the dice's size dropped where no
    die lies: cardboard tokens, wooden figures (``token``) and blank resource blocks (a cube with no
    pips). ``rows`` are the photo's dice ``(value, x, y, w, h)``; none of them is covered."""
    out = image.copy()
    h, w = out.shape[:2]
    die = float(np.median(np.maximum(rows[:, 3], rows[:, 4]))) if len(rows) else 0.06 * min(h, w)
    centres = [(x + bw / 2, y + bh / 2) for _, x, y, bw, bh in rows]
    for _ in range(int(rng.integers(1, most + 1))):
        size = die * rng.uniform(0.8, 1.3)
        for _try in range(30):
            cx, cy = rng.uniform(size, w - size), rng.uniform(size, h - size)
            if all(np.hypot(cx - px, cy - py) > 1.6 * max(size, die) for px, py in centres):
                break
        else:
            continue
        centres.append((cx, cy))
        if rng.random() < 0.35:
            patch, alpha = render_die(size, 1, rng, blank=True)
            paste(out, patch, alpha, int(cx - alpha.shape[1] / 2), int(cy - alpha.shape[0] / 2))
        else:
            token(out, int(cx), int(cy), size, rng)
    return out
