"""One conformance test for every preset of the catalogue, in the spirit of OpenSpiel's
``random_sim_test``: seeded random games through a :class:`~scoring.match.Match`, checking
the engine protocol (:class:`scoring.engine.Engine`) at every step.

Every move ``legal`` lists is accepted exactly as listed; every decision ``decisions`` lists
lacks what it says it needs and is accepted once the table's data is filled in; ``apply``
leaves its input state as it was; undo restores the exact view; the view holds its five keys
(``turn`` None once over); the sheet ends with a total row equal to the scores.  A decision's
data (a throw's faces, a deal's cards, a shot's facts) is the family's fill where it has one,
else drawn at random from the verb's declared field types, as OpenSpiel keeps chance apart
from the players; an outcome the engine refuses is drawn again (the engine, not the verb,
knows e.g. how many dice are in the cup).  The per-family tests (tests/dice_play.py,
tests/card_play.py and the ``*_play``/``*_properties`` tests) keep their own checks: card
conservation, oracles, exact-state undo.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from scoring.actions import Action, BoolField, ChoiceField, DiceField, IntField, NameField
from scoring.cards import CardField, CardsField
from scoring.dominoes.tiles import FULL_SET, TileField, TilesField
from scoring.engine import VIEW_KEYS, Decision, OptionsError
from scoring.match import Match
from scoring.registry import catalogue
from scoring.verdicts import IllegalMove
from tests import (
    test_bunco,
    test_dice_oneshot,
    test_dice_rounds,
    test_dominoes_play,
    test_durak_play,
    test_five_pins,
    test_golf,
    test_nine_card_don,
    test_novus,
    test_pogs,
)

SEEDS = (0, 1)
#: Moves per game before the test gives up waiting for the end.
BUDGET = 1500
#: Draws of a chance outcome before a listed decision is set aside as not completable now.
DRAWS = 40
SHEET_KINDS = {"row", "running", "subtotal", "bonus", "total"}

#: The tile games whose hands are hidden unless a preset plays with open hands.
TILE_GAMES = (
    "all_threes",
    "bergen",
    "block_dominoes",
    "draw_dominoes",
    "fives",
    "kozel",
    "multi_tile",
    "sevastopol",
)

#: Games (or game/preset) whose random games need not end within the budget, and why.  The
#: checks still hold at every step taken.
HIDDEN = "a public-information table: a reveal/show must name exactly the hidden hand, which "
HIDDEN += "the engine does not hold, so no drawn completion of the decision is accepted and the "
HIDDEN += "driver stops at the showdown"
NOT_ENDING: dict[str, str] = {
    **dict.fromkeys(
        (
            *TILE_GAMES,
            "domino_poker",
            "devyatka/full_information",
        ),
        HIDDEN,
    ),
    "durak": "public play: an attack's cards cannot be drawn from the verb's fields (any card "
    "of the deck not yet seen), and tests/test_durak_play.fill completes only deals and draws",
    "deberts/full_information": "the full-information deal goes hand by hand ('hand' verb, "
    "exact sizes per seat), which no fill of the per-family tests makes",
    "seven_skittles": "a shot's BallField (the skittles knocked, by name) has no generic draw; "
    "tests/test_seven_skittles.random_shot plays it there",
    "card_thousand": "random bidding rarely closes a game of 1000 within the step budget; "
    "tests/test_card_thousand plays whole deals with its own chooser",
    "holdem/limit": "limit hold'em moves a few big blinds a hand, so random play rarely "
    "busts a player within the step budget; tests/test_holdem_oracle plays whole limit hands",
    "card_ball": "random pocket play rarely empties the hands within the step budget; "
    "tests/test_card_ball plays whole games with its own table",
}

#: The per-family drivers' own fills of a decision's data (the cards of a deal, the tile
#: drawn, the facts of a shot), where the verb's fields alone cannot draw it.
FILLS: dict[str, Any] = {
    "bunco": test_bunco.fill,
    "durak": test_durak_play.fill,
    "five_pins": test_five_pins.fill,
    "golf": test_golf.fill,
    "nine_card_don": test_nine_card_don.unproven_play,
    "novus": test_novus.fill,
    "pogs": test_pogs.fill,
    **dict.fromkeys(("two_dice", "whats_the_sum"), test_dice_oneshot.fill),
    **dict.fromkeys(("aces",), test_dice_rounds.fill),
    **dict.fromkeys(
        TILE_GAMES,
        lambda engine, state, listed, rng: (
            test_dominoes_play.concrete(engine, state, listed, rng) if engine.full else listed
        ),
    ),
}

PRESETS = [
    pytest.param(game.id, preset, id=f"{game.id}/{preset}")
    for game in catalogue().values()
    for preset in game.presets
]


def reason(engine: Any) -> str | None:
    """Why the random games of this preset may stop short of the end, or None."""
    return NOT_ENDING.get(f"{engine.game}/{engine.preset}", NOT_ENDING.get(engine.game))


def seat(game_id: str, preset: str) -> tuple[Any, list[str]]:
    """The engine and the fewest players (two or more where it seats them) it takes."""
    game = catalogue()[game_id]
    engine = game.create(preset)
    for count in (2, 3, 4, 1, 5, 6):
        players = [f"P{i}" for i in range(1, count + 1)]
        try:
            engine.initial(players)
        except OptionsError:
            continue
        return engine, players
    raise AssertionError(f"{game_id}/{preset}: seats none of 1..6 players")


class Undrawable(Exception):
    """A field type with no generic random value (the game states why in NOT_ENDING)."""


def draw(kind: Any, rng: random.Random, players: list[str]) -> Any:
    """A random value of one declared field type."""
    if isinstance(kind, DiceField):
        count = rng.randint(kind.min_count, kind.max_count)
        return [rng.choice(kind.faces) for _ in range(count)]
    if isinstance(kind, ChoiceField):
        return rng.choice(kind.choices)
    if isinstance(kind, IntField):
        top = kind.maximum if kind.maximum is not None else kind.minimum + 20
        return rng.randint(kind.minimum, top)
    if isinstance(kind, BoolField):
        return rng.random() < 0.5
    if isinstance(kind, CardField):
        return str(rng.choice(kind.deck))
    if isinstance(kind, CardsField):
        count = rng.randint(kind.min_count, min(kind.max_count, len(kind.deck)))
        return [str(card) for card in rng.sample(kind.deck, count)]
    if isinstance(kind, TileField):
        return str(rng.choice(FULL_SET))
    if isinstance(kind, TilesField):
        count = rng.randint(kind.min_count, min(kind.max_count, len(FULL_SET)))
        return [str(tile) for tile in rng.sample(FULL_SET, count)]
    if isinstance(kind, NameField):
        return rng.choice(players)
    raise Undrawable(type(kind).__name__)


def complete(
    engine: Any, state: Any, decision: Decision, rng: random.Random, players: list[str]
) -> dict:
    """A decision as a raw action: the family's fill where it has one, then whatever it still
    needs drawn at random."""
    listed = decision.action
    fill = FILLS.get(engine.game)
    if fill is not None:
        made = fill(engine, state, listed, rng)
        raw = made.to_dict() if isinstance(made, Action) else dict(made)
    else:
        raw = listed.to_dict()
    # What the fill left out: the required fields, or every need where it gave none of them.
    verb = engine.verbs[listed.verb]
    wanted = [n for n in decision.needs if n not in raw]
    if set(decision.needs) & set(raw):
        wanted = [n for n in wanted if n in verb.required]
    for name in wanted:
        raw[name] = draw(verb.fields[name], rng, players)
    return raw


def check_listing(engine: Any, state: Any) -> tuple[list[Action], list[Decision]]:
    """Both lists of what is open: every move accepted exactly as listed (on the engine, its
    input unchanged), every decision lacking what it needs."""
    moves, decisions = engine.legal(state), engine.decisions(state)
    for move in moves:
        snapshot = copy.deepcopy(state)
        try:
            engine.apply(state, move)
        except IllegalMove as refused:
            pytest.fail(f"listed move {move} refused: {refused.code}")
        assert state == snapshot, "apply changed the state it was given"
    for decision in decisions:
        assert decision.needs, decision
        assert set(decision.needs) <= set(engine.verbs[decision.verb].fields), decision
        assert not set(decision.needs) & set(decision.action.args), decision
    return moves, decisions


def check_view(engine: Any, state: Any, players: list[str]) -> dict:
    view = engine.view(state)
    assert set(view) >= set(VIEW_KEYS), set(view)
    assert set(view["scores"]) == set(view["players"])
    if view["over"]:
        assert view["turn"] is None
    json.dumps(view)
    sheet = engine.score_sheet(state)
    assert sheet["rows"], "an empty sheet"
    if sheet["columns"] != view["players"]:
        # A partnership game keeps one column per side ("P1+P3"); each player's score is
        # the score of the side.
        sides = {member: side for side in sheet["columns"] for member in side.split("+")}
        assert set(sides) == set(view["players"]), (sheet["columns"], view["players"])
        total = sheet["rows"][-1]["cells"]
        assert {p: total[sides[p]] for p in view["players"]} == view["scores"]
        assert sheet["rows"][-1]["kind"] == "total"
        return view
    for row in sheet["rows"]:
        assert row["kind"] in SHEET_KINDS, row
        assert set(row["cells"]) == set(view["players"]), row
    assert sheet["columns"] == view["players"]
    assert sheet["rows"][-1]["kind"] == "total"
    assert sheet["rows"][-1]["cells"] == view["scores"]
    return view


def step(match: Match, raw: dict) -> Any:
    """Apply a raw action straight on the engine: the new state, the input state unchanged."""
    engine, state = match.engine, match.state
    action = match.parse(raw)
    snapshot = copy.deepcopy(state)
    before = engine.view(state)
    try:
        following, verdicts = engine.apply(state, action)
    finally:
        assert state == snapshot, "apply changed the state it was given"
        assert engine.view(state) == before, "apply changed the view of its input"
    assert all(v.en and v.ru for v in verdicts)
    return following


def attempt(
    match: Match, decision: Decision, rng: random.Random, players: list[str], last: Any
) -> tuple[dict | None, Any]:
    """A decision completed with drawn data and checked on the engine: the raw action, or None
    where no draw was accepted (and why, for the failure message)."""
    engine = match.engine
    for _ in range(DRAWS):
        try:
            raw = complete(engine, match.state, decision, rng, players)
        except Undrawable as kind:
            assert reason(engine) is not None, f"no way to draw a {kind}"
            return None, (decision, f"no draw of a {kind}")
        try:
            step(match, raw)
        except IllegalMove as refused:
            last = (raw, refused.code)
            continue
        return raw, last
    return None, last


def choose(
    match: Match,
    moves: list[Action],
    decisions: list[Decision],
    rng: random.Random,
    players: list[str],
) -> dict | None:
    """One of the open actions at random: a move as listed, or a decision completed."""
    options: list[Action | Decision] = [*moves, *decisions]
    rng.shuffle(options)
    last: Any = None
    for option in options:
        if isinstance(option, Action):
            return option.to_dict()
        raw, last = attempt(match, option, rng, players, last)
        if raw is not None:
            return raw
    if reason(match.engine) is not None:
        return None  # the game's stated reason: its chance part cannot be drawn here
    pytest.fail(f"no decision could be completed: {decisions[:5]}, last {last}")


def play(game_id: str, preset: str, seed: int) -> dict:
    engine, players = seat(game_id, preset)
    rng = random.Random(seed)
    match = Match(engine, players)
    view = check_view(engine, match.state, players)
    for _ in range(BUDGET):
        if view["over"]:
            break
        moves, decisions = check_listing(engine, match.state)
        assert moves or decisions, f"not over, yet nothing is open: {view}"
        raw = choose(match, moves, decisions, rng, players)
        if raw is None:
            break
        before = match.view()
        outcome = match.submit(raw)
        assert outcome.accepted, (raw, outcome.code, outcome.error)
        after = match.view()
        if rng.random() < 0.15:
            assert match.submit({"do": "undo"}).accepted
            assert match.view() == before, "undo did not restore the view"
            assert match.submit(raw).accepted
            assert match.view() == after, "redo did not restore the view"
        view = check_view(engine, match.state, players)
    if view["over"]:
        assert engine.legal(match.state) == [], "moves listed after the end"
        assert engine.decisions(match.state) == [], "decisions listed after the end"
    return view


@pytest.mark.parametrize(("game_id", "preset"), PRESETS)
def test_random_games_conform(game_id: str, preset: str) -> None:
    for seed in SEEDS:
        view = play(game_id, preset, seed)
        if reason(catalogue()[game_id].create(preset)) is None:
            assert view["over"], f"{game_id}/{preset} seed {seed}: not over after {BUDGET} moves"


@pytest.mark.parametrize(("game_id", "preset"), PRESETS)
def test_every_verb_has_its_handler(game_id: str, preset: str) -> None:
    """An engine dispatching on a verb table (:class:`scoring.engine.BaseEngine`) has a handler
    for every verb it declares, so a verb the action language accepts never fails a lookup."""
    engine = catalogue()[game_id].create(preset)
    handlers = getattr(engine, "_handlers", None)
    if handlers is not None:
        assert set(engine.verbs) <= set(handlers)
