"""Unit tests of the dominoes rules (rules/dominoes.md): tiles, the layout and S(layout), the fish
invariant, the end-of-round arithmetic with the spec's own numbers, the poker ranking, options,
and the Kozel score sheet as ``tableref`` prints it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml

from scoring.actions import ActionError, parse_action
from scoring.dominoes.layout import (
    Layout,
    Misfit,
    end_sum,
    header_points,
    invariant_blocked,
    lead,
    place,
)
from scoring.dominoes.poker import ranking
from scoring.dominoes.rules import Rules
from scoring.dominoes.settle import Ending, Table, hand_value, round_to, settle
from scoring.dominoes.tiles import FULL_SET, HandsField, Tile, TileField, parse_tile
from scoring.engine import OptionsError
from scoring.registry import catalogue, create_engine

SCENARIOS = Path(__file__).parent / "scenarios" / "dominoes"


def T(text: str) -> Tile:
    return parse_tile(text)


def chain(moves: list[tuple[str, str | None]], spinner: bool = True) -> list[Layout]:
    """Every layout along a list of (tile, end) moves, the first being the lead."""
    first, _ = moves[0]
    layouts = [lead(T(first), spinner)]
    for tile, end in moves[1:]:
        layouts.append(place(layouts[-1], T(tile), end or "", spinner, False))
    return layouts


# --------------------------------------------------------------------------------------------
# §1.1 tiles (T01)


def test_the_set_has_28_tiles_7_doubles_168_pips_each_number_on_7() -> None:
    assert len(FULL_SET) == 28 == len(set(FULL_SET))
    assert sum(t.double for t in FULL_SET) == 7
    assert sum(t.pips for t in FULL_SET) == 168
    assert all(sum(t.has(n) for t in FULL_SET) == 7 for n in range(7))


@pytest.mark.parametrize("text", ["5-3", "3-5", "3:5", " 5 | 3 "])
def test_a_tile_is_unordered_and_written_lo_hi(text: str) -> None:
    assert str(T(text)) == "3-5"
    assert TileField().check("tile", text) == "3-5"


@pytest.mark.parametrize("text", ["7-1", "3", "a-b", "", "3-5-6"])
def test_a_bad_tile_names_the_field(text: str) -> None:
    with pytest.raises(ActionError) as error:
        TileField().check("tile", text)
    assert error.value.field == "tile" and error.value.code == "bad_field"


def test_a_duplicate_tile_at_the_deal_is_refused() -> None:
    """T01: a second 3-4 is an alert."""
    with pytest.raises(ActionError, match="duplicate tile 3-4"):
        HandsField().check("hands", [["3-4", "1-1"], ["4-3", "2-2"]])


# --------------------------------------------------------------------------------------------
# §9.4-9.5 S(layout): T29, T30, T31


WORKED = [  # §9.5: tile, end, S, S of variant v1
    ("5-5", None, 10, 10),
    ("0-5", "left", 10, 10),
    ("3-5", "right", 13, 3),
    ("0-2", "left", 15, 5),
    ("4-5", "up", 14, 9),
    ("2-2", "left", 16, 11),
    ("2-5", "left", 17, 12),
    ("3-3", "right", 20, 15),
]


def test_the_worked_examples_of_9_5() -> None:
    layouts = chain([(t, e) for t, e, _, _ in WORKED])
    assert [end_sum(x) for x in layouts] == [s for _, _, s, _ in WORKED]
    assert [end_sum(x, played_sides_only=True) for x in layouts] == [v for *_, v in WORKED]
    final = layouts[-1]
    assert {e.name: (e.value, e.kind) for e in final.ends} == {
        "left": (5, "single"),
        "right": (3, "double"),
        "up": (4, "single"),
        "down": (5, "side"),
    }
    assert final.occupied_sides == 3


def test_a_spinner_that_is_not_the_lead() -> None:
    """T30: 10, 14, 15, 11, 15, 21."""
    layouts = chain(
        [
            ("4-6", None),
            ("4-4", "left"),
            ("1-4", "left"),
            ("0-4", "up"),
            ("1-5", "left"),
            ("6-6", "right"),
        ]
    )
    assert [end_sum(x) for x in layouts] == [10, 14, 15, 11, 15, 21]
    assert layouts[1].spinner == T("4-4") and layouts[1].occupied_sides == 1


def test_without_the_cross() -> None:
    """T31: 10, 10, 3, 5."""
    layouts = chain(
        [("5-5", None), ("0-5", "right"), ("3-5", "left"), ("0-2", "right")], spinner=False
    )
    assert [end_sum(x) for x in layouts] == [10, 10, 3, 5]
    assert layouts[-1].spinner is None


def test_a_misfit_is_refused_with_its_reason() -> None:
    layout = lead(T("3-6"), spinner=False)
    with pytest.raises(Misfit) as misfit:
        place(layout, T("1-4"), "left", False, False)
    assert misfit.value.code == "does_not_fit"
    with pytest.raises(Misfit) as misfit:
        place(layout, T("3-4"), "up", False, False)
    assert misfit.value.code == "no_such_end"


def test_long_sides_first_keeps_the_cross_sides_shut() -> None:
    spun = lead(T("5-5"), spinner=True)
    with pytest.raises(Misfit) as misfit:
        place(spun, T("0-5"), "up", True, True)
    assert misfit.value.code == "long_sides_first"
    both = place(place(spun, T("0-5"), "left", True, True), T("1-5"), "right", True, True)
    assert place(both, T("2-5"), "up", True, True).end("up").value == 2  # type: ignore[union-attr]


# --------------------------------------------------------------------------------------------
# §6 headers (T23, T24)


def test_headers() -> None:
    assert header_points(chain([("2-3", None), ("3-6", "right"), ("2-6", "left")], False)[-1]) == 2
    assert header_points(chain([("3-5", None), ("1-3", "left")], False)[-1]) == 0
    assert (
        header_points(
            chain([("1-2", None), ("2-4", "right"), ("4-4", "right"), ("1-4", "left")], False)[-1]
        )
        == 3
    )
    assert (
        header_points(
            chain([("2-4", None), ("2-6", "left"), ("4-6", "left"), ("4-4", "left")], False)[-1]
        )
        == 3
    )


# --------------------------------------------------------------------------------------------
# §1.5 fish invariant (T02)


def test_fish_invariant() -> None:
    moves = [
        ("1-1", None), ("1-4", "right"), ("4-4", "right"), ("2-4", "right"), ("2-3", "right"),
        ("3-4", "right"), ("4-5", "right"), ("5-6", "right"), ("4-6", "right"), ("0-1", "left"),
        ("0-4", "left"),
    ]  # fmt: skip
    layouts = chain(moves, spinner=False)
    assert invariant_blocked(layouts[-1])  # [4|4], all seven 4s down
    assert not any(invariant_blocked(x) for x in layouts[:-1])
    ends = chain([("2-3", None), ("3-5", "right")], False)[-1]
    assert ends.values() == (2, 5) and not invariant_blocked(ends)  # unequal ends: never


# --------------------------------------------------------------------------------------------
# End-of-round arithmetic with the spec's numbers (the hands need not make a real layout here).


def rules(game: str, preset: str | None = None, **options: object) -> Rules:
    return Rules.read({**catalogue()[game].options(preset), **options})


def table(hands: list[str], teams: bool = False) -> Table:
    players = tuple(f"P{i + 1}" for i in range(len(hands)))
    sides = ((0, 2), (1, 3)) if teams else tuple((i,) for i in range(len(hands)))
    names = tuple("+".join(players[s] for s in side) for side in sides)
    return Table(players, sides, names, tuple(tuple(T(t) for t in h.split()) for h in hands))


def test_v1_domino_out() -> None:
    """T07: P1 goes out; 17 + 16 -> +33."""
    result = settle(
        rules("draw_dominoes"),
        table(["", "6-6 2-3", "0-1 4-4 2-5"]),
        Ending("out", 0, None, None),
        0,
    )
    assert result.points == (33, 0, 0)


@pytest.mark.parametrize(("preset", "points"), [("draw_dominoes", 21), ("pairwise_block", 10)])
def test_v1_block_difference(preset: str, points: int) -> None:
    """T08: 12 / 11 -> +1; with a third hand of 20: 21 by default, 10 by the alternative."""
    two = settle(
        rules("draw_dominoes", preset),
        table(["5-6 0-1", "3-4 1-3 0-0"]),
        Ending("fish", 0, None, None),
        0,
    )
    assert two.points == (0, 1)
    three = table(["5-6 0-1", "3-4 1-3 0-0", "4-6 5-5"])
    assert settle(
        rules("draw_dominoes", preset), three, Ending("fish", 0, None, None), 0
    ).points == (0, points, 0)


KOZEL = [  # T15-T18: hands of S1..S4, how it ended, the charge to team B (default, then "add")
    (["", "5-6 3-3", "6-6", "0-1 4-4"], Ending("out", 0, T("2-2"), T("2-4")), 26, 26),
    (["", "2-2", "5-5", "1-5 0-3"], Ending("out", 0, T("6-6"), T("1-3")), 63, 63),
    (["", "2-2", "5-5", "1-5 0-3"], Ending("out", 0, T("0-0"), T("1-3")), 38, 38),
    (["", "6-6", "5-5", "0-0 1-2"], Ending("out", 0, T("4-4"), T("1-3")), 53, 65),
    (["", "6-6", "5-5", "0-0"], Ending("out", 0, T("4-4"), T("1-3")), 75, 87),
    (["4-6", "4-5", "", "1-1 2-6"], Ending("out", 2, T("3-3"), T("0-0")), 44, 44),
    (["4-6", "4-5", "", "1-1 2-6"], Ending("out", 2, T("3-3"), T("6-6")), 69, 69),
]


@pytest.mark.parametrize(("hands", "ending", "charged", "added"), KOZEL)
def test_kozel_normal_finish(hands: list[str], ending: Ending, charged: int, added: int) -> None:
    result = settle(rules("kozel"), table(hands, teams=True), ending, 0)
    assert result.points == (0, charged)
    add = settle(rules("kozel", single_special="add"), table(hands, teams=True), ending, 0)
    assert add.points == (0, added)


def test_kozel_fish_and_tie_carry() -> None:
    """T19: A 23, B 26 -> B charged 49 (own total: 26); T20: 20 / 20 carries 40, then 15 + 40."""
    hands = table(["4-6", "3-6", "5-5 1-2", "4-5 2-6"], teams=True)
    fish = Ending("fish", 3, T("1-1"), T("0-4"))
    assert settle(rules("kozel"), hands, fish, 0).points == (0, 49)
    assert settle(rules("kozel", fish_charge="own"), hands, fish, 0).points == (0, 26)
    tie = settle(rules("kozel"), table(["4-6", "3-6", "5-5", "5-6"], teams=True), fish, 0)
    assert tie.points == (0, 0) and tie.carry == 40
    after = settle(
        rules("kozel"),
        table(["", "5-6 1-3", "6-6 5-5", ""], teams=True),
        Ending("out", 0, T("3-3"), T("2-4")),
        40,
    )
    assert after.points == (0, 55) and after.carry == 0


@pytest.mark.parametrize(
    ("option", "hand", "value"),
    [
        ("replace", "6-6", 50),
        ("add", "6-6", 62),
        ("any", "6-6 1-2", 53),
        ("replace", "0-0", 25),
        ("replace", "0-0 1-2", 3),
    ],
)
def test_kozel_hand_value(option: str, hand: str, value: int) -> None:
    assert hand_value([T(t) for t in hand.split()], rules("kozel", single_special=option)) == value


@pytest.mark.parametrize(
    ("amount", "step", "rounded"),
    [(26, 5, 25), (29, 5, 30), (21, 5, 20), (23, 5, 25), (22, 5, 20), (8, 3, 9), (10, 3, 9)],
)
def test_rounding(amount: int, step: int, rounded: int) -> None:
    """§9.6 "3 до 5" and §10.1."""
    assert round_to(amount, step) == rounded


def test_fives_end_bonus() -> None:
    """T32: fish 3 vs 5, 11, 13 -> +5 (v3: +30); out with 21 / 23 / 22 -> 4 / 5 / 4;
    All Threes with 8 or 10 -> 3."""
    fish = table(["0-3", "0-5", "5-6", "6-6 0-1"])
    assert settle(rules("fives"), fish, Ending("fish", 1, None, None), 0).points == (5, 0, 0, 0)
    assert settle(rules("fives", bonus="whole"), fish, Ending("fish", 1, None, None), 0).points == (
        30,
        0,
        0,
        0,
    )
    for held, bonus in (
        ("5-6 4-6", 4),
        ("5-6 6-6", 5),
        ("5-6 5-5 0-1", 4),
    ):
        out = table(["", held])
        assert settle(rules("fives"), out, Ending("out", 0, None, None), 0).points == (bonus, 0)
    for held in ("2-6", "4-6"):
        assert settle(
            rules("all_threes"), table(["", held]), Ending("out", 0, None, None), 0
        ).points == (3, 0)


@pytest.mark.parametrize(
    ("hands", "seat"),
    [
        (["2-5 3-6", "1-1 0-4", "4-4"], 0),
        (["2-5", "0-3 1-2", "4-6"], 1),
        (["5-5", "2-2 0-6", "3-3 0-1"], 1),
        (["2-5", "0-3 1-2", "4-4"], 1),
    ],
)
def test_bergen_block_award(hands: list[str], seat: int) -> None:
    """T26's four cases."""
    points = settle(rules("bergen"), table(hands), Ending("fish", None, None, None), 0).points
    assert points == tuple(2 if i == seat else 0 for i in range(3))


# --------------------------------------------------------------------------------------------
# V7 poker (T34)


@pytest.mark.parametrize(
    ("hand", "name"),
    [
        ("2-2 3-3 4-4 5-5 6-6", "royal"),
        ("6-6 3-3 2-2 2-4 1-2", "full_hand"),
        ("1-3 2-3 3-3 3-4 3-5", "five_straight"),
        ("3-4 4-4 4-5 4-6 1-2", "four_straight"),
        ("2-2 3-3 4-4 5-5 1-6", "four_doubles"),
        ("2-6 3-6 4-6 5-6 6-6", "six_straight"),
        ("1-6 2-6 3-6 4-6 6-6", "four_straight"),
        ("1-6 3-6 4-6 5-6 6-6", "four_straight"),
        ("1-2 2-3 3-4 4-5 5-6", "none"),
        ("2-2 3-3 1-4 1-5 2-6", "pair"),
        ("2-3 3-3 4-4 5-5 1-6", "three"),
    ],
)
def test_poker_ranking(hand: str, name: str) -> None:
    tiles = [T(t) for t in hand.split()]
    assert ranking.NAMES[ranking.rank(tiles)][0] == name


def test_poker_flush_and_high_tile() -> None:
    assert ranking.rank([T(t) for t in ["1-2", "2-2", "2-4", "2-6", "2-5"]]) >= 2
    one_suit_no_run = [T(t) for t in ["1-5", "2-5", "3-5", "5-5", "5-6"]]
    assert ranking.rank(one_suit_no_run) == 2
    assert ranking.high_tile([T(t) for t in ["1-2", "2-3", "3-4", "4-5", "5-6"]]) == 11
    assert len(ranking.POKER_SET) == 20
    with pytest.raises(ranking.NotPokerHand):
        ranking.rank([T(t) for t in ["0-6", "3-3", "4-4", "5-5", "6-6"]])


# --------------------------------------------------------------------------------------------
# Options and presets


def test_every_dominoes_game_is_listed() -> None:
    games = catalogue()
    for game in (
        "kozel",
        "fives",
        "all_threes",
        "draw_dominoes",
        "bergen",
        "multi_tile",
        "sevastopol",
        "block_dominoes",
        "domino_poker",
    ):
        assert game in games
        for preset in games[game].presets:
            create_engine(game, preset)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"lead": "middle"}, "lead"),
        ({"hand_size": {2: 20}}, "hand_size"),
        ({"colour": 1}, "colour"),
        ({"target": None}, "target"),
    ],
)
def test_a_bad_option_is_refused_by_name(options: dict[str, object], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        create_engine("draw_dominoes", None, options)


def test_malformed_actions_name_their_field() -> None:
    eng = create_engine("kozel")
    with pytest.raises(ActionError) as error:
        parse_action({"do": "lay", "by": "Anna", "tile": "7-7"}, eng.verbs)
    assert error.value.field == "tile"
    with pytest.raises(ActionError) as error:
        parse_action({"do": "lay", "by": "Anna", "tile": "1-1", "end": "top"}, eng.verbs)
    assert error.value.field == "end"


# --------------------------------------------------------------------------------------------
# The Kozel sheet through the command line


def test_kozel_sheet_as_players_keep_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tableref play kozel`` then ``tableref sheet``: a column per team, running totals per
    round, and the goat marked once a team passes 100 (T21's match)."""
    import json

    from ui.cli import main

    scenario = yaml.safe_load((SCENARIOS / "t21_goat.yaml").read_text(encoding="utf-8"))
    lines = [json.dumps(step) for step in scenario["steps"] if "expect" not in step]
    journal = tmp_path / "kozel.sqlite"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert (
        main(["play", "kozel", "--players", "Anna,Boris,Vera,Gleb", "--journal", str(journal)]) == 0
    )
    capsys.readouterr()
    assert main(["sheet", str(journal)]) == 0
    text = capsys.readouterr().out
    assert "Anna+Vera" in text and "Boris+Gleb" in text
    rows = {
        line.split()[0] + " " + line.split()[1]: line.split()[2:]
        for line in text.splitlines()
        if line.startswith("Round")
    }
    assert rows == {"Round 1": ["0", "96"], "Round 2": ["0", "103"]}
    assert any(line.startswith("Goat") and line.split()[-1] == "X" for line in text.splitlines())
    assert text.splitlines()[-1] == "Winner: Anna+Vera with 0"


def test_every_acceptance_scenario_has_a_file() -> None:
    """§15 T01-T35 each have at least one scenario file (T36 is V6, which §8 and §16.8 call not
    implementable); a moved folder would otherwise silently run nothing."""
    ids = {path.name.split("_")[0] for path in SCENARIOS.glob("t*.yaml")}
    assert ids >= {f"t{n:02d}" for n in range(1, 36)}
