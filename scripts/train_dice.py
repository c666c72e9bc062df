"""Train the learned dice reader: a small crop classifier on rendered scenes only.

Renders table scenes (:mod:`vision.synth.dice`), cuts every candidate the classical finder
proposes into a patch (:func:`vision.dice.finder.cut_patch`), labels it by the rendered truth
(face 1..6, ``cocked``, or ``none`` for a blob that is no die), adds patches cut at the true
boxes the finder missed, then trains an ultralytics classifier (``vision/dice/dice_cls.yaml``)
from scratch (no pretrained weights) and copies the best weights to ``vision/dice/weights/``.
The reader thus sees at run time exactly the kind of patch it was trained on.

    nice -n 10 .venv/bin/python scripts/train_dice.py     # the committed weights: 700 scenes,
                                                          # 10166 patches, 12 epochs, 26 min

Everything it writes besides the weights goes under ``build/dice/`` (and ultralytics' settings
under ``build/ultralytics``, never the home folder).
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

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision.dice.finder import PATCH, Candidate, cut_patch, find_dice  # noqa: E402
from vision.dice.learned import CLASS_NAMES, WEIGHTS  # noqa: E402
from vision.synth.dice import DieLabel, render_scene  # noqa: E402
from vision.types import Box  # noqa: E402

BUILD = ROOT / "build" / "dice"
MODEL = ROOT / "vision" / "dice" / "dice_cls.yaml"
SIZES = [(640, 480), (640, 480), (800, 600), (1024, 768)]


def _inside(x: float, y: float, box: Box, grow: float = 0.0) -> bool:
    return (
        box.x - grow * box.w <= x <= box.x + (1 + grow) * box.w
        and box.y - grow * box.h <= y <= box.y + (1 + grow) * box.h
    )


def _label_box(label: DieLabel) -> Box:
    return Box(label.x, label.y, label.w, label.h)


def scene_patches(
    image: np.ndarray, labels: list[DieLabel], rng: np.random.Generator, copies: int
) -> list[tuple[str, np.ndarray]]:
    """The labelled patches of one scene: every finder candidate that holds exactly one die's
    centre and is centred on it (its class), or no die at all (``none``); a patch at the true
    box of each die no candidate is; and for each die ``copies - 1`` more, the candidate
    shifted, resized and turned a little (rendering is the slow part; cutting more patches
    from a scene is cheap).  A candidate over two dice is left out: no one answer is right."""
    candidates = find_dice(image)
    chosen: list[tuple[str, Candidate]] = []
    read: set[int] = set()
    for candidate in candidates:
        box = candidate.box()
        held = [
            i
            for i, label in enumerate(labels)
            if _inside(label.x + label.w / 2, label.y + label.h / 2, box)
        ]
        if not held and not any(
            _inside(candidate.cx, candidate.cy, _label_box(label), 0.1) for label in labels
        ):
            chosen.append(("none", candidate))
        elif len(held) == 1 and _inside(
            candidate.cx, candidate.cy, _label_box(labels[held[0]]), 0.25
        ):
            chosen.append((CLASS_NAMES[labels[held[0]].cls], candidate))
            read.add(held[0])
    for i, label in enumerate(labels):
        if i not in read:
            centre = (label.x + label.w / 2, label.y + label.h / 2)
            chosen.append((CLASS_NAMES[label.cls], Candidate(*centre, label.w, label.h, 0.0)))
    patches = []
    for name, candidate in chosen:
        patches.append((name, cut_patch(image, candidate)))
        for _ in range(copies - 1 if name != "none" else 0):
            side = min(candidate.w, candidate.h)
            dx, dy = rng.normal(0, 0.04 * side, 2)
            grow = rng.uniform(0.92, 1.1)
            moved = Candidate(
                candidate.cx + dx,
                candidate.cy + dy,
                candidate.w * grow,
                candidate.h * grow,
                candidate.angle + float(rng.choice([0, 90, 180, 270])) + rng.normal(0, 6),
            )
            patches.append((name, cut_patch(image, moved)))
    return patches


def make_patches(out: Path, scenes: int, seed: int, copies: int) -> dict[str, int]:
    """Render ``scenes`` scenes and write their patches to ``out/{train,val}/{class}/``; every
    tenth scene goes to validation.  Returns the number of patches per class."""
    counts: dict[str, int] = dict.fromkeys(CLASS_NAMES, 0)
    for name in CLASS_NAMES:
        for split in ("train", "val"):
            (out / split / name).mkdir(parents=True, exist_ok=True)
    for index in range(scenes):
        rng = np.random.default_rng([seed, index])
        image, labels = render_scene(rng, size=SIZES[int(rng.integers(len(SIZES)))])
        split = "val" if index % 10 == 0 else "train"
        for number, (name, patch) in enumerate(scene_patches(image, labels, rng, copies)):
            cv2.imwrite(str(out / split / name / f"s{index:05d}_{number}.png"), patch)
            counts[name] += 1
        if index % 100 == 0:
            print(f"rendered {index}/{scenes} scenes, patches {counts}", flush=True)
    return counts


def train(
    data: Path,
    runs: Path,
    epochs: int,
    batch: int,
    name: str = "cls",
    seed: int = 0,
    workers: int = 2,
    cache: bool = False,
    size: int = PATCH,
) -> Path:
    """Train the classifier (``dice_cls.yaml``) from scratch on the patch folders of ``data``
    (also the two-stage reader's face classifier: ``scripts/train_dice_face.py``); returns the
    best weights' path.  ``cache`` keeps the decoded patches in memory; ``size`` is the patches'
    side."""
    from ultralytics import YOLO

    model = YOLO(str(MODEL))
    model.train(
        data=str(data),
        imgsz=size,
        epochs=epochs,
        batch=batch,
        device="cpu",
        workers=workers,
        cache="ram" if cache else False,
        pretrained=False,
        plots=False,
        project=str(runs),
        name=name,
        exist_ok=True,
        seed=seed,
        # A die's face reads the same mirrored or turned, so flips are free data; erasing and
        # big crops could cut pips away and change the answer, so they stay off.
        fliplr=0.5,
        flipud=0.5,
        scale=0.1,
        erasing=0.0,
        optimizer="AdamW",
        lr0=0.002,
        cos_lr=True,
        warmup_epochs=1,
        auto_augment=None,
        hsv_h=0.1,
        hsv_s=0.6,
        hsv_v=0.4,
        verbose=False,
    )
    return runs / name / "weights" / "best.pt"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=int, default=700, help="rendered training scenes")
    parser.add_argument("--seed", type=int, default=9, help="seed of the rendered scenes")
    parser.add_argument("--copies", type=int, default=3, help="patches cut per rendered die")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--reuse", action="store_true", help="keep patches already rendered")
    parser.add_argument("--work", type=Path, default=BUILD, help="patches and runs go here")
    args = parser.parse_args()
    args.work = args.work.resolve()  # ultralytics puts a relative project under its runs dir
    data = args.work / "patches"
    started = time.time()
    if not args.reuse:
        shutil.rmtree(data, ignore_errors=True)
        counts = make_patches(data, args.scenes, args.seed, args.copies)
        print(f"patches: {counts} in {time.time() - started:.0f} s", flush=True)
    trained = time.time()
    best = train(data, args.work / "runs", args.epochs, args.batch)
    print(f"trained in {time.time() - trained:.0f} s", flush=True)
    WEIGHTS.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(best, WEIGHTS)
    print(f"weights: {WEIGHTS} ({WEIGHTS.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
