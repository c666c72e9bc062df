"""``tableref deck teach IMAGES... --out PROFILE``: learn a physical deck from one photo of
each card (the card named by the file name, ``QH.jpg``, or by ``--order FILE``) and save its
profile (JSON plus folders of index templates and of the cards' faces, by which its courts
are told apart) for ``tableref detect cards --deck PROFILE`` (read by the default reader: the
corner reader fine-tuned on the taught templates beside the face classifier).
``tableref deck teach --video CLIP --order FILE --out PROFILE`` learns it from a clip of the
deck dealt one card at a time under the camera (:mod:`vision.cards.dealt`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser("deck", help="deck profiles for the card reader: teach")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    teach = actions.add_parser("teach", help="learn a deck from one photo per card")
    teach.add_argument("images", type=Path, nargs="*", metavar="IMAGE", help="one photo per card")
    teach.add_argument(
        "--video", type=Path, metavar="CLIP", help="a clip of the deck dealt one card at a time"
    )
    teach.add_argument("--out", type=Path, required=True, metavar="PROFILE", help="profile .json")
    teach.add_argument(
        "--order", type=Path, metavar="FILE", help="card codes, one per photo or card dealt"
    )
    teach.add_argument(
        "--alphabet", choices=("latin", "russian"), default="latin", help="index letters (latin)"
    )
    teach.add_argument("--size", type=int, choices=(52, 36, 32), help="deck size (from the cards)")
    teach.add_argument("--name", help="profile name (the file's stem)")
    teach.set_defaults(run=run_teach)


def run_teach(args: argparse.Namespace) -> int:
    from ui.commands import CommandError
    from ui.commands._cards import teach, teach_video
    from vision.cards.looks import COURTS

    if args.video is not None and args.images:
        raise CommandError("give one photo per card or --video CLIP, not both")
    if args.video is None and not args.images:
        raise CommandError("give one photo per card, or --video CLIP of the deck dealt")
    if args.video is not None:
        if args.order is None:
            raise CommandError("--video needs --order FILE: the cards in the order dealt")
        profile = teach_video(args.video, args.out, args.order, args.alphabet, args.size, args.name)
    else:
        profile = teach(args.images, args.out, args.order, args.alphabet, args.size, args.name)
    cards = set(profile.templates) | set(profile.faces)
    courts = sum(code[:-1] in COURTS for code in profile.looks)
    taught = f"{len(cards)} of {profile.size} cards taught, {courts} courts by their faces"
    print(f"deck {profile.name!r}: {taught}, saved to {args.out}")
    print(f"read it with: tableref detect cards --deck {args.out} IMAGE...")
    return 0
