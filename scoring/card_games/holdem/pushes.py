"""Chips and words as they come to the table, read by the floor rules (docs/rules/poker.md
D15: TPT 31-36, 41B, 42A, 46, 51).

A player does not say "raise to 650": he pushes a 500 and a 25 chip, says "raise" or nothing,
in one motion or two.  :func:`judge` reads what he did as the one move the rules make of it,
with the rule that decided, so the referee can announce why a push was a call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import ActionError, FieldType


@dataclass(frozen=True)
class Facing:
    """What the pushing player faces: his bet this round, his chips behind, the round's bet,
    the smallest full raise (a round total), the last full bet or raise, and whether an under-
    call binds him to a full call (TPT 41B: facing the opening bet, or heads-up)."""

    bet: int
    stack: int
    current: int
    min_to: int
    last_raise: int
    binding_under_call: bool

    @property
    def to_call(self) -> int:
        return self.current - self.bet


@dataclass(frozen=True)
class Reading:
    """The move a push or a word is: ``verb`` (check, call, raise, all_in; ``raise`` with
    ``to``, a round total), the rule that decided (``rule``), and ``code`` for the verdict
    explaining it."""

    verb: str
    rule: str
    code: str
    to: int = 0


def judge(
    chips: Sequence[int],
    facing: Facing,
    said: str | None = None,
    amount: int | None = None,
    motions: int = 1,
) -> Reading:
    """The move the chips and the words make (D15, in its order).  Raises ValueError with a
    message code for chips the rules cannot read as a move (more than the stack, an
    under-call the floor decides)."""
    total = sum(chips)
    if total > facing.stack:
        raise ValueError("more_than_stack")
    reach = facing.bet + total
    last = total == facing.stack and total > 0
    if said == "call":
        return Reading("call", "TPT 31A", "push_call_said")
    if said == "all_in":
        return Reading("all_in", "TPT 31A", "push_all_in_said")
    if said == "raise":
        target = amount if amount is not None else reach
        rule = "TPT 34B" if amount is not None else ("TPT 35" if len(chips) == 1 else "TPT 31A")
        return Reading("raise", rule, "push_raise_said", max(target, facing.min_to))
    if amount is not None:  # TPT 31C: an amount alone is pushing that much silently
        if amount < facing.bet:
            raise ValueError("under_own_bet")
        reach, total = amount, amount - facing.bet
        chips = (total,)
        last = total >= facing.stack
        if total > facing.stack:
            raise ValueError("more_than_stack")
    if facing.to_call == 0:
        if total == 0:
            return Reading("check", "TPT 31A", "push_check")
        if last:
            return Reading("all_in", "TPT 36B", "push_last_chips")
        if len(chips) == 1 and amount is None:
            return Reading("raise", "TPT 35", "push_oversized_bet", max(reach, facing.min_to))
        if reach < facing.min_to:
            return Reading("raise", "TPT 42A", "push_corrected", facing.min_to)
        return Reading("raise", "TPT 31C" if amount is not None else "TPT 36B", "push_bet", reach)
    if total < facing.to_call:
        if last:
            return Reading("all_in", "TPT 36B", "push_last_chips")
        if facing.binding_under_call:
            return Reading("call", "TPT 41B", "push_under_call")
        raise ValueError("under_call_floor")
    if motions > 1:
        return Reading("call", "TPT 33", "push_string")
    if len(chips) == 1 and amount is None:
        return Reading("call", "TPT 35", "push_oversized_call")
    if amount is None and total - min(chips) < facing.to_call:
        return Reading("call", "TPT 36A", "push_all_needed")
    if last:
        return Reading("all_in", "TPT 36B", "push_last_chips")
    increase = reach - facing.current
    if increase >= facing.last_raise:
        return Reading("raise", "TPT 36B", "push_raise", reach)
    if 2 * increase >= facing.last_raise:
        return Reading("raise", "TPT 34A", "push_fifty_up", facing.min_to)
    return Reading("call", "TPT 34A", "push_fifty_call")


@dataclass(frozen=True)
class PushedChipsField(FieldType):
    """The chips a player pushed, each by its value (``[500, 25]``)."""

    description = "chip values such as 500 25"
    description_ru = "номиналы фишек, например 500 25"

    def check(self, name: str, value: Any) -> tuple[int, ...]:
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, list | tuple) or not value:
            raise ActionError(
                "bad_field",
                f"{name}: expected a list of chip values, got {value!r}",
                name,
                ru=f"{name}: нужен список номиналов фишек, а не {value!r}",
            )
        out = []
        for index, raw in enumerate(value):
            chip = int(raw) if isinstance(raw, str) and raw.strip().isdecimal() else raw
            if isinstance(chip, bool) or not isinstance(chip, int) or chip <= 0:
                raise ActionError(
                    "bad_field",
                    f"{name}[{index}]: {raw!r} is not a chip value",
                    name,
                    ru=f"{name}[{index}]: {raw!r} — не номинал фишки",
                )
            out.append(chip)
        return tuple(out)

    def from_words(self, name: str, words: Sequence[str]) -> tuple[int, ...]:
        return self.check(name, [part for word in words for part in word.replace(",", " ").split()])
