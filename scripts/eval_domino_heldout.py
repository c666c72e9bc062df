"""Measure the domino reader on the held-out rendered check and time it (issue 22).

    nice -n 10 .venv/bin/python scripts/eval_domino_heldout.py [--count 50] [--json]

The check is 50 scenes rendered with ``seed`` 7000 and table textures cut from the *dice*
photos (``../shared/data/dice-real-train``), written to ``build/dom-heldout`` on first use.
Training used seeds 9101-9104 with textures from the *card* photos and was tuned on seed 8001
(card textures too); nothing was ever chosen by looking at this check, and no training or
tuning scene shares a real table with it.

Development sets (what the reader's thresholds were chosen on, issue 22's second round) are
rendered with ``--dev SEED`` into ``build/dom-dev-SEED`` (or ``--folder``) and never on the
held-out tables: card-photo textures, and with ``--cloth`` every table a patterned cloth,
with ``--sparse`` few tiles (no line of play, up to two backs and one face-up tile, so nearly
every read off a tile is a false one)::

    .venv/bin/python scripts/eval_domino_heldout.py --dev 8300 --count 200
    .venv/bin/python scripts/eval_domino_heldout.py --dev 8400 --count 150 --cloth
    .venv/bin/python scripts/eval_domino_heldout.py --dev 8500 --count 120 --cloth --sparse
    .venv/bin/python scripts/eval_domino_heldout.py --dev 8600 --count 250 --cloth --sparse

It prints the harness's scores (halves read right, exact images, layout graph), the whole-tile
scores of :mod:`vision.dominoes.tile_score` (tiles located with both halves right, false tiles
per scene, how many lay on printed pictures) and the reader's time on one thread: a 1280x720
frame (the full scale search and, as on the live table, at the width it kept) and a 4000x3000
photo.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vision.dominoes.reader import NetTileReader  # noqa: E402
from vision.dominoes.tile_score import TileTally  # noqa: E402
from vision.evaluate import evaluate_dominoes  # noqa: E402
from vision.synth.dominoes import render_dataset, render_scene  # noqa: E402

HELD_SEED = 7000
HELD_TEXTURES = ROOT.parent / "shared" / "data" / "dice-real-train"
#: Timing repeats: the median of this many reads.
REPEATS = 7


def held_out(folder: Path, count: int) -> Path:
    """The held-out folder, rendered on first use (the same seed renders the same files)."""
    if not any(folder.glob("*.json")):
        render_dataset(folder, count, HELD_SEED, HELD_TEXTURES)
    return folder


DEV_TEXTURES = ROOT.parent / "shared" / "data" / "cards-real-train"


def development(folder: Path, count: int, seed: int, cloth: bool, sparse: bool) -> Path:
    """A development folder, rendered on first use: card-photo tables (as training), or with
    ``cloth`` only patterned cloths; with ``sparse`` few tiles."""
    if any(folder.glob("*.json")):
        return folder
    if not cloth and not sparse:
        render_dataset(folder, count, seed, DEV_TEXTURES)
        return folder
    from vision.labels import write_sample
    from vision.synth import dominoes as synth
    from vision.synth import surfaces

    rng = np.random.default_rng(seed)
    textures = None if cloth else surfaces.table_textures(DEV_TEXTURES)
    shares = synth.REAL_TABLE_SHARE, synth.PATTERN_SHARE
    if cloth:
        synth.REAL_TABLE_SHARE, synth.PATTERN_SHARE = 0.0, 1.0
    try:
        for index in range(count):
            counts = {}
            if sparse:
                counts = {
                    "n_line": 0,
                    "n_down": int(rng.integers(0, 3)),
                    "n_up": int(rng.integers(0, 2)),
                }
            rendered = synth.render_scene(rng, textures=textures, **counts)
            stem = f"domino_{index:05d}"
            write_sample(folder, stem, rendered.image, rendered.labels)
            (folder / f"{stem}.json").write_text(json.dumps(synth.scene_json(rendered)))
    finally:
        synth.REAL_TABLE_SHARE, synth.PATTERN_SHARE = shares
    return folder


def tile_scores(reader: NetTileReader, folder: Path) -> dict:
    tally = TileTally()
    for truth_path in sorted(folder.glob("*.json")):
        image = cv2.imread(str(truth_path.with_suffix(".jpg")), cv2.IMREAD_COLOR)
        tally.add(json.loads(truth_path.read_text()), reader.read(image))
    return tally.to_json()


def timing(size: tuple[int, int], keep_scale: bool) -> dict[str, float]:
    """Median seconds of one read of a rendered scene of ``size`` (width, height): wall clock,
    and CPU time of the reading thread (what one free core would take: on shared cores the
    wall clock also counts the other programs' turns)."""
    rng = np.random.default_rng(HELD_SEED + 1)
    image = render_scene(rng, n_line=10, n_down=3, n_up=2, size=size, hand=False).image
    reader = NetTileReader(keep_scale=keep_scale)
    reader.read(image)  # warm up (and, kept, find the width)
    wall, cpu = [], []
    for _ in range(REPEATS):
        start, start_cpu = time.perf_counter(), time.thread_time()
        reader.read(image)
        wall.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
    return {"wall": round(float(np.median(wall)), 4), "cpu": round(float(np.median(cpu)), 4)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--folder", type=Path, help="default build/dom-heldout")
    parser.add_argument("--dev", type=int, metavar="SEED", help="a development set instead")
    parser.add_argument("--cloth", action="store_true", help="(--dev) patterned cloths only")
    parser.add_argument("--sparse", action="store_true", help="(--dev) few tiles")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-timing", action="store_true", help="scores only")
    args = parser.parse_args()
    if args.dev is None and not HELD_TEXTURES.is_dir():
        print(f"error: {HELD_TEXTURES} not found (the dice photos give the held-out tables)")
        return 1
    torch.set_num_threads(1)
    cv2.setNumThreads(1)  # one core, OpenCV's resizes and warps included
    if args.dev is not None:
        kind = ("cloth-" if args.cloth else "") + ("sparse-" if args.sparse else "")
        folder = args.folder or ROOT / "build" / f"dom-dev-{kind}{args.dev}"
        folder = development(folder, args.count, args.dev, args.cloth, args.sparse)
    else:
        folder = held_out(args.folder or ROOT / "build" / "dom-heldout", args.count)
    report = evaluate_dominoes(NetTileReader(), folder)
    result = {
        "folder": str(folder),
        "halves": report.to_json()["read_right_share"],
        "exact_images": report.to_json()["exact_image_share"],
        "layout": report.layout,
        "tiles": tile_scores(NetTileReader(), folder),
    }
    if not args.no_timing:
        result["seconds_1280x720_search"] = timing((1280, 720), keep_scale=False)
        result["seconds_1280x720_kept_scale"] = timing((1280, 720), keep_scale=True)
        result["seconds_4000x3000"] = timing((4000, 3000), keep_scale=False)
    if args.json:
        print(json.dumps(result))
    else:
        print(report.to_text())
        for key, value in result.items():
            if key != "folder":
                print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
