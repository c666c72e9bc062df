"""``tableref bench TARGET``: measured speed, printed as a table (or JSON) for the closing notes.

Each target is a module with ``run_bench(quick: bool) -> list[dict]``: one row per measurement,
the same keys in every row of one kind (a target measuring several kinds of thing, such as the
session's latency and its history, prints one table per kind).  Speeds are reported with a
baseline measured in the same run, since the machines are shared and absolute numbers drift.
"""

from __future__ import annotations

import argparse
import importlib
import json
from typing import Any

from ui.commands import CommandError

TARGETS = {
    "vision": "vision.bench",
    "panel": "hardware.bench",
    "carom": "vision.carom.bench",
    "session": "session.bench",
    "display": "ui.qt.latency",
}


def register(commands: argparse._SubParsersAction[Any]) -> None:
    bench = commands.add_parser("bench", help="measure speed: " + ", ".join(TARGETS))
    bench.add_argument("target", choices=sorted(TARGETS), metavar="TARGET", help="what to measure")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    bench.add_argument("--json", action="store_true", help="one JSON list instead of a table")
    bench.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        module = importlib.import_module(TARGETS[args.target])
    except ImportError as error:
        raise CommandError(
            f"bench {args.target}: {error} (install the extras: pip install -e .[all])"
        ) from None
    rows = module.run_bench(quick=args.quick)
    print(json.dumps(rows, indent=1) if args.json else table(rows))
    return 0


def table(rows: list[dict[str, Any]]) -> str:
    """Rows as aligned tables, one per run of rows with the same keys, separated by a blank
    line."""
    if not rows:
        return "(nothing measured)"
    groups: list[list[dict[str, Any]]] = []
    for row in rows:
        if groups and list(groups[-1][0]) == list(row):
            groups[-1].append(row)
        else:
            groups.append([row])
    return "\n\n".join(_one_table(group) for group in groups)


def _one_table(rows: list[dict[str, Any]]) -> str:
    """Rows with the same keys as aligned columns, numbers right-aligned, keys as the header."""
    keys = list(rows[0])
    cells = [keys] + [[_cell(row.get(key)) for key in keys] for row in rows]
    widths = [max(len(line[i]) for line in cells) for i in range(len(keys))]
    numeric = [all(isinstance(row.get(key), int | float) for row in rows) for key in keys]
    lines = []
    for line in cells:
        parts = [
            text.rjust(width) if right else text.ljust(width)
            for text, width, right in zip(line, widths, numeric, strict=True)
        ]
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 100 else f"{value:.0f}"
    return "" if value is None else str(value)
