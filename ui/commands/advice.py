"""``tableref optimum``: a score-sheet game's optimal solitaire expected score, from its
strategy table (solved and cached on first use, with how long that took and how big it is)."""

from __future__ import annotations

import argparse
from typing import Any

from scoring.registry import create_engine
from ui.commands._common import add_lang
from ui.short_form import CliError


def register(commands: argparse._SubParsersAction[Any]) -> None:
    optimum = commands.add_parser(
        "optimum", help="a dice sheet game's optimal expected score (solves its table once)"
    )
    optimum.add_argument("game", metavar="GAME", help="yahtzee, yatzy, yacht, ...")
    optimum.add_argument("--preset", help="a preset of the game (its default if omitted)")
    add_lang(optimum)
    optimum.set_defaults(run=cmd_optimum)


def cmd_optimum(args: argparse.Namespace) -> int:
    # The solver needs numpy: imported here, so that `tableref --help` stays light.
    from scoring.dice.optimal.model import Unsupported
    from session.strategy_store import table_path
    from ui.commands._advice import table_for

    engine = create_engine(args.game, args.preset)
    try:
        table, took = table_for(engine, args.lang)
    except Unsupported as error:
        raise CliError(
            f"{args.game}: no optimal strategy: {error}",
            f"{args.game}: оптимальной стратегии нет: {error}",
        ) from None
    path = table_path(engine)
    size = _size(path.stat().st_size)
    how = "from the cache" if took is None else f"solved in {took:.1f} s"
    if args.lang == "ru":
        how = "из кэша" if took is None else f"посчитано за {took:.1f} с"
        print(f"{engine.game} ({engine.preset}): оптимальный ожидаемый итог {table.start:.4f}")
        print(f"таблица {size}, {path} ({how})")
    else:
        print(f"{engine.game} ({engine.preset}): optimal expected score {table.start:.4f}")
        print(f"table {size}, {path} ({how})")
    return 0


def _size(size: int) -> str:
    return f"{size / 2**20:.1f} MiB" if size >= 2**20 else f"{size / 2**10:.0f} KiB"
