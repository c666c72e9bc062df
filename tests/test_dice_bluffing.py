"""Bluff engines (scoring/dice/bluffing*.py): Liar (G8), Bluff (G9), Liar's Dice with a hand
each (G10) and with a common hand (G11).

Random games drawn from ``legal`` (the generic player of ``tests/dice_play.py``) must end
with one winner, keep every stake, chip and die accounted for at every step, and undo exactly.
Then the raise rules: the literal reading of L210 is a stricter rule than the §1.3 order (§7
#15), every bidding variant of L528-530 allows at least the base raise of L489, wild ones
count as written (L526), and ``legal`` lists exactly the bids the engine accepts.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

import pytest
from dice_play import check_game, check_undo, play_randomly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.actions import Action
from scoring.dice.bluffing.bids import BIDDING, Bid, BidEngine
from scoring.dice.bluffing.common import beats
from scoring.dice.hands import RANKINGS, claim, claims
from scoring.engine import OptionsError, open_now
from scoring.registry import create_engine
from scoring.verdicts import IllegalMove

GAMES = [
    ("liar", "liar"),
    ("liar", "liar_l210"),
    ("liars_dice_common", "liars_dice_common"),
    ("liars_dice_common", "reroll"),
    ("liars_dice", "liars_dice"),
    ("liars_dice", "wild_ones"),
    ("bluff", "bluff"),
    ("bluff", "three_throws"),
]
NAMES = ["Anna", "Boris", "Vera", "Gleb"]
TABLES = st.integers(2, 4).map(lambda n: NAMES[:n])
SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def table(game: str, players: list[str]) -> list[str]:
    return players[:2] if game == "bluff" else players


@pytest.mark.parametrize(("game", "preset"), GAMES)
@SETTINGS
@given(players=TABLES, seed=st.integers(0, 2**32))
def test_random_games_end_with_one_winner(game: str, preset: str, players: list[str], seed: int):
    engine, state, _ = check_game(game, preset, table(game, players), seed)
    view = engine.view(state)
    if game == "bluff":
        assert sum(view["scores"].values()) == engine.rules.duels
    else:
        assert sum(score > 0 for score in view["scores"].values()) == 1
        assert isinstance(view["winner"], str)


@pytest.mark.parametrize(("game", "preset"), GAMES[::2])
@settings(max_examples=5, deadline=None)
@given(players=TABLES, seed=st.integers(0, 2**32))
def test_undo_restores_the_exact_view(game: str, preset: str, players: list[str], seed: int):
    check_undo(game, preset, table(game, players), seed)


@pytest.mark.parametrize("preset", ["liar", "liars_dice_common"])
@pytest.mark.parametrize("seed", range(4))
def test_stakes_and_chips_are_never_lost(preset: str, seed: int) -> None:
    """Every stake is in front of a player or in the centre (L208, L515), and the sheet's
    lines add up to what each player holds."""
    engine = create_engine("liar" if preset == "liar" else "liars_dice_common", preset)
    players = NAMES[: 2 + seed % 3]
    start = engine.rules.tokens
    final, history = play_randomly(engine, players, random.Random(seed))
    for _, state in [*history, (None, final)]:
        assert sum(state.tokens) + state.pot == start * len(players)
    rows = engine.score_sheet(final)["rows"]
    for player in players:
        moved = sum(row["cells"][player] or 0 for row in rows[:-1])
        assert start + moved == rows[-1]["cells"][player]


@pytest.mark.parametrize("seed", range(4))
def test_each_challenge_costs_exactly_one_die(seed: int) -> None:
    """L491, §7 #16: one die per challenge, lost by the loser; the sheet shows each."""
    engine = create_engine("liars_dice")
    players = NAMES[: 2 + seed % 3]
    final, _ = play_randomly(engine, players, random.Random(seed))
    assert sum(final.dice) == 5 * len(players) - len(final.judged)
    rows = engine.score_sheet(final)["rows"]
    for player in players:
        lost = sum(row["cells"][player] or 0 for row in rows[:-1])
        assert 5 + lost == rows[-1]["cells"][player]


# ------------------------------------------------------------------------------------------
# Claims and their raise rules (§7 #15).


def test_the_literal_l210_rule_is_stricter_than_the_ranking() -> None:
    every = claims(RANKINGS["poker"])
    for made, previous in itertools.product(every, repeat=2):
        if beats(made, previous, "principal_face"):
            assert beats(made, previous, "ranking"), (made, previous)
    three_threes = claim("full_house", [3, 2])
    assert beats(claim("full_house", [3, 4]), three_threes, "ranking")
    assert not beats(claim("full_house", [3, 4]), three_threes, "principal_face")
    assert beats(claim("full_house", [4, 2]), three_threes, "principal_face")
    assert not beats(claim("full_house", [4, 1]), three_threes, "principal_face")


def test_after_five_sixes_only_a_challenge_is_legal() -> None:
    engine = create_engine("liar")
    state = engine.initial(["Anna", "Boris"])
    state, _ = engine.apply(state, Action("shake", "Anna"))
    state, _ = engine.apply(
        state, Action("claim", "Anna", {"hand": "five_of_a_kind", "faces": (6,)})
    )
    assert open_now(engine, state) == [Action("challenge", "Boris")]


def test_the_dice_appear_only_when_revealed() -> None:
    """§9.8 privacy: a cup game's view has no faces until the cup is lifted."""
    engine = create_engine("liar")
    state = engine.initial(["Anna", "Boris"])
    for action in [
        Action("shake", "Anna"),
        Action("claim", "Anna", {"hand": "one_pair", "faces": (2,)}),
        Action("challenge", "Boris"),
    ]:
        state, _ = engine.apply(state, action)
        assert engine.view(state)["last"] is None
    state, _ = engine.apply(state, Action("reveal", "Anna", {"dice": (2, 2, 3, 4, 5)}))
    assert engine.view(state)["last"]["dice"] == [2, 2, 3, 4, 5]


# ------------------------------------------------------------------------------------------
# Bids (G10).


def bid_engine(**options: Any) -> BidEngine:
    engine = create_engine("liars_dice", overrides=options)
    assert isinstance(engine, BidEngine)
    return engine


BIDS = [Bid(0, q, f) for q in range(1, 9) for f in range(1, 7)]


def allowed(rule: str) -> set[tuple[Bid, Bid]]:
    engine = bid_engine(bidding=rule)
    return {(b, p) for b, p in itertools.product(BIDS, repeat=2) if engine._raises(b, p)}


def test_every_bidding_variant_allows_the_base_raise() -> None:
    """L489's base raise is allowed by every variant; (c) is the narrowest variant, inside
    both (a) and (b) (L528-530)."""
    base, a, b, c = (allowed(rule) for rule in BIDDING)
    assert base <= c <= a & b
    assert (Bid(0, 4, 2), Bid(0, 3, 4)) in a - b  # more of a lower face: (a) only
    assert (Bid(0, 1, 5), Bid(0, 3, 4)) in b - a  # fewer of a higher face: (b) only


@pytest.mark.parametrize("wild", [False, True])
def test_counting_against_a_bid(wild: bool) -> None:
    """L490 and L526 written out: a face counts, and so do 1s when wild and not bid."""
    engine = bid_engine(wild_ones=wild)
    rng = random.Random(7)
    for _ in range(300):
        dice = [rng.randint(1, 6) for _ in range(rng.randint(1, 20))]
        for face in range(1, 7):
            ones = dice.count(1) if wild and face != 1 else 0
            assert engine.count(Bid(0, 1, face), dice) == dice.count(face) + ones
        assert engine.count(Bid(0, 7, 0), dice) == sum(dice)


@pytest.mark.parametrize("rule", list(BIDDING))
def test_legal_lists_exactly_the_bids_accepted(rule: str) -> None:
    engine = bid_engine(bidding=rule)
    state = engine.initial(["Anna", "Boris", "Vera"])
    state, _ = engine.apply(state, Action("bid", "Anna", {"quantity": 4, "face": 3}))
    listed = {
        (a.args["quantity"], a.args["face"]) for a in open_now(engine, state) if a.verb == "bid"
    }
    accepted = set()
    for quantity, face in itertools.product(range(1, 17), range(1, 7)):
        try:
            engine.apply(state, Action("bid", "Boris", {"quantity": quantity, "face": face}))
        except IllegalMove:
            continue
        accepted.add((quantity, face))
    assert listed == accepted


# ------------------------------------------------------------------------------------------
# Options.


@pytest.mark.parametrize(
    ("game", "options", "named"),
    [
        ("liar", {"tokens": 0}, "tokens"),
        ("liar", {"raise_rule": "louder"}, "raise_rule"),
        ("liar", {"opening": "two_dice"}, "opening"),
        ("liar", {"players_min": 1}, "players_min"),
        ("liars_dice_common", {"chips": 10}, "chips"),
        ("liars_dice", {"bidding": "d"}, "bidding"),
        ("liars_dice", {"wild_ones": "yes"}, "wild_ones"),
        ("liars_dice", {"dice": 0}, "dice"),
        ("bluff", {"compare": "claimed"}, "compare"),
        ("bluff", {"duels": 0}, "duels"),
    ],
)
def test_bad_options_are_refused_naming_the_option(
    game: str, options: Mapping[str, Any], named: str
) -> None:
    with pytest.raises(OptionsError, match=named):
        create_engine(game, overrides=options)


def test_bluff_is_a_duel() -> None:
    with pytest.raises(OptionsError, match="players"):
        create_engine("bluff").initial(["Anna", "Boris", "Vera"])
