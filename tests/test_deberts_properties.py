"""Deberts (cards.md §2): whole random games with full information, and their properties.

The driver shuffles a 32-card deck for each deal (the engine itself never draws: the table
deals), gives the hands as the ``full_information`` preset asks, and picks every other move
from ``legal``.  Properties: the 32 cards are conserved at every step, each hand's card points
equal the value of the cards played (§2.10: not a constant in Deberts), the sheet adds up to
the scores, ``apply`` never changes its input and undo restores the exact state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.actions import Action
from scoring.card_games.deberts.rules import LAST_TRICK, Rules, card_points
from scoring.card_games.deberts.settle import hand_parts
from scoring.card_games.deberts.state import Phase, State, tricks
from scoring.cards import deck
from scoring.engine import open_now
from scoring.match import Match
from scoring.registry import create_engine
from tests.card_play import play_listed

DECK = deck(32)


class Table:
    """The physical deal behind a random game: a shuffled deck per hand."""

    def __init__(self, seats: int, rng: random.Random) -> None:
        self.seats, self.rng = seats, rng
        self.cards: list[Any] = []

    def shuffle(self) -> str:
        self.cards = list(DECK)
        self.rng.shuffle(self.cards)
        return str(self.cards[6 * self.seats])  # the turn-up lies on the rest (§2.3)

    def first(self, seat: int) -> list[str]:
        return [str(c) for c in self.cards[6 * seat : 6 * seat + 6]]

    def second(self, seat: int) -> list[str]:
        start = 6 * self.seats + 1 + 3 * seat
        return [str(c) for c in self.cards[start : start + 3]]

    def bottom(self) -> str:
        return str(self.cards[-1])


def fill(engine: Any, state: State, action: Action, table: Table) -> dict[str, Any]:
    """A listed action made concrete from the table's deck."""
    raw = action.to_dict()
    seat = state.players.index(action.by or "")
    if action.verb == "deal":
        raw["turnup"] = table.shuffle()
    elif action.verb == "deal_rest":
        raw["bottom"] = table.bottom()
    elif action.verb == "hand":
        assert state.hand is not None
        first = not state.hand.hands[seat] and state.hand.phase != "play"
        raw["cards"] = table.first(seat) if first else table.second(seat)
    return raw


def play_game(
    preset: str,
    players: Sequence[str],
    seed: int,
    limit: int = 600,
    undo: float = 0.0,
    **options: Any,
) -> tuple[Any, Match, list[Any]]:
    """A random game through a Match, a share ``undo`` of its moves undone and redone: the
    engine, the match and each step's raw action."""
    engine = create_engine("deberts", preset, {"information": "full", **options})
    match = Match(engine, players)
    rng = random.Random(seed)
    table = Table(len(players), rng)

    def check(match: Match) -> None:
        json.dumps(match.view())
        check_cards(match.state, len(players))
        check_hand_points(match.state)

    actions = play_listed(
        match,
        rng,
        lambda engine, state, action, _: fill(engine, state, action, table),
        limit,
        prefer=lambda action: action.verb in ("play", "hand", "deal", "deal_rest"),
        chance=0.8,
        undo=undo,
        check=check,
    )
    return engine, match, actions


def check_cards(state: State, seats: int) -> None:
    """Card conservation: every card is in exactly one place (hand, trick, turn-up, bottom or
    the unseen stock) and a hand holds 9 minus what it has played."""
    hand = state.hand
    if hand is None or not hand.hands:
        return
    places = [c for cs in hand.hands for c in cs] + [p.card for p in hand.played]
    places.append(hand.turnup)
    if hand.bottom is not None:
        places.append(hand.bottom)
    assert len(places) == len(set(places)), "a card is in two places"
    assert set(places) <= set(DECK)
    if hand.phase in ("play", Phase.DONE) and all(
        len(cs) + _played(hand, s) == 9 for s, cs in enumerate(hand.hands)
    ):
        assert len(places) == 9 * seats + 2  # the rest is the unseen stock, 32 in all


def _played(hand: Any, seat: int) -> int:
    return sum(1 for p in hand.played if p.seat == seat)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["moscow", "kharkov", "offers"]))
def test_random_two_player_games(seed: int, preset: str) -> None:
    engine, match, _ = play_game(preset, ["Anna", "Boris"], seed, limit=200)
    check_hand_points(match.state)
    check_sheet(engine, match.state)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_random_three_player_games(seed: int) -> None:
    engine, match, _ = play_game("three", ["Anna", "Boris", "Vera"], seed, limit=200)
    check_hand_points(match.state)
    check_sheet(engine, match.state)


def test_a_random_game_ends_with_a_claim() -> None:
    """Games end: a player reaching 501 is offered the claim and takes it."""
    engine, match, actions = play_game("moscow", ["Anna", "Boris"], 7, limit=5000)
    view = engine.view(match.state)
    assert view["over"] and view["winner"] and open_now(engine, match.state) == []
    assert actions[-1]["do"] == "claim"
    assert max(view["scores"].values()) >= 501


def check_hand_points(state: State) -> None:
    """§2.10: the card points in the tricks sum to the value of the cards played."""
    hand = state.hand
    if hand is None:
        return
    seats = len(state.players)
    taken = sum(card_points([p.card for p in t], hand.trump) for t in tricks(hand, seats))
    played = [p.card for t in tricks(hand, seats) for p in t]
    assert taken == card_points(played, hand.trump)
    if len(played) == 9 * seats:
        assert len(set(played)) == 9 * seats
        cards_, combos, last = hand_parts(hand, seats, Rules.read({"players": seats}))
        assert sum(cards_) + sum(last) == card_points(played, hand.trump) + LAST_TRICK
        assert sum(combos) % 10 == 0 and all(c >= 0 for c in combos)


def check_sheet(engine: Any, state: State) -> None:
    """The sheet's rows add up to the totals; running totals match the rows above them."""
    sheet = engine.score_sheet(state)
    view = engine.view(state)
    assert sheet["columns"] == view["players"]
    assert sheet["rows"][-1]["cells"] == view["scores"]
    running = dict.fromkeys(view["players"], 0)
    for row in sheet["rows"]:
        if row["kind"] == "row":
            for player, cell in row["cells"].items():
                running[player] += cell or 0
        elif row["kind"] in ("subtotal", "total"):
            assert row["cells"] == running


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10**6))
def test_undo_restores_the_exact_state(seed: int) -> None:
    """Undoing any action gives back the state before it; redoing it the state after."""
    play_game("moscow", ["Anna", "Boris"], seed, limit=120, undo=0.25)


def test_apply_never_changes_its_input() -> None:
    engine, _, actions = play_game("moscow", ["Anna", "Boris"], 3, limit=60)
    replay = Match(engine, ["Anna", "Boris"])
    for raw in actions:
        state = replay.state
        copy = repr(state)
        engine.apply(state, replay.parse(raw))
        assert repr(state) == copy
        hash(state)
        replay.submit(raw)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([("Anna", "Boris"), ("Anna", "Boris", "Vera")]))
def test_public_referee_agrees_and_flags_nothing_in_legal_play(seed: int, players: tuple) -> None:
    """§8.5: the camera's referee (hands hidden) folds the same legal game to the same scores
    and never flags a breach that did not happen (no false proofs)."""
    preset = "moscow" if len(players) == 2 else "three"
    engine, full, actions = play_game(preset, players, seed, limit=150)
    public = Match(create_engine("deberts", preset), players)
    for raw in actions:
        if raw["do"] == "hand":
            continue
        outcome = public.submit(raw)
        assert outcome.accepted, (raw, outcome.code, outcome.error)
        assert not any(v.code.startswith("proven_") for v in outcome.verdicts), raw
    assert public.view()["scores"] == engine.view(full.state)["scores"]
