"""Tripoley's layout and options (docs/rules/tripoley.md R1-R3, V1-V6, D1-D3), read once when
the preset loads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.cards import RANKS
from scoring.engine import OptionsError
from scoring.options import (
    check_known,
    option_choice,
    option_count,
    option_flag,
    option_whole,
)

OPTIONS = (
    "stack",
    "deals",
    "poker_limit",
    "payouts",
    "sequence",
    "poker_opens",
    "michigan_leads",
    "spare",
    "alternate_colours",
    "final_round",
)
#: The pockets of the layout (R2): the five pay hearts, king-queen, the run, kitty and pot.
HEARTS = ("AH", "KH", "QH", "JH", "10H")
KING_QUEEN, RUN, KITTY, POT = "KQ", "RUN", "KITTY", "POT"
POCKETS = (*HEARTS, KING_QUEEN, RUN, KITTY, POT)
#: The pockets' names as the table says them (English, Russian).
POCKET_NAMES = {
    "AH": ("ace of hearts", "туз червей"),
    "KH": ("king of hearts", "король червей"),
    "QH": ("queen of hearts", "дама червей"),
    "JH": ("jack of hearts", "валет червей"),
    "10H": ("ten of hearts", "десятка червей"),
    KING_QUEEN: ("king-queen", "король-дама"),
    RUN: ("run", "последовательность"),
    KITTY: ("kitty", "котёнок"),
    POT: ("pot", "банк"),
}
DECK_SIZE = 52
PLAYERS_MIN, PLAYERS_MAX = 2, 9


@dataclass(frozen=True)
class Rules:
    stack: int
    deals: int  # 0: one deal per player
    poker_limit: int
    payouts: str  # stage_one | michigan (V1)
    sequence: tuple[str, str, str]  # the run pocket's ranks (V2)
    poker_opens: str  # left | dealer (V3)
    michigan_leads: str  # winner | dealer | left (V4)
    spare: str  # trade | none (V5)
    alternate_colours: bool  # V6
    final_round: bool  # R21

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, OPTIONS, "Tripoley")
        sequence = options.get("sequence", ["8", "9", "10"])
        ranks = [str(rank) for rank in sequence] if isinstance(sequence, list | tuple) else []
        if (
            len(ranks) != 3
            or any(rank not in RANKS for rank in ranks)
            or [RANKS.index(rank) for rank in ranks]
            != list(range(RANKS.index(ranks[0]), RANKS.index(ranks[0]) + 3))
        ):
            raise OptionsError(f"sequence: expected three ranks in a row, got {sequence!r}")
        return cls(
            stack=option_whole(options, "stack", 100, minimum=len(POCKETS)),
            deals=option_count(options, "deals", 0, minimum=0) or 0,
            poker_limit=option_whole(options, "poker_limit", 10),
            payouts=option_choice(options, "payouts", ("stage_one", "michigan"), "stage_one"),
            sequence=(ranks[0], ranks[1], ranks[2]),
            poker_opens=option_choice(options, "poker_opens", ("left", "dealer"), "left"),
            michigan_leads=option_choice(
                options, "michigan_leads", ("winner", "dealer", "left"), "winner"
            ),
            spare=option_choice(options, "spare", ("trade", "none"), "trade"),
            alternate_colours=option_flag(options, "alternate_colours", False),
            final_round=option_flag(options, "final_round", True),
        )


def hand_sizes(order: list[int], seats: int) -> tuple[tuple[int, ...], int]:
    """Each seat's cards (0 for a seat not dealt in) and the spare's (D3): dealt one at a time
    to ``order`` (the players in the deal from the dealer's left), the spare last in each round,
    so the first ``52 mod (n+1)`` hands get one card more."""
    each, extra = divmod(DECK_SIZE, len(order) + 1)
    sizes = [0] * seats
    for position, seat in enumerate(order):
        sizes[seat] = each + (1 if position < extra else 0)
    return tuple(sizes), each
