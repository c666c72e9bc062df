"""Random play through ``legal`` for the dice-engine tests, kept once for all of them.

Not a test module (no ``test_`` prefix, so pytest does not collect it): the property tests of
every dice engine family import it.  What they share is a way to play whole games from the
decisions ``legal`` lists (a chance outcome such as a throw's faces is filled in at random), and
the checks such a game must pass at every step: the listed move is accepted, a state is never
changed by what follows it, undo restores the exact view, and the paper sheet ends with a total
equal to the scores.  Each family keeps only what is its own: how to fill in a decision, and
which moves a random player prefers.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from scoring.actions import Action, parse_action
from scoring.engine import open_now
from scoring.match import Entry, Match, Outcome
from scoring.registry import create_engine
from scoring.verdicts import IllegalMove

# --------------------------------------------------------------------------------------------
# One move.


def act(engine: Any, state: Any, raw: Mapping[str, Any]) -> Any:
    """Apply one raw action the way the match does (parse, then apply); the new state."""
    return engine.apply(state, parse_action(raw, engine.verbs))[0]


def refusal(engine: Any, state: Any, raw: Mapping[str, Any]) -> str:
    """The code of the verdict that refuses a raw action."""
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, parse_action(raw, engine.verbs))
    return caught.value.code


# --------------------------------------------------------------------------------------------
# Whole games straight on the engine (the poker-dice engines of rules/dice.md §3).

#: Chance outcomes to try for a listed action that carries none: dice counts, largest first.
COUNTS = (5, 4, 3, 2, 1)


def completions(action: Action, rng: random.Random) -> Iterator[Action]:
    """The listed action with its chance outcome filled in: the faces of a throw or of a
    reveal (the engine refuses a wrong count, so every count is offered, largest first), or
    the number of dice shaken under a cup."""
    if action.verb in ("roll", "reveal") and "dice" not in action.args:
        for count in COUNTS:
            dice = tuple(rng.randint(1, 6) for _ in range(count))
            yield Action(action.verb, action.by, {**action.args, "dice": dice})
        return
    if action.verb == "shake":
        yield Action("shake", action.by, {"count": rng.randint(1, 5)})
    yield action


def play_randomly(
    engine: Any, players: list[str], rng: random.Random, limit: int = 2000
) -> tuple[Any, list[tuple[Action, Any]]]:
    """A whole game of moves drawn from ``legal`` (void throws rarely, so that games end),
    checking every step: the listed move is accepted, states are hashable (made of immutable
    parts) and unchanged by ``apply``, verdicts speak both languages, the view is JSON."""
    state = engine.initial(players)
    history: list[tuple[Action, Any]] = []
    for _ in range(limit):
        choices = open_now(engine, state)
        if not choices:
            break
        plain = [a for a in choices if a.verb != "void"]
        listed = rng.choice(plain if plain and rng.random() > 0.03 else choices)
        hash(state)  # only immutable parts: nothing can change it in place
        before = engine.view(state)
        for action in completions(listed, rng):
            try:
                following, verdicts = engine.apply(state, action)
            except IllegalMove as refused:
                assert refused.code in ("wrong_dice_count", "must_throw_all"), (action, refused)
                continue
            break
        else:
            pytest.fail(f"no completion of listed {listed} was accepted")
        assert engine.view(state) == before, "apply changed the state it was given"
        assert all(v.en and v.ru for v in verdicts)
        json.dumps(engine.view(following))
        history.append((action, state))
        state = following
    return state, history


def check_game(game: str, preset: str | None, players: list[str], seed: int) -> Any:
    """A random game ends, with a winner, a full sheet and nothing left to do."""
    engine = create_engine(game, preset)
    state, history = play_randomly(engine, players, random.Random(seed))
    view = engine.view(state)
    assert view["over"] and view["turn"] is None and view["winner"] is not None
    assert open_now(engine, state) == []
    check_sheet(engine, state)
    return engine, state, history


def check_undo(game: str, preset: str | None, players: list[str], seed: int) -> None:
    """Undoing any action restores the exact view before it, and redoing it the view after."""
    engine = create_engine(game, preset)
    _, history = play_randomly(engine, players, random.Random(seed), limit=60)
    match = Match(engine, players)
    rng = random.Random(seed + 1)
    for action, _ in history:
        undo_and_redo(match, action, rng, 0.3)


# --------------------------------------------------------------------------------------------
# Whole games through a match (the round, target and one-shot engines of §5 and §6).

#: Makes a listed decision concrete: (engine, state, listed action, generator) -> raw action.
Fill = Callable[[Any, Any, Action, random.Random], dict[str, Any]]


def play_match(
    engine: Any,
    players: Sequence[str],
    rng: random.Random,
    fill: Fill,
    limit: int,
    skip: Sequence[str] = (),
) -> tuple[list[Entry], list[dict[str, Any]]]:
    """Up to ``limit`` random decisions out of ``legal`` (leaving out the verbs ``skip``), each
    made concrete by ``fill`` and accepted by the match: the history and every view on the
    way, the first one before any move."""
    match = Match(engine, players)
    views = [match.view()]
    for _ in range(limit):
        legal = [a for a in open_now(engine, match.state) if a.verb not in skip]
        if not legal:
            break
        choice = rng.choice(legal)
        outcome = match.submit(fill(engine, match.state, choice, rng))
        assert outcome.accepted, (choice, outcome.code, outcome.error)
        views.append(match.view())
    return match.entries, views


# --------------------------------------------------------------------------------------------
# Checks.


def undo_and_redo(
    match: Match,
    action: Any,
    rng: random.Random | None = None,
    chance: float = 1.0,
    exact: bool = False,
) -> Outcome:
    """Submit ``action``; then (always, or by ``chance``) take it back, which restores the
    exact view before it, and submit it again, which restores the view after it.  With
    ``exact`` the states themselves must come back (the card games hold hidden cards that no
    view shows).  The outcome of the first submission."""
    picture: Callable[[], Any] = (lambda: match.state) if exact else match.view
    before = picture()
    outcome = match.submit(action)
    assert outcome.accepted, (action, outcome.code, outcome.error)
    after = picture()
    if rng is None or rng.random() < chance:
        assert match.submit({"do": "undo"}).accepted
        assert picture() == before
        assert match.submit(action).accepted
        assert picture() == after
    return outcome


def undo_restores(
    engine: Any,
    players: Sequence[str],
    entries: Sequence[Entry],
    views: Sequence[Mapping[str, Any]],
    at: int,
) -> None:
    """Undoing history entry ``at`` gives back the view the table had before it."""
    match = Match(engine, players, list(entries[: at + 1]))
    assert match.submit({"do": "undo"}).accepted
    assert match.view() == views[at]


def check_sheet(engine: Any, state: Any) -> dict[str, Any]:
    """The sheet has one column per player and ends with a total equal to the scores; every
    row is a titled row of a known kind with a cell for each player."""
    sheet = engine.score_sheet(state)
    view = engine.view(state)
    assert sheet["columns"] == view["players"]
    assert sheet["rows"][-1]["kind"] == "total"
    assert sheet["rows"][-1]["cells"] == view["scores"]
    for row in sheet["rows"]:
        assert set(row) == {"key", "en", "ru", "kind", "cells"}
        assert row["kind"] in ("row", "subtotal", "bonus", "total")
        assert set(row["cells"]) == set(view["players"]) and row["en"] and row["ru"]
    return sheet


def check_rows_add_up(sheet: Mapping[str, Any], scores: Mapping[str, int]) -> None:
    """Where a game's rows are points, its plain rows add up to each player's score."""
    body = [row for row in sheet["rows"] if row["kind"] == "row"]
    for player, score in scores.items():
        assert sum(row["cells"][player] or 0 for row in body) == score
