"""The throws of one sheet-game turn: roll, keep and void, as pure functions of a frozen Turn.

A turn is up to ``limit`` throws of the preset's dice.  Dice set aside by ``keep`` stay on the
table and the rest are thrown again; under ``lock_kept`` (§1.5) dice that stayed down on throw 2
may not be thrown on throw 3.  A void throw (§1.4) puts the turn back as it was before that
throw, so nothing a void throw showed can be scored, kept or doubled.

This is not the poker-dice turn (:class:`scoring.dice.turns.Throws`), whose texts and helpers it
shares: a sheet game has any number of dice, may forbid throwing them all again
(``reroll_all``), tracks the dice untouched since throw 1 (G3) and undoes a void throw instead
of owing a rethrow.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from scoring.dice.sheet.messages import MESSAGES
from scoring.dice.sheet.rules import SheetRules
from scoring.dice.throws import VoidPolicy, faces, is_subset
from scoring.verdicts import Kind, Verdict


@dataclass(frozen=True)
class Turn:
    """The throw in progress.

    ``untouched``: the dice of throw 1 that have not been thrown again since, for G3's
    "the required dice came on the first attempt".  ``before``: the turn as it was just before
    the last throw, which a void throw restores.  ``limit``: throws allowed this turn (the
    preset's, plus any carried over from earlier turns in sea dice).
    """

    player: int = 0
    limit: int = 3
    throws: int = 0
    dice: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    locked: tuple[int, ...] = ()
    untouched: tuple[int, ...] = ()
    voids: int = 0
    announced: str | None = None
    before: Turn | None = None


def check_keep(rules: SheetRules, turn: Turn, player: str | None, dice: tuple[int, ...]) -> None:
    """Whether ``dice`` may be set aside now; raises the reason it may not."""
    if not turn.dice:
        raise MESSAGES.illegal("must_roll_first", player)
    if turn.throws >= turn.limit:
        raise MESSAGES.illegal("no_throws_left", player, throws=turn.limit)
    if not is_subset(dice, turn.dice):
        raise MESSAGES.illegal("not_on_table", player, dice=faces(dice), showing=faces(turn.dice))
    if not is_subset(turn.locked, dice):
        raise MESSAGES.illegal("locked_die", player, locked=faces(turn.locked))
    if not dice and not rules.reroll_all:
        raise MESSAGES.illegal("must_keep_one", player)


def keep(
    rules: SheetRules, turn: Turn, player: str | None, dice: tuple[int, ...]
) -> tuple[Turn, Verdict]:
    check_keep(rules, turn, player, dice)
    return replace(turn, kept=dice), MESSAGES.verdict(Kind.INFO, "kept", player, dice=faces(dice))


def roll(
    rules: SheetRules,
    turn: Turn,
    player: str | None,
    thrown: tuple[int, ...],
    kept: tuple[int, ...] | None,
) -> tuple[Turn, Verdict]:
    """Throw ``thrown``; ``kept`` (when the roll names it) replaces the set kept so far."""
    if turn.throws >= turn.limit:
        raise MESSAGES.illegal("no_throws_left", player, throws=turn.limit)
    if kept is not None:
        check_keep(rules, turn, player, kept)
    else:
        kept = turn.kept if turn.dice else ()
        if not is_subset(turn.locked, kept):
            raise MESSAGES.illegal("locked_die", player, locked=faces(turn.locked))
        if turn.dice and not kept and not rules.reroll_all:
            raise MESSAGES.illegal("must_keep_one", player)
    if len(kept) + len(thrown) != rules.dice:
        raise MESSAGES.illegal(
            "wrong_dice_count", player, dice_count=rules.dice, kept=len(kept), thrown=len(thrown)
        )
    dice = (*kept, *thrown)
    untouched = (
        dice if turn.throws == 0 else tuple((Counter(turn.untouched) & Counter(kept)).elements())
    )
    following = replace(
        turn,
        throws=turn.throws + 1,
        dice=dice,
        kept=(),
        locked=kept if rules.reroll == "lock_kept" and turn.throws >= 1 else (),
        untouched=untouched,
        before=replace(turn, kept=kept, before=None),
    )
    verdict = MESSAGES.verdict(
        Kind.INFO, "rolled", player, dice=faces(dice), throw=following.throws, throws=turn.limit
    )
    return following, verdict


def void(policy: VoidPolicy, turn: Turn, player: str | None, reason: str) -> tuple[Turn, Verdict]:
    """Undo the last throw's result.  ``all`` (G2 L9: "all dice are rethrown") also takes the
    kept dice back into the hand.  ``thrown`` and ``invalid`` differ only at the table: either
    way the next roll reports the dice thrown again.  A throw that costs an attempt still
    leaves the player a throw when there would otherwise be no dice to score."""
    if turn.before is None:
        raise MESSAGES.illegal("nothing_to_void", player)
    back = turn.before
    if policy.rethrow == "all":
        back = replace(back, dice=(), kept=(), locked=(), untouched=())
    throws = back.throws
    if policy.costs_throw and (back.dice or throws + 1 < turn.limit):
        throws += 1
    following = replace(back, throws=throws, voids=turn.voids + 1, announced=turn.announced)
    return following, policy.verdict(player, reason)
