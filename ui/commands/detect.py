"""``tableref detect dice|dominoes IMAGE...``: what a reader sees in still images.

One line per image: JSON with ``--json`` (``{"image", "dice": [{"value", "box", "confidence",
"cocked"}]}`` or ``{"image", "tiles": [{"halves", "box", "face_up", "confidence"}]}``, boxes
``[x, y, w, h]`` in pixels of the input image), else a short text.  An image that cannot be read
is one ``error:`` line naming it; the other images are still read, and the exit status is 2.
Readers come from the same registries as ``tableref eval``.  ``tableref detect table VIDEO``
prints the shot records seen in a carom table video, and ``tableref detect balls IMAGE...`` the
table and every ball on it, ``{"image", "table": {"corners"} or null, "balls": [{"center",
"radius", "label"}]}`` (:mod:`ui.commands._carom`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ui.commands._images import Images
from ui.commands.eval import REGISTRIES, make_reader


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser(
        "detect", help="read dice, tiles, cards or balls in images, or shots in a table video"
    )
    parser.add_argument(
        "kind",
        choices=sorted([*REGISTRIES, "table", "cards", "balls"]),
        metavar="KIND",
        help="dice|dominoes|table|cards|balls",
    )
    parser.add_argument(
        "images", type=Path, nargs="+", metavar="IMAGE", help="image files (table: a video)"
    )
    parser.add_argument(
        "--game",
        default="seven_skittles",
        help="table, balls with --profile: seven_skittles (default) or five_pins",
    )
    parser.add_argument(
        "--deck", metavar="PROFILE", help="cards: a deck profile .json or a name like 36-russian"
    )
    parser.add_argument(
        "--profile",
        metavar="PROFILE",
        help="table, balls: a table profile from 'tableref calibrate table'",
    )
    parser.add_argument("--reader", help="reader name (default: the registry's default)")
    parser.add_argument("--json", action="store_true", help="one JSON object per image")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:

    if args.kind == "table":
        from ui.commands._carom import detect_table

        return detect_table(args.images, args.game, args.json, args.profile)
    if args.kind == "balls":
        from ui.commands._carom import detect_balls

        return detect_balls(args.images, args.json, args.profile, args.game)
    if args.kind == "cards":
        from ui.commands._cards import detect_cards

        return detect_cards(args.images, args.deck, args.reader, args.json)

    reader = make_reader(args.kind, args.reader)
    readable = Images(args.images)
    for path, image in readable:
        readings = reader.read(image)
        if args.kind == "dice":
            found = {"image": str(path), "dice": [_die(reading) for reading in readings]}
        else:
            found = {"image": str(path), "tiles": [_tile(reading) for reading in readings]}
        print(json.dumps(found) if args.json else _text(found), flush=True)
    return readable.status


def _die(reading: Any) -> dict[str, Any]:
    return {
        "value": reading.value,
        "box": reading.box.as_list(),
        "confidence": round(float(reading.confidence), 3),
        "cocked": bool(reading.cocked),
    }


def _tile(reading: Any) -> dict[str, Any]:
    return {
        "halves": list(reading.halves) if reading.halves is not None else None,
        "box": reading.box.as_list(),
        "face_up": reading.face_up,
        "confidence": round(float(reading.confidence), 3),
    }


def _text(found: dict[str, Any]) -> str:
    """``IMAGE: 3 dice: 5 2 cocked`` or ``IMAGE: 2 tiles: 6-4 face-down``, then one line per
    object with its box and confidence."""
    if "dice" in found:
        items = [("cocked" if die["cocked"] else str(die["value"]), die) for die in found["dice"]]
        noun = "die" if len(items) == 1 else "dice"
    else:
        items = [
            ("face-down" if tile["halves"] is None else "{}-{}".format(*tile["halves"]), tile)
            for tile in found["tiles"]
        ]
        noun = "tile" if len(items) == 1 else "tiles"
    lines = [f"{found['image']}: {len(items)} {noun}: " + " ".join(name for name, _ in items)]
    for name, item in items:
        x, y, w, h = item["box"]
        lines.append(f"  {name:>9}  at x={x:g} y={y:g} w={w:g} h={h:g}  ({item['confidence']:.2f})")
    return "\n".join(lines)
