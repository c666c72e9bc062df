"""A hold'em table's options (docs/rules/poker.md D1, D4, D5, D8): the structure, blinds,
antes, the chips at the start and the smallest chip, read once when the preset loads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.engine import OptionsError
from scoring.options import check_known, option_choice, option_count, option_whole

OPTIONS = ("structure", "blinds", "ante", "stack", "stacks", "chip", "hands", "cap")
#: The most players one hold'em table seats [D1].
MOST_PLAYERS = 10


class Structure(StrEnum):
    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    LIMIT = "limit"


@dataclass(frozen=True)
class Rules:
    structure: Structure
    small_blind: int
    big_blind: int
    ante: int
    stack: int
    stacks: tuple[int, ...]
    chip: int
    hands: int  # 0: until one player holds every chip
    cap: int  # limit: bets and raises in one round

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> Rules:
        check_known(options, OPTIONS, "hold'em")
        structure = Structure(
            option_choice(options, "structure", [s.value for s in Structure], "no_limit")
        )
        chip = option_whole(options, "chip", 5)
        blinds = options.get("blinds", [10, 20])
        if (
            not isinstance(blinds, list | tuple)
            or len(blinds) != 2
            or not all(isinstance(b, int) and not isinstance(b, bool) for b in blinds)
            or not 0 < blinds[0] <= blinds[1]
        ):
            raise OptionsError(
                f"blinds: expected [small, big] with 0 < small <= big, got {blinds!r}"
            )
        ante = option_count(options, "ante", 0, minimum=0) or 0
        stack = option_whole(options, "stack", 1500)
        stacks = options.get("stacks", [])
        if not isinstance(stacks, list | tuple) or not all(
            isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in stacks
        ):
            raise OptionsError(f"stacks: expected a list of chip counts above 0, got {stacks!r}")
        rules = cls(
            structure=structure,
            small_blind=blinds[0],
            big_blind=blinds[1],
            ante=ante,
            stack=stack,
            stacks=tuple(stacks),
            chip=chip,
            hands=option_count(options, "hands", 0, minimum=0) or 0,
            cap=option_whole(options, "cap", 4),
        )
        for name, amount in (
            ("blinds", rules.small_blind),
            ("blinds", rules.big_blind),
            ("ante", rules.ante),
            ("stack", rules.stack),
            *(("stacks", s) for s in rules.stacks),
        ):
            if amount % chip:
                raise OptionsError(f"{name}: {amount} is not a whole number of chips of {chip}")
        return rules

    def starting(self, players: Sequence[str]) -> tuple[int, ...]:
        """Each player's chips at the start: ``stacks`` where given (one a player), else
        ``stack`` each."""
        if not self.stacks:
            return (self.stack,) * len(players)
        if len(self.stacks) != len(players):
            raise OptionsError(
                f"stacks: {len(self.stacks)} chip counts for {len(players)} players",
                ru=f"stacks: стеков {len(self.stacks)}, а игроков {len(players)}",
            )
        return self.stacks

    def bet_size(self, street: int) -> int:
        """Limit's fixed bet: the big blind preflop and on the flop, twice it later (D8)."""
        return self.big_blind if street < 2 else 2 * self.big_blind
