"""`main.py read-dice`: the real command in a subprocess, and the command's logic with a stand-in reader."""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys

import cv2
import numpy as np
import pytest

from companion.cli import dice as cli
from companion.errors import UsageError
from tests.conftest import ROOT, shared_path
from vision.die import Die
from vision.errors import BadImage

PHOTOS = ("IMG_20191208_111228.jpg", "IMG_20191208_111434.jpg", "IMG_20191208_111457.jpg")


def dataset():
    return shared_path("dice", "nellbyler_d6_train")


def labelled_dice(name: str) -> list[Die]:
    """The labelled dice of a dataset photo as a perfect reader would report them (pixel boxes)."""
    root = dataset()
    h, w = cv2.imread(str(root / "images" / name)).shape[:2]
    dice = []
    for line in (root / "labels" / (os.path.splitext(name)[0] + ".txt")).read_text().split("\n"):
        if line.strip():
            c, xc, yc, bw, bh = (float(v) for v in line.split())
            dice.append(Die(int(c) + 1, (round((xc - bw / 2) * w), round((yc - bh / 2) * h), round(bw * w),
                                         round(bh * h)), 0.9))
    return dice


def small_dataset(tmp_path, names=PHOTOS):
    """The dataset cut down to ``names`` (the scorer scores every image of a dataset)."""
    root = dataset()
    sub = tmp_path / "dataset"
    sub.mkdir()
    rows = (root / "ground_truth.csv").read_text().splitlines()
    kept = [r for r in rows if r.split(",")[0] in names]
    (sub / "ground_truth.csv").write_text("\n".join([rows[0], *kept]) + "\n")
    (sub / "images").symlink_to(root / "images")
    (sub / "labels").symlink_to(root / "labels")
    return sub


def score(tmp_path, jsonl: str, names=PHOTOS) -> dict:
    """The figures ../shared/tools/dice_score.py gives for these prediction lines."""
    pred = tmp_path / "pred.jsonl"
    pred.write_text(jsonl)
    scored = subprocess.run([sys.executable, str(shared_path("tools", "dice_score.py")),
                             str(small_dataset(tmp_path, names)), str(pred), "--json"],
                            capture_output=True, text=True, timeout=120)
    assert scored.returncode == 0, scored.stderr
    return json.loads(scored.stdout.splitlines()[-1])


def key(image: np.ndarray) -> str:
    return hashlib.sha1(np.ascontiguousarray(image).tobytes()).hexdigest()


def labelled_reader(names=PHOTOS):
    """A stand-in reader that knows the labels of a few photos (by their pixels), as a perfect reader."""
    table = {key(cv2.imread(str(dataset() / "images" / n))): labelled_dice(n) for n in names}
    return lambda image: table[key(image)]


def args(*paths: str, json_lines: bool = False, annotate: str | None = None) -> argparse.Namespace:
    return argparse.Namespace(paths=list(paths), json=json_lines, annotate=annotate)


@pytest.fixture
def photos(tmp_path):
    """A folder with three real photos, a corrupt JPEG and a text file."""
    d = tmp_path / "table"
    d.mkdir()
    for n in PHOTOS:
        shutil.copy(dataset() / "images" / n, d / n)
    data = (d / PHOTOS[0]).read_bytes()
    (d / "corrupt.jpg").write_bytes(data[:300])
    (d / "notes.txt").write_text("not a photo")
    return d


# -- the real command -------------------------------------------------------------------------------

def run_main(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", "read-dice", *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def test_read_dice_command_on_real_photos_and_a_corrupt_file(photos, tmp_path):
    pytest.importorskip("vision.reader")
    proc = run_main("--json", str(photos / PHOTOS[0]), str(photos / "corrupt.jpg"), str(photos / PHOTOS[1]))
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [line["image"] for line in lines] == [str(photos / PHOTOS[0]), str(photos / "corrupt.jpg"),
                                                 str(photos / PHOTOS[1])]
    assert set(lines[1]) == {"image", "error"} and "corrupt" in lines[1]["error"]
    for line in (lines[0], lines[2]):
        assert set(line) == {"image", "dice", "ms"}, line
        assert isinstance(line["ms"], float) and line["ms"] > 0
        assert line["dice"], "no dice read in a photo full of dice"
        for die in line["dice"]:
            assert set(die) == {"value", "box", "confidence"}
            assert die["value"] in range(1, 7) and 0 <= die["confidence"] <= 1
            x, y, w, h = die["box"]
            assert all(isinstance(v, int) for v in die["box"])
            assert 0 <= x and 0 <= y and x + w <= 640 and y + h <= 640 and w > 0 and h > 0
    figures = score(tmp_path, proc.stdout, PHOTOS[:2])
    assert figures["images_predicted"] == 2  # the corrupt copy has a name of its own: no ground truth
    assert figures["box_found"] >= 0.5, "boxes are not in the photo's pixels"


def test_read_dice_command_plain_folder_and_annotations(photos, tmp_path):
    pytest.importorskip("vision.reader")
    out = tmp_path / "annotated"
    proc = run_main("--annotate", str(out), str(photos))
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    lines = proc.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [str(photos / n) for n in ["IMG_20191208_111228.jpg",
                                                     "IMG_20191208_111434.jpg", "IMG_20191208_111457.jpg",
                                                     "corrupt.jpg"]]
    assert "sum" in lines[0] and lines[3].endswith("error: not an image, or corrupt")
    assert sorted(os.listdir(out)) == sorted(PHOTOS)
    for n in PHOTOS:
        assert cv2.imread(str(out / n)).shape == (640, 640, 3)


def test_read_dice_command_usage_errors_are_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    proc = run_main("--annotate", str(blocker / "sub"), str(tmp_path))
    assert proc.returncode == 2
    assert proc.stderr.startswith("cairn: --annotate ") and proc.stderr.count("\n") == 1
    proc = run_main()
    assert proc.returncode == 2 and "PATH" in proc.stderr and "Traceback" not in proc.stderr


# -- the command's logic with a stand-in reader -------------------------------------------------------

def test_json_lines_round_trip_through_the_scorer(photos, tmp_path, capsys):
    status = cli.run(args(str(photos), str(tmp_path / "missing.jpg"), json_lines=True),
                     read=labelled_reader())
    assert status == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [os.path.basename(line["image"]) for line in lines] == [*PHOTOS, "corrupt.jpg", "missing.jpg"]
    assert lines[-1] == {"image": str(tmp_path / "missing.jpg"), "error": "no such file or folder"}
    first = lines[0]["dice"][0]
    expected = labelled_dice(PHOTOS[0])[0]
    assert first == {"value": expected.value, "box": list(expected.box), "confidence": 0.9}
    figures = score(tmp_path, "\n".join(json.dumps(line) for line in lines[:3]) + "\n")
    n_dice = sum(len(labelled_dice(n)) for n in PHOTOS)
    assert figures["gt_dice"] == figures["matched"] == n_dice
    assert figures["box_read"] == 1.0 and figures["images_predicted"] == 3 == figures["image_exact_n"]


def test_plain_lines_show_values_sum_and_uncertain_dice(tmp_path, capsys):
    for name in ("two.png", "none.png"):
        cv2.imwrite(str(tmp_path / name), np.full((40, 50, 3), 128 if name == "two.png" else 30, np.uint8))
    answers = {128: [Die(2, (1, 2, 10, 10), 0.9), Die(5, (20, 2, 10, 10), 0.3)], 30: []}
    status = cli.run(args(str(tmp_path)), read=lambda image: answers[int(image[0, 0, 0])])
    assert status == 0
    none_line, two_line = capsys.readouterr().out.splitlines()
    assert none_line.startswith(f"{tmp_path / 'none.png'}: no dice found  ") and none_line.endswith(" ms")
    assert two_line.startswith(f"{tmp_path / 'two.png'}: 2 5?  sum 7  (1 uncertain: 5?)  ")


def test_a_reader_error_is_reported_and_the_run_goes_on(tmp_path, capsys):
    for name in ("a.png", "b.png"):
        cv2.imwrite(str(tmp_path / name), np.zeros((8, 8, 3), np.uint8))
    calls = []

    def reader(image):
        calls.append(1)
        if len(calls) == 1:
            raise BadImage("too dark\nto read")
        return [Die(6, (0, 0, 4, 4), 1.0)]

    assert cli.run(args(str(tmp_path), json_lines=True), read=reader) == 1
    a, b = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert a == {"image": str(tmp_path / "a.png"), "error": "the reader failed: too dark to read"}
    assert b["dice"] == [{"value": 6, "box": [0, 0, 4, 4], "confidence": 1.0}]


def test_annotated_copies_keep_names_and_size(tmp_path, capsys):
    src1, src2 = tmp_path / "one", tmp_path / "two"
    src1.mkdir(), src2.mkdir()
    for d in (src1, src2):
        cv2.imwrite(str(d / "roll.jpg"), np.full((60, 80, 3), 90, np.uint8))
    cv2.imwrite(str(src1 / "骰子.png"), np.full((60, 80, 3), 90, np.uint8))
    out = tmp_path / "out" / "deeper"
    reader = lambda image: [Die(3, (10, 10, 30, 30), 0.2)]
    assert cli.run(args(str(src1), str(src2), annotate=str(out)), read=reader) == 0
    assert sorted(os.listdir(out)) == ["roll.jpg", "roll_2.jpg", "骰子.png"]
    drawn = cv2.imdecode(np.fromfile(str(out / "骰子.png"), np.uint8), cv2.IMREAD_COLOR)
    assert drawn.shape == (60, 80, 3) and not np.all(drawn == 90)
    assert "骰子.png: 3?  sum 3" in capsys.readouterr().out


def test_empty_folder_and_unusable_annotate_dir(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert cli.run(args(str(empty), json_lines=True), read=lambda image: []) == 1
    assert json.loads(capsys.readouterr().out) == {"image": str(empty), "error": "folder holds no images"}
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    with pytest.raises(UsageError, match="cannot make that folder"):
        cli.run(args(str(empty), annotate=str(blocker)), read=lambda image: [])


def test_an_annotated_copy_that_cannot_be_written_keeps_the_reading(tmp_path, capsys):
    cv2.imwrite(str(tmp_path / "roll.png"), np.full((30, 40, 3), 90, np.uint8))
    out = tmp_path / "out"
    (out / "roll.png").mkdir(parents=True)  # a folder where the copy should go
    reader = lambda image: [Die(4, (5, 5, 10, 10), 0.8)]
    assert cli.run(args(str(tmp_path / "roll.png"), json_lines=True, annotate=str(out)), read=reader) == 1
    line = json.loads(capsys.readouterr().out)
    assert line["dice"] == [{"value": 4, "box": [5, 5, 10, 10], "confidence": 0.8}]
    assert line["error"].startswith("cannot write the annotated copy")
    assert cli.run(args(str(tmp_path / "roll.png"), annotate=str(out)), read=reader) == 1
    text = capsys.readouterr().out
    assert text.startswith(f"{tmp_path / 'roll.png'}: 4  sum 4  ") and "  error: cannot write" in text


def test_the_reader_is_warmed_up_before_the_first_photo_is_timed(tmp_path, capsys, monkeypatch):
    """What a process pays once (``vision.warm``: the networks, OpenCV's colour tables) is paid before
    the first image's clock starts, so its ms is its read alone, as every later image's is."""
    import vision.reader
    import vision.warm

    cv2.imwrite(str(tmp_path / "a.png"), np.zeros((8, 8, 3), np.uint8))
    calls = []
    monkeypatch.setattr(vision.warm, "warm_up", lambda: calls.append("warm"))
    monkeypatch.setattr(vision.reader, "read_dice", lambda image: calls.append("read") or [])
    assert cli.run(args(str(tmp_path / "a.png"), str(tmp_path / "a.png"))) == 0
    assert calls == ["warm", "read", "read"]


def test_a_missing_model_is_one_usage_error(tmp_path, monkeypatch):
    import vision.warm

    def warm_up():
        raise FileNotFoundError("no dice_second_12.onnx in vision/models")

    monkeypatch.setattr(vision.warm, "warm_up", warm_up)
    with pytest.raises(UsageError, match="cannot start: no dice_second_12.onnx in vision/models"):
        cli.run(args(str(tmp_path)))
