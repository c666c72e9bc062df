"""The optimal-strategy advice of a journalled game, shared by ``tableref hint`` and
``tableref optimum``: the table is solved on first use (said on stderr) and cached."""

from __future__ import annotations

import sys
from typing import Any

from scoring.dice.optimal.advice import Advice, StrategyTable, advise
from scoring.dice.optimal.model import Unsupported
from scoring.dice.sheet.engine import DiceSheetEngine
from scoring.registry import game
from session.strategy_store import strategy_table, table_path
from ui.advice_text import word


def table_for(engine: Any, lang: str) -> tuple[StrategyTable, float | None]:
    """The engine's strategy table; raises :class:`Unsupported` for a game it cannot advise."""
    if not isinstance(engine, DiceSheetEngine):
        raise Unsupported(f"{engine.game} is not a score-sheet dice game")
    path = table_path(engine)
    if not path.exists():
        entry = game(engine.game)
        name = entry.title_ru if lang == "ru" else entry.title_en
        print(word("solving", lang, game=name, path=path), file=sys.stderr, flush=True)
    return strategy_table(engine)


def advice_for(engine: Any, state: Any, lang: str) -> Advice | None:
    """The advice now, or None (said on stderr) where the game has no optimal table."""
    try:
        table, _ = table_for(engine, lang)
    except Unsupported as error:
        print(word("unsupported", lang, reason=error), file=sys.stderr)
        return None
    return advise(engine, state, table)
