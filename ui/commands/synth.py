"""``tableref synth dice|dominoes --count N --seed S --out DIR``: rendered scenes with YOLO
labels, for training and measuring readers (the same seed writes the same files)."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Any

from ui.commands import CommandError

#: The renderer module of each kind; each has ``render_dataset(out, count, seed)``.
RENDERERS = {
    "dice": "vision.synth.dice",
    "dominoes": "vision.synth.dominoes",
    "shots": "vision.synth.carom",
    "cards": "vision.synth.cards",
}


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser("synth", help="render labelled scenes: " + ", ".join(RENDERERS))
    parser.add_argument(
        "kind", choices=sorted(RENDERERS), metavar="KIND", help="dice|dominoes|shots|cards"
    )
    parser.add_argument("--count", type=int, required=True, metavar="N", help="how many scenes")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (0)")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="output folder")
    parser.add_argument(
        "--style", metavar="S", help="cards: the deck style (default: a training style per scene)"
    )
    parser.add_argument(
        "--cloth",
        metavar="C",
        help="shots: the cloth's colour (green by default; blue, teal, red, grey, ... or mixed)",
    )
    parser.add_argument(
        "--varied",
        action="store_true",
        help="shots: a tilted camera, one to three lamps and broadcast compression per shot",
    )
    parser.add_argument(
        "--textures",
        type=Path,
        metavar="DIR",
        help="dominoes: a folder of labelled photos (YOLO .txt or VOC .xml) whose tables, "
        "outside the labelled boxes, some scenes are drawn on",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.count < 1:
        raise CommandError(f"--count must be at least 1, got {args.count}")
    if args.seed < 0:
        raise CommandError(f"--seed must be 0 or more, got {args.seed}")
    if args.out.exists() and not args.out.is_dir():
        raise CommandError(f"{args.out}: exists and is not a folder")
    try:
        module = importlib.import_module(RENDERERS[args.kind])
    except ImportError as error:
        raise CommandError(f"no {args.kind} renderer available ({error})") from None
    render = getattr(module, "render_dataset", None)
    if render is None:
        raise CommandError(f"the {args.kind} renderer has no render_dataset")
    if args.varied and args.kind != "shots":
        raise CommandError("--varied is for shots only")
    if args.cloth is not None or args.varied:
        if args.kind != "shots":
            raise CommandError("--cloth is for shots only")
        try:
            render(args.out, args.count, args.seed, cloth=args.cloth, varied=args.varied)
        except ValueError as error:
            raise CommandError(f"--cloth: {error}") from None
    elif args.textures is not None:
        if args.kind != "dominoes":
            raise CommandError("--textures is for dominoes only")
        if not args.textures.is_dir():
            raise CommandError(f"--textures: {args.textures} is not a folder")
        render(args.out, args.count, args.seed, args.textures)
    elif args.style is None:
        render(args.out, args.count, args.seed)
    else:
        render(args.out, args.count, args.seed, _card_style(args.kind, args.style))
    print(f"{args.count} {args.kind} scenes (seed {args.seed}) written to {args.out}")
    return 0


def _card_style(kind: str, style: str) -> str:
    if kind != "cards":
        raise CommandError("--style is for cards only")
    from vision.cards.faces import STYLES

    if style not in STYLES:
        raise CommandError(
            f"--style: unknown card style {style!r}; choose from {', '.join(STYLES)}"
        )
    return style
