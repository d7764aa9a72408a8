"""Train the dice locator (development only) and write vision/models/dice_locator.onnx.

The locator is a small fully convolutional network: for an image where dice are about 9-40 px
across it returns, at stride 4, a die-centre heat map, the sub-cell centre offset and the log box
size (CenterNet-style). ``vision.locate`` runs it over an image pyramid, so any die size works.

Data: the training part of ../shared/dice/nellbyler_d6_train (tools/dice_split.py; the dev and
held-out images are never read), rescaled so dice take random sizes, recoloured, rotated by quarter turns
and mirrored; plus synthetic dice on random table-like backgrounds (tools/dice_data.py), and on
table clutter (tools/dice_clutter.py: keyboards, ports, cards, tokens, cables, print), where
nothing but the pasted dice may be found. A die with an emblem on its face is still a die.

Run (needs PyTorch, e.g. in a separate venv):
    /tmp/trainvenv/bin/python -m tools.train_dice_locator [--epochs 12] [--seed 0]

The committed models (vision/models/README.md): dice_locator.onnx is --epochs 12 --seed 2 --tilt 0.3;
dice_locator_handful.onnx, read only around touching dice, the same with --packed 0.2.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from tools.dice_clutter import clutter_patch, emblem
from tools.dice_data import Photo, jitter_colour, load_photos, synthetic_scene
from tools.dice_tilted import render_tilted_die, tilt

STRIDE = 4
CROP = 160
SIZE_RANGE = (9.0, 40.0)
OUT = Path(__file__).resolve().parents[1] / "vision" / "models" / "dice_locator.onnx"


def conv(cin: int, cout: int, stride: int = 1, dil: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, dil, dil, bias=False), nn.BatchNorm2d(cout),
                         nn.ReLU(inplace=True))


class Locator(nn.Module):
    """Image (B,3,H,W) in 0..1 -> (B,5,H/4,W/4): heat logit, dx, dy, log w/4, log h/4."""

    def __init__(self, width: float = 1.0) -> None:
        super().__init__()
        a, b, c, d = (max(4, round(n * width)) for n in (16, 24, 32, 48))
        self.body = nn.Sequential(conv(3, a, 2), conv(a, b), conv(b, c, 2), conv(c, c),
                                  conv(c, d, dil=2), conv(d, d, dil=4), conv(d, d, dil=2))
        self.head = nn.Conv2d(d, 5, 1)
        nn.init.constant_(self.head.bias, 0.0)
        self.head.bias.data[0] = -4.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.body(x - 0.5))


def targets(rows: np.ndarray, h: int, w: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Heat (gh,gw), regression (4,gh,gw) and its mask (gh,gw) for dice rows (v,x,y,w,h)."""
    gh, gw = h // STRIDE, w // STRIDE
    heat = np.zeros((gh, gw), np.float32)
    reg = np.zeros((4, gh, gw), np.float32)
    mask = np.zeros((gh, gw), np.float32)
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    for _, x, y, bw, bh in rows:
        cx, cy = (x + bw / 2) / STRIDE, (y + bh / 2) / STRIDE
        if not (0 <= cx < gw and 0 <= cy < gh):
            continue
        sigma = max(0.5, min(bw, bh) / STRIDE / 5)
        g = np.exp(-((xx + 0.5 - cx) ** 2 + (yy + 0.5 - cy) ** 2) / (2 * sigma ** 2))
        heat = np.maximum(heat, g)
        ix, iy = int(cx), int(cy)
        heat[iy, ix] = 1.0
        reg[:, iy, ix] = (cx - ix, cy - iy, np.log(bw / STRIDE), np.log(bh / STRIDE))
        mask[iy, ix] = 1.0
    return heat, reg, mask


def photo_sample(p: Photo, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A CROP x CROP piece of a photo rescaled so its dice are a random size, with its dice rows."""
    med = float(np.median(np.maximum(p.dice[:, 3], p.dice[:, 4])))
    s = np.exp(rng.uniform(*np.log(SIZE_RANGE))) / med
    img = cv2.resize(p.image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR)
    rows = p.dice.copy()
    rows[:, 1:] *= s
    H, W = img.shape[:2]
    if rng.random() < 0.75:
        d = rows[rng.integers(len(rows))]
        cx, cy = d[1] + d[3] / 2 + rng.uniform(-CROP / 3, CROP / 3), d[2] + d[4] / 2 + rng.uniform(-CROP / 3, CROP / 3)
    else:
        cx, cy = rng.uniform(0, W), rng.uniform(0, H)
    x0, y0 = int(cx - CROP / 2), int(cy - CROP / 2)
    M = np.float32([[1, 0, -x0], [0, 1, -y0]])
    crop = cv2.warpAffine(img, M, (CROP, CROP), borderMode=cv2.BORDER_REFLECT)
    rows[:, 1] -= x0
    rows[:, 2] -= y0
    cx_, cy_ = rows[:, 1] + rows[:, 3] / 2, rows[:, 2] + rows[:, 4] / 2
    keep = (cx_ >= 0) & (cx_ < CROP) & (cy_ >= 0) & (cy_ < CROP)
    return crop, rows[keep]


def rot_flip(img: np.ndarray, rows: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Random quarter turn and mirror of a square image and its boxes."""
    n = img.shape[0]
    rows = rows.copy()
    for _ in range(int(rng.integers(0, 4))):
        img = np.ascontiguousarray(np.rot90(img))                   # counter-clockwise
        x, y, w, h = rows[:, 1].copy(), rows[:, 2].copy(), rows[:, 3].copy(), rows[:, 4].copy()
        rows[:, 1], rows[:, 2], rows[:, 3], rows[:, 4] = y, n - x - w, h, w
    if rng.random() < 0.5:
        img = np.ascontiguousarray(img[:, ::-1])
        rows[:, 1] = n - rows[:, 1] - rows[:, 3]
    return img, rows


def batch(photos: list[Photo], n: int, rng: np.random.Generator, a_photo: float = 0.6,
          a_clutter: float = 0.2, a_tilt: float = 0.0, a_flat: float = 0.0,
          a_packed: float = 0.0, a_cubes: float = 0.0, a_marbled: float = 0.3) -> tuple[torch.Tensor, ...]:
    """``n`` training images with their targets: a share ``a_photo`` from photos, ``a_clutter``
    synthetic dice on clutter, the rest synthetic dice on plain table backgrounds; a share
    ``a_tilt`` of all of them seen from a tilted camera (``tools.dice_tilted.tilt``); of the plain
    synthetic dice a share ``a_flat`` seen straight from above with sharp corners (printed or flat dice);
    of the plain synthetic images a share ``a_packed`` with their dice pushed together edge to edge,
    and a share ``a_cubes`` with their dice drawn as cubes seen from the side
    (``tools.dice_tilted.render_tilted_die``: the box is the whole cube, side faces and all); of
    the plain synthetic dice a share ``a_marbled`` with swirled faces."""
    xs, hs, rs, ms = [], [], [], []
    for _ in range(n):
        r = rng.random()
        if r < a_photo:
            img, rows = photo_sample(photos[rng.integers(len(photos))], rng)
        elif r < a_photo + a_clutter:
            part = float(np.exp(rng.uniform(*np.log(SIZE_RANGE))))
            img, rows = synthetic_scene(CROP, CROP, rng, SIZE_RANGE, n_max=int(rng.integers(0, 6)),
                                        backdrop=clutter_patch(CROP, part, rng), mark=emblem)
        else:
            cubes = a_cubes > 0 and rng.random() < a_cubes               # no draw when unset
            img, rows = synthetic_scene(CROP, CROP, rng, SIZE_RANGE, n_max=12, mark=emblem, flat=a_flat,
                                        packed=a_packed, draw=render_tilted_die if cubes else None,
                                        marbled=a_marbled)
        img, rows = rot_flip(img, rows, rng)
        if rng.random() < a_tilt:
            img, rows = tilt(img, rows, rng)
        img = jitter_colour(img, rng)
        h, r, m = targets(rows, CROP, CROP)
        xs.append(img.transpose(2, 0, 1).astype(np.float32) / 255)
        hs.append(h)
        rs.append(r)
        ms.append(m)
    return tuple(torch.from_numpy(np.stack(a)) for a in (xs, hs, rs, ms))


def focal(logit: torch.Tensor, heat: torch.Tensor) -> torch.Tensor:
    """CenterNet focal loss on the heat map, normalised by the number of dice."""
    p = torch.sigmoid(logit).clamp(1e-4, 1 - 1e-4)
    pos = heat.eq(1).float()
    neg = 1 - pos
    pl = -torch.log(p) * (1 - p) ** 2 * pos
    nl = -torch.log(1 - p) * p ** 2 * (1 - heat) ** 4 * neg
    return (pl.sum() + nl.sum()) / pos.sum().clamp(min=1)


def export(net: nn.Module, path: Path) -> None:
    """Write the network as ONNX (opset 13, which OpenCV's dnn module reads)."""
    net.eval()
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(net, torch.zeros(1, 3, CROP, CROP), str(path), opset_version=13,
                      input_names=["image"], output_names=["maps"], dynamo=False,
                      dynamic_axes={"image": {2: "h", 3: "w"}, "maps": {2: "gh", 3: "gw"}})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--steps", type=int, default=120, help="batches per epoch")
    ap.add_argument("--batch", type=int, default=24)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--width", type=float, default=1.0, help="channels relative to the committed locator's")
    ap.add_argument("--tilt", type=float, default=0.0, help="share of images seen from a tilted camera")
    ap.add_argument("--clutter", type=float, default=0.2, help="share of images of dice on table clutter")
    ap.add_argument("--flat", type=float, default=0.0, help="share of plain synthetic dice seen flat")
    ap.add_argument("--packed", type=float, default=0.0,
                    help="share of plain synthetic images whose dice are pushed together edge to edge")
    ap.add_argument("--cubes", type=float, default=0.0,
                    help="share of plain synthetic images whose dice are cubes seen from the side")
    ap.add_argument("--marbled", type=float, default=0.3,
                    help="share of the plain synthetic dice whose faces are swirled with a second colour")
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    rng = np.random.default_rng(a.seed)
    photos = load_photos("train")
    net = Locator(a.width)
    opt = torch.optim.AdamW(net.parameters(), 3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=a.epochs * a.steps)
    for ep in range(a.epochs):
        t0, tot = time.time(), 0.0
        net.train()
        for _ in range(a.steps):
            x, heat, reg, mask = batch(photos, a.batch, rng, a_clutter=a.clutter, a_tilt=a.tilt, a_flat=a.flat,
                                       a_packed=a.packed, a_cubes=a.cubes,
                                       a_marbled=a.marbled)
            out = net(x)
            lh = focal(out[:, 0], heat)
            m = mask[:, None]
            lr = (F.l1_loss(out[:, 1:] * m, reg * m, reduction="sum") / mask.sum().clamp(min=1))
            loss = lh + lr
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += float(loss.detach())
        print(f"epoch {ep + 1}/{a.epochs} loss {tot / a.steps:.3f} ({time.time() - t0:.0f}s)", flush=True)
        export(net, a.out)  # every epoch, so a run can be tried before it ends
    print("wrote", a.out)


if __name__ == "__main__":
    main()
