"""The optimal-strategy tables on disk: solved once per preset and kept in the user's cache.

A table depends only on the preset's rules, so its file is named by the game, the preset and a
hash of everything the solver read; a preset edited later gets a new file instead of a stale
table.  Files are ``.npy`` arrays of float64 (Yahtzee's is 8 MiB), written to a temporary name
and moved into place, so a solve interrupted half way never leaves a torn table behind.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from scoring.dice.optimal.advice import StrategyTable
from scoring.dice.optimal.model import solitaire_model
from scoring.dice.optimal.solve import solve
from scoring.dice.sheet.engine import DiceSheetEngine

#: Overrides where the tables are kept (the tests point it at a temporary folder).
FOLDER_VARIABLE = "TABLEREF_STRATEGY_DIR"


def strategy_folder() -> Path:
    """``$TABLEREF_STRATEGY_DIR``, else ``$XDG_CACHE_HOME/tableref/strategy`` (by default under
    ``~/.cache``), as the demo keeps its recordings."""
    chosen = os.environ.get(FOLDER_VARIABLE)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tableref" / "strategy"


def table_path(engine: DiceSheetEngine, folder: Path | None = None) -> Path:
    model = solitaire_model(engine.rules)
    key = hashlib.sha256(model.describe().encode()).hexdigest()[:16]
    return (folder or strategy_folder()) / f"{engine.game}-{engine.preset}-{key}.npy"


def cached_table(engine: DiceSheetEngine, folder: Path | None = None) -> StrategyTable | None:
    """The preset's table if it has been solved, else None (nothing is solved here)."""
    path = table_path(engine, folder)
    model = solitaire_model(engine.rules)
    if not path.exists():
        return None
    values = np.load(path, allow_pickle=False)
    if values.shape != model.shape:
        return None  # a file of another shape under this name: solve again rather than misread
    return StrategyTable(model, values)


def strategy_table(
    engine: DiceSheetEngine,
    folder: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[StrategyTable, float | None]:
    """The preset's table, solved and saved first when it is not cached; the seconds the solve
    took, or None when the table came from the cache."""
    found = cached_table(engine, folder)
    if found is not None:
        return found, None
    model = solitaire_model(engine.rules)
    started = time.perf_counter()
    values = solve(model, progress)
    took = time.perf_counter() - started
    path = table_path(engine, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.part")
    with partial.open("wb") as out:
        np.save(out, values, allow_pickle=False)
    partial.replace(path)
    return StrategyTable(model, values), took
