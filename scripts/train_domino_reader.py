"""Train the domino reader's three networks (vision/dominoes/finder.pt, halves.pt, raised.pt)
on rendered scenes.

    nice -n 10 .venv/bin/python scripts/train_domino_reader.py DIR [DIR...] \
        [--finder-steps 6000] [--finder-start vision/dominoes/finder.pt] [--threads 2]

Each DIR is a folder written by ``tableref synth dominoes`` (images with their ``.json``
truth).  The training scenes are rendered on table textures from the *card* photos; the
held-out check (``scripts/eval_domino_heldout.py``: seed 7000, textures from the *dice*
photos) was never used to choose anything here, tuning looked at seed 8001 (card textures)::

    for s in 9101 9102 9103 9104; do .venv/bin/tableref synth dominoes --count 400 --seed $s \
        --textures ../shared/data/cards-real-train --out build/dom-train-$s; done

The committed weights were made in three runs (about 40 minutes on two shared CPU cores),
each saving to its own ``--finder-out``/``--halves-out`` under ``build/`` and committed before
the next (``--mine`` reads the committed reader): (1) on 9101 and 9102, the finder for 8000
steps from the previous finder and the half classifier for 8 epochs; (2) on all four, the
finder 16000 more steps from (1), and the half classifier 6 more epochs from (1) with
``--mine``: the false finds of reader (1) on the training scenes (fingertips, squares of a
cloth, logos) added as "no tile"; (3) the finder 6000 more steps from (2) with ``--mine``
(reader (2)'s false finds as crop centres).  Finder (3) and half classifier (2) are committed:
half classifier (3), trained on reader (2)'s few false finds only, forgot reader (1)'s and read
more false tiles on the tuning scenes.

* The finder sees each image scaled so its tiles are FINDER_SIDE px wide (their true width)
  times a random factor as large as the reader's search steps leave (a tile between two levels
  of the search), on crops around the tiles and around printed pictures of tiles, recoloured,
  flipped and turned by right angles.  It learns a centre heat map (penalty-reduced focal
  loss, as in CenterNet, peaking on the cell nearest each centre) and, near each centre, the
  sub-cell offset, the axis (as cos/sin of twice its angle: a tile is the same turned half
  round) and the half side.
* The half classifier sees every half of every tile cut out at its true pose, jittered by as
  much as the finder errs (a few px, a few degrees, some percent of size), both ways round,
  recoloured; and, as "no tile", what the reader must reject: places on the table (grid
  squares and dots of a patterned cloth, a hand) at any of the searched sizes, printed
  pictures of tiles and logos, a tile cut at half or twice its size (a find at a wrong level
  of the scale search) and a box slid along the line so it straddles two touching tiles.
* The raised classifier (``--only raised``, after the other two: it learns from their reads)
  sees a read tile whole with a ring of the table around it: as a tile, every read of the
  committed reader without it that lies on a tile and every tile at a jittered pose; as flat,
  every read on no tile (a printed picture, a slot of a printed board, a square of a cloth)
  and every printed picture at a jittered pose.  It trains on the scenes above and on phone
  photos (:mod:`vision.synth.domino_photo`, training seeds, card-photo tables): trained on the
  scenes alone it did not carry over to the photos' printed boards and printed photos of
  tiles (on the development photos, ``eval_domino_heldout.py --photo --dev 5100``, 1.18 false
  tiles a photo on prints with it, 1.27 without).  Copies of each scene's own tiles pasted
  flat (no shadow, no side face) as more flat samples were tried and left out: they taught it
  that a lone back with a faint shadow is flat (a lone 71 px back on felt then read as two
  half-width backs) and took no more prints.  The committed weights and their ONNX export
  (written beside them by the same run) were made by::

      for s in 9101 9102; do .venv/bin/tableref synth dominoes --count 300 --seed $s \
          --textures ../shared/data/cards-real-train --out build/dom-train-$s; done
      for s in 9301 9302; do nice -n 10 .venv/bin/python -m vision.synth.domino_photo \
          build/dom-photo-train-$s --count 200 --seed $s \
          --textures ../shared/data/cards-real-train; done
      nice -n 10 .venv/bin/python scripts/train_domino_reader.py build/dom-train-9101 \
          build/dom-train-9102 build/dom-photo-train-9301 build/dom-photo-train-9302 \
          --only raised

  (rendering 2 to 3 minutes a folder; training 6 min 0 s wall on two cores shared with three
  other jobs, 4 min 54 s of CPU: about 3.5 minutes reading the 1000 scenes, 8 epochs over
  46,547 crops.)  The finder and the half classifier never saw a phone photo.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.dominoes.nets import (
    BACK,
    FINDER_SIDE,
    NOT_TILE,
    STRIDE,
    HalfClassifier,
    RaisedClassifier,
    TileFinder,
    TilePose,
    cut_half,
    cut_tile,
    finder_tensor,
    half_tensor,
    pose_from_outline,
    raised_shape,
)
from vision.dominoes.reader import FINDER_FILE, HALVES_FILE, RAISED_FILE, NetTileReader

CROP = 96
#: The finder's scale jitter (ratio, both ways): the reader's search levels are sqrt(2) apart
#: and its refinement reruns when 1.12 off, so a tile may be seen up to ~1.19 off; a margin.
SCALE_JITTER = 1.33
#: Share of finder crops centred on a tile, and on a printed picture (a hard negative).
ON_TILE = 0.75
ON_PRINTED = 0.12
#: Wrong sizes a half is cut at as "no tile": a find at the next-but-one search level.
TOO_SMALL = (0.4, 0.62)
TOO_LARGE = (1.7, 2.6)
#: A box slid along the tile's axis by this share of a half: straddling a seam or a divider.
STRADDLE = (0.4, 1.0)


#: A find of the reader is a false tile (mined as a hard negative) when its centre is farther
#: than this share of a tile's width from every tile's centre: a box straddling two touching
#: tiles is a whole half (0.5) off, the finder's own error a few hundredths.
MINE_OFF = 0.35

#: An image, its visible tiles (pose, halves or None), what is not a tile (printed pictures;
#: with ``--mine`` the reader's false finds too) and the tiles a hand hides (neither).
Scene = tuple[np.ndarray, list[tuple[TilePose, list | None]], list[TilePose], list[TilePose]]


def load_scenes(folders: list[Path]) -> list[Scene]:
    """Every image with its visible tiles, printed pictures and hidden tiles."""
    scenes = []
    for folder in folders:
        for truth_path in sorted(folder.glob("*.json")):
            image = cv2.imread(str(truth_path.with_suffix(".jpg")), cv2.IMREAD_COLOR)
            if image is None:
                continue
            truth = json.loads(truth_path.read_text())
            tiles = [
                (pose_from_outline(np.array(tile["outline"])), tile["halves"])
                for tile in truth["tiles"]
                if not tile["hidden"]
            ]
            hidden = [
                pose_from_outline(np.array(tile["outline"]))
                for tile in truth["tiles"]
                if tile["hidden"]
            ]
            printed = [pose_from_outline(np.array(o)) for o in truth.get("printed", [])]
            scenes.append((image, tiles, printed, hidden))
    return scenes


def mine(scenes: list[Scene]) -> int:
    """Add the committed reader's false finds on each scene to its not-tiles (what it reads
    there now is what the next weights must reject); the number mined."""
    reader = NetTileReader()
    mined = 0
    for image, tiles, not_tiles, hidden in scenes:
        truth = [pose for pose, _ in tiles] + hidden
        found = reader.search(image)
        for pose in found.poses:
            if all(math.dist(pose.centre, tile.centre) > MINE_OFF * tile.side for tile in truth):
                not_tiles.append(pose)
                mined += 1
    return mined


def finder_samples(scenes: list[Scene], rng) -> list:
    """Each scene scaled so its tiles are FINDER_SIDE px wide times a random factor, with its
    tile poses and the centres of its printed pictures (in scaled px)."""
    out = []
    for image, tiles, printed, _ in scenes:
        if tiles:
            width = float(np.median([pose.side for pose, _ in tiles]))
        else:
            width = max(image.shape[:2]) * float(np.exp(rng.uniform(np.log(20), np.log(80)))) / 1280
        factor = FINDER_SIDE / width * float(np.exp(rng.uniform(-1, 1) * np.log(SCALE_JITTER)))
        scaled = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        poses = [
            (pose.centre[0] * factor, pose.centre[1] * factor, pose.angle, pose.side * factor)
            for pose, _ in tiles
        ]
        pictures = np.array([p.centre for p in printed], np.float32).reshape(-1, 2) * factor
        out.append((scaled, np.array(poses, np.float32).reshape(-1, 4), pictures))
    return out


def targets(poses: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Heat (cells), regression targets (5 x cells) and where they count, for tile poses in
    crop pixels."""
    cells = size // STRIDE
    heat = np.zeros((cells, cells), np.float32)
    reg = np.zeros((5, cells, cells), np.float32)
    weight = np.zeros((cells, cells), np.float32)
    grid = np.arange(cells) * STRIDE  # cell j is centred on pixel STRIDE * j
    for cx, cy, angle, side in poses:
        dx = np.broadcast_to((cx - grid[None, :]) / STRIDE, (cells, cells))
        dy = np.broadcast_to((cy - grid[:, None]) / STRIDE, (cells, cells))
        distance2 = dx**2 + dy**2
        # The heat peaks (exactly 1) on the cell nearest the centre; the offset says the rest.
        peak_x, peak_y = round(cx / STRIDE), round(cy / STRIDE)
        from_peak = (np.arange(cells)[None, :] - peak_x) ** 2 + (
            np.arange(cells)[:, None] - peak_y
        ) ** 2
        heat = np.maximum(heat, np.exp(-from_peak / (2 * 0.8**2)))
        near = distance2 <= 1.3**2
        reg[0][near] = dx[near]
        reg[1][near] = dy[near]
        reg[2][near] = math.cos(2 * angle)
        reg[3][near] = math.sin(2 * angle)
        reg[4][near] = math.log(side / FINDER_SIDE)
        weight[near] = 1.0
    return heat, reg, weight


def recolour(image: np.ndarray, rng) -> np.ndarray:
    """Other sets on other tables: channels swapped, each with its own gain and offset, and
    sometimes the whole picture inverted (light faces become dark ones)."""
    image = image[..., rng.permutation(3)].astype(np.float32)
    image = image * rng.uniform(0.7, 1.3, 3) + rng.uniform(-30, 30, 3)
    if rng.random() < 0.2:
        image = 255 - image
    return np.clip(image, 0, 255).astype(np.uint8)


def crop_batch(samples, rng, batch: int):
    images, heats, regs, weights = [], [], [], []
    while len(images) < batch:
        scaled, poses, pictures = samples[rng.integers(len(samples))]
        height, width = scaled.shape[:2]
        if height < CROP or width < CROP:
            continue
        where = rng.random()
        if len(poses) and where < ON_TILE:
            cx, cy = poses[rng.integers(len(poses)), :2] + rng.uniform(-CROP / 3, CROP / 3, 2)
        elif len(pictures) and where < ON_TILE + ON_PRINTED:
            cx, cy = pictures[rng.integers(len(pictures))] + rng.uniform(-CROP / 4, CROP / 4, 2)
        else:
            cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        x0 = int(np.clip(cx - CROP / 2, 0, width - CROP)) // STRIDE * STRIDE
        y0 = int(np.clip(cy - CROP / 2, 0, height - CROP)) // STRIDE * STRIDE
        crop = scaled[y0 : y0 + CROP, x0 : x0 + CROP]
        local = poses.copy()
        local[:, 0] -= x0
        local[:, 1] -= y0
        # Flips and quarter turns (x, y of a pixel centre p map to CROP - 1 - p).
        if rng.random() < 0.5:
            crop = crop[:, ::-1]
            local[:, 0] = CROP - 1 - local[:, 0]
            local[:, 2] = math.pi - local[:, 2]
        if rng.random() < 0.5:
            crop = crop[::-1]
            local[:, 1] = CROP - 1 - local[:, 1]
            local[:, 2] = -local[:, 2]
        if rng.random() < 0.5:
            crop = crop.transpose(1, 0, 2)
            local[:, [0, 1]] = local[:, [1, 0]]
            local[:, 2] = math.pi / 2 - local[:, 2]
        heat, reg, weight = targets(local, CROP)
        images.append(finder_tensor(recolour(np.ascontiguousarray(crop), rng))[0])
        heats.append(heat)
        regs.append(reg)
        weights.append(weight)
    return (
        torch.stack(images),
        torch.from_numpy(np.stack(heats)),
        torch.from_numpy(np.stack(regs)),
        torch.from_numpy(np.stack(weights)),
    )


def finder_loss(output, heat, reg, weight):
    logits = output[:, 0]
    prob = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    peak = (heat > 0.99).float()
    positive = -(peak * (1 - prob) ** 2 * torch.log(prob)).sum()
    negative = -((1 - peak) * (1 - heat) ** 4 * prob**2 * torch.log(1 - prob)).sum()
    count = peak.sum().clamp(min=1)
    focal = (positive + negative) / count
    mask = weight[:, None]
    regression = (torch.abs(output[:, 1:] - reg) * mask).sum() / mask.sum().clamp(min=1)
    return focal + regression, focal, regression


def train_finder(samples, steps: int, rng, start: Path | None = None) -> TileFinder:
    model = TileFinder()
    if start is not None:
        model.load_state_dict(torch.load(start, weights_only=True))
    optimiser = torch.optim.Adam(model.parameters(), lr=2e-3)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    start = time.time()
    for step in range(steps):
        images, heat, reg, weight = crop_batch(samples, rng, 8)
        loss, focal, regression = finder_loss(model(images), heat, reg, weight)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        schedule.step()
        if step % 100 == 0:
            print(
                f"finder {step} loss {loss.item():.3f} focal {focal.item():.3f} "
                f"reg {regression.item():.3f} {time.time() - start:.0f}s",
                flush=True,
            )
    return model.eval()


def half_samples(scenes: list[Scene], rng, rounds: int) -> tuple[list[np.ndarray], np.ndarray]:
    crops, labels = [], []

    def no_tile(image: np.ndarray, pose: TilePose) -> None:
        for half in (0, 1):
            crops.append(recolour(cut_half(image, pose, half), rng))
            labels.append(NOT_TILE)

    for image, tiles, printed, _ in scenes:
        for pose, halves in tiles:
            for _ in range(rounds):
                turn = math.pi if rng.random() < 0.5 else 0.0
                jitter = TilePose(
                    (
                        pose.centre[0] + rng.normal(0, 0.05) * pose.side,
                        pose.centre[1] + rng.normal(0, 0.05) * pose.side,
                    ),
                    pose.angle + turn + rng.normal(0, math.radians(2.5)),
                    pose.side * rng.uniform(0.9, 1.1),
                )
                values = (BACK, BACK) if halves is None else tuple(halves)
                if turn:
                    values = values[::-1]
                for half in (0, 1):
                    crops.append(recolour(cut_half(image, jitter, half), rng))
                    labels.append(values[half])
                no_tile(image, _wrong(pose, rng))
        for pose in printed:
            for _ in range(rounds):
                no_tile(image, _jittered(pose, rng))
        # What the finder may mistake for a tile, away from any tile: the table (a square of a
        # grid cloth, a dot, grain), a shadow, a hand; at any size the scale search tries.
        height, width = image.shape[:2]
        side = tiles[0][0].side if tiles else 0.03 * max(height, width)
        centres = np.array([pose.centre for pose, _ in tiles]).reshape(-1, 2)
        for _ in range(8 * rounds):
            size = side * float(np.exp(rng.uniform(np.log(0.5), np.log(2.0))))
            centre = rng.uniform((0, 0), (width, height))  # the edges too: cut squares
            if len(centres) and np.min(np.linalg.norm(centres - centre, axis=1)) < 1.2 * (
                side + size
            ):
                continue
            pose = TilePose(tuple(centre), rng.uniform(0, math.pi), size)
            crops.append(recolour(cut_half(image, pose, int(rng.integers(2))), rng))
            labels.append(NOT_TILE)
    return crops, np.array(labels)


def _jittered(pose: TilePose, rng) -> TilePose:
    turn = math.pi if rng.random() < 0.5 else 0.0
    return TilePose(
        (
            pose.centre[0] + rng.normal(0, 0.05) * pose.side,
            pose.centre[1] + rng.normal(0, 0.05) * pose.side,
        ),
        pose.angle + turn + rng.normal(0, math.radians(3)),
        pose.side * rng.uniform(0.85, 1.15),
    )


def _wrong(pose: TilePose, rng) -> TilePose:
    """A find the reader must reject on a real tile: cut at half or twice its size, or slid
    along its axis so it straddles a divider or the seam to its neighbour."""
    kind = rng.integers(3)
    if kind == 0:  # too small: on a half or a quarter of the tile
        size = pose.side * rng.uniform(*TOO_SMALL)
        along = rng.uniform(-0.6, 0.6) * pose.side
        angle = pose.angle + rng.choice([0.0, math.pi / 2]) + rng.normal(0, 0.05)
    elif kind == 1:  # too large: the tile and its neighbours
        size = pose.side * rng.uniform(*TOO_LARGE)
        along = rng.normal(0, 0.3) * pose.side
        angle = pose.angle + rng.choice([0.0, math.pi / 2]) + rng.normal(0, 0.05)
    else:
        size = pose.side * rng.uniform(0.9, 1.1)
        along = rng.choice([-1, 1]) * rng.uniform(*STRADDLE) * pose.side
        angle = pose.angle + rng.normal(0, math.radians(2.5))
    axis = np.array([math.cos(pose.angle), math.sin(pose.angle)])
    centre = np.array(pose.centre) + along * axis + rng.normal(0, 0.05, 2) * pose.side
    return TilePose((float(centre[0]), float(centre[1])), angle, float(size))


#: Each tile and printed picture is cut this many times at a jittered pose for the raised
#: classifier (besides every read of the reader, each cut once as read).
RAISED_ROUNDS = 2


def raised_samples(scenes: list[Scene], rng) -> tuple[list[np.ndarray], np.ndarray]:
    """Whole tiles with their surroundings, 1 for a tile and 0 for something flat: every read
    of the committed reader (a read within MINE_OFF of a visible tile's centre is that tile;
    one on no tile, hidden ones aside, is flat: a printed picture, a slot of a board, a square
    of a cloth, as the reader poses it), and the tiles and printed pictures at their true
    poses, jittered as the reader errs."""
    reader = NetTileReader(flat_check=False)
    crops: list[np.ndarray] = []
    labels: list[int] = []

    def near(pose: TilePose, others: list[TilePose]) -> bool:
        return any(math.dist(pose.centre, o.centre) <= MINE_OFF * o.side for o in others)

    for image, tiles, printed, hidden in scenes:
        truth = [pose for pose, _ in tiles]
        for pose in reader.search(image).poses:
            if near(pose, truth):
                label = 1
            elif near(pose, hidden):
                continue
            else:
                label = 0
            for jitter in range(1 + (RAISED_ROUNDS if label == 0 else 0)):
                cut = pose if jitter == 0 else _jittered(pose, rng)
                crops.append(cut_tile(image, cut))
                labels.append(label)
        for poses, label in ((truth, 1), (printed, 0)):
            for pose in poses:
                for _ in range(RAISED_ROUNDS):
                    crops.append(cut_tile(image, _jittered(pose, rng)))
                    labels.append(label)
    return crops, np.array(labels)


def train_raised(crops, labels, epochs: int, rng) -> RaisedClassifier:
    """The raised classifier, tiles and flat things weighted alike.  Recoloured (channels
    swapped, gains) but never inverted: a shadow is darker than the table, and inverted it
    would be a print's light rim."""
    model = RaisedClassifier()
    inputs = np.stack(crops)
    targets_t = torch.from_numpy(labels.astype(np.float32))
    positive = float(labels.mean())
    loss_fn = nn.BCEWithLogitsLoss(pos_weight=torch.tensor((1 - positive) / max(positive, 1e-6)))
    optimiser = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = epochs * math.ceil(len(labels) / 64)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    start = time.time()
    for epoch in range(epochs):
        order = rng.permutation(len(labels))
        total, right = 0.0, 0
        for begin in range(0, len(order), 64):
            index = order[begin : begin + 64]
            batch_crops = []
            for crop in inputs[index]:
                crop = crop[..., rng.permutation(3)].astype(np.float32) * rng.uniform(0.75, 1.25, 3)
                batch_crops.append(np.clip(crop, 0, 255).astype(np.uint8))
            batch = half_tensor(batch_crops)
            if rng.random() < 0.5:
                batch = batch.flip(2)
            if rng.random() < 0.5:
                batch = batch.flip(3)
            output = model(batch)[:, 0]
            target = targets_t[torch.from_numpy(index)]
            loss = loss_fn(output, target)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item() * len(index)
            right += int(((output > 0).float() == target).sum())
        print(
            f"raised epoch {epoch} loss {total / len(labels):.4f} "
            f"train acc {right / len(labels):.4f} {time.time() - start:.0f}s",
            flush=True,
        )
    return model.eval()


def train_halves(crops, labels, epochs: int, rng, start: Path | None = None) -> HalfClassifier:
    model = HalfClassifier()
    if start is not None:
        model.load_state_dict(torch.load(start, weights_only=True))
    inputs = np.stack(crops)  # uint8: the float copy of 100k crops would not fit in memory
    targets_t = torch.from_numpy(labels).long()
    optimiser = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-4)
    steps = epochs * math.ceil(len(labels) / 64)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    loss_fn = nn.CrossEntropyLoss()
    start = time.time()
    for epoch in range(epochs):
        order = rng.permutation(len(labels))
        total, right = 0.0, 0
        for begin in range(0, len(order), 64):
            index = torch.from_numpy(order[begin : begin + 64])
            batch = half_tensor(list(inputs[order[begin : begin + 64]]))
            if rng.random() < 0.5:  # the same half seen upside down
                batch = batch.flip(2)
            output = model(batch)
            loss = loss_fn(output, targets_t[index])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item() * len(index)
            right += int((output.argmax(1) == targets_t[index]).sum())
        print(
            f"halves epoch {epoch} loss {total / len(labels):.4f} "
            f"train acc {right / len(labels):.4f} {time.time() - start:.0f}s",
            flush=True,
        )
    return model.eval()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--finder-steps", type=int, default=6000)
    parser.add_argument("--half-epochs", type=int, default=6)
    parser.add_argument("--half-start", type=Path, help="weights to go on training from")
    parser.add_argument("--only", choices=["finder", "halves", "raised"])
    parser.add_argument("--raised-epochs", type=int, default=8)
    parser.add_argument("--raised-out", type=Path)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--finder-out", type=Path)
    parser.add_argument("--finder-start", type=Path, help="weights to go on training from")
    parser.add_argument("--halves-out", type=Path)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument(
        "--mine", action="store_true", help="add the committed reader's false finds as not-tiles"
    )
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    torch.manual_seed(args.seed)
    scenes = load_scenes(args.folders)
    print(f"{len(scenes)} scenes", flush=True)
    if args.only == "raised":
        crops, labels = raised_samples(scenes, rng)
        print(f"{len(labels)} raised samples, {int(labels.sum())} tiles", flush=True)
        raised = train_raised(crops, labels, args.raised_epochs, rng)
        out = args.raised_out or RAISED_FILE
        torch.save(raised.state_dict(), out)
        # The reader runs the ONNX export where it lies beside the weights: written at once,
        # checked against PyTorch (scripts/export_onnx.py, which exports it too).
        from export_onnx import export_net

        print(f"exported {export_net(raised, out, (3, *raised_shape()))}", flush=True)
        return
    if args.mine:
        print(f"{mine(scenes)} false finds mined", flush=True)
    if args.only not in ("halves", "raised"):
        model = train_finder(finder_samples(scenes, rng), args.finder_steps, rng, args.finder_start)
        torch.save(model.state_dict(), args.finder_out or FINDER_FILE)
    if args.only not in ("finder", "raised"):
        crops, labels = half_samples(scenes, rng, rounds=2)
        print(f"{len(labels)} halves", flush=True)
        model = train_halves(crops, labels, args.half_epochs, rng, args.half_start)
        torch.save(model.state_dict(), args.halves_out or HALVES_FILE)


if __name__ == "__main__":
    main()
