"""Whole random Durak games, full information, through every preset (rules/durak.md).

The properties the issue asks for: cards are conserved at every step (hands + stock + table +
discard = deck), a legal random game always ends with exactly one fool or a draw, and undo
restores the exact state.  Besides: every move ``legal`` lists is accepted, ``apply`` never
changes its input, and the public-information referee, given only what a camera sees of the
same game (no hands, draws as counts), accepts every move and finds the same fool.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.actions import Action
from scoring.durak.dealing import standard_sizes
from scoring.durak.engine import DurakEngine
from scoring.durak.japanese_b import deadlocked
from scoring.durak.state import DurakState
from scoring.engine import open_now
from scoring.match import Match
from scoring.registry import game

PRESETS = list(game("durak").presets)
SEEDS = st.integers(0, 2**32 - 1)


def engine(preset: str, **options: Any) -> DurakEngine:
    return game("durak").create(preset, {"full_information": True, **options})  # type: ignore[return-value]


def unseen(state: DurakState, engine: DurakEngine) -> list[str]:
    """Cards in no hand, not on the table, not discarded, not the turned-up trump: the stock."""
    seen = {c for hand in state.hands for c in hand.known} | set(state.discard)
    if state.bout is not None:
        seen |= set(state.bout.cards)
    if state.pile is not None:
        seen |= set(state.pile.cards)
    if state.turnup_in_stock:
        seen.add(state.trump_card)
    return [str(c) for c in engine.rules.deck if str(c) not in seen]


def fill(engine: DurakEngine, state: DurakState, action: Action, rng: random.Random) -> Action:
    """A listed chance move made concrete: a shuffled deal, the cards of a draw."""
    rules = engine.rules
    if action.verb == "deal":
        cards = [str(c) for c in rules.deck]
        rng.shuffle(cards)
        sizes = standard_sizes(rules, len(state.players))
        hands, at = {}, 0
        for player, size in zip(state.players, sizes, strict=True):
            hands[player] = cards[at : at + size]
            at += size
        args: dict[str, Any] = {"hands": hands}
        if rules.variant == "japanese_b" and rules.jb_trump == "chosen":
            args["suit"] = rng.choice("CDH")
        elif not rules.japanese:
            args["trump"] = cards[-1]  # the turned-up card, or the last card dealt (N-4)
        return Action("deal", None, args)
    if action.verb == "draw":
        count = action.args["count"]
        pool = unseen(state, engine)
        rng.shuffle(pool)
        drawn = pool[:count]
        if state.turnup_in_stock and count == state.stock:
            drawn = [*pool[: count - 1], state.trump_card]
        return Action("draw", action.by, {"count": count, "cards": tuple(drawn)})
    return action


def conserved(engine: DurakEngine, state: DurakState) -> None:
    """§14.2 accounting identity, and with full information every card in exactly one place."""
    table = len(state.bout.cards) if state.bout else 0
    pile = len(state.pile.cards) if state.pile else 0
    total = sum(h.count for h in state.hands) + state.stock + table + pile + len(state.discard)
    assert total + state.unseen_out == engine.rules.deck_size
    places = [c for h in state.hands for c in h.known] + list(state.discard)
    places += list(state.bout.cards) if state.bout else []
    places += list(state.pile.cards) if state.pile else []
    assert len(places) == len(set(places))
    assert len(places) + state.stock == engine.rules.deck_size
    assert all(h.count == len(h.known) for h in state.hands)


def _keen(choices: list[Action], rng: random.Random) -> list[Action]:
    """A random player who mostly beats when he can: Japanese B's rounds only shrink the
    hands when players beat, and a player who always takes could keep a game going forever."""
    beating = [a for a in choices if a.verb != "take"]
    return beating if beating and rng.random() < 0.8 else choices


def play(
    engine: DurakEngine, players: list[str], seed: int, limit: int = 3000
) -> Iterator[tuple[DurakState, Action, DurakState]]:
    """One game of random listed moves: (state before, action, state after) per step."""
    rng = random.Random(seed)
    state = engine.initial(players)
    for _ in range(limit):
        choices = open_now(engine, state)
        if state.phase == "over" and state.games:
            return
        listed = rng.choice(_keen(choices, rng))
        action = fill(engine, state, listed, rng)
        before = engine.view(state)
        following, verdicts = engine.apply(state, action)
        assert engine.view(state) == before, "apply changed the state it was given"
        assert all(v.en and v.ru for v in verdicts)
        json.dumps(engine.view(following))
        yield state, action, following
        state = following
    raise AssertionError(f"no end after {limit} moves")


@settings(max_examples=60)
@given(st.sampled_from(PRESETS), st.integers(2, 6), SEEDS)
def test_random_game_conserves_cards_and_ends_with_one_fool_or_a_draw(
    preset: str, players: int, seed: int
) -> None:
    durak = engine(preset)
    names = [f"P{i}" for i in range(1, players + 1)]
    state = None
    for _, _, state in play(durak, names, seed):
        conserved(durak, state)
    assert state is not None and state.phase == "over"
    view = durak.view(state)
    holders = [p for p in names if view["hands"][p] > 0]
    if view["fool"] or preset != "japanese_b":
        assert holders == ([view["fool"]] if view["fool"] else [])
    else:  # nobody left with cards, or two deadlocked hands (japanese_b.deadlocked)
        assert len(holders) in (0, 2)
    assert view["scores"] == {p: int(p == view["fool"]) for p in names}
    assert durak.score_sheet(state)["rows"][-1]["cells"] == view["scores"]


@settings(max_examples=20)
@given(st.sampled_from(PRESETS), st.integers(2, 5), SEEDS)
def test_undo_restores_the_exact_state(preset: str, players: int, seed: int) -> None:
    durak = engine(preset)
    names = [f"P{i}" for i in range(1, players + 1)]
    match = Match(durak, names)
    rng = random.Random(seed)
    for step, (_, action, _) in enumerate(play(durak, names, seed)):
        if step == 80:  # an undo re-folds the history: the first bouts are enough
            break
        before = match.state
        assert match.submit(action).accepted
        after = match.state
        if rng.random() < 0.2:
            assert match.submit({"do": "undo"}).accepted
            assert match.state == before
            assert match.submit(action).accepted
            assert match.state == after


def test_japanese_b_two_hands_that_can_never_beat_end_in_a_draw() -> None:
    """Found by the random game (five players, seed 1): P1 holds 8C 9S, P2 holds 6H, no trump
    among them; each lead is taken and led back for ever.  The referee calls the draw."""
    durak = engine("japanese_b")
    names = [f"P{i}" for i in range(1, 6)]
    steps = list(play(durak, names, 1))
    before, action, last = steps[-1]
    _, verdicts = durak.apply(before, action)
    assert [v.code for v in verdicts][-3:] == ["round_over", "deadlock", "game_over"]
    view = durak.view(last)
    assert view["fool"] is None and view["hands"] == {"P1": 2, "P2": 1, "P3": 0, "P4": 0, "P5": 0}
    assert sorted(c for h in last.hands for c in h.known) == ["6H", "8C", "9S"]


def test_japanese_b_is_not_deadlocked_while_the_leader_can_lay_his_last_card() -> None:
    """The same cards with the single 6H to lead: its holder lays it and is out, so the game
    goes on to a fool, not a draw."""
    durak = engine("japanese_b")
    names = [f"P{i}" for i in range(1, 6)]
    *_, last = list(play(durak, names, 1))[-1]
    other = replace(last, phase="lead", leader=1, fools=(), results=last.results[:-1])
    assert deadlocked(replace(other, leader=0), durak.rules)
    assert not deadlocked(other, durak.rules)


def public(action: Action) -> Action | None:
    """What the camera reports of a full-information action: no hands, draws as counts
    (naming only the turned-up trump, which is seen)."""
    if action.verb == "deal":
        args = {k: v for k, v in action.args.items() if k != "hands"}
        return Action("deal", action.by, args)
    if action.verb == "draw":
        return Action("draw", action.by, {"count": action.args["count"]})
    return action


@settings(max_examples=30)
@given(st.sampled_from(PRESETS), st.integers(2, 6), SEEDS)
def test_public_referee_accepts_every_legal_game(preset: str, players: int, seed: int) -> None:
    """Hidden hands cost the referee nothing on a legal game: same moves, same fool."""
    names = [f"P{i}" for i in range(1, players + 1)]
    full = engine(preset)
    seen = game("durak").create(preset)
    state = seen.initial(names)
    last = None
    for _, action, after in play(full, names, seed):
        state, _ = seen.apply(state, public(action))
        last = after
    assert last is not None
    assert seen.view(state)["fool"] == full.view(last)["fool"]
    assert seen.view(state)["hands"] == full.view(last)["hands"]


def test_an_evening_of_games_keeps_the_match_score() -> None:
    """Three games in a row: the score counts each player's fools, the sheet one row a game,
    and the next game's first leader follows Q-06 (the first player out)."""
    durak = engine("podkidnoy")
    names = ["Anna", "Boris", "Vera"]
    rng = random.Random(7)
    state = durak.initial(names)
    fools = []
    while len(fools) < 3:
        listed = rng.choice(open_now(durak, state))
        state, _ = durak.apply(state, fill(durak, state, listed, rng))
        if state.phase == "over" and len(state.results) > len(fools):
            fools.append(durak.view(state)["fool"])
            first_out = state.first_out[-1]
            if state.results[-1]:
                state, _ = durak.apply(state, fill(durak, state, Action("deal"), rng))
                if state.phase == "lead":
                    assert state.leader == first_out
    view = durak.view(state)
    assert view["results"][:3] == [[f] if f else [] for f in fools]
    assert view["scores"] == {p: fools.count(p) for p in names}
    sheet = durak.score_sheet(state)
    assert len(sheet["rows"]) == len(view["results"]) + 1


@settings(max_examples=20)
@given(st.sampled_from(["podkidnoy", "perevodnoy", "simple"]), st.sampled_from([2, 3]), SEEDS)
def test_team_games_end_with_a_losing_team_or_a_draw(preset: str, size: int, seed: int) -> None:
    """§10 [EXT]: seats alternate by team; the team left holding cards once the other team is
    all out loses, every member counted in the match score."""
    durak = engine(preset, teams=f"2x{size}")
    names = [f"P{i}" for i in range(1, 2 * size + 1)]
    state = None
    for _, _, state in play(durak, names, seed):
        conserved(durak, state)
    assert state is not None
    view = durak.view(state)
    losers = set(view["results"][0])
    assert losers in (set(), set(names[0::2]), set(names[1::2]))
    if losers:
        winners = set(names) - losers
        assert all(view["hands"][p] == 0 for p in winners)
        assert any(view["hands"][p] > 0 for p in losers)
    assert view["scores"] == {p: int(p in losers) for p in names}
