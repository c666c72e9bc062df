"""Train the dice detector: one network that finds every die and reads its face.

The classical finder misses dice that touch at an angle and the patch classifier can only read
what the finder found, so this reader is a small YOLO detector (``vision/dice/dice_det.yaml``,
classes = faces 1..6 and ``cocked``) trained from scratch (no pretrained weights) on

* rendered table scenes (:mod:`vision.synth.dice`, seed ``--seed``, never the held-out seed 77),
* the real photos of ``dice-real-train`` except one fold: the photos sorted by natural name,
  index ``% --folds == --fold`` held out (the default fold 4 is the fifth every report measures
  on), the rest repeated ``--real-repeat`` times so the few real photos weigh against the many
  rendered ones.

The weights are chosen on rendered development scenes (seed ``--val-seed``), never on the
held-out photos, and copied to ``--out`` (default ``vision/dice/weights/dice_det.pt``).  The
committed weights took two rounds on one H200 GPU (16 CPU cores rendering and loading), from
scratch and then on from those weights over fresh scenes (about 11 minutes in all):

    python scripts/train_dice_detector.py --device 0 --workers 12 --render-workers 16 --cache \\
        --scenes 4000 --seed 21 --hours 0.085 --batch 64         # 63 s rendering, 45 epochs
    python scripts/train_dice_detector.py --device 0 --workers 12 --render-workers 16 --cache \\
        --scenes 2500 --seed 22 --hours 0.048 --batch 64 --epochs 30 --lr0 0.0007 \\
        --init vision/dice/weights/dice_det.pt                    # 39 s rendering, 37 epochs

On a CPU the same runs take hours (``nice -n 10``, ``--epochs`` instead of ``--hours``).
ultralytics needs ``polars`` only to copy its results table into the checkpoint.

Everything it writes besides the weights goes under ``--work`` (default ``build/dice/det``), and
ultralytics' settings under ``build/ultralytics``, never the home folder.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("YOLO_CONFIG_DIR", str(ROOT / "build" / "ultralytics"))
os.environ.setdefault("YOLO_OFFLINE", "1")
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision.synth.dice import CLASS_NAMES, render_scene  # noqa: E402

MODEL = ROOT / "vision" / "dice" / "dice_det.yaml"
WEIGHTS = ROOT / "vision" / "dice" / "weights" / "dice_det.pt"
REAL = ROOT.parent / "shared" / "data" / "dice-real-train"


def natural_key(name: str) -> list[object]:
    """``dice_2`` before ``dice_10``: the order every held-out fold of the photos is cut in."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def real_split(folder: Path, fold: int, folds: int) -> tuple[list[Path], list[Path]]:
    """The labelled photos of ``folder`` to train on and those held out (index % folds == fold
    in natural name order)."""
    photos = sorted(
        (p for p in folder.iterdir() if p.suffix.lower() in {".jpg", ".jpeg", ".png"}),
        key=lambda p: natural_key(p.name),
    )
    photos = [p for p in photos if p.with_suffix(".txt").is_file()]
    if not photos:
        raise FileNotFoundError(f"{folder}: no labelled photos (image + .txt)")
    train = [p for i, p in enumerate(photos) if i % folds != fold]
    held = [p for i, p in enumerate(photos) if i % folds == fold]
    return train, held


def _render_range(job: tuple[str, int, int, int]) -> list[str]:
    """Render scenes ``start..stop`` of ``seed`` into folder ``out`` (a worker's share)."""
    out, seed, start, stop = job
    cv2.setNumThreads(1)
    paths = []
    for index in range(start, stop):
        image, labels = render_scene(np.random.default_rng([seed, index]))
        stem = Path(out) / f"dice_{seed}_{index:05d}"
        cv2.imwrite(str(stem.with_suffix(".jpg")), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        h, w = image.shape[:2]
        stem.with_suffix(".txt").write_text("".join(label.yolo(w, h) + "\n" for label in labels))
        paths.append(str(stem.with_suffix(".jpg")))
    return paths


def render(out: Path, count: int, seed: int, workers: int) -> list[str]:
    """Render ``count`` scenes into ``out`` with ``workers`` processes; the image paths."""
    out.mkdir(parents=True, exist_ok=True)
    step = max(1, count // (workers * 4))
    jobs = [(str(out), seed, s, min(count, s + step)) for s in range(0, count, step)]
    if workers <= 1:
        return [path for job in jobs for path in _render_range(job)]
    with Pool(workers) as pool:
        return [path for part in pool.map(_render_range, jobs) for path in part]


def write_data(work: Path, train: list[str], val: list[str]) -> Path:
    """The ultralytics data file: image lists (labels beside each image) and class names."""
    (work / "train.txt").write_text("\n".join(train) + "\n")
    (work / "val.txt").write_text("\n".join(val) + "\n")
    names = "".join(f"  {i}: {name}\n" for i, name in enumerate(CLASS_NAMES))
    data = work / "data.yaml"
    data.write_text(
        f"path: {work}\ntrain: {work / 'train.txt'}\nval: {work / 'val.txt'}\nnames:\n{names}"
    )
    return data


def train(data: Path, runs: Path, args: argparse.Namespace) -> Path:
    """Train the detector from scratch; returns the best weights' path (best on ``val``)."""
    from ultralytics import YOLO

    # From scratch, or on from earlier weights (a second, shorter round on fresh scenes).
    model = YOLO(str(args.init or MODEL), task="detect")
    model.train(
        data=str(data),
        imgsz=args.imgsz,
        epochs=args.epochs,
        time=args.hours,
        batch=args.batch,
        device=args.device,
        workers=args.workers,
        cache="ram" if args.cache else False,
        pretrained=args.init is not None,  # True: keep the --init weights
        amp=False,  # its check downloads a model; this network is small enough without it
        plots=False,
        project=str(runs),
        name="det",
        exist_ok=True,
        seed=args.seed,
        optimizer="AdamW",
        lr0=args.lr0,
        cos_lr=True,
        warmup_epochs=2 if args.init is None else 0.5,
        close_mosaic=max(1, args.epochs // 10),
        # Pip layouts read the same mirrored; a camera beside the table turns dice any way.
        fliplr=0.5,
        flipud=0.5,
        degrees=15.0,
        scale=0.4,
        hsv_h=0.1,
        hsv_s=0.6,
        hsv_v=0.4,
        patience=1000,
        verbose=False,
    )
    return runs / "det" / "weights" / "best.pt"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=int, default=3000, help="rendered training scenes")
    parser.add_argument("--seed", type=int, default=21, help="seed of the rendered scenes")
    parser.add_argument("--val-scenes", type=int, default=150, help="rendered dev scenes")
    parser.add_argument("--val-seed", type=int, default=1234, help="seed of the dev scenes")
    parser.add_argument("--real", type=Path, default=REAL, help="dice-real-train folder")
    parser.add_argument("--fold", type=int, default=4, help="the fold of real photos held out")
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--real-repeat", type=int, default=4, help="copies of each real photo")
    parser.add_argument("--epochs", type=int, default=60)
    parser.add_argument("--init", type=Path, help="start from these weights, not from scratch")
    parser.add_argument("--lr0", type=float, default=0.002, help="initial learning rate")
    parser.add_argument("--hours", type=float, default=None, help="train this long instead")
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--imgsz", type=int, default=640)
    parser.add_argument("--device", default="cpu", help="cpu, or a CUDA device index")
    parser.add_argument("--workers", type=int, default=1, help="data loader processes")
    parser.add_argument("--render-workers", type=int, default=1, help="rendering processes")
    parser.add_argument("--cache", action="store_true", help="hold the images in memory")
    parser.add_argument("--reuse", action="store_true", help="keep scenes already rendered")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "dice" / "det")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="where the weights go")
    args = parser.parse_args()
    if not 0 <= args.fold < args.folds:
        raise SystemExit(f"--fold must be in 0..{args.folds - 1}, got {args.fold}")
    args.work = args.work.resolve()  # ultralytics puts a relative project under its runs dir
    started = time.time()
    rendered, dev = args.work / "rendered", args.work / "dev"
    if args.reuse and rendered.is_dir() and dev.is_dir():
        scenes = sorted(str(p) for p in rendered.glob("*.jpg"))
        val = sorted(str(p) for p in dev.glob("*.jpg"))
    else:
        shutil.rmtree(rendered, ignore_errors=True)
        shutil.rmtree(dev, ignore_errors=True)
        scenes = render(rendered, args.scenes, args.seed, args.render_workers)
        val = render(dev, args.val_scenes, args.val_seed, args.render_workers)
    real_train, real_held = real_split(args.real, args.fold, args.folds)
    print(
        f"{len(scenes)} rendered scenes, {len(val)} dev scenes in {time.time() - started:.0f} s; "
        f"real photos: {len(real_train)} x {args.real_repeat} to train on, "
        f"{len(real_held)} held out (fold {args.fold} of {args.folds})",
        flush=True,
    )
    data = write_data(args.work, scenes + [str(p) for p in real_train] * args.real_repeat, val)
    trained = time.time()
    best = train(data, args.work / "runs", args)
    print(f"trained in {time.time() - trained:.0f} s", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(best, args.out)
    print(f"weights: {args.out} ({args.out.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
