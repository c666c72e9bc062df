"""``tableref calibrate table IMAGE --out PROFILE``: a billiard table's profile from one photo.

The table is found by its cloth, whatever the colour (:mod:`vision.carom.table_finder`); the
profile (calibration, marks, pockets) is what ``tableref detect table|balls --profile`` and
``tableref run --profile`` read, so a table seen slightly from the side or with an arm in view
is calibrated once, from a clear frame.  Where the cloth cannot be found (a cloth the colour of
the floor, the table half in shadow) ``--corners`` takes the cushions' four outer corners as
read off the photo instead: the four-point fallback.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def register(commands: argparse._SubParsersAction[Any]) -> None:
    parser = commands.add_parser("calibrate", help="a billiard table's profile from one photo")
    actions = parser.add_subparsers(dest="what", required=True, metavar="WHAT")
    table = actions.add_parser("table", help="find the table in IMAGE and save its profile")
    table.add_argument("image", type=Path, metavar="IMAGE", help="a photo or frame of the table")
    table.add_argument(
        "--out", type=Path, required=True, metavar="PROFILE", help="the profile file to write"
    )
    table.add_argument(
        "--game", default="seven_skittles", help="seven_skittles (default) or five_pins"
    )
    table.add_argument(
        "--corners",
        metavar="X,Y",
        nargs=4,
        help="the cushions' outer corners in IMAGE px, round the table (instead of finding it)",
    )
    table.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ui.commands._carom import calibrate_table

    return calibrate_table(args.image, args.game, args.out, args.corners)
