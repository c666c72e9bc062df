"""Thousand, the card game (rules/cards.md §3): rules tables, whole random games with the
hands known (card conservation, 120 card points a deal, every listed move accepted, undo
restores the exact state), the hidden-hand proofs of §8.5 and the paper sheet.

The acceptance scenarios of §9 (#34-#38) and the option scenarios are YAML files under
``tests/scenarios/cards/thousand/``, run by ``tests/test_scenarios.py`` and ``tableref check``.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.actions import Action
from scoring.card_games.thousand.engine import Thousand
from scoring.card_games.thousand.rules import (
    DECK,
    DECK_POINTS,
    MARRIAGES,
    Redeal,
    Rules,
    marriages_in,
    points,
    round_defender,
)
from scoring.card_games.thousand.state import Phase
from scoring.engine import Decision, OptionsError, open_now
from scoring.match import Match
from scoring.registry import catalogue, create_engine
from tests.card_play import pick, play_listed, scenario_played, walk
from tests.dice_play import check_sheet
from ui.sheet_text import render_sheet

SCENARIOS = Path(__file__).parent / "scenarios" / "cards" / "thousand"
PLAYERS = ["Anna", "Boris", "Vera"]
PRESETS = ("page_a", "page_b", "page_c", "page_d", "page_a_golden", "page_b_golden")


# --------------------------------------------------------------------------------------------
# The tables of §3.1 and §3.3.


def test_the_deck_holds_24_cards_worth_120_in_all() -> None:
    assert len(DECK) == 24 and len(set(DECK)) == 24
    assert points([str(c) for c in DECK]) == DECK_POINTS == 120
    for suit in "CDHS":
        assert points([str(c) for c in DECK if c.suit == suit]) == 30


@pytest.mark.parametrize(("raw", "written"), [(17, 15), (18, 20), (42, 40), (43, 45), (0, 0)])
def test_page_b_rounds_defenders_to_the_nearest_five_scenario_36(raw: int, written: int) -> None:
    assert round_defender(raw) == written


@pytest.mark.parametrize(
    ("held", "cap"),
    [((), 120), (("S",), 160), (("C",), 180), (("D",), 200), (("H",), 220), (("S", "C"), 220)],
)
def test_page_b_bid_caps_scenario_34(held: tuple[str, ...], cap: int) -> None:
    rules = create_engine("card_thousand", "page_b").rules
    cards = tuple(f"{r}{s}" for s in held for r in "KQ")
    assert marriages_in(cards) == tuple(s for s in MARRIAGES if s in held)
    assert rules.cap(marriages_in(cards)) == cap


def test_page_d_frees_the_bid_with_any_marriage_and_steps_by_exactly_five() -> None:
    rules = create_engine("card_thousand", "page_d").rules
    assert rules.cap(("S",)) == 400 and rules.cap(()) == 120
    assert rules.bid_ok(105, 100) and not rules.bid_ok(110, 100)
    assert create_engine("card_thousand", "page_b").rules.bid_ok(150, 100)


def test_redeal_reasons_name_what_qualifies() -> None:
    page_a = Redeal(nines=4, nines_first=3, below=15)
    three_nines = ("9S", "9C", "9H", "AS", "AC", "AD", "10H")
    assert page_a.reason(three_nines, first=True) == "nines"
    assert page_a.reason(three_nines, first=False) is None
    assert page_a.reason(("9S", "JD", "JS", "QC", "QD", "JC", "9D"), first=False) == "few_points"


def test_every_preset_loads_and_is_listed() -> None:
    game = catalogue()["card_thousand"]
    assert set(PRESETS) == set(game.presets) and game.default == "page_b"
    # the dice game keeps its own engine
    assert catalogue()["thousand"].engine == "scoring.dice.luck.dice_thousand"
    for preset in PRESETS:
        assert isinstance(create_engine("card_thousand", preset), Thousand)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"rounding": "yes"}, "rounding"),
        ({"bolts": {"count": 3, "on": "no_trick"}}, "on"),
        ({"barrel": {"entry": "jump"}}, "entry"),
        ({"throw_in": {"declarer": "all"}}, "throw_in.declarer"),
        ({"raise_step": 10}, "raise_step"),
        ({"dark_game": "yes"}, "dark_game"),
        ({"golden": {"deals": 0}}, "golden.deals"),
        ({"perekhval": True}, "perekhval"),
    ],
)
def test_a_bad_option_is_refused_by_name(options: dict, named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        Rules.read(options)


def test_two_players_are_refused_the_spec_leaves_them_underspecified() -> None:
    with pytest.raises(OptionsError, match="3 to 4"):
        create_engine("card_thousand").initial(["Anna", "Boris"])


# --------------------------------------------------------------------------------------------
# Whole games with the hands known.


def shuffled(rng: random.Random) -> tuple[str, ...]:
    cards = [str(card) for card in DECK]
    rng.shuffle(cards)
    return tuple(cards)


def plain(action: Action) -> bool:
    """What a random player mostly does: he rarely bids, raises or throws in, so that deals
    come and go."""
    return action.verb not in ("bid", "contract", "throw_in", "redeal")


def deal_cards(engine: Thousand, state, action: Action, rng: random.Random) -> Action:
    """A listed move made concrete: the deal's cards drawn."""
    if action.verb == "deal":
        return Action("deal", action.by, {"cards": shuffled(rng)})
    return action


def choose(engine: Thousand, state, rng: random.Random) -> Action:
    """A listed move made concrete, by a player who mostly plays (:func:`plain`)."""
    return deal_cards(engine, state, pick(rng, open_now(engine, state), plain, 0.85), rng)


def in_play(state) -> Counter:
    """Every card the deal accounts for: hands, the talon not yet taken, cards played."""
    deal = state.deal
    cards: Counter = Counter()
    for hand in deal.hands:
        cards.update(hand)
    if deal.phase in (Phase.BID, Phase.TALON):
        cards.update(deal.talon)
    cards.update(deal.played)
    return cards


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(PRESETS), four=st.booleans())
def test_random_games_conserve_cards_and_each_deal_is_worth_120(
    seed: int, preset: str, four: bool
) -> None:
    engine = create_engine("card_thousand", preset, {"information": "full"})
    players = [*PLAYERS, "Gleb"] if four else PLAYERS
    trick_points = 0
    deals = 0
    for state, action, following, verdicts in walk(
        engine, players, random.Random(seed), choose, 250
    ):
        hash(following)
        trick_points += sum(v.points for v in verdicts if v.code == "trick")
        if following.deal.number != state.deal.number and action.verb == "play":
            assert trick_points == DECK_POINTS  # §3.1: 120 in every deal
            deals += 1
        if following.deal.phase in (Phase.DEAL,) or following.deal.number != state.deal.number:
            trick_points = 0
        if following.deal.phase != Phase.DEAL:
            cards = in_play(following)
            assert set(cards.values()) == {1} and sum(cards.values()) == 24
        check_sheet(engine, following)
    assert deals >= 1 or following.over


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(PRESETS))
def test_every_listed_move_is_accepted_and_undo_restores_the_exact_state(
    seed: int, preset: str
) -> None:
    match = Match(create_engine("card_thousand", preset, {"information": "full"}), PLAYERS)
    play_listed(match, random.Random(seed), deal_cards, 45, prefer=plain, chance=0.85, undo=0.4)


def test_hidden_hands_list_the_play_without_a_card() -> None:
    engine = create_engine("card_thousand")
    state = engine.initial(PLAYERS)
    for raw in (
        Action("deal", "Anna"),
        Action("pass", "Vera"),
        Action("pass", "Anna"),
        Action("talon", "Boris"),
        Action("give", "Boris", {"to": "Vera"}),
        Action("give", "Boris", {"to": "Anna"}),
    ):
        state, _ = engine.apply(state, raw)
    assert Decision(Action("play", "Boris"), ("card",)) in engine.decisions(state)
    assert "hands" not in engine.view(state)


# --------------------------------------------------------------------------------------------
# Scenarios and the sheet.


def test_the_sheet_keeps_running_totals_bolts_and_the_barrel() -> None:
    match = scenario_played(SCENARIOS / "t38_barrel_page_d.yaml")
    sheet = check_sheet(match.engine, match.state)
    text = render_sheet(sheet)
    assert "880 [B]" in text and "880 [B2]" in text and "760 [B3] [B-]" in text
    assert sheet["rows"][0]["en"] == "1. Anna 220+"
    match = scenario_played(SCENARIOS / "bolts_page_b.yaml")
    sheet = check_sheet(match.engine, match.state)
    rows = {row["key"]: row for row in sheet["rows"]}
    assert rows["deal_4"]["cells"]["Boris"] == "-80 /// -120"
    assert rows["bolts"]["kind"] == "bonus"


def hidden(engine: Thousand, state, action: Action) -> Action:
    """The same move as the table shows it with the hands hidden: no cards in the deal or in a
    card passed face down; the talon named when it is turned up; a marriage shown for a bid
    or raise above 120; a hand or talon shown for a redeal."""
    deal = state.deal
    args = dict(action.args)
    seat = state.players.index(action.by)
    if action.verb == "deal" or action.verb == "give":
        args.pop("cards", None)
        args.pop("card", None)
    elif action.verb == "talon" and (deal.contested or len(deal.active) < len(state.players)):
        args["cards"] = deal.talon
    elif action.verb in ("bid", "contract") and args["points"] > 120:
        args["show"] = tuple(f"{r}{s}" for s in marriages_in(deal.hands[seat]) for r in "KQ")
    elif action.verb == "redeal":
        args["cards"] = deal.hands[seat] if deal.phase == "bid" else deal.talon
    return Action(action.verb, action.by, args)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(PRESETS), four=st.booleans())
def test_hidden_hands_agree_with_full_information_on_legal_play(
    seed: int, preset: str, four: bool
) -> None:
    """§8.5: refereeing from what the table shows accepts every legal game and scores it the
    same; nothing is flagged as proven when nobody broke a rule."""
    full = create_engine("card_thousand", preset, {"information": "full"})
    public = create_engine("card_thousand", preset)
    rng = random.Random(seed)
    players = [*PLAYERS, "Gleb"] if four else PLAYERS
    known, seen = full.initial(players), public.initial(players)
    for _ in range(120):
        if not open_now(full, known):
            break
        action = choose(full, known, rng)
        shown = hidden(full, known, action)
        known, _ = full.apply(known, action)
        seen, verdicts = public.apply(seen, shown)
        assert "proven" not in [v.code for v in verdicts]
        assert public.view(seen)["scores"] == full.view(known)["scores"]
        assert public.score_sheet(seen) == full.score_sheet(known)
