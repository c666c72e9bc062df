"""``tableref eval dice|dominoes|cards|shots DIR``: score a reader on labelled images.

Readers are found in registries the reader modules provide: ``vision.dice.readers`` and
``vision.dominoes.readers`` each expose ``READERS`` (name -> factory) and ``DEFAULT`` (a name),
so a new reader is one entry there and this command does not change.  ``tableref eval shots DIR``
scores the carom shot observer on simulated shots (:mod:`vision.carom.evaluate`).
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from ui.commands import CommandError

#: What can be evaluated, and the module holding its reader registry.
REGISTRIES = {
    "dice": "vision.dice.readers",
    "dominoes": "vision.dominoes.readers",
}


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "eval",
        help="score a reader on labelled images: dice, dominoes (YOLO folders), cards (real "
        "photos with VOC labels or rendered tables), shots (simulated carom shots)",
    )
    parser.add_argument(
        "kind",
        choices=sorted([*REGISTRIES, "shots", "cards"]),
        metavar="KIND",
        help="dice|dominoes|shots|cards",
    )
    parser.add_argument(
        "folder", type=Path, metavar="DIR", help="images with YOLO .txt labels (shots: synth shots)"
    )
    parser.add_argument("--reader", help="reader name (default: the registry's default)")
    parser.add_argument(
        "--deck", metavar="PROFILE", help="cards: a deck profile .json or a name like 36-russian"
    )
    parser.add_argument(
        "--part",
        choices=("held", "train", "all", "dev", "fit"),
        default="held",
        help="cards, real photos with VOC labels: the held-out fifth (default), the rest, all, "
        "or the rest split into dev (a fold to choose on) and fit (the others)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON document instead of a table")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N images")
    parser.add_argument(
        "--iou", type=float, default=None, metavar="T", help="IoU to match a reading (0.4)"
    )
    parser.add_argument(
        "--iou-only",
        action="store_true",
        help="match by IoU alone (by default a box nested in the other matches too: "
        "dice-real-train boxes the top face, a reader may box the whole die)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from vision.evaluate import DEFAULT_IOU, evaluate_dice, evaluate_dominoes
    from vision.labels import LabelError

    if args.limit is not None and args.limit < 1:
        raise CommandError(f"--limit must be at least 1, got {args.limit}")
    iou = DEFAULT_IOU if args.iou is None else args.iou
    if not 0.0 < iou <= 1.0:
        raise CommandError(f"--iou must be in (0, 1], got {iou}")
    if not args.folder.is_dir():
        raise CommandError(f"{args.folder}: no such folder")
    if args.kind == "shots":
        from ui.commands._carom import eval_shots

        return eval_shots(args.folder, args.limit, args.json)
    if args.kind == "cards":
        from ui.commands._cards import eval_cards

        return eval_cards(args.folder, args.deck, args.reader, args.limit, args.json, args.part)
    reader = make_reader(args.kind, args.reader)
    evaluate = evaluate_dice if args.kind == "dice" else evaluate_dominoes
    try:
        report = evaluate(reader, args.folder, iou=iou, limit=args.limit, nested=not args.iou_only)
    except (LabelError, ValueError) as error:
        raise CommandError(str(error)) from None
    if report.images == 0:
        raise CommandError(f"{args.folder}: no readable images")
    print(json.dumps(report.to_json(), indent=1) if args.json else report.to_text())
    return 0


def make_reader(kind: str, name: str | None) -> Any:
    """The reader ``name`` (or the default) from the registry of ``kind``."""
    try:
        registry = importlib.import_module(REGISTRIES[kind])
    except ImportError as error:
        raise CommandError(f"no {kind} readers available ({error})") from None
    readers = registry.READERS
    chosen = registry.DEFAULT if name is None else name
    if chosen not in readers:
        raise CommandError(
            f"unknown {kind} reader {chosen!r}; choose one of: {', '.join(sorted(readers))}"
        )
    return readers[chosen]()
