"""Hypothesis properties of the dominoes engine (issue 5, rules/dominoes.md).

- the 28 tiles are always all accounted for (hands, layout, boneyard), checked at every step of
  random legal games of every preset (the driver in ``test_dominoes_play``);
- a random legal game ends, with a winner, nothing left to do and a sheet that adds up;
- undo restores the exact state (and a redo the state after);
- a game refereed with public information (hands unseen, shown at the end) scores exactly as
  the same game refereed with full information;
- the §1.5 invariant: with every tile in a hand or the layout, the layout alone tells a fish.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_dominoes_play import PLAYERS, PRESETS, concrete, full_engine, play

from scoring.actions import Action
from scoring.dominoes.layout import fits, invariant_blocked
from scoring.dominoes.state import State
from scoring.engine import open_now
from scoring.match import Match
from scoring.registry import create_engine

SEEDS = st.integers(0, 10**6)


@settings(max_examples=40)
@given(case=st.sampled_from(PRESETS), seed=SEEDS)
def test_random_game_ends_and_conserves_tiles(case: tuple[str, str, int], seed: int) -> None:
    game, preset, seats = case
    eng = full_engine(game, preset)
    state, _ = play(eng, PLAYERS[:seats], random.Random(seed))
    view = eng.view(state)
    assert view["over"] and view["turn"] is None and view["winner"] is not None
    assert open_now(eng, state) == []
    sheet = eng.score_sheet(state)
    assert sheet["rows"][-1]["kind"] == "total"
    assert list(sheet["rows"][-1]["cells"].values()) == list(state.scores)
    if state.lines:
        assert state.lines[-1].totals == state.scores or state.round is not None


@settings(max_examples=15)
@given(case=st.sampled_from(PRESETS), seed=SEEDS)
def test_undo_restores_the_exact_state(case: tuple[str, str, int], seed: int) -> None:
    game, preset, seats = case
    eng = full_engine(game, preset)
    _, history = play(eng, PLAYERS[:seats], random.Random(seed), limit=80)
    match = Match(eng, PLAYERS[:seats])
    rng = random.Random(seed)
    for action in history:
        before = match.state
        assert match.submit(action).accepted
        after = match.state
        if rng.random() < 0.3:
            assert match.submit({"do": "undo"}).accepted
            assert match.state == before
            assert match.submit(action).accepted
            assert match.state == after


def _public(action: Action) -> Action:
    """What the camera sees of an action: a deal without hands, a draw without its tile."""
    if action.verb == "deal":
        return Action("deal", None, {k: v for k, v in action.args.items() if k != "hands"})
    if action.verb == "draw":
        return Action("draw", action.by, {})
    return action


def _finish_public(pub: Any, state: State, hands: list[tuple[str, ...]]) -> State:
    """Knock round until the public referee sees the block (a V5 player first knocks to end his
    turn of several tiles), then show the hands."""
    for _ in range(len(state.players) + 1):
        rnd = state.round
        if rnd is None or rnd.ending is not None:
            break
        state = pub.apply(state, Action("knock", state.players[rnd.turn]))[0]  # type: ignore[index]
    while state.round is not None and state.round.ending is not None:
        seat = state.round.turn
        assert seat is not None
        state = pub.apply(state, Action("reveal", state.players[seat], {"tiles": hands[seat]}))[0]
    return state


@settings(max_examples=25)
@given(case=st.sampled_from(PRESETS), seed=SEEDS)
def test_public_information_scores_like_full(case: tuple[str, str, int], seed: int) -> None:
    game, preset, seats = case
    full = full_engine(game, preset)
    pub = create_engine(game, preset)
    players = PLAYERS[:seats]
    rng = random.Random(seed)
    f_state, p_state = full.initial(players), pub.initial(players)
    for _ in range(3000):
        choices = open_now(full, f_state)
        if not choices:
            break
        action = concrete(full, f_state, rng.choice(choices), rng)
        before = f_state.round
        f_state = full.apply(f_state, action)[0]
        public = _public(action)
        if action.verb == "redeal_claim":
            assert before is not None
            public = Action(
                "redeal_claim",
                action.by,
                {"tiles": [str(t) for t in before.hands[f_state.players.index(action.by)].tiles]},
            )
        p_state = pub.apply(p_state, public)[0]
        closed = before is not None and f_state.round is None and action.verb != "redeal_claim"
        if closed and before is not None and p_state.round is not None and not p_state.over:
            hands = [tuple(str(t) for t in h.tiles) for h in before.hands]
            seat = players.index(action.by or "") if action.by else 0
            if action.verb == "lay":
                hands[seat] = tuple(t for t in hands[seat] if t != action.args["tile"])
            if action.verb == "draw":
                hands[seat] = (*hands[seat], action.args["tile"])
            p_state = _finish_public(pub, p_state, hands)
        assert p_state.scores == f_state.scores
    assert full.view(f_state)["over"] and pub.view(p_state)["over"]
    assert p_state.lines == f_state.lines
    assert p_state.winners == f_state.winners


#: The presets whose 28 tiles are all dealt (V3, V10 and the oracles' team games).
CLOSED = [c for c in PRESETS if c[2] == 4 and c[1] in ("kozel", "sevastopol", "openspiel_team")]


@settings(max_examples=25)
@given(case=st.sampled_from(CLOSED), seed=SEEDS)
def test_fish_invariant_matches_the_hands(case: tuple[str, str, int], seed: int) -> None:
    """§1.5: once every tile is in a hand or the layout, the layout is blocked iff every open
    end's number is exhausted, i.e. iff no tile in any hand fits."""
    game, preset, seats = case
    eng = full_engine(game, preset)
    rng = random.Random(seed)
    state = eng.initial(PLAYERS[:seats])
    checked = 0
    for _ in range(3000):
        choices = open_now(eng, state)
        if not choices:
            break
        rnd = state.round
        if rnd is not None and not rnd.layout.empty and rnd.stock_count == 0 and rnd.ending is None:
            stuck = not any(fits(rnd.layout, t) for h in rnd.hands for t in h.tiles)
            assert invariant_blocked(rnd.layout) == stuck
            checked += 1
        state = eng.apply(state, concrete(eng, state, rng.choice(choices), rng))[0]
    assert checked, "no position with every tile in a hand or the layout was seen"
