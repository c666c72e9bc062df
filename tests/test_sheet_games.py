"""The score-sheet games of dice.md §2 on the one sheet engine: properties over every preset,
and the engine's new rules where a scenario says too little.

Scenarios (tests/scenarios/dice/{poker_school,poker_table,pirate,sea_dice}) hold the spec's
acceptance cases and worked examples.  Here Hypothesis plays whole games of random legal
actions on every sheet preset, Yahtzee and Yacht included, and checks what must hold for any
game: it ends with every row of every sheet written or crossed out exactly once, every total is
the sum of its rows and bonuses, undoing any action restores the exact previous view, every
move ``legal`` lists is accepted, and the G1 settlement sums to zero.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any, cast

import pytest
from dice_play import act, refusal, undo_and_redo
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.actions import Action
from scoring.dice.rows import Row
from scoring.dice.sheet.engine import DiceSheetEngine, SheetState
from scoring.dice.sheet.tally import exact, settlement
from scoring.engine import OptionsError, open_now
from scoring.match import Match
from scoring.registry import catalogue, create_engine, game

#: A game's random choices come from one seed: Hypothesis varies games, not single throws.
SEEDS = st.integers(0, 2**32 - 1)

SHEET_PRESETS = [
    (known.id, preset)
    for known in catalogue().values()
    if known.engine == "scoring.dice.sheet.engine"
    for preset in known.presets
]


def engine_for(game_id: str, preset: str | None = None, **overrides: Any) -> DiceSheetEngine:
    if not overrides:
        return preset_engine(game_id, preset)
    return cast(DiceSheetEngine, create_engine(game_id, preset, overrides))


@cache
def preset_engine(game_id: str, preset: str | None) -> DiceSheetEngine:
    """Engines are immutable, so the property tests share one per preset."""
    return cast(DiceSheetEngine, create_engine(game_id, preset))


def bonuses(totals: Mapping[str, int]) -> int:
    return sum(points for key, points in totals.items() if key.endswith("_bonus"))


# ------------------------------------------------------------------------------------------
# A random player: throws random faces, keeps what legal() offers, now and then voids a throw
# or announces a row, and ends the turn with a random listed score or cross-out.


def random_action(engine: DiceSheetEngine, state: SheetState, rng: random.Random) -> Action:
    turn = state.turn
    player = state.players[turn.player]
    legal = open_now(engine, state)
    by_verb: dict[str, list[Action]] = {}
    for action in legal:
        by_verb.setdefault(action.verb, []).append(action)
    faces = range(1, engine.rules.faces + 1)
    if not turn.dice:
        count = engine.rules.dice - len(turn.kept)
        return Action("roll", player, {"dice": tuple(rng.choice(faces) for _ in range(count))})
    roll = rng.random()
    if roll < 0.05 and "void" in engine.verbs and turn.before is not None:
        return Action("void", player, {"reason": "edge"})
    if roll < 0.1 and "announce" in by_verb:
        return rng.choice(by_verb["announce"])
    if roll < 0.5 and "roll" in by_verb:
        keeps = [a.args["dice"] for a in by_verb["keep"] if len(a.args["dice"]) < engine.rules.dice]
        kept = rng.choice(keeps)
        count = engine.rules.dice - len(kept)
        thrown = tuple(rng.choice(faces) for _ in range(count))
        return Action("roll", player, {"dice": thrown, "kept": kept})
    return rng.choice(by_verb.get("score", []) + by_verb.get("cross", []))


def check_sums(engine: DiceSheetEngine, state: SheetState) -> None:
    """Every total is its rows plus its bonuses, and the printed sheet says the same."""
    view = engine.view(state)
    for player in state.players:
        rows = sum(points or 0 for points in view["sheets"][player].values())
        totals = view["totals"][player]
        assert totals["total"] == rows + bonuses(totals) == view["scores"][player]
    sheet = engine.score_sheet(state)
    assert sheet["columns"] == list(state.players)
    assert sheet["rows"][-1]["kind"] == "total"
    assert sheet["rows"][-1]["cells"] == view["scores"]


def check_legal(engine: DiceSheetEngine, state: SheetState) -> None:
    """Every listed decision is accepted, and the score moves are exactly the candidates."""
    for action in open_now(engine, state):
        if action.verb != "roll":
            engine.apply(state, action)
    scores = [a.args["row"] for a in open_now(engine, state) if a.verb == "score"]
    assert scores == list(engine.candidates(state))


@pytest.mark.parametrize(("game_id", "preset"), SHEET_PRESETS)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, players=st.integers(1, 3))
def test_random_games_fill_every_row_once_and_add_up(
    game_id: str, preset: str, seed: int, players: int
) -> None:
    rng = random.Random(seed)
    engine = engine_for(game_id, preset)
    names = ["Anna", "Boris", "Vera"][: max(players, engine.rules.players_min)]
    state = engine.initial(names)
    ends = 0
    for step in range(5000):
        if state.over:
            break
        if step % 7 == 0:
            check_legal(engine, state)
            check_sums(engine, state)
        action = random_action(engine, state, rng)
        state, _ = engine.apply(state, action)
        ends += action.verb in ("score", "cross")
    assert state.over
    check_sums(engine, state)
    names_in_sheet = sorted(row.name for row in engine.rules.rows)
    for sheet in state.sheets:
        assert sorted(name for name, _ in sheet.written) == names_in_sheet
    assert ends == len(names) * len(engine.rules.rows)
    assert open_now(engine, state) == [] and engine.candidates(state) == {}


@pytest.mark.parametrize(("game_id", "preset"), SHEET_PRESETS)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_undo_of_any_action_restores_the_exact_previous_view(
    game_id: str, preset: str, seed: int
) -> None:
    rng = random.Random(seed)
    engine = engine_for(game_id, preset)
    match = Match(engine, ["Anna", "Boris"])
    while not match.state.over:
        undo_and_redo(match, random_action(engine, match.state, rng), rng, 0.25)


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, players=st.integers(2, 5))
def test_the_school_settlement_sums_to_zero(seed: int, players: int) -> None:
    rng = random.Random(seed)
    engine = engine_for("poker_school")
    state = engine.initial([f"P{i}" for i in range(players)])
    assert engine.settlement(state) is None
    while not state.over:
        state, verdicts = engine.apply(state, random_action(engine, state, rng))
    deltas = engine.settlement(state)
    assert deltas is not None and sum(deltas.values()) == 0
    scores = engine.view(state)["scores"]
    assert deltas == {
        p: total - Fraction(sum(scores.values()), players) for p, total in scores.items()
    }
    assert [v.code for v in verdicts].count("settlement") == players
    printed = {row["key"]: row["cells"] for row in engine.score_sheet(state)["rows"]}
    assert printed["settlement"] == engine.view(state)["settlement"]["deltas"]


# ------------------------------------------------------------------------------------------
# The settlement's presentation (T11; the brief asks how a non-integer average is shown).


def test_t11_settlement_is_whole_numbers() -> None:
    average, deltas = settlement({"A": 120, "B": 80, "C": 100})
    assert average == 100 and deltas == {"A": 20, "B": -20, "C": 0}
    assert [exact(d) for d in deltas.values()] == [20, -20, 0]


def test_a_fractional_average_is_shown_as_exact_mixed_numbers() -> None:
    average, deltas = settlement({"A": 100, "B": 100, "C": 101})
    assert exact(average) == "100 1/3"
    assert [exact(d) for d in deltas.values()] == ["-1/3", "-1/3", "2/3"]
    assert exact(Fraction(-7, 2)) == "-3 1/2" and exact(Fraction(0)) == 0
    assert sum(deltas.values()) == 0


# ------------------------------------------------------------------------------------------
# The printed sheet (G1 layout of the spec: 1..6 | School sum | Bonus | Pair .. Chance | Total).


def test_the_school_sheet_has_the_spec_layout() -> None:
    engine = engine_for("poker_school")
    sheet = engine.score_sheet(engine.initial(["Anna", "Boris"]))
    keys = [row["key"] for row in sheet["rows"]]
    assert keys == [
        "ones", "twos", "threes", "fours", "fives", "sixes",
        "school_sum", "school_bonus", "school_total",
        "pair", "two_pairs", "set", "small_straight", "large_straight", "even", "odd",
        "full_house", "kare", "poker", "chance", "combinations_sum",
        "average", "settlement", "total",
    ]  # fmt: skip
    kinds = Counter(row["kind"] for row in sheet["rows"])
    assert kinds == {"row": 17, "subtotal": 5, "bonus": 1, "total": 1}
    assert all(row["en"] and row["ru"] for row in sheet["rows"])


def test_the_yahtzee_sheet_keeps_its_pad_layout() -> None:
    engine = engine_for("yahtzee")
    keys = [row["key"] for row in engine.score_sheet(engine.initial(["Anna"]))["rows"]]
    upper = ["ones", "twos", "threes", "fours", "fives", "sixes"]
    assert keys[:10] == [*upper, "upper_sum", "upper_bonus", "upper_total", "three_of_a_kind"]
    assert keys[-4:] == ["lower_sum", "yahtzee_bonus", "lower_total", "total"]


def test_sheet_cells_show_ticks_crosses_and_open_rows() -> None:
    engine = engine_for("pirate")
    state = engine.initial(["Anna", "Boris"])
    state = act(engine, state, {"do": "roll", "by": "Anna", "dice": [4, 4, 4, 1, 2]})
    state = act(engine, state, {"do": "score", "by": "Anna", "row": "fours"})
    state = act(engine, state, {"do": "roll", "by": "Boris", "dice": [1, 2, 3, 4, 6]})
    state = act(engine, state, {"do": "cross", "by": "Boris", "row": "poker"})
    cells = {row["key"]: row["cells"] for row in engine.score_sheet(state)["rows"]}
    assert cells["fours"] == {"Anna": "X", "Boris": None}
    assert cells["poker"] == {"Anna": None, "Boris": "—"}
    assert cells["part1_sum"] == {"Anna": 0, "Boris": 0}


def test_a_bonus_judged_at_the_end_of_a_section_is_blank_until_then() -> None:
    engine = engine_for("poker_school")
    state = engine.initial(["Anna", "Boris"])
    for face in range(1, 7):
        for player in ("Anna", "Boris"):
            state = act(
                engine, state, {"do": "roll", "by": player, "dice": [face] * 3 + [7 - face] * 2}
            )
            row = ["ones", "twos", "threes", "fours", "fives", "sixes"][face - 1]
            state = act(engine, state, {"do": "score", "by": player, "row": row})
            bonus = next(r for r in engine.score_sheet(state)["rows"] if r["key"] == "school_bonus")
            done = face == 6 and player == "Boris"
            assert bonus["cells"] == (
                {"Anna": 50, "Boris": 50} if done else {"Anna": None, "Boris": None}
            )


# ------------------------------------------------------------------------------------------
# Rows: the new rules over every roll.


def every_roll() -> list[tuple[int, ...]]:
    import itertools

    return list(itertools.combinations_with_replacement(range(1, 7), 5))


@pytest.mark.parametrize("face", range(1, 7))
def test_school_row_is_count_minus_three_times_face(face: int) -> None:
    row = Row.from_preset(
        {"name": "r", "section": "s", "rule": "target", "face": face, "under": "difference",
         "over": "difference"}
    )  # fmt: skip
    for dice in every_roll():
        count = dice.count(face)
        result = row.judge(dice)
        assert result.points == (count - 3) * face
        assert (result.made, result.done) == (count >= 3, count == 3)


@pytest.mark.parametrize("over", ["all", "matching"])
def test_pirate_part_one_row(over: str) -> None:
    row = Row.from_preset(
        {"name": "r", "section": "s", "rule": "target", "face": 4, "under": [-30, -20, -10],
         "over": over}
    )  # fmt: skip
    for dice in every_roll():
        count = dice.count(4)
        expected = {0: -30, 1: -20, 2: -10, 3: 0}.get(count)
        if expected is None:
            expected = sum(dice) if over == "all" else 4 * count
        assert row.score(dice) == expected


@pytest.mark.parametrize("parity", ["even", "odd"])
def test_parity_rows_score_the_sum_of_five_alike_in_parity(parity: str) -> None:
    row = Row.from_preset({"name": "r", "section": "s", "rule": "parity", "parity": parity})
    wanted = 0 if parity == "even" else 1
    for dice in every_roll():
        alike = all(d % 2 == wanted for d in dice)
        assert row.score(dice) == (sum(dice) if alike else 0)


def test_plus_is_added_only_when_made_and_doubling_reads_both_ways() -> None:
    row = Row.from_preset(
        {"name": "poker", "section": "s", "rule": "kind", "n": 5, "counted": "matching", "plus": 50}
    )
    assert row.score((5,) * 5) == 75 and row.score((5, 5, 5, 5, 1)) == 0
    assert row.judge((5,) * 5, doubled=True).points == 100  # 5f x 2 + 50
    assert row.judge((5,) * 5, doubled=True, double_plus=True).points == 150  # (5f + 50) x 2


def test_best_of_a_value_table_takes_the_highest_combination() -> None:
    engine = engine_for("sea_dice")
    row = engine.rules.rows[0]
    assert [row.score(d) for d in [(2, 2, 3, 3, 3), (6, 6, 6, 6, 5), (1, 2, 3, 4, 6)]] == [
        25,
        24,
        0,
    ]


def test_runs_report_the_dice_that_make_them() -> None:
    run = Row.from_preset({"name": "r", "section": "s", "rule": "run", "length": 4, "points": 30})
    assert run.judge((1, 3, 4, 5, 6)).used == (3, 4, 5, 6)
    assert not run.judge((1, 2, 4, 5, 6)).made


# ------------------------------------------------------------------------------------------
# Throws: void policies, and doubling by dice kept from the first throw.


def thrown(
    engine: DiceSheetEngine, *rolls: list[int], kept: list[list[int]] | None = None
) -> SheetState:
    """Anna's throws, each after keeping the matching entry of ``kept``."""
    state = engine.initial(["Anna", "Boris"])
    for index, dice in enumerate(rolls):
        raw: dict[str, Any] = {"do": "roll", "by": "Anna", "dice": dice}
        if kept and index:
            raw["kept"] = kept[index - 1]
        state = act(engine, state, raw)
    return state


def test_a_void_that_costs_a_throw_still_leaves_dice_to_score() -> None:
    engine = engine_for("poker_table", void_costs_throw=True)
    state = thrown(engine, [1, 2, 3, 4, 5], [1, 1, 2], [6, 6], kept=[[4, 5], [4, 5, 1]])
    state = act(engine, state, {"do": "void", "by": "Anna", "reason": "edge"})
    view = engine.view(state)
    # G2 throws everything again, but with no throw left and nothing showing, one is granted.
    assert (view["throw"], view["dice"]) == (2, [])
    state = act(engine, state, {"do": "roll", "by": "Anna", "dice": [2, 3, 4, 5, 6]})
    assert engine.view(state)["candidates"]["large_straight"] == 40


def test_a_void_that_costs_a_throw_with_dice_showing_uses_it() -> None:
    engine = engine_for("poker_school", void_costs_throw=True)
    state = thrown(engine, [1, 2, 3, 4, 5], [6, 6, 6], kept=[[1, 2]])
    state = act(engine, state, {"do": "void", "by": "Anna", "reason": "hidden"})
    view = engine.view(state)
    assert (view["throw"], view["dice"], view["kept"]) == (2, [1, 2, 3, 4, 5], [1, 2])


@pytest.mark.parametrize("rethrow", ["thrown", "invalid"])
def test_rethrowing_only_some_dice_keeps_the_kept_ones(rethrow: str) -> None:
    engine = engine_for("poker_table", void_rethrow=rethrow)
    state = thrown(engine, [1, 2, 3, 4, 5], [6, 6, 6], kept=[[1, 2]])
    state = act(engine, state, {"do": "void", "by": "Anna", "reason": "stacked"})
    assert refusal(engine, state, {"do": "roll", "by": "Anna", "dice": [1, 2, 6, 6, 6]}) == (
        "wrong_dice_count"
    )
    state = act(engine, state, {"do": "roll", "by": "Anna", "dice": [3, 3, 3]})
    assert engine.view(state)["dice"] == [1, 2, 3, 3, 3]


def test_void_all_lifts_the_lock_of_kept_dice() -> None:
    engine = engine_for("poker_table", "poker_table_a3")
    state = thrown(engine, [1, 2, 3, 4, 5], [6, 6, 6], kept=[[1, 2]])
    assert engine.view(state)["locked"] == [1, 2]
    state = act(engine, state, {"do": "void", "by": "Anna", "reason": "edge"})
    assert engine.view(state)["locked"] == []
    state = act(engine, state, {"do": "roll", "by": "Anna", "dice": [6, 6, 6, 6, 6]})
    assert engine.view(state)["locked"] == []


def test_untouched_dice_are_the_first_throw_dice_never_thrown_again() -> None:
    engine = engine_for("pirate", doubling="untouched")
    # Throw 1 shows two 4s; one is thrown again, and the 4s that come back are new ones.
    state = thrown(engine, [4, 4, 1, 2, 3], [4, 4, 5], [4], kept=[[4, 1], [4, 1, 4, 4]])
    assert sorted(state.turn.untouched) == [1, 4]
    assert engine.view(state)["candidates"]["three"] == 12
    state = thrown(engine, [4, 4, 4, 1, 2], [6, 6], kept=[[4, 4, 4]])
    assert engine.view(state)["candidates"]["three"] == 24


# ------------------------------------------------------------------------------------------
# Presets: the verbs each one offers, and options refused up front.


@pytest.mark.parametrize(
    ("game_id", "preset", "verbs"),
    [
        ("yahtzee", None, ["roll", "keep", "score", "void"]),
        ("poker_school", None, ["roll", "keep", "score", "void"]),
        ("poker_table", "poker_table_a1", ["roll", "keep", "score", "void"]),
        ("pirate", None, ["roll", "keep", "score", "void", "cross", "announce"]),
        ("sea_dice", None, ["roll", "keep", "score", "void"]),
    ],
)
def test_each_preset_offers_its_verbs(game_id: str, preset: str | None, verbs: list[str]) -> None:
    assert list(engine_for(game_id, preset).verbs) == verbs


def test_a_score_names_its_row_unless_every_section_is_in_a_fixed_order() -> None:
    assert engine_for("sea_dice").verbs["score"].required == ()
    assert engine_for("sea_dice", "sea_dice_sheet").verbs["score"].required == ("row",)


def test_the_school_needs_two_players() -> None:
    with pytest.raises(OptionsError, match=r"^players: this game seats 2"):
        engine_for("poker_school").initial(["Anna"])


def options_error(game_id: str, **overrides: Any) -> str:
    with pytest.raises(OptionsError) as caught:
        DiceSheetEngine(game_id, "test", {**game(game_id).options(), **overrides})
    return str(caught.value)


SCHOOL = game("poker_school").options()
FIRST = SCHOOL["sections"][0]


@pytest.mark.parametrize(
    ("game_id", "overrides", "named"),
    [
        ("pirate", {"row_params": {"sevens": {"over": "all"}}}, "row_params:"),
        ("pirate", {"row_params": {"fours": {"over": "most"}}}, "rows:"),
        ("pirate", {"row_params": ["fours"]}, "row_params:"),
        ("pirate", {"doubling": "always"}, "doubling:"),
        ("pirate", {"unmade": "skip"}, "unmade:"),
        ("pirate", {"announce": "yes"}, "announce:"),
        ("pirate", {"marks": {"tick": "v"}}, "marks:"),
        ("pirate", {"void_rethrow": "some"}, "void_rethrow:"),
        ("poker_school", {"settlement": "median"}, "settlement:"),
        ("poker_school", {"unused_throw_bonus": -3}, "unused_throw_bonus:"),
        ("poker_school", {"bonuses": [{"section": "school", "threshold": 0, "points": 50,
                                        "when": "later"}]}, "bonuses:"),
        ("poker_school", {"sections": [{"stage": 1}]}, "sections:"),
        ("poker_school", {"sections": [*SCHOOL["sections"], {"name": "extra"}]}, "sections:"),
        ("poker_school", {"sections": [{**FIRST, "order": "random"}]}, "sections:"),
        ("poker_school", {"sections": [{**FIRST, "colour": "red"}]}, "sections:"),
        ("poker_school", {"sections": [{**FIRST, "stage": "1"}]}, "sections:"),
        ("poker_school", {"sections": [{**FIRST, "mandatory": "yes"}]}, "sections:"),
    ],
)  # fmt: skip
def test_bad_sheet_options_are_refused_naming_the_option(
    game_id: str, overrides: dict[str, Any], named: str
) -> None:
    assert options_error(game_id, **overrides).startswith(named)


def test_a_mandatory_row_may_not_be_zeroed() -> None:
    """A mandatory section takes a penalty for a miss; a row that would write a bare 0 for
    nothing (the "cannot be zeroed" of G2 A1) is refused when the preset loads."""
    sections = [{**FIRST, "name": "combinations", "mandatory": True}]
    message = options_error("poker_school", sections=sections, bonuses=[])
    assert message.startswith("rows: pair is in mandatory section combinations")


# ------------------------------------------------------------------------------------------
# Yatzy against pyhtzee's Rule.YATZY: every row over every roll, and random whole games.

YATZY_CATEGORIES = {
    "ones": "ACES",
    "twos": "TWOS",
    "threes": "THREES",
    "fours": "FOURS",
    "fives": "FIVES",
    "sixes": "SIXES",
    "one_pair": "ONE_PAIR",
    "two_pairs": "TWO_PAIRS",
    "three_of_a_kind": "THREE_OF_A_KIND",
    "four_of_a_kind": "FOUR_OF_A_KIND",
    "small_straight": "SMALL_STRAIGHT",
    "large_straight": "LARGE_STRAIGHT",
    "full_house": "FULL_HOUSE",
    "chance": "CHANCE",
    "yatzy": "YAHTZEE",
}


@pytest.fixture(scope="module")
def pyhtzee() -> Any:
    return pytest.importorskip("pyhtzee")


def test_yatzy_rows_match_pyhtzee_on_every_roll(pyhtzee: Any) -> None:
    from pyhtzee.classes import Category, Rule

    oracle = pyhtzee.Pyhtzee(seed=1, rule=Rule.YATZY)
    engine = engine_for("yatzy")
    assert [row.name for row in engine.rules.rows] == list(YATZY_CATEGORIES)
    for row in engine.rules.rows:
        score = oracle.scoring_functions[Category[YATZY_CATEGORIES[row.name]]]
        assert [row.score(d) for d in every_roll()] == [score(list(d)) for d in every_roll()]


@pytest.mark.oracle
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_random_yatzy_games_match_pyhtzee(pyhtzee: Any, seed: int) -> None:
    """One-throw turns into random open rows; pyhtzee's upper bonus is recomputed from its own
    boxes (its bonus call sums category numbers, see tests/test_pyhtzee_oracle.py)."""
    from pyhtzee.classes import Category, Rule
    from pyhtzee.scoring import score_upper_section_bonus
    from pyhtzee.utils import category_to_action_map

    rng = random.Random(seed)
    engine = engine_for("yatzy")
    oracle = pyhtzee.Pyhtzee(seed=1, rule=Rule.YATZY)
    state = engine.initial(["Solo"])
    while not state.over:
        dice = [rng.randint(1, 6) for _ in range(5)]
        state = act(engine, state, {"do": "roll", "by": "Solo", "dice": dice})
        row = rng.choice(list(engine.candidates(state)))
        state = act(engine, state, {"do": "score", "by": "Solo", "row": row})
        oracle.dice = dice
        oracle.take_action(category_to_action_map[Category[YATZY_CATEGORIES[row]]])
    boxes = {row: oracle.scores[Category[name]] for row, name in YATZY_CATEGORIES.items()}
    assert engine.view(state)["sheets"]["Solo"] == boxes
    upper = sum(boxes[row] for row in ("ones", "twos", "threes", "fours", "fives", "sixes"))
    total = sum(boxes.values()) + score_upper_section_bonus(upper, Rule.YATZY)
    assert engine.view(state)["scores"]["Solo"] == total
