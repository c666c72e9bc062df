"""Train the card face classifier of the detector reader (:mod:`vision.cards.face_classifier`).

It reads the crop round a found card, so it is trained on crops cut round labelled cards with
the finder's errors imitated (each edge moved by up to ``JITTER`` of the box), from

* the real photos of ``cards-real-train`` except the held-out fold (:mod:`vision.cards.real`),
  rank only (their labels have no suit), ``--real-copies`` crops per card an epoch;
* rendered scenes (:mod:`vision.synth.cards`, Latin and Russian decks in the DejaVu training
  styles and the font styles of Debian's font packages, never ``HELD_OUT`` or
  ``HELD_OUT_FONTS``; half of them with a random picture on every court card, so that the
  index, not our court drawing, tells J, Q and K apart), most on real table textures cut from
  those training photos: rank and suit;
* rendered scenes of real deck designs (:mod:`vision.cards.art_decks`, ``--art`` of them,
  never ``HELD_OUT_DECKS``): real court art, decorated aces and other decks' index lettering,
  so that a deck nobody here has seen is read by what every deck shares;
* ``none`` crops: card backs of the rendered scenes, stretches of table in both, and with
  ``--papers N`` up to N papers a scene laid beside the rendered cards (notes, business cards,
  pictures, calendars: :func:`vision.synth.cards.paper`).  Off for the committed weights:
  trained with 2 (the same seed otherwise), the classifier read 98 of the 104 held-out real
  cards against 100 without, and made 5 extra readings against 6; white paper with print is
  what a partly covered real card shows too;
* with ``--mine``, the committed finder's own proposals on those training photos: a proposal on
  a labelled card is that card (the crops the reader will really cut), one on nothing is
  ``none`` (the envelopes, letters and business cards real tables carry, which the finder takes
  for cards now and then).

Every crop is drawn anew each epoch (jitter, turned half round, light, blur, JPEG).  The last
epoch's weights are kept.  The committed weights (two CPU cores, about 25 minutes; mined with
the committed finder):

    nice -n 10 .venv/bin/python scripts/train_cards_faces.py --mine --scenes 800 --epochs 16
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402
from torch import nn  # noqa: E402
from train_cards_detector import MIN_VISIBLE, REAL  # noqa: E402
from train_cards_detector import WEIGHTS as DETECTOR_WEIGHTS  # noqa: E402

from vision.cards.art_decks import TRAINING_DECKS  # noqa: E402
from vision.cards.face_classifier import (  # noqa: E402
    NONE,
    RANK_CLASSES,
    SUITS,
    WEIGHTS,
    crop,
)
from vision.cards.face_net import FaceNet  # noqa: E402
from vision.cards.faces import FONT_STYLES, TRAINING_STYLES, style_named  # noqa: E402
from vision.cards.nets import to_tensor  # noqa: E402
from vision.cards.real import RANKS, labelled_photos, rank_of, read_voc, textures  # noqa: E402
from vision.synth.cards import render_scene  # noqa: E402
from vision.types import Box  # noqa: E402

#: The deck styles of the rendered scenes (see the module doc).
STYLES = TRAINING_STYLES + FONT_STYLES
#: The share of rendered scenes whose court cards get random pictures.
PICTURES = 0.5
#: The share of rendered scenes drawn in a real deck design (TRAINING_DECKS) by default.
ART = 0.4
#: Each edge of a training box moves by up to this share of the box (the finder's error).
JITTER = 0.08
#: A stretch of table overlaps every card's box by at most this IoU.
TABLE_IOU = 0.05
#: Suit label of a sample whose suit is not known (real photos): left out of the suit loss.
NO_SUIT = -1
#: Mining: proposals at least this sure are looked at; one overlapping a labelled card by at
#: least CARD_IOU is that card, one under FALSE_IOU with every card (and not nested in one) is
#: a false find; those between are left out (no answer is right).
MINE_SURE = 0.1
CARD_IOU = 0.5
FALSE_IOU = 0.2


@dataclass(frozen=True)
class Sample:
    image: int  # index into the image list
    box: Box
    rank: int
    suit: int


def table_boxes(
    rng: np.random.Generator, size: tuple[int, int], cards: list[Box], count: int
) -> list[Box]:
    """Up to ``count`` card-sized boxes that barely touch any card."""
    height, width = size
    side = float(np.median([max(b.w, b.h) for b in cards])) if cards else 0.3 * min(size)
    out: list[Box] = []
    for _ in range(count * 10):
        if len(out) == count:
            break
        h = side * rng.uniform(0.7, 1.2)
        w = h * rng.uniform(0.6, 0.8)
        if rng.random() < 0.5:
            w, h = h, w
        if w >= width or h >= height:
            continue
        box = Box(float(rng.uniform(0, width - w)), float(rng.uniform(0, height - h)), w, h)
        if all(box.iou(card) <= TABLE_IOU for card in cards):
            out.append(box)
    return out


def real_samples(
    photos: list[Path], images: list[np.ndarray], rng: np.random.Generator
) -> list[Sample]:
    samples = []
    for path in photos:
        image = cv2.imread(str(path))
        cards = read_voc(path.with_suffix(".xml"))
        images.append(image)
        k = len(images) - 1
        samples += [Sample(k, c.box, RANKS.index(c.rank), NO_SUIT) for c in cards]
        boxes = [c.box for c in cards]
        samples += [
            Sample(k, b, NONE, NO_SUIT) for b in table_boxes(rng, image.shape[:2], boxes, 1)
        ]
    return samples


def mined_samples(
    photos: list[Path], images: list[np.ndarray], first: int, weights: Path
) -> list[Sample]:
    """The proposals of the finder ``weights`` on the training photos (``images[first + k]`` is
    ``photos[k]``), labelled by the photos' cards (see the module doc)."""
    from vision.cards.detector import DetectorCards

    finder = DetectorCards(weights=weights)
    samples = []
    for k, path in enumerate(photos):
        cards = read_voc(path.with_suffix(".xml"))
        for box, sure in finder.propose(images[first + k]):
            if sure < MINE_SURE:
                continue
            best = max(cards, key=lambda c: box.iou(c.box))
            if box.iou(best.box) >= CARD_IOU:
                samples.append(Sample(first + k, box, RANKS.index(best.rank), NO_SUIT))
            elif all(box.iou(c.box) < FALSE_IOU and box.nested_share(c.box) < 0.5 for c in cards):
                samples.append(Sample(first + k, box, NONE, NO_SUIT))
    return samples


def rendered_samples(
    count: int,
    seed: int,
    backgrounds: list[np.ndarray],
    images: list[np.ndarray],
    papers: int,
    art: float,
) -> list[Sample]:
    samples = []
    for index in range(count):
        rng = np.random.default_rng([seed, index])
        background = None
        if backgrounds and rng.random() < 0.7:
            texture = backgrounds[int(rng.integers(len(backgrounds)))]
            background = np.ascontiguousarray(np.rot90(texture, int(rng.integers(4))))
        style = style_named(STYLES[int(rng.integers(len(STYLES)))])
        image, labels = render_scene(
            rng,
            style,
            background=background,
            pictures=bool(rng.random() < PICTURES),
            papers=int(rng.integers(papers + 1)) if papers else 0,
            art=TRAINING_DECKS[int(rng.integers(len(TRAINING_DECKS)))]
            if rng.random() < art
            else None,
        )
        images.append(image)
        k = len(images) - 1
        boxes = []
        for card in labels["cards"]:
            if card["visible_box"] is None or card["visible_share"] < MIN_VISIBLE:
                continue
            box = Box(*card["visible_box"])
            boxes.append(box)
            rank = RANKS.index(rank_of(card["card"]))
            samples.append(Sample(k, box, rank, SUITS.index(card["card"][-1])))
        for back in labels["backs"]:
            quad = np.array(back["quad"])
            left, top = quad.min(axis=0)
            right, bottom = quad.max(axis=0)
            box = Box(float(left), float(top), float(right - left), float(bottom - top))
            samples.append(Sample(k, box, NONE, NO_SUIT))
            boxes.append(box)
        for sheet in labels.get("papers", []):
            box = Box(*sheet)
            samples.append(Sample(k, box, NONE, NO_SUIT))
            boxes.append(box)
        samples += [
            Sample(k, b, NONE, NO_SUIT) for b in table_boxes(rng, image.shape[:2], boxes, 2)
        ]
    return samples


def augmented(image: np.ndarray, sample: Sample, rng: np.random.Generator) -> np.ndarray:
    """One training crop of ``sample``: its box jittered, then light, turn, blur and JPEG."""
    box = sample.box
    dx0, dy0, dx1, dy1 = rng.uniform(-JITTER, JITTER, 4) * [box.w, box.h, box.w, box.h]
    jittered = Box(
        box.x + dx0, box.y + dy0, max(4.0, box.w - dx0 + dx1), max(4.0, box.h - dy0 + dy1)
    )
    patch = crop(image, jittered).astype(np.float32)
    if rng.random() < 0.5:
        patch = patch[::-1, ::-1]
    patch = patch * rng.uniform(0.6, 1.3) + rng.uniform(-30, 30)
    patch = patch * rng.uniform(0.85, 1.15, 3)  # white balance
    patch = np.clip(patch, 0, 255).astype(np.uint8)
    if rng.random() < 0.4:
        patch = cv2.GaussianBlur(patch, (0, 0), float(rng.uniform(0.4, 1.2)))
    if rng.random() < 0.5:
        _ok, data = cv2.imencode(
            ".jpg", patch, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 90))]
        )
        patch = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return np.ascontiguousarray(patch)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenes", type=int, default=600, help="rendered scenes")
    parser.add_argument("--seed", type=int, default=51, help="seed of the rendered scenes")
    parser.add_argument("--real", type=Path, default=REAL)
    parser.add_argument(
        "--without-dev",
        action="store_true",
        help="train on the fit part only (vision.cards.real: to choose on the dev fold)",
    )
    parser.add_argument("--real-copies", type=int, default=5, help="crops per real card an epoch")
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--mine", action="store_true", help="add the finder's proposals")
    parser.add_argument(
        "--finder",
        type=Path,
        default=DETECTOR_WEIGHTS,
        help="the finder to mine with (with --without-dev: one trained without the dev fold)",
    )
    parser.add_argument("--papers", type=int, default=0, help="papers a rendered scene, at most")
    parser.add_argument(
        "--art", type=float, default=ART, help="share of rendered scenes in real deck designs"
    )
    parser.add_argument("--init", type=Path, help="start from these weights")
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    started = time.time()
    photos = labelled_photos(args.real, "fit" if args.without_dev else "train")
    images: list[np.ndarray] = []
    real = real_samples(photos, images, rng)
    if args.mine:
        mined = mined_samples(photos, images, 0, args.finder)
        false = sum(s.rank == NONE for s in mined)
        print(f"mined {len(mined)} proposals, {false} of them on no card", flush=True)
        real += mined
    rendered = rendered_samples(
        args.scenes, args.seed, textures(photos), images, args.papers, args.art
    )
    print(
        f"{len(real)} real samples, {len(rendered)} rendered, {len(images)} images "
        f"in {time.time() - started:.0f} s",
        flush=True,
    )
    net = FaceNet()
    if args.init is not None:
        net.load_state_dict(torch.load(args.init, map_location="cpu", weights_only=True))
    optimiser = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    per_epoch = len(real) * args.real_copies + len(rendered)
    steps = args.epochs * (per_epoch // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, args.lr, total_steps=steps)
    rank_loss = nn.CrossEntropyLoss(label_smoothing=0.05)
    suit_loss = nn.CrossEntropyLoss(ignore_index=NO_SUIT)
    step = 0
    for epoch in range(args.epochs):
        order = np.array(
            [*range(len(real))] * args.real_copies + [len(real) + k for k in range(len(rendered))]
        )
        rng.shuffle(order)
        pool = real + rendered
        net.train()
        seen = right = 0
        for start in range(0, len(order) - args.batch + 1, args.batch):
            if step >= steps:
                break
            batch = [pool[k] for k in order[start : start + args.batch]]
            x = to_tensor([augmented(images[s.image], s, rng) for s in batch])
            ranks = torch.tensor([s.rank for s in batch])
            suits = torch.tensor([s.suit for s in batch])
            rank_out, suit_out = net(x)
            loss = rank_loss(rank_out, ranks)
            if (suits != NO_SUIT).any():
                loss = loss + 0.5 * suit_loss(suit_out, suits)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            step += 1
            seen += len(batch)
            right += int((rank_out.argmax(1) == ranks).sum())
        print(
            f"epoch {epoch + 1}/{args.epochs}: training rank accuracy {right / max(seen, 1):.3f} "
            f"({time.time() - started:.0f} s)",
            flush=True,
        )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), args.out)
    print(f"weights: {args.out} ({args.out.stat().st_size // 1024} KiB); classes {RANK_CLASSES}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
