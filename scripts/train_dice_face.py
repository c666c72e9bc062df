"""Train the face classifier of the two-stage dice reader (:mod:`vision.dice.two_stage`).

The classifier reads the patches the reader cuts around the detector's proposals, so it is
trained on exactly those: the committed detector runs over

* rendered table scenes of seed ``--seed`` (never 77, the held-out seed, nor the development
  seeds 1234 and 1235; the detector never saw seed 41 either), and
* the real photos of ``dice-real-train`` except the held-out fold (index % 5 == 4 in natural name
  order, as :func:`train_dice_detector.real_split` cuts it), each ``--real-repeat`` times,

proposing boxes down to :data:`vision.dice.two_stage.PROPOSE`.  A proposal centred on exactly
one die is labelled with that die's class, one on no die ``none``, one between dice is left out
(no answer is right).  Each die also gives ``--copies`` patches cut at its true box shifted,
resized and turned, so dice the detector missed or boxed badly are learnt too.  Then an
ultralytics classifier (``vision/dice/dice_cls.yaml``) is trained from scratch and its best
weights (on every tenth rendered scene) are copied to ``vision/dice/weights/dice_face.pt``.

    nice -n 10 .venv/bin/python scripts/train_dice_face.py   # the committed weights (see
                                                             # --help for the defaults used)

Everything else it writes goes under ``--work`` (default ``build/dice/face``), and ultralytics'
settings under ``build/ultralytics``, never the home folder.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("YOLO_CONFIG_DIR", str(ROOT / "build" / "ultralytics"))
os.environ.setdefault("YOLO_OFFLINE", "1")
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from train_dice import train  # noqa: E402
from train_dice_detector import REAL, real_split  # noqa: E402

from vision.dice.two_stage import CLASS_NAMES, PATCH, WEIGHTS, TwoStageReader, cut_square  # noqa: E402
from vision.labels import read_yolo  # noqa: E402
from vision.synth.dice import render_scene  # noqa: E402
from vision.types import Box  # noqa: E402


def _contains(box: Box, x: float, y: float, grow: float = 0.0) -> bool:
    return (
        box.x - grow * box.w <= x <= box.x + (1 + grow) * box.w
        and box.y - grow * box.h <= y <= box.y + (1 + grow) * box.h
    )


def proposal_class(proposal: Box, truth: list[tuple[int, Box]]) -> str | None:
    """The class a proposal should be read as: the die whose box holds its centre when exactly
    one does and the two boxes agree (IoU or nesting), ``none`` when it is near no die, ``None``
    (left out) when it is between dice or half on one."""
    cx, cy = proposal.centre
    holding = [(cls, box) for cls, box in truth if _contains(box, cx, cy)]
    if len(holding) == 1:
        cls, box = holding[0]
        if box.iou(proposal) >= 0.3 or box.nested_share(proposal) >= 0.6:
            return CLASS_NAMES[cls]
        return None
    if not holding and not any(_contains(box, cx, cy, 0.3) for _, box in truth):
        return "none"
    return None


def jittered(box: Box, rng: np.random.Generator) -> Box:
    """``box`` shifted and resized as the detector's boxes stray from the truth."""
    side = max(box.w, box.h)
    dx, dy = rng.normal(0, 0.06 * side, 2)
    grow_w, grow_h = rng.uniform(0.85, 1.2, 2)
    w, h = box.w * grow_w, box.h * grow_h
    cx, cy = box.centre
    return Box(cx + dx - w / 2, cy + dy - h / 2, w, h)


def _background_box(
    image: np.ndarray, truth: list[tuple[int, Box]], rng: np.random.Generator
) -> Box | None:
    """A die-sized box on no die (bare table, a hand, a shadow), so that ``none`` is learnt from
    more than the detector's few false alarms; ``None`` when ten tries all hit a die."""
    height, width = image.shape[:2]
    side = float(np.median([max(box.w, box.h) for _, box in truth])) if truth else 30.0
    for _ in range(10):
        x, y = rng.uniform(0, width - side), rng.uniform(0, height - side)
        box = Box(x, y, side, side)
        if not any(_contains(die, *box.centre, 0.6) or die.iou(box) > 0 for _, die in truth):
            return box
    return None


def image_patches(
    reader: TwoStageReader,
    image: np.ndarray,
    truth: list[tuple[int, Box]],
    rng: np.random.Generator,
    copies: int,
) -> list[tuple[str, np.ndarray]]:
    """The labelled patches of one image: its proposals, then jittered copies of each die."""
    patches = []
    for proposal in reader.propose(image):
        name = proposal_class(proposal.box, truth)
        if name is not None:
            patches.append((name, cut_square(image, proposal.box)))
    background = _background_box(image, truth, rng)
    if background is not None:
        patches.append(("none", cut_square(image, background)))
    for cls, box in truth:
        for _ in range(copies):
            patch = cut_square(image, jittered(box, rng))
            patches.append(
                (CLASS_NAMES[cls], np.ascontiguousarray(np.rot90(patch, rng.integers(4))))
            )
    return patches


def make_patches(out: Path, args: argparse.Namespace) -> dict[str, int]:
    """Write the patches to ``out/{train,val}/{class}/``; returns the count per class."""
    counts = dict.fromkeys(CLASS_NAMES, 0)
    for name in CLASS_NAMES:
        for split in ("train", "val"):
            (out / split / name).mkdir(parents=True, exist_ok=True)
    reader = TwoStageReader()

    def save(split: str, stem: str, patches: list[tuple[str, np.ndarray]]) -> None:
        for number, (name, patch) in enumerate(patches):
            cv2.imwrite(str(out / split / name / f"{stem}_{number}.png"), patch)
            counts[name] += 1

    started = time.time()
    for index in range(args.scenes):
        rng = np.random.default_rng([args.seed, index])
        image, labels = render_scene(rng)
        # The evaluation reads the scenes as JPEG files: so does the training.
        encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1]
        image = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
        truth = [(label.cls, Box(label.x, label.y, label.w, label.h)) for label in labels]
        split = "val" if index % 10 == 0 else "train"
        save(split, f"s{index:05d}", image_patches(reader, image, truth, rng, args.copies))
        if index % 100 == 0:
            print(f"{index} scenes, {time.time() - started:.0f} s, {counts}", flush=True)
    train, _ = real_split(REAL, 4, 5)
    rng = np.random.default_rng(args.seed)
    for photo in train:
        image = cv2.imread(str(photo), cv2.IMREAD_COLOR)
        height, width = image.shape[:2]
        truth = [
            (label.cls, label.box) for label in read_yolo(photo.with_suffix(".txt"), width, height)
        ]
        for repeat in range(args.real_repeat):
            copies = args.copies if repeat else 0
            patches = image_patches(reader, image, truth, rng, copies)
            save("train", f"r_{photo.stem}_{repeat}", patches)
    print(f"patches {counts} in {time.time() - started:.0f} s", flush=True)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=int, default=1000, help="rendered training scenes")
    parser.add_argument("--seed", type=int, default=41, help="seed of the rendered scenes")
    parser.add_argument("--copies", type=int, default=2, help="jittered patches per die")
    parser.add_argument("--real-repeat", type=int, default=4, help="passes over each photo")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--reuse", action="store_true", help="keep patches already cut")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "dice" / "face")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="where the weights go")
    args = parser.parse_args()
    args.work = args.work.resolve()  # ultralytics puts a relative project under its runs dir
    data = args.work / "patches"
    if not args.reuse:
        shutil.rmtree(data, ignore_errors=True)
        make_patches(data, args)
    started = time.time()
    best = train(
        data, args.work / "runs", args.epochs, args.batch, "face", args.seed, 1, True, PATCH
    )
    print(f"trained in {time.time() - started:.0f} s", flush=True)
    shutil.copyfile(best, args.out)
    print(f"weights: {args.out} ({args.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
