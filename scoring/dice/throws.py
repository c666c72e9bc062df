"""What every dice engine shares about a throw: the faces of a die and how the referee reads a
throw out, and invalid throws (rules/dice.md §1.4), one verb and one policy.

A camera (or the operator) reports a die on its edge, cocked against a wall or another die,
stacked on a die, off the table or hidden, with ``{"do": "void", "by": P, "reason": R}``.
The throw is void.  What is thrown again and whether the void throw used up an attempt are the
policy's options, so each game's preset can carry its page's reading (G2: all dice again).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import ChoiceField, Verb
from scoring.engine import OptionsError
from scoring.verdicts import Kind, Message, Messages, Verdict

#: The faces of an ordinary die (D6_PIPS, §1.1).
FACES = (1, 2, 3, 4, 5, 6)


def faces(dice: Sequence[int]) -> str:
    """Dice as the referee reads them out: ``1 1 3``, or "nothing" for none."""
    return " ".join(str(d) for d in dice) or "nothing"


def is_subset(part: Sequence[int], whole: Sequence[int]) -> bool:
    """Whether the faces ``part`` can be taken from ``whole`` (multisets: two 5s need two)."""
    return not Counter(part) - Counter(whole)


VOID_REASONS = ("edge", "cocked", "stacked", "off_table", "hidden")

#: REROLL_ALL_DICE, REROLL_THROWN_DICE (the default) and REROLL_INVALID_ONLY of §1.4.
RETHROW = ("thrown", "all", "invalid")

VOID = Verb(
    "void",
    {"reason": ChoiceField(VOID_REASONS)},
    ("reason",),
    summary="the last throw is void (a die on edge, cocked, stacked, off the table, hidden)",
)

#: What any dice engine may say about a throw: the faces thrown, a decision asked for before the
#: turn's first throw, a void throw.
MESSAGES = Messages(
    {
        "rolled": Message("{player} throws {dice}", "{player} бросает {dice}"),
        "must_roll_first": Message(
            "{player} has not thrown yet this turn", "{player} ещё не бросал в этом ходу"
        ),
        "void_throw": Message(
            "Void throw ({reason}): {player} throws {again} again",
            "Бросок не засчитан ({reason_ru}): {player} перебрасывает {again_ru}",
        ),
    }
)

_REASONS_RU = {
    "edge": "кость на ребре",
    "cocked": "кость наклонена",
    "stacked": "кость на кости",
    "off_table": "кость вне стола",
    "hidden": "кость не видна",
}
_AGAIN = {
    "thrown": ("the dice of that throw", "кости этого броска"),
    "all": ("all the dice", "все кости"),
    "invalid": ("the invalid dice", "неправильные кости"),
}


@dataclass(frozen=True)
class VoidPolicy:
    """How a game treats a void throw; the defaults are §1.4's."""

    rethrow: str = "thrown"
    costs_throw: bool = False

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> VoidPolicy:
        """Reads ``void_rethrow`` and ``void_costs_throw`` from a preset's options."""
        policy = cls(options.get("void_rethrow", "thrown"), options.get("void_costs_throw", False))
        if policy.rethrow not in RETHROW:
            raise OptionsError(
                f"void_rethrow: {policy.rethrow!r} is not one of {', '.join(RETHROW)}"
            )
        if not isinstance(policy.costs_throw, bool):
            raise OptionsError(
                f"void_costs_throw: expected true or false, got {policy.costs_throw!r}"
            )
        return policy

    @property
    def owed(self) -> str:
        """The throw a void one leaves owed: "all" the dice, or "thrown", the dice of that
        throw.  "invalid" rethrows only the bad dice, but as the rethrow reports the faces of
        every die of that throw, it is judged as "thrown"."""
        return "all" if self.rethrow == "all" else "thrown"

    def verdict(self, player: str | None, reason: str) -> Verdict:
        again, again_ru = _AGAIN[self.rethrow]
        return MESSAGES.verdict(
            Kind.FOUL,
            "void_throw",
            player,
            reason=reason,
            reason_ru=_REASONS_RU[reason],
            again=again,
            again_ru=again_ru,
        )
