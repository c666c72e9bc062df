"""Whole card games for the card-game tests, kept once for all of them: random play through
``legal`` (through a match, or straight on the engine), and a scenario file's actions played
into a match.

Not a test module (no ``test_`` prefix, so pytest does not collect it): the property tests of
every card engine import it.  A card table deals hidden cards, so a random card game goes
through a :class:`~scoring.match.Match`, each listed move made concrete by the test's own
``fill`` (the cards of a deal from its shuffled deck, a card turned up), and undo is checked
against the exact state, not only the view (:func:`tests.dice_play.undo_and_redo`, shared with
the dice tests).  At every step the listed move is accepted and its verdicts speak both
languages; the last view is plain JSON.  Each game adds its own checks after every move
through ``check`` (conservation of its cards).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from scoring.actions import Action
from scoring.engine import open_now
from scoring.match import Match, Outcome, effective
from scoring.scenario import load
from scoring.verdicts import Verdict
from tests.dice_play import undo_and_redo

#: Makes a listed move concrete: (engine, state, listed action, generator) -> the move.
Fill = Callable[[Any, Any, Action, random.Random], Mapping[str, Any] | Action]
#: A game's own checks after each accepted move.
Check = Callable[[Match], None]


def pick(
    rng: random.Random,
    listed: list[Action],
    prefer: Callable[[Action], bool] | None = None,
    chance: float = 0.0,
) -> Action:
    """A random listed move; with ``chance``, one that ``prefer`` likes where there is one (a
    player who mostly plays a card, so that deals come and go)."""
    liked = [a for a in listed if prefer(a)] if prefer else []
    return rng.choice(liked if liked and rng.random() < chance else listed)


def submit(match: Match, move: Mapping[str, Any] | Action, undo: bool = False) -> Outcome:
    """A move the match must accept; with ``undo`` it is also taken back (the exact state
    before it returns) and made again (the exact state after it returns)."""
    if undo:
        return undo_and_redo(match, move, exact=True)
    outcome = match.submit(move)
    assert outcome.accepted, (move, outcome.code, outcome.error)
    return outcome


def play_listed(
    match: Match,
    rng: random.Random,
    fill: Fill,
    limit: int,
    *,
    prefer: Callable[[Action], bool] | None = None,
    chance: float = 0.0,
    skip: Collection[str] = (),
    undo: float = 0.0,
    check: Check | None = None,
) -> list[Mapping[str, Any] | Action]:
    """Up to ``limit`` random moves out of ``legal`` (leaving out the verbs ``skip``, stopping
    when none is listed), each made concrete by ``fill`` and checked as the module docstring
    says; a share ``undo`` of them (0 none, 1 all, else drawn) is also undone and redone.
    The moves made, in order."""
    engine = match.engine
    made: list[Mapping[str, Any] | Action] = []
    for _ in range(limit):
        listed = [a for a in open_now(engine, match.state) if a.verb not in skip]
        if not listed:
            break
        move = fill(engine, match.state, pick(rng, listed, prefer, chance), rng)
        again = undo >= 1 or (undo > 0 and rng.random() < undo)
        outcome = submit(match, move, again)
        assert all(v.en and v.ru for v in outcome.verdicts)
        if check is not None:
            check(match)
        made.append(move)
    json.dumps(engine.view(match.state))
    return made


#: Picks and makes concrete a random listed move: (engine, state, generator) -> the move.
Choose = Callable[[Any, Any, random.Random], Action]


def walk(
    engine: Any, players: Sequence[str], rng: random.Random, choose: Choose, limit: int
) -> Iterator[tuple[Any, Action, Any, list[Verdict]]]:
    """Up to ``limit`` random moves straight on the engine (no journal, for the long games
    whose every deal a test accounts for), stopping when none is listed: each step as (state,
    move, following state, verdicts), its verdicts in both languages, the view after it plain
    JSON."""
    state = engine.initial(players)
    for _ in range(limit):
        if not open_now(engine, state):
            break
        action = choose(engine, state, rng)
        following, verdicts = engine.apply(state, action)
        assert all(v.en and v.ru for v in verdicts)
        json.dumps(engine.view(following))
        yield state, action, following, verdicts
        state = following


def scenario_played(path: Path) -> Match:
    """The match after every action of a scenario file (its expectations are left to the
    scenario runner), for a test that reads the sheet it leaves."""
    scenario = load(path)
    match = scenario.match()
    for step in scenario.steps:
        if "expect" not in step:
            match.submit(dict(step))
    return match


def replayed(match: Match) -> list[Verdict]:
    """Every verdict of the actions in force, replayed from the start: what random play
    reached, so that a test can show its properties are not vacuous."""
    engine = match.engine
    state = engine.initial(match.players)
    out: list[Verdict] = []
    for entry in effective(match.entries):
        state, verdicts = engine.apply(state, entry.action)
        out += verdicts
    return out
