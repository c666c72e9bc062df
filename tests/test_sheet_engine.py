"""The dice score-sheet engine (scoring/dice/sheet/): the rules that scenarios express badly.

Scenarios check single moves and their verdicts.  What they cannot show is checked here: that a
state is never changed by what follows it (undo and correction rely on re-folding old states),
that ``legal`` and the view's ``candidates`` list exactly the moves the engine then accepts,
the ``lock_kept`` reroll policy (dice.md §1.5), and that a bad preset or table of players is
refused up front with the option named, instead of failing in the middle of a game night.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, cast

import pytest
from dice_play import act, refusal

from scoring.actions import Action
from scoring.dice.sheet.engine import DiceSheetEngine, SheetState
from scoring.engine import Decision, OptionsError, open_now
from scoring.match import Match, effective, fold
from scoring.registry import create_engine, game
from scoring.verdicts import IllegalMove

UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"]
LOWER = [
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
]
ROWS = UPPER + LOWER


def roll(by: str, *dice: int, kept: Sequence[int] | None = None) -> dict[str, Any]:
    raw: dict[str, Any] = {"do": "roll", "by": by, "dice": list(dice)}
    if kept is not None:
        raw["kept"] = list(kept)
    return raw


def keep(by: str, *dice: int) -> dict[str, Any]:
    return {"do": "keep", "by": by, "dice": list(dice)}


def score(by: str, row: str) -> dict[str, Any]:
    return {"do": "score", "by": by, "row": row}


def turns(engine: DiceSheetEngine, state: SheetState, by: str, plays: Sequence[Any]) -> SheetState:
    """Whole one-throw turns: (dice, row) each."""
    for dice, row in plays:
        state = act(engine, state, roll(by, *dice))
        state = act(engine, state, score(by, row))
    return state


def legal_by_verb(engine: DiceSheetEngine, state: SheetState) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {"roll": [], "keep": [], "score": []}
    for action in open_now(engine, state):
        out[action.verb].append(action)
    return out


def score_rows(engine: DiceSheetEngine, state: SheetState) -> list[str]:
    return [action.args["row"] for action in legal_by_verb(engine, state)["score"]]


def sub_multisets(dice: Sequence[int]) -> set[tuple[int, ...]]:
    """Every multiset of faces that can be taken from ``dice``, built from the face counts."""
    counts = Counter(dice)
    faces = sorted(counts)
    return {
        tuple(f for f, n in zip(faces, taken, strict=True) for _ in range(n))
        for taken in itertools.product(*(range(counts[f] + 1) for f in faces))
    }


@pytest.fixture
def yahtzee() -> DiceSheetEngine:
    return cast(DiceSheetEngine, create_engine("yahtzee"))


@pytest.fixture
def locking() -> DiceSheetEngine:
    return cast(DiceSheetEngine, create_engine("yahtzee", overrides={"reroll": "lock_kept"}))


# ------------------------------------------------------------------------------------------
# Immutability: every state stays what it was, so old states can be re-folded and compared.

GAME_START = [
    roll("Anna", 1, 2, 2, 5, 6),
    keep("Anna", 2, 2),
    roll("Anna", 2, 4, 6),
    roll("Anna", 2, 2, 2, kept=[2, 2]),
    score("Anna", "twos"),
    roll("Boris", 3, 3, 3, 4, 4),
    score("Boris", "full_house"),
    roll("Anna", 6, 6, 6, 6, 6),
    score("Anna", "yahtzee"),
    roll("Boris", 1, 1, 1, 1, 1),
    score("Boris", "ones"),
]


def test_apply_never_mutates_the_state_it_was_given(yahtzee: DiceSheetEngine) -> None:
    state = yahtzee.initial(["Anna", "Boris"])
    for raw in GAME_START:
        snapshot, view = copy.deepcopy(state), yahtzee.view(state)
        following = act(yahtzee, state, raw)
        assert following is not state
        assert state == snapshot
        assert yahtzee.view(state) == view
        state = following


def test_a_refused_action_leaves_the_state_as_it_was(yahtzee: DiceSheetEngine) -> None:
    state = act(yahtzee, yahtzee.initial(["Anna", "Boris"]), roll("Anna", 1, 2, 3, 4, 5))
    snapshot = copy.deepcopy(state)
    for raw in [keep("Anna", 6), score("Boris", "ones"), roll("Anna", 1), score("Anna", "x")]:
        with pytest.raises((IllegalMove, ValueError)):
            act(yahtzee, state, raw)
    assert state == snapshot


def test_every_prefix_of_the_history_still_folds_to_the_view_it_had(
    yahtzee: DiceSheetEngine,
) -> None:
    match = Match(yahtzee, ["Anna", "Boris"])
    views = [match.view()]
    for raw in GAME_START:
        assert match.submit(raw).accepted
        views.append(match.view())
    for length, view in enumerate(views):
        state, _ = fold(yahtzee, match.players, effective(match.entries[:length]))
        assert yahtzee.view(state) == view


# ------------------------------------------------------------------------------------------
# legal(): exactly the moves the engine accepts; decisions(): the throws the dice complete.


def test_before_the_first_throw_only_a_roll_is_open(yahtzee: DiceSheetEngine) -> None:
    state = yahtzee.initial(["Anna"])
    assert yahtzee.legal(state) == []
    assert yahtzee.decisions(state) == [Decision(Action("roll", "Anna"), ("dice",))]


def test_after_a_throw_keeps_are_every_distinct_sub_multiset(yahtzee: DiceSheetEngine) -> None:
    state = act(yahtzee, yahtzee.initial(["Anna"]), roll("Anna", 6, 2, 5, 2, 1))
    legal = legal_by_verb(yahtzee, state)
    assert legal["roll"] == [Action("roll", "Anna")]
    keeps = [action.args["dice"] for action in legal["keep"]]
    assert len(keeps) == len(set(keeps)) == 2 * 3 * 2 * 2
    assert set(keeps) == sub_multisets((6, 2, 5, 2, 1))
    assert all(keep == tuple(sorted(keep)) for keep in keeps)
    assert score_rows(yahtzee, state) == ROWS
    assert {action.by for action in open_now(yahtzee, state)} == {"Anna"}


def test_every_listed_keep_and_score_is_accepted(yahtzee: DiceSheetEngine) -> None:
    state = act(yahtzee, yahtzee.initial(["Anna"]), roll("Anna", 3, 3, 4, 4, 4))
    for action in yahtzee.legal(state):
        yahtzee.apply(state, action)
    listed = {action.args["dice"] for action in legal_by_verb(yahtzee, state)["keep"]}
    pool = sub_multisets((1, 2, 3, 3, 4, 4, 4, 5, 6))
    unlisted = [dice for dice in pool if len(dice) <= 5 and dice not in listed]
    assert unlisted
    for dice in unlisted:
        assert refusal(yahtzee, state, keep("Anna", *dice)) == "not_on_table"


def test_roll_is_listed_until_the_third_throw(yahtzee: DiceSheetEngine) -> None:
    state = yahtzee.initial(["Anna"])
    for throw in range(3):
        assert legal_by_verb(yahtzee, state)["roll"] == [Action("roll", "Anna")], throw
        state = act(yahtzee, state, roll("Anna", 1, 2, 3, 4, 6))
    legal = legal_by_verb(yahtzee, state)
    assert legal["roll"] == [] and legal["keep"] == []
    assert score_rows(yahtzee, state) == ROWS
    assert refusal(yahtzee, state, roll("Anna", 1, 2, 3, 4, 6)) == "no_throws_left"


def test_score_rows_are_the_open_rows_in_sheet_order(yahtzee: DiceSheetEngine) -> None:
    state = turns(
        yahtzee,
        yahtzee.initial(["Anna"]),
        "Anna",
        [((1, 2, 3, 4, 6), "chance"), ((2, 2, 3, 4, 6), "twos"), ((1, 1, 1, 2, 2), "full_house")],
    )
    state = act(yahtzee, state, roll("Anna", 1, 2, 3, 5, 6))
    assert score_rows(yahtzee, state) == [
        r for r in ROWS if r not in {"chance", "twos", "full_house"}
    ]


def test_two_players_alternate_and_legal_follows_the_turn(yahtzee: DiceSheetEngine) -> None:
    state = turns(yahtzee, yahtzee.initial(["Anna", "Boris"]), "Anna", [((1, 2, 3, 4, 6), "ones")])
    assert yahtzee.decisions(state) == [Decision(Action("roll", "Boris"), ("dice",))]
    assert yahtzee.legal(state) == []
    state = act(yahtzee, state, roll("Boris", 1, 2, 3, 4, 6))
    assert score_rows(yahtzee, state) == ROWS  # Anna's Ones does not close Boris's


def test_nothing_is_legal_once_the_game_is_over(yahtzee: DiceSheetEngine) -> None:
    plays = [((1, 2, 3, 4, 6), row) for row in ROWS]
    state = turns(yahtzee, yahtzee.initial(["Anna"]), "Anna", plays)
    assert state.over and yahtzee.legal(state) == yahtzee.decisions(state) == []
    assert yahtzee.view(state)["candidates"] == {}
    assert refusal(yahtzee, state, roll("Anna", 1, 2, 3, 4, 5)) == "game_over"


# The Joker (G4): after the Yahtzee box is filled, another five of a kind is placed by rule.


def joker_state(engine: DiceSheetEngine, box: int, filled: Sequence[str], dice: int) -> SheetState:
    """Anna has ``box`` in Yahtzee and ``filled`` rows written, and now shows five ``dice``."""
    yahtzee_dice = (6,) * 5 if box else (1, 2, 3, 4, 6)
    plays = [(yahtzee_dice, "yahtzee"), *[((1, 2, 3, 5, 6), row) for row in filled]]
    state = turns(engine, engine.initial(["Anna"]), "Anna", plays)
    return act(engine, state, roll("Anna", *(dice,) * 5))


@pytest.mark.parametrize("box", [50, 0])
def test_joker_offers_only_the_matching_upper_row_while_it_is_open(
    yahtzee: DiceSheetEngine, box: int
) -> None:
    state = joker_state(yahtzee, box, [], 4)
    assert score_rows(yahtzee, state) == ["fours"]
    assert yahtzee.view(state)["candidates"] == {"fours": 20}
    assert refusal(yahtzee, state, score("Anna", "large_straight")) == "joker_upper_required"


@pytest.mark.parametrize("box", [50, 0])
def test_joker_then_offers_open_lower_rows_at_their_fixed_values(
    yahtzee: DiceSheetEngine, box: int
) -> None:
    state = joker_state(yahtzee, box, ["fours", "chance"], 4)
    assert score_rows(yahtzee, state) == [r for r in LOWER if r not in {"yahtzee", "chance"}]
    assert yahtzee.view(state)["candidates"] == {
        "three_of_a_kind": 20,
        "four_of_a_kind": 20,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
    }
    assert refusal(yahtzee, state, score("Anna", "ones")) == "joker_lower_required"


def test_joker_falls_back_to_upper_rows_at_zero(yahtzee: DiceSheetEngine) -> None:
    lower = [r for r in LOWER if r != "yahtzee"]
    state = joker_state(yahtzee, 50, ["fours", *lower], 4)
    assert score_rows(yahtzee, state) == [r for r in UPPER if r != "fours"]
    assert set(yahtzee.view(state)["candidates"].values()) == {0}


def test_five_alike_before_the_yahtzee_box_is_filled_is_not_restricted(
    yahtzee: DiceSheetEngine,
) -> None:
    state = act(yahtzee, yahtzee.initial(["Anna"]), roll("Anna", 4, 4, 4, 4, 4))
    assert score_rows(yahtzee, state) == ROWS
    candidates = yahtzee.view(state)["candidates"]
    assert candidates["full_house"] == candidates["small_straight"] == 0
    assert candidates["yahtzee"] == 50


# ------------------------------------------------------------------------------------------
# candidates in the view: the pencilled value of exactly the rows the player may write.


def test_no_candidates_before_the_first_throw(yahtzee: DiceSheetEngine) -> None:
    assert yahtzee.view(yahtzee.initial(["Anna"]))["candidates"] == {}


def test_candidates_are_the_row_values_of_the_dice_showing(yahtzee: DiceSheetEngine) -> None:
    state = act(yahtzee, yahtzee.initial(["Anna"]), roll("Anna", 3, 4, 3, 4, 3))
    assert yahtzee.view(state)["candidates"] == {
        "ones": 0,
        "twos": 0,
        "threes": 9,
        "fours": 8,
        "fives": 0,
        "sixes": 0,
        "three_of_a_kind": 17,
        "four_of_a_kind": 0,
        "full_house": 25,
        "small_straight": 0,
        "large_straight": 0,
        "yahtzee": 0,
        "chance": 17,
    }


def test_candidates_follow_the_dice_and_the_open_rows(yahtzee: DiceSheetEngine) -> None:
    state = turns(yahtzee, yahtzee.initial(["Anna"]), "Anna", [((1, 1, 2, 3, 4), "small_straight")])
    state = act(yahtzee, state, roll("Anna", 1, 3, 4, 5, 6))
    view = yahtzee.view(state)
    assert "small_straight" not in view["candidates"]
    assert view["candidates"]["large_straight"] == 0
    state = act(yahtzee, state, keep("Anna", 3, 4, 5, 6))
    state = act(yahtzee, state, roll("Anna", 2))
    view = yahtzee.view(state)
    assert view["dice"] == [3, 4, 5, 6, 2]
    assert view["candidates"]["large_straight"] == 40
    assert list(view["candidates"]) == score_rows(yahtzee, state)


def test_candidates_always_match_the_legal_score_rows(yahtzee: DiceSheetEngine) -> None:
    state = yahtzee.initial(["Anna", "Boris"])
    for raw in GAME_START:
        assert list(yahtzee.view(state)["candidates"]) == score_rows(yahtzee, state)
        state = act(yahtzee, state, raw)


# ------------------------------------------------------------------------------------------
# LOCK_KEPT (§1.5): dice not rethrown on throw 2 may not be rethrown on throw 3.


def after_second_throw(engine: DiceSheetEngine) -> SheetState:
    """Throw 1 shows 1 2 3 4 5; 1 and 2 stay down; throw 2 brings 6 6 6."""
    state = act(engine, engine.initial(["Anna"]), roll("Anna", 1, 2, 3, 4, 5))
    state = act(engine, state, keep("Anna", 1, 2))
    return act(engine, state, roll("Anna", 6, 6, 6))


def test_lock_kept_shows_the_locked_dice(locking: DiceSheetEngine) -> None:
    view = locking.view(after_second_throw(locking))
    assert (view["dice"], view["locked"]) == ([1, 2, 6, 6, 6], [1, 2])


@pytest.mark.parametrize(
    "raw",
    [
        keep("Anna", 6, 6, 6),
        keep("Anna", 1, 6, 6),
        keep("Anna"),
        roll("Anna", 1, 2, 6, 6, 6),
        roll("Anna", 2, 6, 6, 6, kept=[1]),
        roll("Anna", 3, 3, kept=[6, 6, 6]),
    ],
    ids=[
        "keep-without-locked",
        "keep-one-locked",
        "keep-nothing",
        "roll-all",
        "roll-kept-one",
        "roll-kept-others",
    ],
)
def test_lock_kept_refuses_rethrowing_a_locked_die(
    locking: DiceSheetEngine, yahtzee: DiceSheetEngine, raw: dict[str, Any]
) -> None:
    assert refusal(locking, after_second_throw(locking), raw) == "locked_die"
    act(yahtzee, after_second_throw(yahtzee), raw)  # FREE (G4) allows every one of them


def test_lock_kept_allows_throwing_the_other_dice(locking: DiceSheetEngine) -> None:
    state = after_second_throw(locking)
    state = act(locking, state, keep("Anna", 1, 2, 6))
    state = act(locking, state, roll("Anna", 5, 5))
    assert locking.view(state)["dice"] == [1, 2, 6, 5, 5]
    state = act(locking, after_second_throw(locking), roll("Anna", 4, 4, 4, kept=[2, 1]))
    assert locking.view(state)["dice"] == [2, 1, 4, 4, 4]


def test_lock_kept_lists_only_keeps_that_hold_the_locked_dice(locking: DiceSheetEngine) -> None:
    state = after_second_throw(locking)
    keeps = {action.args["dice"] for action in legal_by_verb(locking, state)["keep"]}
    assert keeps == {(1, 2, *rest) for rest in [(), (6,), (6, 6), (6, 6, 6)]}


def test_lock_kept_locks_nothing_before_throw_two(locking: DiceSheetEngine) -> None:
    """Throw 1 has no "dice not rethrown" yet: every sub-multiset may be kept."""
    state = act(locking, locking.initial(["Anna"]), roll("Anna", 1, 2, 3, 4, 5))
    assert locking.view(state)["locked"] == []
    keeps = {action.args["dice"] for action in legal_by_verb(locking, state)["keep"]}
    assert keeps == sub_multisets((1, 2, 3, 4, 5))


def test_lock_kept_locks_dice_kept_through_the_roll_itself(locking: DiceSheetEngine) -> None:
    state = act(locking, locking.initial(["Anna"]), roll("Anna", 1, 2, 3, 4, 5))
    state = act(locking, state, roll("Anna", 6, 6, kept=[3, 4, 5]))
    assert locking.view(state)["locked"] == [3, 4, 5]
    assert refusal(locking, state, keep("Anna", 6, 6)) == "locked_die"


def test_locks_end_with_the_turn(locking: DiceSheetEngine) -> None:
    state = act(locking, after_second_throw(locking), score("Anna", "sixes"))
    assert locking.view(state)["locked"] == []
    state = act(locking, state, roll("Anna", 1, 2, 3, 4, 5))
    state = act(locking, state, keep("Anna"))
    assert locking.view(state)["locked"] == []


def test_free_policy_never_locks(yahtzee: DiceSheetEngine) -> None:
    state = after_second_throw(yahtzee)
    assert yahtzee.view(state)["locked"] == []
    keeps = {action.args["dice"] for action in legal_by_verb(yahtzee, state)["keep"]}
    assert keeps == sub_multisets((1, 2, 6, 6, 6))


# ------------------------------------------------------------------------------------------
# Options and players: refused up front, with the option named.


def yahtzee_options(**changes: Any) -> dict[str, Any]:
    return {**game("yahtzee").options(), **changes}


def options_error(options: Mapping[str, Any]) -> str:
    with pytest.raises(OptionsError) as caught:
        DiceSheetEngine("yahtzee", "test", options)
    return str(caught.value)


ROW = {"name": "extra", "section": "lower", "rule": "total"}

BAD_OPTIONS: list[tuple[str, dict[str, Any], str]] = [
    ("unknown option", yahtzee_options(colour="red"), "colour:"),
    ("bad reroll policy", yahtzee_options(reroll="lock_all"), "reroll:"),
    ("reroll in capitals", yahtzee_options(reroll="FREE"), "reroll:"),
    ("dice as text", yahtzee_options(dice="five"), "dice:"),
    ("no throws", yahtzee_options(throws=0), "throws:"),
    ("faces True", yahtzee_options(faces=True), "faces:"),
    ("players_max 0", yahtzee_options(players_max=0), "players_max:"),
    ("rows not a list", yahtzee_options(rows=5), "rows:"),
    (
        "row with an unknown rule",
        yahtzee_options(rows=[{**ROW, "rule": "magic"}], extra_kind=None),
        "rows:",
    ),
    ("row without a name", yahtzee_options(rows=[{"section": "s", "rule": "total"}]), "rows:"),
    (
        "row with bad parameters",
        yahtzee_options(rows=[{**ROW, "rule": "kind"}], extra_kind=None),
        "rows:",
    ),
    (
        "duplicate rows",
        yahtzee_options(rows=[*game("yahtzee").options()["rows"], {**ROW, "name": "chance"}]),
        "rows:",
    ),
    ("bonus missing a field", yahtzee_options(bonuses=[{"section": "upper"}]), "bonuses:"),
    (
        "extra_kind unknown key",
        yahtzee_options(extra_kind={"row": "yahtzee", "pts": 1}),
        "extra_kind:",
    ),
    (
        "extra_kind on no row",
        yahtzee_options(extra_kind={"row": "yacht", "points": 100, "joker": True}),
        "extra_kind.row:",
    ),
    ("rows missing", {"dice": 5}, "rows:"),
]


@pytest.mark.parametrize(
    ("options", "named"), [c[1:] for c in BAD_OPTIONS], ids=[c[0] for c in BAD_OPTIONS]
)
def test_bad_options_are_refused_naming_the_option(options: dict[str, Any], named: str) -> None:
    assert options_error(options).startswith(named)


def test_unknown_rule_and_duplicate_row_messages_name_the_culprit() -> None:
    message = options_error(yahtzee_options(rows=[{**ROW, "rule": "magic"}], extra_kind=None))
    assert "extra" in message and "'magic'" in message
    message = options_error(
        yahtzee_options(rows=[*game("yahtzee").options()["rows"], {**ROW, "name": "chance"}])
    )
    assert "chance" in message


def test_overrides_reach_the_engine_through_the_registry() -> None:
    assert create_engine("yahtzee", overrides={"reroll": "lock_kept"}).rules.reroll == "lock_kept"
    with pytest.raises(OptionsError, match=r"^reroll:"):
        create_engine("yahtzee", overrides={"reroll": "sometimes"})


def test_bonus_on_an_unknown_section_is_refused() -> None:
    bonus = {"section": "uper", "threshold": 63, "points": 35}
    assert options_error(yahtzee_options(bonuses=[bonus])).startswith("bonuses")


def test_players_min_above_players_max_is_refused() -> None:
    assert options_error(yahtzee_options(players_min=3, players_max=2)).startswith("players")


def test_row_points_must_be_a_number() -> None:
    row = {"name": "run4", "section": "lower", "rule": "run", "length": 4, "points": "thirty"}
    assert options_error(yahtzee_options(rows=[row], extra_kind=None)).startswith("rows:")


def test_kind_counted_typo_is_refused() -> None:
    row = {"name": "set", "section": "lower", "rule": "kind", "n": 3, "counted": "al"}
    assert options_error(yahtzee_options(rows=[row], extra_kind=None)).startswith("rows:")


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([], "players: this game seats 1"),
        (["Anna", "Anna"], "players: names must differ"),
        (["Anna", ""], "players: every player needs a name"),
        (["  "], "players: every player needs a name"),
    ],
)
def test_bad_tables_are_refused(yahtzee: DiceSheetEngine, players: list[str], message: str) -> None:
    with pytest.raises(OptionsError, match=f"^{message}"):
        yahtzee.initial(players)
    with pytest.raises(OptionsError, match=f"^{message}"):
        Match(yahtzee, players)


def test_players_max_limits_the_table() -> None:
    engine = create_engine("yahtzee", overrides={"players_max": 2})
    engine.initial(["Anna", "Boris"])
    with pytest.raises(OptionsError, match=r"^players: this game seats 1 to 2, got 3"):
        engine.initial(["Anna", "Boris", "Vera"])
