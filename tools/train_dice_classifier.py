"""Train the pip classifier (development only) and write vision/models/dice_pips_<seed>.onnx.

The classifier reads a 40x40 crop around one die (``vision.classify.crop_square``) and scores the
pip values 1..6 plus "not a die". Training crops:

- dice of the training part of ../shared/dice/nellbyler_d6_train (tools/dice_split.py; the
  dev and held-out images are never read), with the box centre and size jittered the way the locator
  errs, any rotation, mirrored, recoloured, sometimes blurred or downsampled;
- synthetic dice 18-64 px across (a crop of a larger die is the same picture shrunk) on random backgrounds (tools/dice_data.py);
  with --tilt some seen from the side (tools/dice_tilted.py), with --translucent some of tinted
  clear resin, the faces below showing through (tools/dice_translucent.py);
- "not a die": bare tray, table and wall pieces, boxes far off a die, blank synthetic cubes, table
  clutter (tools/dice_clutter.py: keyboard keys, ports, cards, tokens, cable labels, print), where
  half the crops are the boxes the committed locator finds there (and with --pip-negatives the
  middle pip of a big synthetic die);
- dice with an emblem in place of pips (a logo, a skull, a star): a die whose value cannot be
  read, taught as an even spread over 1..6, so the reader keeps it and asks the player;
- with --heap, some synthetic dice lie among two to five dice edge to edge on a patterned cloth,
  light wood or a table (``heaped_die``), most of them marbled (--marbled).

--init goes on from an exported model's weights (its batch norms folded into its convolutions by
the export) instead of from scratch, with --lr as the learning rate's peak: a fine-tune. Tried for
the bowl's marbled heaps and not kept (vision/models/README.md, "A heap followed die by die").

The committed vision/models/dice_pips_10.onnx is: --epochs 48 --steps 120 --seed 10 --translucent 0.2
(the defaults).
``vision.classify`` averages every dice_pips_*.onnx it finds, so a second seed can be added as an
ensemble member (see vision/models/README.md for why only one is committed).
The committed vision/models/dice_second_12.onnx, which reads only the dice the reader keeps
(``vision.classify.second_opinion``), is: --seed 12 --tilt 0.2 --out vision/models/dice_second_12.onnx
(the rest the defaults: a fifth of the synthetic dice seen from the side, a fifth of clear resin).

Run (needs PyTorch, e.g. in a separate venv):
    /tmp/trainvenv/bin/python -m tools.train_dice_classifier [--epochs 48] [--seed 10] [--translucent 0.2]
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

from tools.dice_cloth import cloth, lay_packed
from tools.dice_clutter import KINDS, clutter_patch, emblem
from tools.dice_data import Draw, Photo, background, jitter_colour, load_photos, paste, render_die
from tools.dice_desk import wood
from tools.dice_tilted import render_tilted_die
from tools.dice_translucent import render_translucent_die
from vision.classify import CROP, MARGIN, NOT_A_DIE, crop_square

MODELS = Path(__file__).resolve().parents[1] / "vision" / "models"


def conv(cin: int, cout: int, norm: bool = True) -> nn.Sequential:
    """3x3 convolution and ReLU, with batch norm; without (``norm`` False) the convolution has a
    bias instead: an exported model's layers, whose norms ONNX export folded into them."""
    if not norm:
        return nn.Sequential(nn.Conv2d(cin, cout, 3, 1, 1), nn.ReLU(inplace=True))
    return nn.Sequential(nn.Conv2d(cin, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class PipNet(nn.Module):
    """Crop (B,3,40,40) in 0..1 -> 7 logits (values 1..6, not a die)."""

    def __init__(self, width: float = 1.0, norm: bool = True) -> None:
        super().__init__()
        a, b, c, d = (max(4, int(round(n * width))) for n in (16, 32, 64, 96))
        self.body = nn.Sequential(conv(3, a, norm), conv(a, a, norm), nn.MaxPool2d(2), conv(a, b, norm),
                                  conv(b, b, norm), nn.MaxPool2d(2), conv(b, c, norm), conv(c, c, norm),
                                  nn.MaxPool2d(2), conv(c, d, norm), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                                  nn.Dropout(0.2), nn.Linear(d, 7))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.body(x - 0.5)


def from_onnx(path: Path, width: float = 1.0) -> PipNet:
    """A PipNet (without batch norm) holding the weights of an exported model at ``path``, to be
    trained on from there (needs the ``onnx`` package)."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    weights = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    convs = [(n.input[1], n.input[2]) for n in model.graph.node if n.op_type == "Conv"]
    gemm = next(n for n in model.graph.node if n.op_type == "Gemm")
    net = PipNet(width, norm=False)
    layers = [m for m in net.modules() if isinstance(m, nn.Conv2d)]
    with torch.no_grad():
        for layer, (w, b) in zip(layers, convs, strict=True):
            layer.weight.copy_(torch.from_numpy(np.array(weights[w])))
            layer.bias.copy_(torch.from_numpy(np.array(weights[b])))
        linear = net.body[-1]
        linear.weight.copy_(torch.from_numpy(np.array(weights[gemm.input[1]])))
        linear.bias.copy_(torch.from_numpy(np.array(weights[gemm.input[2]])))
    return net


def rotated_crop(img: np.ndarray, cx: float, cy: float, side: float, rng: np.random.Generator) -> np.ndarray:
    """crop_square of the image turned by a random angle about (cx, cy), maybe mirrored."""
    half = int(side) + 2
    M = cv2.getRotationMatrix2D((float(cx), float(cy)), float(rng.uniform(0, 360)), 1.0)
    M[:, 2] += (half - cx, half - cy)
    patch = cv2.warpAffine(img, M, (2 * half, 2 * half), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    if rng.random() < 0.5:
        patch = patch[:, ::-1]
    return crop_square(np.ascontiguousarray(patch), half, half, side)


def degrade(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Sometimes blur or down-and-up sample: out-of-focus and small dice."""
    r = rng.random()
    if r < 0.15:
        crop = cv2.GaussianBlur(crop, (0, 0), rng.uniform(0.4, 1.0))
    elif r < 0.25:
        f = rng.uniform(0.55, 0.8)
        small = cv2.resize(crop, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        crop = cv2.resize(small, (CROP, CROP), interpolation=cv2.INTER_LINEAR)
    return crop


def real_die(photos: list[Photo], rng: np.random.Generator) -> tuple[np.ndarray, int]:
    p = photos[rng.integers(len(photos))]
    v, x, y, w, h = p.dice[rng.integers(len(p.dice))]
    s = max(w, h)
    cx = x + w / 2 + rng.uniform(-0.12, 0.12) * s
    cy = y + h / 2 + rng.uniform(-0.12, 0.12) * s
    side = MARGIN * s * rng.uniform(0.85, 1.2)
    return rotated_crop(p.image, cx, cy, side, rng), int(v) - 1


def synthetic_die(rng: np.random.Generator, blank: bool = False, draw: Draw | None = None) -> tuple[np.ndarray, int]:
    """A synthetic die (drawn by ``draw`` when given: ``render_tilted_die``, seen from the side, or
    ``render_translucent_die``) cropped as a located die is, sometimes with a touching neighbour;
    ``blank`` draws a cube with no pips (not a die)."""
    size = float(np.exp(rng.uniform(np.log(18), np.log(64))))
    v = int(rng.integers(1, 7))
    patch, alpha = draw(size, v, rng) if draw is not None and not blank else render_die(size, v, rng, blank=blank)
    n = alpha.shape[0] * 2
    bg = background(n, n, rng)
    off = n // 4
    box = paste(bg, patch, alpha, off, off)
    if box is None:
        box = (off, off, alpha.shape[1], alpha.shape[0])
    if not blank and rng.random() < 0.3:                             # a touching neighbour
        p2, a2 = render_die(size * rng.uniform(0.9, 1.1), int(rng.integers(1, 7)), rng)
        ang = rng.uniform(0, 2 * np.pi)
        dx, dy = np.cos(ang) * size * 1.05, np.sin(ang) * size * 1.05
        paste(bg, p2, a2, int(off + dx), int(off + dy))
        paste(bg, patch, alpha, off, off)
    x, y, w, h = box
    s = max(w, h)
    cx = x + w / 2 + rng.uniform(-0.1, 0.1) * s
    cy = y + h / 2 + rng.uniform(-0.1, 0.1) * s
    return rotated_crop(bg, cx, cy, MARGIN * s * rng.uniform(0.85, 1.2), rng), NOT_A_DIE if blank else v - 1


_GROUNDS: list[np.ndarray] = []


def ground(n: int, rng: np.random.Generator) -> np.ndarray:
    """An ``n`` x ``n`` piece (a copy) of one of 60 grounds drawn once, 640 px square: half of them
    patterned cloths whose pattern repeats every 12-100 px, a quarter light wood, a quarter table
    backgrounds (drawing a cloth for every crop took most of the training's time)."""
    if not _GROUNDS:
        g = np.random.default_rng(0)
        for i in range(60):
            _GROUNDS.append(cloth(640, 640, g, float(np.exp(g.uniform(np.log(12), np.log(100)))))
                            if i % 4 < 2 else wood(640, 640, g) if i % 4 == 2 else background(640, 640, g))
    img = _GROUNDS[int(rng.integers(len(_GROUNDS)))]
    n = min(n, 640)
    x, y = (int(v) for v in rng.integers(0, 640 - n + 1, 2))
    return img[y:y + n, x:x + n].copy()


def heaped_die(rng: np.random.Generator, marbled: float) -> tuple[np.ndarray, int]:
    """A die among two to five dice lying edge to edge round it, as in a bowl or a tray after a
    throw, on a patterned cloth (``tools.dice_cloth.cloth``), light wood or a table background,
    ``marbled`` of them swirled; cropped as a located die is."""
    size = float(np.exp(rng.uniform(np.log(18), np.log(64))))
    v = int(rng.integers(1, 7))
    patch, alpha = render_die(size, v, rng, marbled=marbled)
    n = alpha.shape[0] * 4
    bg = ground(n, rng)
    n = bg.shape[0]
    off = (n - alpha.shape[0]) // 2
    box = paste(bg, patch, alpha, off, off) or (off, off, alpha.shape[1], alpha.shape[0])
    taken = np.zeros((n, n), bool)
    taken[off:off + alpha.shape[0], off:off + alpha.shape[1]] = alpha > 0.2
    for _ in range(int(rng.integers(2, 6))):
        p2, a2 = render_die(size * rng.uniform(0.95, 1.05), int(rng.integers(1, 7)), rng, marbled=marbled)
        lay_packed(bg, taken, None, p2, a2, (n / 2, n / 2), size * 1.6, rng)
    x, y, w, h = box
    s = max(w, h)
    cx = x + w / 2 + rng.uniform(-0.1, 0.1) * s
    cy = y + h / 2 + rng.uniform(-0.1, 0.1) * s
    return rotated_crop(bg, cx, cy, MARGIN * s * rng.uniform(0.85, 1.2), rng), v - 1


def pip_of_big_die(rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """A crop around the middle pip of a big die (1, 3 or 5): what a pip looks like when the
    locator takes it for a small die at too fine a pyramid level."""
    size = float(rng.uniform(48, 64))
    patch, alpha = render_die(size, int(rng.choice([1, 3, 5])), rng)
    n = alpha.shape[0] * 2
    bg = background(n, n, rng)
    box = paste(bg, patch, alpha, n // 4, n // 4)
    if box is None:
        return synthetic_die(rng, blank=True)
    x, y, w, h = box
    side = MARGIN * size * rng.uniform(0.2, 0.45)
    cx = x + w / 2 + rng.uniform(-0.03, 0.03) * size
    cy = y + h / 2 + rng.uniform(-0.03, 0.03) * size
    return rotated_crop(bg, cx, cy, side, rng), NOT_A_DIE


#: Label of a die whose face shows an emblem: taught as an even spread over the six values.
EMBLEM = -1


def emblem_die(rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """A synthetic die with an emblem on its top face, cropped as a located die is."""
    size = float(np.exp(rng.uniform(np.log(18), np.log(64))))
    patch, alpha = render_die(size, 1, rng, mark=emblem)
    n = alpha.shape[0] * 2
    bg = background(n, n, rng)
    off = n // 4
    box = paste(bg, patch, alpha, off, off) or (off, off, alpha.shape[1], alpha.shape[0])
    x, y, w, h = box
    s = max(w, h)
    cx = x + w / 2 + rng.uniform(-0.1, 0.1) * s
    cy = y + h / 2 + rng.uniform(-0.1, 0.1) * s
    return rotated_crop(bg, cx, cy, MARGIN * s * rng.uniform(0.85, 1.2), rng), EMBLEM


def clutter_crop(rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """A piece of table clutter, cropped where the locator finds a die in it (half the time, when
    it finds one) or anywhere."""
    from vision.locate import locate_dice                              # the committed locator
    size = float(np.exp(rng.uniform(np.log(18), np.log(64))))
    n = int(size * 4)
    img = clutter_patch(n, size, rng, KINDS[int(rng.integers(len(KINDS)))])
    if rng.random() < 0.5:
        found = [c for c in locate_dice(img) if 0.4 * size < max(c.box[2], c.box[3]) < 2.5 * size]
        if found:
            x, y, w, h = found[int(rng.integers(len(found)))].box
            return rotated_crop(img, x + w / 2, y + h / 2, MARGIN * max(w, h) * rng.uniform(0.9, 1.1), rng), NOT_A_DIE
    cx, cy = rng.uniform(0.25, 0.75, 2) * n
    return rotated_crop(img, cx, cy, MARGIN * size * rng.uniform(0.7, 1.3), rng), NOT_A_DIE


def not_a_die(photos: list[Photo], rng: np.random.Generator, pips: bool = False) -> tuple[np.ndarray, int]:
    r = rng.random()
    if r < 0.4:
        return clutter_crop(rng)
    r = (r - 0.4) / 0.6
    if r < 0.2:
        return synthetic_die(rng, blank=True)
    if pips and r < 0.4:
        return pip_of_big_die(rng)
    p = photos[rng.integers(len(photos))]
    sizes = np.maximum(p.dice[:, 3], p.dice[:, 4])
    s = float(np.median(sizes)) * rng.uniform(0.8, 1.3)
    centres = p.dice[:, 1:3] + p.dice[:, 3:5] / 2
    H, W = p.image.shape[:2]
    for _ in range(20):
        if rng.random() < 0.4:                                         # a box well off a die
            c = centres[rng.integers(len(centres))]
            ang = rng.uniform(0, 2 * np.pi)
            d = rng.uniform(0.55, 0.9) * s
            cx, cy = c[0] + np.cos(ang) * d, c[1] + np.sin(ang) * d
        else:
            cx, cy = rng.uniform(0, W), rng.uniform(0, H)
        dist = np.hypot(centres[:, 0] - cx, centres[:, 1] - cy) / sizes
        if dist.min() > 0.5:
            return rotated_crop(p.image, cx, cy, MARGIN * s, rng), NOT_A_DIE
    return synthetic_die(rng, blank=True)


def drawer(rng: np.random.Generator, tilt: float, translucent: float) -> Draw | None:
    """How one synthetic die is drawn: seen from the side with probability ``tilt``, translucent
    with probability ``translucent``, else (None) by ``render_die``. Draws one random number only
    when either share is set, so runs without them see the same random stream as before."""
    if tilt <= 0 and translucent <= 0:
        return None
    r = rng.random()
    return render_tilted_die if r < tilt else render_translucent_die if r < tilt + translucent else None


def batch(photos: list[Photo], n: int, rng: np.random.Generator,
          pips: bool = False, tilt: float = 0.0, translucent: float = 0.0,
          heap: float = 0.0, marbled: float = 0.8) -> tuple[torch.Tensor, torch.Tensor]:
    """``n`` training crops and their targets: half real dice, 22 % synthetic dice (``heap`` of
    them among touching dice (``heaped_die``, ``marbled`` of those swirled), of the rest ``tilt``
    seen from the side and ``translucent`` of tinted clear resin), 4 % emblem dice, the rest no dice."""
    xs, ys = [], []
    for _ in range(n):
        r = rng.random()
        if r < 0.5:
            crop, y = real_die(photos, rng)
        elif r < 0.72:
            if heap > 0 and rng.random() < heap:
                crop, y = heaped_die(rng, marbled)
            else:
                crop, y = synthetic_die(rng, draw=drawer(rng, tilt, translucent))
        elif r < 0.76:
            crop, y = emblem_die(rng)
        else:
            crop, y = not_a_die(photos, rng, pips)
        crop = jitter_colour(degrade(np.ascontiguousarray(crop), rng), rng)
        xs.append(crop.transpose(2, 0, 1).astype(np.float32) / 255)
        ys.append(y)
    target = np.zeros((len(ys), 7), np.float32)
    for i, y in enumerate(ys):
        if y == EMBLEM:
            target[i, :NOT_A_DIE] = 1 / NOT_A_DIE
        else:
            target[i, y] = 1
    return torch.from_numpy(np.stack(xs)), torch.from_numpy(target)


def export(net: nn.Module, path: Path) -> None:
    """Write the network as ONNX (opset 13, which OpenCV's dnn module reads)."""
    net.eval()
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(net, torch.zeros(1, 3, CROP, CROP), str(path), opset_version=13,
                      input_names=["crop"], output_names=["logits"], dynamo=False,
                      dynamic_axes={"crop": {0: "n"}, "logits": {0: "n"}})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--epochs", type=int, default=48)
    ap.add_argument("--steps", type=int, default=120, help="batches per epoch")
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--seed", type=int, default=10)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None, help="default: vision/models/dice_pips_<seed>.onnx")
    ap.add_argument("--width", type=float, default=1.0, help="channel count multiplier of the network")
    ap.add_argument("--pip-negatives", action="store_true",
                    help="also teach that a lone pip of a big die is not a die (tried: better on dice "
                         "upscaled 3-4x, slightly worse at native size; not used for the committed model)")
    ap.add_argument("--tilt", type=float, default=0.0,
                    help="share of the synthetic dice drawn seen from the side (tools/dice_tilted.py)")
    ap.add_argument("--translucent", type=float, default=0.2,
                    help="share of the synthetic dice drawn of clear resin (tools/dice_translucent.py)")
    ap.add_argument("--heap", type=float, default=0.0,
                    help="share of the synthetic dice drawn among touching dice on cloth or wood (heaped_die)")
    ap.add_argument("--marbled", type=float, default=0.8, help="share of the heaped dice that are marbled")
    ap.add_argument("--init", type=Path, default=None,
                    help="go on from the weights of this exported model (needs onnx) instead of from scratch")
    ap.add_argument("--lr", type=float, default=3e-3, help="the learning rate's peak")
    a = ap.parse_args()
    cv2.setNumThreads(1)
    a.out = a.out or MODELS / f"dice_pips_{a.seed}.onnx"
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    rng = np.random.default_rng(a.seed)
    photos = load_photos("train")
    net = from_onnx(a.init, a.width) if a.init else PipNet(a.width)
    opt = torch.optim.AdamW(net.parameters(), a.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, a.lr, total_steps=a.epochs * a.steps)
    for ep in range(a.epochs):
        t0, tot, right, seen = time.time(), 0.0, 0, 0
        net.train()
        for _ in range(a.steps):
            x, y = batch(photos, a.batch, rng, a.pip_negatives, a.tilt, a.translucent, a.heap, a.marbled)
            out = net(x)
            loss = F.cross_entropy(out, y, label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += float(loss.detach())
            right += int((out.argmax(1) == y.argmax(1)).sum())
            seen += len(y)
        print(f"epoch {ep + 1}/{a.epochs} loss {tot / a.steps:.3f} train acc {right / seen:.3f} "
              f"({time.time() - t0:.0f}s)", flush=True)
        export(net, a.out)  # every epoch, so a run can be tried before it ends
    print("wrote", a.out)


if __name__ == "__main__":
    main()
