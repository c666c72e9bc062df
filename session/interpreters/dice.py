"""Dice games: a settled throw (``DiceSettled``) becomes a ``roll`` for the player to move.

What the camera's dice mean, decided with the engine's view (dice.md §1.5):

* The first throw of a turn (the view shows no dice yet, or throw 0) is every die seen.
* Later throws: the camera sees the whole tray.  A die lying where a die of the same face lay
  in the last settled scene was not thrown (it was kept); the others were thrown.  In games
  whose ``roll`` names the kept dice (the sheet games, poker dice) and with every die in view,
  the roll says so: ``{"dice": thrown, "kept": still}``, so the camera, not an earlier button
  press, says what was kept.  With fewer dice in view than the game throws, the kept dice are
  out of view (in a hand, off the tray): the roll carries the dice seen and the engine takes
  the set kept by ``keep`` (refused as ``wrong_dice_count``, and held, if none was given).
  Games whose ``roll`` carries only the live dice (Farkle, 1000: set-aside dice stay on the
  table) get the dice that moved.
* A scene in which no die moved since the last one (nobody threw; a die picked up) proposes
  nothing.
* A cocked die (§1.4) makes the throw ambiguous: the game decides whether it is void, so the
  roll is held for the operator (the cocked die's face is a placeholder), never scored.
* Games without a ``roll`` verb (dice under a cup: Liar, Liar's Dice) propose nothing: their
  dice are given by ``reveal`` when the cup is lifted.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.match import Match
from session.interpreters.common import choose_seen, legal_players, to_move
from session.live import Proposal
from vision.types import Box

#: A die lies still if its centre moved less than this share of its size since the last scene.
STILL = 0.35


@dataclass(frozen=True)
class _Die:
    value: int
    box: Box
    cocked: bool


class DiceInterpreter:
    """``DiceSettled`` facts in, ``roll`` proposals out; remembers the last settled scene."""

    source = "camera"

    def __init__(self, still: float = STILL) -> None:
        self.still = still
        self._last: tuple[_Die, ...] | None = None

    def propose(self, fact: Any, match: Match) -> list[Proposal]:
        if getattr(fact, "fact", None) != "dice_settled":
            return []
        scene = tuple(
            _Die(v, b, c) for v, b, c in zip(fact.values, fact.boxes, fact.cocked, strict=True)
        )
        previous, self._last = self._last, scene
        still, moved = self.split(previous or (), scene)
        if previous is not None and not moved:
            return []  # the dice where they lay (or some taken away): nobody threw
        verb = match.engine.verbs.get("roll")
        if verb is None:
            return []
        player = to_move(match) or _only(legal_players(match, "roll"))
        if player is None:
            return []
        action = self._roll(match, player, verb.fields, scene, still, moved)
        ambiguous: tuple[str, ...] = ()
        cocked = [i + 1 for i, die in enumerate(scene) if die.cocked]
        if cocked:
            which = ", ".join(str(i) for i in cocked)
            ambiguous = (
                f"die {which} cocked (dice.md §1.4): the game may void the throw; reject and "
                "rethrow, or confirm with the face that counts",
            )
        count = _count(verb.fields, match)
        if len(scene) > count and "kept" in verb.fields:
            ambiguous += (f"{len(scene)} dice seen, this game throws {count}",)
        return choose_seen(fact, [action], match, source=self.source, ambiguous=ambiguous)

    def _roll(
        self,
        match: Match,
        player: str,
        fields: Any,
        scene: Sequence[_Die],
        still: Sequence[_Die],
        moved: Sequence[_Die],
    ) -> dict[str, Any]:
        action: dict[str, Any] = {"do": "roll", "by": player}
        view = match.view()
        first = not view.get("dice") or view.get("throw") == 0
        count = _count(fields, match)
        if first:
            action["dice"] = [die.value for die in scene]
        elif "kept" in fields and len(scene) == count:
            action["dice"] = [die.value for die in moved]
            action["kept"] = [die.value for die in still]
        elif "kept" not in fields and still:
            action["dice"] = [die.value for die in moved]
        else:
            action["dice"] = [die.value for die in scene]
        return action

    def split(self, before: Sequence[_Die], after: Sequence[_Die]) -> tuple[list[_Die], list[_Die]]:
        """The dice of ``after`` lying still since ``before`` (same face, same place) and the
        ones that moved, each in reading order."""
        free = list(before)
        still: list[_Die] = []
        moved: list[_Die] = []
        for die in after:
            partner = next((old for old in free if self._same(old, die)), None)
            if partner is None:
                moved.append(die)
            else:
                free.remove(partner)
                still.append(die)
        return still, moved

    def _same(self, old: _Die, new: _Die) -> bool:
        if old.value != new.value or old.cocked != new.cocked:
            return False
        size = max(old.box.w, old.box.h, new.box.w, new.box.h, 1e-9)
        return math.dist(old.box.centre, new.box.centre) <= self.still * size


def _count(fields: Any, match: Match) -> int:
    """How many dice a throw shows: the live dice where the view counts them and the roll
    carries only those (Farkle, 1000), else the most the roll's ``dice`` field takes."""
    live = match.view().get("live")
    if isinstance(live, int) and "kept" not in fields:
        return live
    dice = fields["dice"]
    return int(getattr(dice, "max_count", 0))


def _only(players: list[str]) -> str | None:
    return players[0] if len(players) == 1 else None
