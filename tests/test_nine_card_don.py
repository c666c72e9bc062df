"""Nine-card Don (rules/cards.md §6): point values, the three scorings, whole random games with
the hands known (36 cards dealt and played once each, the points pegged in a deal are the
dealt cards' worth plus game, every listed move accepted, undo restores the exact state), and
public and full information agreeing.  The scenario files under ``tests/scenarios/cards/don/``
(§9 #44, the scorings, penalties, §8.5 proofs) are run by ``tests/test_scenarios.py``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.actions import Action
from scoring.card_games.don.engine import Deal, NineCardDon, side
from scoring.card_games.don.rules import GAME_POINTS, Rules, game_value, peg
from scoring.card_games.thousand.proofs import Played
from scoring.cards import deck
from scoring.engine import OptionsError, open_now
from scoring.match import Match
from scoring.registry import catalogue, create_engine
from scoring.verdicts import IllegalMove
from tests.card_play import play_listed, scenario_played, walk
from tests.dice_play import check_rows_add_up, check_sheet

SCENARIOS = Path(__file__).parent / "scenarios" / "cards" / "don"
PLAYERS = ["Anna", "Boris", "Vera", "Gleb"]
PRESETS = ("standard", "standard_121", "preston", "macclesfield", "burnley", "league")


def test_point_cards_make_44_and_game_8_makes_52() -> None:
    """§6: trump A 4 K 3 Q 2 J 1, trump 9 + 5 = 19, three plain fives 15; + game 8 = 52."""
    cards = [str(c) for c in deck(52)]
    assert sum(peg(c, "S") for c in cards) == 44
    assert sum(peg(c, "S") for c in cards) + GAME_POINTS["standard"] == 52
    assert peg("9S", "S") + peg("5S", "S") == 19 and peg("5H", "S") == 5 and peg("9H", "S") == 0


def test_scenario_44_pegs_29_whatever_the_split_of_the_19() -> None:
    won = ["AS", "JS", "9S", "5S", "5H"]
    assert sum(peg(c, "S") for c in won) == 4 + 1 + 19 + 5 == 29


def test_the_game_scale_counts_tens_and_honours_of_every_suit() -> None:
    assert game_value(["10H", "AS", "KD", "QC", "JH", "9S", "5D"]) == 10 + 4 + 3 + 2 + 1


def test_targets_are_91_or_121_and_options_are_checked() -> None:
    assert Rules.read({"target": 121}).target == 121
    with pytest.raises(OptionsError, match="target"):
        Rules.read({"target": 100})
    with pytest.raises(OptionsError, match="scoring"):
        Rules.read({"scoring": "burnley"})
    with pytest.raises(OptionsError, match="trumps"):
        Rules.read({"trumps": "cut"})


def test_four_players_in_two_partnerships() -> None:
    engine = create_engine("nine_card_don")
    with pytest.raises(OptionsError):
        engine.initial(PLAYERS[:3])
    view = engine.view(engine.initial(PLAYERS))
    assert view["sides"] == {"Anna & Vera": 0, "Boris & Gleb": 0}
    assert [side(s) for s in range(4)] == [0, 1, 0, 1]
    assert set(PRESETS) <= set(catalogue()["nine_card_don"].presets)


def test_macclesfield_scores_high_low_jack_and_game_in_that_order_near_the_target() -> None:
    """L421-L423: the side that gets there first by this order wins, even if the other side
    would reach the target with game."""
    engine = create_engine("nine_card_don", "macclesfield", {"target": 91})
    assert isinstance(engine, NineCardDon)
    state = engine.initial(PLAYERS)
    history = (
        Played(1, "AS", 1, (), "S"),  # Boris (Boris & Gleb) held the highest trump
        Played(0, "2S", 1, ("AS",), "S"),
    )
    deal = Deal(1, 0, dealt=True, trump="S", history=history, done=9, low_side=1)
    won = (("10H", "10D", "10C", "AH"), ("AS", "2S"))  # Anna & Vera lead on game: 34 to 4
    state = replace(state, totals=(85, 89), deal=replace(deal, won=won, start=(85, 89)))
    state, verdicts = engine._end_deal(state, [])
    codes = [v.code for v in verdicts]
    assert codes[:3] == ["high", "low", "reached"] and "game_point" not in codes
    assert engine.view(state)["winner"] == ["Boris", "Gleb"]
    assert state.totals == (85, 91)


# --------------------------------------------------------------------------------------------
# Whole games with the hands known.


def deal_cards(engine: NineCardDon, state, action: Action, rng: random.Random) -> Action:
    """A listed move made concrete: 36 cards of a shuffled pack dealt."""
    if action.verb == "deal":
        cards = [str(c) for c in deck(52)]
        rng.shuffle(cards)
        return Action("deal", action.by, {"cards": tuple(cards[:36])})
    return action


def unproven_play(engine: NineCardDon, state, action: Action, rng: random.Random) -> Action:
    """A play from a hidden hand made concrete: a card of the pack the engine accepts without
    proving a revoke (a random card proves one most deals, and the penalties keep a random
    game from its end)."""
    if action.verb != "play":
        return action
    cards = [str(c) for c in deck(52)]
    rng.shuffle(cards)
    proofs = len(state.deal.proofs)
    for card in cards:
        played = Action("play", action.by, {"card": card})
        try:
            after, _ = engine.apply(state, played)
        except IllegalMove:
            continue
        if after.finished is not None or len(after.deal.proofs) == proofs:
            return played
    return action


#: The referee's verbs, never a random player's move.
REFEREE = ("revoke",)


def choose(engine: NineCardDon, state, rng: random.Random) -> Action:
    """A random listed move made concrete."""
    moves = [a for a in open_now(engine, state) if a.verb not in REFEREE]
    return deal_cards(engine, state, rng.choice(moves), rng)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(PRESETS))
def test_random_games_conserve_cards_and_peg_what_was_dealt(seed: int, preset: str) -> None:
    engine = create_engine("nine_card_don", preset, {"information": "full"})
    dealt: tuple[str, ...] = ()
    pegged = 0
    for state, action, following, verdicts in walk(
        engine, PLAYERS, random.Random(seed), choose, 400
    ):
        if action.verb == "deal":
            dealt, pegged = action.args["cards"], 0
        pegged += sum(v.points for v in verdicts if v.code == "trick")
        deal = following.deal
        if deal.dealt and deal.hands is not None:
            held = [c for hand in deal.hands for c in hand] + [p.card for p in deal.history]
            assert sorted(held) == sorted(dealt)  # 36 cards, each once
        if following.deal.number != state.deal.number and not following.over:
            trump = state.deal.trump or action.args["card"][-1]
            assert pegged == sum(peg(c, trump) for c in dealt)
        check_sheet(engine, following)
        check_rows_add_up(engine.score_sheet(following), engine.view(following)["scores"])
    assert following.over


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(PRESETS))
def test_every_listed_move_is_accepted_and_undo_restores_the_exact_state(
    seed: int, preset: str
) -> None:
    match = Match(create_engine("nine_card_don", preset, {"information": "full"}), PLAYERS)
    play_listed(match, random.Random(seed), deal_cards, 45, skip=REFEREE, undo=0.4)


def test_the_sheet_writes_a_line_per_deal_and_the_void_deal_back() -> None:
    match = scenario_played(SCENARIOS / "revoke_league.yaml")
    sheet = check_sheet(match.engine, match.state)
    check_rows_add_up(sheet, match.view()["scores"])
    keys = [row["key"] for row in sheet["rows"]]
    assert keys[:2] == ["deal_1", "void_1"] and keys[-1] == "total"


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(PRESETS))
def test_hidden_hands_agree_with_full_information_on_legal_play(seed: int, preset: str) -> None:
    """§8.5: with the hands hidden every legal game is accepted and pegged the same, and no
    revoke is proven where nobody revoked."""
    full = create_engine("nine_card_don", preset, {"information": "full"})
    public = create_engine("nine_card_don", preset)
    rng = random.Random(seed)
    known, seen = full.initial(PLAYERS), public.initial(PLAYERS)
    for _ in range(200):
        if not open_now(full, known):
            break
        action = choose(full, known, rng)
        shown = Action("deal", action.by) if action.verb == "deal" else action
        known, _ = full.apply(known, action)
        seen, verdicts = public.apply(seen, shown)
        assert "proven" not in [v.code for v in verdicts]
        assert public.view(seen)["scores"] == full.view(known)["scores"]
    assert public.score_sheet(seen) == full.score_sheet(known)
