"""Scoring a card reader on rendered scenes (``scene_N.jpg`` + ``scene_N.json`` from
:mod:`vision.synth.cards`).

Cards are scored in two groups, because overlap is what makes cards hard: *fully visible*
(nothing on them, both index corners in view) and *overlapped* (a card on them, the trump under
the stock, or one index hidden by a hand); a card with no index in view is not expected to be
read and is only counted.  A reading matches a labelled card when their outlines overlap
(IoU >= :data:`MATCH_IOU`, with the whole card's box or with the box of its part in view); a
labelled card is read right when its match names the same card.
Readings matching nothing are *extra*.  Look-alike ranks (6/9, A/4, Q/A = Д/Т in Russian
decks) get their own confusion counts, and ``covered_by`` is checked for matched cards.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2

from vision.cards.reader import CardReading, CardsReader
from vision.progress import tracked
from vision.types import Box

MATCH_IOU = 0.5
LOOK_ALIKES = (("6", "9"), ("A", "4"), ("Q", "A"))


@dataclass
class GroupScore:
    labelled: int = 0
    right: int = 0
    missed: int = 0

    @property
    def share(self) -> float | None:
        return self.right / self.labelled if self.labelled else None

    def to_json(self) -> dict[str, Any]:
        share = self.share
        return {
            "labelled": self.labelled,
            "right": self.right,
            "missed": self.missed,
            "share": None if share is None else round(share, 4),
        }


@dataclass
class CardReport:
    reader: str
    folder: str
    images: int = 0
    visible: GroupScore = field(default_factory=GroupScore)
    overlapped: GroupScore = field(default_factory=GroupScore)
    hidden: int = 0
    extra: int = 0
    covered_right: int = 0
    covered_checked: int = 0
    seconds: float = 0.0
    confusions: Counter = field(default_factory=Counter)
    per_card: dict[str, list[int]] = field(default_factory=dict)  # code -> [labelled, right]

    @property
    def fps(self) -> float | None:
        return self.images / self.seconds if self.seconds > 0 else None

    def look_alikes(self) -> dict[str, int]:
        out = {}
        for a, b in LOOK_ALIKES:
            out[f"{a}->{b}"] = sum(n for (x, y), n in self.confusions.items() if (x, y) == (a, b))
            out[f"{b}->{a}"] = sum(n for (x, y), n in self.confusions.items() if (x, y) == (b, a))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "cards",
            "reader": self.reader,
            "folder": self.folder,
            "images": self.images,
            "fully_visible": self.visible.to_json(),
            "overlapped": self.overlapped.to_json(),
            "hidden_not_scored": self.hidden,
            "extra": self.extra,
            "covered_by_right": [self.covered_right, self.covered_checked],
            "fps": None if self.fps is None else round(self.fps, 2),
            "look_alike_confusions": self.look_alikes(),
            "rank_confusions": {f"{a}->{b}": n for (a, b), n in self.confusions.most_common()},
            "per_card": {
                code: {"labelled": n, "right": r, "share": round(r / n, 4)}
                for code, (n, r) in sorted(self.per_card.items())
            },
        }

    def to_text(self) -> str:
        def line(name: str, group: GroupScore) -> str:
            share = "-" if group.share is None else f"{100 * group.share:.2f}%"
            return f"{name:<15} {group.right}/{group.labelled}  {share}  (missed {group.missed})"

        worst = sorted(self.per_card.items(), key=lambda item: item[1][1] / item[1][0])[:5]
        lines = [
            f"cards reader {self.reader!r} on {self.folder}: {self.images} images",
            line("fully visible", self.visible),
            line("overlapped", self.overlapped),
            f"not in view     {self.hidden} (not scored), extra readings {self.extra}",
            f"covered_by      {self.covered_right}/{self.covered_checked} right",
            f"frames/second   {'-' if self.fps is None else f'{self.fps:.1f}'}",
            "look-alikes     "
            + ", ".join(f"{pair} {count}" for pair, count in self.look_alikes().items()),
            "rank confusions "
            + (
                ", ".join(f"{a}->{b} {n}" for (a, b), n in self.confusions.most_common(8)) or "none"
            ),
            "worst cards     " + ", ".join(f"{code} {r}/{n}" for code, (n, r) in worst),
        ]
        return "\n".join(lines)


def evaluate_cards(reader: CardsReader, folder: Path | str, limit: int | None = None) -> CardReport:
    """Read every rendered scene of ``folder`` and score the reader."""
    folder = Path(folder)
    if not folder.is_dir():
        raise FileNotFoundError(f"{folder}: no such folder")
    report = CardReport(getattr(reader, "name", type(reader).__name__), str(folder))
    labels = sorted(folder.glob("*.json"), key=lambda path: (len(path.stem), path.stem))
    for path in tracked(labels[:limit] if limit else labels, f"reading {folder}"):
        image = cv2.imread(str(path.with_suffix(".jpg")), cv2.IMREAD_COLOR)
        if image is None:
            continue
        truth = json.loads(path.read_text(encoding="utf-8"))
        start = time.perf_counter()
        readings = reader.read(image)
        report.seconds += time.perf_counter() - start
        score_scene(report, truth["cards"], readings)
    return report


def score_scene(report: CardReport, truth: list[dict], readings: list[CardReading]) -> None:
    report.images += 1
    # A reader may box a covered card whole (from its index and the card's size) or box the
    # part of it in view (as real photos are labelled): either matches.
    boxes = [
        [Box(*card["box"])] + ([Box(*card["visible_box"])] if card.get("visible_box") else [])
        for card in truth
    ]
    pairs = []
    for t, ways in enumerate(boxes):
        for r, reading in enumerate(readings):
            overlap = max(box.iou(reading.box) for box in ways)
            if overlap >= MATCH_IOU:
                pairs.append((overlap, t, r))
    matched: dict[int, int] = {}
    used: set[int] = set()
    for _, t, r in sorted(pairs, reverse=True):
        if t not in matched and r not in used:
            matched[t] = r
            used.add(r)
    for t, card in enumerate(truth):
        if not card["index_boxes"]:
            report.hidden += 1
            continue
        full = card["covered_by"] is None and card["zone"] == "table"
        group = report.visible if full and len(card["index_boxes"]) == 2 else report.overlapped
        group.labelled += 1
        tally = report.per_card.setdefault(card["card"], [0, 0])
        tally[0] += 1
        if t not in matched:
            group.missed += 1
            continue
        reading = readings[matched[t]]
        if reading.card == card["card"]:
            group.right += 1
            tally[1] += 1
        elif reading.card[:-1] != card["card"][:-1]:
            report.confusions[(card["card"][:-1], reading.card[:-1])] += 1
        if card["zone"] == "table":
            report.covered_checked += 1
            report.covered_right += _same_cover(card["covered_by"], reading.covered_by)
    report.extra += len(readings) - len(used)


def _same_cover(truth: str | None, read: str | None) -> bool:
    return (truth is None) == (read is None)
