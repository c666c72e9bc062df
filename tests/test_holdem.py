"""Hold'em (docs/rules/poker.md): what the scenarios do not cover: the hand ranking's edges,
pots with folded chips and odd chips, the floor rules' reading of pushed chips, options and
players refused by name, short all-ins that reopen the betting together, and random games of
every preset that never lose or make a chip."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from scoring.card_games.holdem.hands import Category, best_hand, five_card_value
from scoring.card_games.holdem.pots import Pot, make_pots, pots_in_play, split, uncalled
from scoring.card_games.holdem.pushes import Facing, judge
from scoring.cards import deck, parse_card
from scoring.engine import OptionsError
from scoring.match import Match
from scoring.registry import create_engine

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios" / "holdem"


def cards(text: str) -> tuple:
    return tuple(parse_card(word) for word in text.split())


# ---------------------------------------------------------------------------------------------
# Hand values (D6).


@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("AS KS QS JS 10S", Category.STRAIGHT_FLUSH),
        ("5H 4H 3H 2H AH", Category.STRAIGHT_FLUSH),
        ("9C 9D 9H 9S 2C", Category.FOUR),
        ("3C 3D 3H 2S 2C", Category.FULL_HOUSE),
        ("2H 7H 9H JH KH", Category.FLUSH),
        ("AC 2D 3H 4S 5C", Category.STRAIGHT),
        ("10C JD QH KS AC", Category.STRAIGHT),
        ("7C 7D 7H KS 2C", Category.THREE),
        ("7C 7D KH KS 2C", Category.TWO_PAIR),
        ("7C 7D QH KS 2C", Category.PAIR),
        ("7C 9D QH KS 2C", Category.HIGH_CARD),
        ("QC KD AH 2S 3C", Category.HIGH_CARD),  # no wrap-around straight
    ],
)
def test_categories(hand: str, category: Category) -> None:
    assert five_card_value(cards(hand)).category is category


def test_the_wheel_is_the_lowest_straight_and_royal_is_named() -> None:
    wheel = five_card_value(cards("AC 2D 3H 4S 5C"))
    six_high = five_card_value(cards("2D 3H 4S 5C 6D"))
    assert wheel < six_high
    assert five_card_value(cards("AS KS QS JS 10S")).en == "Royal flush"
    assert five_card_value(cards("KS QS JS 10S 9S")).ru == "Стрит-флеш"


def test_kickers_decide_and_suits_never_do() -> None:
    board = cards("KH 7D 2C 9S 3H")
    queen = best_hand((*cards("KD QC"), *board))[0]
    jack = best_hand((*cards("KS JD"), *board))[0]
    assert queen > jack
    same = best_hand((*cards("KC QD"), *board))[0]
    assert same == queen


def test_best_five_of_seven_and_board_plays() -> None:
    value, five = best_hand(cards("2C 3D AS KS QS JS 10S"))
    assert value.category is Category.STRAIGHT_FLUSH and len(five) == 5
    with pytest.raises(ValueError):
        best_hand(cards("2C 3D AS KS"))


# ---------------------------------------------------------------------------------------------
# Pots (TPT 15, 16; D9, D10).


def test_side_pots_count_folded_chips_up_to_each_level() -> None:
    # Seat 0 all-in 100, seat 1 folded after 150, seats 2 and 3 put in 400.
    pots = make_pots([100, 150, 400, 400], [True, False, True, True])
    assert pots == [Pot(400, (0, 2, 3)), Pot(650, (2, 3))]
    assert sum(pot.amount for pot in pots) == 1050


def test_pots_in_play_close_only_at_all_in_levels() -> None:
    pots = pots_in_play([100, 150, 400, 300], [True, True, True, True], [True, False, False, False])
    assert pots == [Pot(400, (0, 1, 2, 3)), Pot(550, (1, 2, 3))]


def test_uncalled_part_and_odd_chips_left_of_the_button() -> None:
    assert uncalled([0, 300, 100]) == (1, 200)
    assert uncalled([100, 100]) == (-1, 0)
    pot = Pot(35, (0, 1, 2))
    board = cards("AS KS QS JS 10S")
    values = [best_hand((*cards(h), *board))[0] for h in ("2C 3D", "4C 5D", "6C 7D")]
    # Button seat 1: the first winner clockwise is seat 2, which takes the odd chips.
    assert split(pot, values, button=1, chip=5) == {2: 15, 0: 10, 1: 10}


# ---------------------------------------------------------------------------------------------
# Chips pushed (D15).


def facing(bet: int = 0, stack: int = 5000, current: int = 1000, last: int = 1000) -> Facing:
    return Facing(bet, stack, current, current + last, last, binding_under_call=True)


def test_pushes_read_by_the_floor_rules() -> None:
    assert judge([500, 1000], facing(current=1100, last=700)).code == "push_all_needed"
    assert judge([1400], facing(), amount=None).code == "push_oversized_call"
    assert judge([], facing(), amount=1400).code == "push_fifty_call"
    up = judge([1000, 500], facing())
    assert (up.code, up.to) == ("push_fifty_up", 2000)
    assert judge([1000, 1000, 500], facing()).to == 2500
    last = judge([1000, 1000], facing(stack=2000, current=500, last=500))
    assert (last.verb, last.rule) == ("all_in", "TPT 36B")
    with pytest.raises(ValueError, match="more_than_stack"):
        judge([1000], facing(stack=500))
    with pytest.raises(ValueError, match="under_call_floor"):
        judge([100], Facing(0, 5000, 1000, 2000, 1000, binding_under_call=False))


# ---------------------------------------------------------------------------------------------
# The engine.


def test_options_and_players_refused_by_name() -> None:
    for options, word in (
        ({"blinds": [20, 10]}, "blinds"),
        ({"blinds": [10]}, "blinds"),
        ({"stack": 1502}, "stack"),
        ({"structure": "spread"}, "structure"),
        ({"stacks": [100, -5]}, "stacks"),
        ({"straddle": 40}, "straddle"),
    ):
        with pytest.raises(OptionsError, match=word):
            create_engine("holdem", "no_limit", options)
    engine = create_engine("holdem", "no_limit", {"stacks": [100, 200]})
    with pytest.raises(OptionsError, match="stacks"):
        engine.initial(["Anna", "Boris", "Vera"])
    for players in (["Anna"], [f"P{i}" for i in range(11)]):
        with pytest.raises(OptionsError):
            create_engine("holdem").initial(players)


def test_short_all_ins_together_reopen_the_betting() -> None:
    """TPT 38A: short all-ins that add up to a full raise reopen the betting for a player who
    acted; short of one together, they do not."""
    for vera, reopened in ((190, True), (170, False)):
        engine = create_engine("holdem", "no_limit", {"stacks": [1500, 150, vera, 1500]})
        match = Match(engine, ["Anna", "Boris", "Vera", "Gleb"])
        for action in (
            {"do": "raise", "by": "Gleb", "to": 100},  # a full raise of 80
            {"do": "call", "by": "Anna"},
            {"do": "all_in", "by": "Boris"},  # 150: 50 more, short
            {"do": "all_in", "by": "Vera"},  # 190 or 170: short again
        ):
            assert match.submit(action).accepted, action
        view = match.view()
        assert view["turn"] == "Gleb" and view["can_raise"] is reopened, vera
        refused = match.submit({"do": "raise", "by": "Gleb", "to": 400})
        assert refused.accepted is reopened


def test_every_scenario_of_the_spec_has_its_file() -> None:
    spec = (ROOT / "docs" / "rules" / "poker.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(p\d\d_\w+\.yaml)`", spec))
    files = {path.name for path in SCENARIOS.glob("*.yaml")}
    assert named == files


@pytest.mark.parametrize("preset", ["no_limit", "pot_limit", "limit", "antes"])
def test_random_hands_keep_every_chip(preset: str) -> None:
    """Every chip stays on the table through random hands, and every listed move is taken."""
    rng = random.Random(preset)
    for table in range(6):
        count = rng.randint(2, 6)
        players = [f"P{i}" for i in range(count)]
        stacks = [5 * rng.randint(10, 400) for _ in players]
        match = Match(create_engine("holdem", preset, {"stacks": stacks, "hands": 12}), players)
        for _ in range(1500):
            view = match.view()
            if view["over"]:
                break
            assert sum(view["stacks"].values()) + sum(view["committed"].values()) == sum(stacks)
            engine, state = match.engine, match.state
            options = [*engine.legal(state), *(d.action for d in engine.decisions(state))]
            raw = rng.choice(options).to_dict()
            if raw["do"] in ("flop", "turn", "river", "show"):
                fill(raw, view, rng)
            assert match.submit(raw).accepted, (table, raw)
        assert match.view()["over"]
        assert sum(match.view()["scores"].values()) == sum(stacks)


def fill(raw: dict, view: dict, rng: random.Random) -> None:
    """Cards nobody has seen in this hand, for the board or a tabled hand."""
    seen = {*view["board"], *view["burns"]} | {
        card for hand in view["shown"].values() for card in hand["cards"]
    }
    unseen = [str(card) for card in deck(52) if str(card) not in seen]
    if raw["do"] == "flop":
        raw["cards"] = rng.sample(unseen, 3)
    elif raw["do"] == "show":
        raw["cards"] = rng.sample(unseen, 2)
    else:
        raw["card"] = rng.choice(unseen)
