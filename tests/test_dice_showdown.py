"""Showdown engines (scoring/dice/showdown.py): zariki (G6) and Indian dice (G7).

Scenarios check the rules move by move; here are the properties a scenario cannot show: random
games played only from ``legal`` always end, every listed move is accepted, states are never
changed by what follows them, undo restores the exact view, and the score sheet adds up to
the scores.  :func:`play_randomly` is generic over every engine of rules/dice.md §3, so
``tests/test_dice_bluffing.py`` uses it too.  Then unit tests of the shared pieces: the turn
of throws in the open (LOCK_KEPT, void throws), the opening throw, and the option checks.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.actions import Action
from scoring.dice.showdown import Opening, Throws, sub_multisets
from scoring.dice.throws import VoidPolicy
from scoring.engine import OptionsError
from scoring.match import Match
from scoring.registry import create_engine
from scoring.verdicts import IllegalMove

#: Chance outcomes to try for a listed action that carries none: dice counts, largest first.
COUNTS = (5, 4, 3, 2, 1)


def completions(action: Action, rng: random.Random) -> Iterator[Action]:
    """The listed action with its chance outcome filled in: the faces of a throw or of a
    reveal (the engine refuses a wrong count, so every count is offered, largest first), or
    the number of dice shaken under a cup."""
    if action.verb in ("roll", "reveal") and "dice" not in action.args:
        for count in COUNTS:
            dice = tuple(rng.randint(1, 6) for _ in range(count))
            yield Action(action.verb, action.by, {**action.args, "dice": dice})
        return
    if action.verb == "shake":
        yield Action("shake", action.by, {"count": rng.randint(1, 5)})
    yield action


def play_randomly(
    engine: Any, players: list[str], rng: random.Random, limit: int = 2000
) -> tuple[Any, list[tuple[Action, Any]]]:
    """A whole game of moves drawn from ``legal`` (void throws rarely, so that games end),
    checking every step: the listed move is accepted, states are hashable (made of immutable
    parts) and unchanged by ``apply``, verdicts speak both languages, the view is JSON."""
    state = engine.initial(players)
    history: list[tuple[Action, Any]] = []
    for _ in range(limit):
        choices = engine.legal(state)
        if not choices:
            break
        plain = [a for a in choices if a.verb != "void"]
        listed = rng.choice(plain if plain and rng.random() > 0.03 else choices)
        hash(state)  # only immutable parts: nothing can change it in place
        before = engine.view(state)
        for action in completions(listed, rng):
            try:
                following, verdicts = engine.apply(state, action)
            except IllegalMove as refused:
                assert refused.code in ("wrong_dice_count", "must_throw_all"), (action, refused)
                continue
            break
        else:
            pytest.fail(f"no completion of listed {listed} was accepted")
        assert engine.view(state) == before, "apply changed the state it was given"
        assert all(v.en and v.ru for v in verdicts)
        json.dumps(engine.view(following))
        history.append((action, state))
        state = following
    return state, history


def check_sheet(engine: Any, state: Any) -> dict[str, Any]:
    """The sheet has one column per player and ends with a total equal to the scores."""
    sheet = engine.score_sheet(state)
    view = engine.view(state)
    assert sheet["columns"] == view["players"]
    assert sheet["rows"][-1]["kind"] == "total"
    assert sheet["rows"][-1]["cells"] == view["scores"]
    for row in sheet["rows"]:
        assert row["kind"] in ("row", "subtotal", "bonus", "total")
        assert set(row["cells"]) == set(view["players"]) and row["en"] and row["ru"]
    return sheet


def check_game(game: str, preset: str | None, players: list[str], seed: int) -> Any:
    """A random game ends, with a winner, a full sheet and nothing left to do."""
    engine = create_engine(game, preset)
    state, history = play_randomly(engine, players, random.Random(seed))
    view = engine.view(state)
    assert view["over"] and view["turn"] is None and view["winner"] is not None
    assert engine.legal(state) == []
    check_sheet(engine, state)
    return engine, state, history


def check_undo(game: str, preset: str | None, players: list[str], seed: int) -> None:
    """Undoing any action restores the exact view before it, and redoing it the view after."""
    engine = create_engine(game, preset)
    _, history = play_randomly(engine, players, random.Random(seed), limit=60)
    match = Match(engine, players)
    rng = random.Random(seed + 1)
    for action, _ in history:
        before = match.view()
        assert match.submit(action).accepted
        after = match.view()
        if rng.random() < 0.3:
            assert match.submit({"do": "undo"}).accepted
            assert match.view() == before
            assert match.submit(action).accepted
            assert match.view() == after


SHOWDOWNS = [
    ("zariki", "zariki"),
    ("zariki", "zariki_literal"),
    ("indian_dice", "indian_dice"),
    ("indian_dice", "weakest_final"),
]
TABLES = st.lists(st.sampled_from(["Anna", "Boris", "Vera", "Gleb", "Dina"]), min_size=2,
                  max_size=5, unique=True)  # fmt: skip
SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("game", "preset"), SHOWDOWNS)
@SETTINGS
@given(players=TABLES, seed=st.integers(0, 2**32))
def test_random_showdowns_end_and_add_up(game: str, preset: str, players: list[str], seed: int):
    engine, state, _ = check_game(game, preset, players, seed)
    scores = engine.view(state)["scores"]
    if game == "zariki":
        assert sum(scores.values()) == 0  # the bank only changes hands
        assert sorted(scores.values())[-1] == len(players) - 1
    else:
        assert sum(scores.values()) >= 3  # every round has a winner


@pytest.mark.parametrize(("game", "preset"), SHOWDOWNS[::2])
@settings(max_examples=10, deadline=None)
@given(players=TABLES, seed=st.integers(0, 2**32))
def test_undo_restores_the_exact_view(game: str, preset: str, players: list[str], seed: int):
    check_undo(game, preset, players, seed)


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
    keeps = {a.args["dice"] for a in throws.legal("Anna", 3) if a.verb == "keep"}
    assert keeps == {k for k in sub_multisets(throws.dice) if 5 in k and len(k) < 5}
    assert (
        throws_after(((1,) * 5, None), ((1,) * 5, ()), ((1,) * 5, ()), lock=False).legal("Anna", 3)
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


# ------------------------------------------------------------------------------------------
# Engine details.


def test_zariki_view_and_sheet_after_t39() -> None:
    engine = create_engine("zariki")
    match = Match(engine, ["Anna", "Boris"])
    for raw in [
        {"do": "roll", "by": "Anna", "dice": [6]},
        {"do": "roll", "by": "Boris", "dice": [1]},
        {"do": "roll", "by": "Anna", "dice": [4, 4, 4, 4, 1]},
        {"do": "stand", "by": "Anna"},
        {"do": "roll", "by": "Boris", "dice": [2, 2, 2, 2, 6]},
        {"do": "stand", "by": "Boris"},
    ]:
        assert match.submit(raw).accepted, raw
    sheet = check_sheet(engine, match.state)
    assert sheet["rows"][0]["cells"] == {"Anna": "Q Q Q Q 9 *", "Boris": "10 10 10 10 A"}
    assert sheet["rows"][-1]["cells"] == {"Anna": 1, "Boris": -1}
    assert match.view()["labels"] == ["9", "10", "J", "Q", "K", "A"]


def test_ordinary_dice_print_pips() -> None:
    engine = create_engine("zariki", overrides={"die": "pips"})
    assert engine.view(engine.initial(["Anna", "Boris"]))["labels"][0] == "1"


def test_indian_first_player_may_stop_and_others_may_not() -> None:
    engine = create_engine("indian_dice")
    state = engine.initial(["Anna", "Boris"])
    verbs = {a.verb for a in engine.legal(state)}
    assert verbs == {"roll", "void"}
    state, _ = engine.apply(state, Action("roll", "Anna", {"dice": (1, 2, 3, 4, 5)}))
    state, _ = engine.apply(state, Action("roll", "Anna", {"dice": (1, 2, 3, 4, 5), "kept": ()}))
    assert Action("stand", "Anna") in engine.legal(state)
    state, _ = engine.apply(state, Action("stand", "Anna"))
    state, _ = engine.apply(state, Action("roll", "Boris", {"dice": (1, 2, 3, 4, 6)}))
    assert Action("stand", "Boris") not in engine.legal(state)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"throws": 0}, "throws"),
        ({"reroll": "sometimes"}, "reroll"),
        ({"ranking": "bridge"}, "ranking"),
        ({"tie": "shared"}, "stake"),
        ({"colour": "red"}, "colour"),
        ({"first_sets_throws": "yes"}, "first_sets_throws"),
        ({"void_rethrow": "none"}, "void_rethrow"),
        ({"players_min": 4, "players_max": 3}, "players_min"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options: Mapping[str, Any], named: str):
    with pytest.raises(OptionsError, match=named):
        create_engine("zariki", overrides=options)


def test_a_showdown_needs_two_players() -> None:
    with pytest.raises(OptionsError, match="players"):
        create_engine("indian_dice").initial(["Anna"])
