"""A Reversi preset's options (docs/rules/reversi.md §2, decisions D6-D8), read once when the
preset loads so a bad size or pattern is refused by name before a game starts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.engine import OptionsError
from scoring.options import check_known, option_choice, option_count
from scoring.reversi.board import BLACK, SIZES, WHITE

OPTIONS = ("size", "start", "first", "supply")
STARTS = ("cross", "parallel", "open")


@dataclass(frozen=True)
class Rules:
    """``size`` the board's side; ``start`` the start position (``cross`` O4, ``parallel`` V1,
    ``open`` V5's empty board whose centre is placed first); ``first`` the colour that moves
    first (O5, V6); ``supply`` each player's discs (V4), None for Othello's shared discs (O15)."""

    size: int = 8
    start: str = "cross"
    first: str = BLACK
    supply: int | None = None

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, OPTIONS, "reversi")
        size = options.get("size", 8)
        if isinstance(size, bool) or size not in SIZES:
            raise OptionsError(
                f"size: {size!r} is not an even board side from {SIZES[0]} to {SIZES[-1]}"
            )
        first = option_choice(options, "first", ("black", "white"), "black")
        supply = option_count(options, "supply", None, 2)
        if supply is not None and supply * 2 > size * size:
            raise OptionsError(f"supply: {supply} discs each do not fit a {size} x {size} board")
        return cls(
            size=size,
            start=option_choice(options, "start", STARTS, "cross"),
            first=BLACK if first == "black" else WHITE,
            supply=supply,
        )
