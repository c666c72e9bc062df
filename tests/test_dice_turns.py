"""The turn of throws in the open and the throw for the start (scoring/dice/turns.py), which
the showdowns (G6, G7) and Bluff's reply (G9) play: LOCK_KEPT (§1.5), void throws (§1.4), the
keeps ``legal`` lists, and ties in the opening throw (§1.6).
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.actions import Action
from scoring.dice.throws import VoidPolicy
from scoring.dice.turns import Opening, Throws, sub_multisets
from scoring.verdicts import IllegalMove

# ------------------------------------------------------------------------------------------
# The turn of throws in the open.


def throws_after(*rolls: tuple[tuple[int, ...], tuple[int, ...] | None], lock: bool) -> Throws:
    throws = Throws()
    for thrown, kept in rolls:
        throws, _ = throws.roll("Anna", thrown, kept, 3, lock)
    return throws


def refused(call: Any, *args: Any) -> str:
    with pytest.raises(IllegalMove) as caught:
        call(*args)
    return caught.value.code


def test_lock_kept_locks_what_stayed_down_on_throw_two() -> None:
    """B L45-46: throw 3 may rethrow only the dice rethrown on throw 2."""
    throws = throws_after(((1, 2, 3, 4, 5), None), ((6, 6, 6, 1), (5,)), lock=True)
    assert throws.locked == (5,)
    assert refused(throws.roll, "Anna", (6, 6, 6, 6, 6), (), 3, True) == "locked_die"
    assert refused(throws.keep, "Anna", (6, 6, 6), 3) == "locked_die"
    done, _ = throws.roll("Anna", (2, 2), (5, 6, 6), 3, True)
    assert done.dice == (5, 6, 6, 2, 2) and done.used == 3
    assert refused(done.roll, "Anna", (1,), (5, 6, 6, 2), 3, True) == "no_throws_left"


def test_free_reroll_never_locks() -> None:
    throws = throws_after(((1, 2, 3, 4, 5), None), ((6, 6, 6, 1), (5,)), lock=False)
    assert throws.locked == ()
    assert throws.roll("Anna", (6, 6, 6, 6, 6), (), 3, False)[0].dice == (6, 6, 6, 6, 6)


def test_a_keep_carries_into_the_next_roll() -> None:
    throws = throws_after(((1, 2, 3, 4, 5), None), lock=False)
    throws, _ = throws.keep("Anna", (5, 4), 3)
    assert refused(throws.roll, "Anna", (1, 1), None, 3, False) == "wrong_dice_count"
    assert throws.roll("Anna", (1, 1, 1), None, 3, False)[0].dice == (5, 4, 1, 1, 1)


@pytest.mark.parametrize(
    ("rethrow", "costs", "used", "kept"),
    [("thrown", False, 1, (6,)), ("invalid", False, 1, (6,)), ("all", True, 2, ())],
)
def test_void_throw_policies(rethrow: str, costs: bool, used: int, kept: tuple[int, ...]):
    """§1.4: a void throw is thrown again; the policy says whether kept dice go too and
    whether the attempt is spent.  Standing is refused until the rethrow."""
    throws, _ = throws_after(((6, 1, 2, 3, 4), None), lock=True).keep("Anna", (6,), 3)
    voided = throws.void("Anna", 3, VoidPolicy(rethrow, costs))
    assert (voided.used, voided.kept) == (used, kept)
    assert refused(voided.check_stand, "Anna") == "must_rethrow"
    again, _ = voided.roll("Anna", (5,) * (5 - len(kept)), None, 3, True)
    assert again.rethrow is None and again.used == used + 1


def test_a_void_last_throw_is_still_thrown_again_when_it_costs_a_throw() -> None:
    throws = throws_after(((1, 2, 3, 4, 5), None), ((1, 2), (3, 4, 5)), lock=False)
    voided = throws.void("Anna", 3, VoidPolicy("thrown", True))
    assert voided.used == 3 and voided.rethrow == "thrown"
    assert voided.roll("Anna", (6, 6), (3, 4, 5), 3, False)[0].used == 3


def test_keeps_listed_are_the_sub_multisets_holding_the_locks() -> None:
    throws = throws_after(((1, 2, 3, 4, 5), None), ((5, 5, 1, 2), (5,)), lock=True)
    keeps = {a.args["dice"] for a in throws.open_actions("Anna", 3) if a.verb == "keep"}
    assert keeps == {k for k in sub_multisets(throws.dice) if 5 in k and len(k) < 5}
    assert (
        throws_after(((1,) * 5, None), ((1,) * 5, ()), ((1,) * 5, ()), lock=False).open_actions(
            "Anna", 3
        )
        == []
    )


# ------------------------------------------------------------------------------------------
# The opening throw.


def throw_opening(opening: Opening, *throws: tuple[int, ...]) -> Opening:
    for dice in throws:
        opening, _ = opening.apply(Action("roll", opening.thrower, {"dice": dice}))
    return opening


def test_opening_ties_throw_again_among_the_tied_only() -> None:
    opening = throw_opening(Opening("high_die", ("A", "B", "C")), (6,), (2,), (6,))
    assert opening.contenders == ("A", "C") and opening.starter is None
    assert throw_opening(opening, (3,), (4,)).starter == "C"


def test_opening_by_two_dice_and_by_best_hand() -> None:
    assert throw_opening(Opening("two_dice", ("A", "B")), (6, 1), (4, 4)).starter == "B"
    best = throw_opening(Opening("best_hand", ("A", "B")), (6, 6, 6, 1, 2), (1, 2, 3, 4, 5))
    assert best.starter == "B"  # §1.3: a low straight beats three 6s


def test_seating_needs_no_opening() -> None:
    assert Opening.start("seating", ("A", "B")) is None
