"""The golf observer (vision/cards/golf.py): each card's slot from the declared mat, a card newly
face up in a slot, the discard pile's top laid or taken, the table cleared; and a rendered golf
hole (vision/synth/cards.py) that follows the rules and is read back into its facts."""

from __future__ import annotations

import numpy as np
import pytest

from scoring.match import Match
from scoring.registry import create_engine
from vision.cards.facts import TableCleared
from vision.cards.golf import (
    MAT_CARD_WIDTH,
    DiscardChanged,
    GolfLayout,
    GolfObserver,
    GridPlaced,
)
from vision.cards.reader import CardReading
from vision.synth.cards import centred_quad, render_table
from vision.types import Box

MAT = GolfLayout.mat()
FRAMES = 3


def at(code: str, point: tuple[float, float], covered_by: str | None = None) -> CardReading:
    """A card read lying with its centre at ``point``, the mat's size, a little askew."""
    quad = centred_quad(point, 0.03, MAT_CARD_WIDTH)
    left, top = quad.min(axis=0)
    right, bottom = quad.max(axis=0)
    box = Box(float(left), float(top), float(right - left), float(bottom - top))
    return CardReading(
        code, box, tuple((float(x), float(y)) for x, y in quad), box, 0.97, covered_by
    )


def slot(code: str, seat: int, number: int) -> CardReading:
    return at(code, MAT.slots[(seat, number)])


def pile(code: str) -> CardReading:
    return at(code, MAT.discard)


def feed(observer: GolfObserver, readings: list[CardReading], start: int) -> list:
    facts = []
    for index in range(start, start + FRAMES):
        facts += observer.update(readings, index, index / 30)
    return facts


def seen(facts: list) -> list[tuple]:
    """Each fact in short: a grid card's card, seat, slot, covers and moved_from; the pile's
    top, previous and taken; ``cleared``."""
    out: list[tuple] = []
    for fact in facts:
        if isinstance(fact, GridPlaced):
            out.append((fact.card, fact.seat, fact.slot, fact.covers, fact.moved_from))
        elif isinstance(fact, DiscardChanged):
            out.append(("pile", fact.top, fact.previous, fact.taken))
        else:
            assert isinstance(fact, TableCleared)
            out.append(("cleared",))
    return out


def test_the_mat_numbers_slots_row_by_row_as_the_players_see_them() -> None:
    (x1, y1), (x3, y3) = MAT.slots[(1, 1)], MAT.slots[(1, 3)]
    x4, y4 = MAT.slots[(1, 4)]
    assert x1 < x3 and y1 == y3 and x4 == x1 and y4 > y1  # slot 4 begins the second row
    assert MAT.slots[(2, 1)][0] > x3 and len(MAT.slots) == 18
    assert len(GolfLayout.mat("2x3").slots) == 12
    assert MAT.place(slot("QH", 1, 5)) == ("grid:1", 5)
    assert MAT.place(slot("QH", 2, 9)) == ("grid:2", 9)
    assert MAT.place(pile("QH")) == ("discard", 0)
    between = tuple(np.mean([MAT.slots[(1, 1)], MAT.slots[(1, 2)]], axis=0))
    assert MAT.place(at("QH", (float(between[0]), float(between[1])))) is None  # lying loose
    assert MAT.place(at("QH", MAT.stock)) is None  # the stock's top turned over is nobody's


def test_a_hole_read_into_grid_and_pile_facts() -> None:
    observer = GolfObserver(frames=FRAMES)
    assert feed(observer, [], 0) == []  # an empty table before the deal says nothing
    assert seen(feed(observer, [pile("7C")], 3)) == [("pile", "7C", None, False)]
    flipped = [pile("7C"), slot("QH", 1, 5)]
    assert seen(feed(observer, flipped, 6)) == [("QH", 1, 5, None, None)]
    # a stock card into a face-down slot, the card it replaced on the pile: the grid first
    table = [slot("QH", 1, 5), slot("4D", 2, 1), pile("9S")]
    assert seen(feed(observer, table, 9)) == [("4D", 2, 1, None, None), ("pile", "9S", "7C", False)]
    # the top taken off: the card under it shows again
    table = [slot("QH", 1, 5), slot("4D", 2, 1), pile("7C")]
    assert seen(feed(observer, table, 12)) == [("pile", "7C", "9S", True)]
    # the 9S (in the hand, not read) into the face-up QH's slot, the QH on the pile
    table = [slot("9S", 1, 5), slot("4D", 2, 1), pile("QH")]
    assert seen(feed(observer, table, 15)) == [
        ("9S", 1, 5, "QH", None),
        ("pile", "QH", "7C", False),
    ]
    # the top taken straight into a grid and the replaced card laid, seen at once
    table = [slot("9S", 1, 5), slot("4D", 2, 1), slot("QH", 2, 2), pile("8H")]
    facts = feed(observer, table, 18)
    assert seen(facts) == [("QH", 2, 2, None, None), ("pile", "8H", "QH", False)]
    assert facts[0].to_json() | {"timestamp": 0} == {
        "fact": "card_placed",
        "card": "QH",
        "zone": "grid:2",
        "covers": None,
        "player": None,
        "frame": 20,
        "timestamp": 0,
        "confidence": 0.97,
        "seat": 2,
        "slot": 2,
        "moved_from": None,
    }
    table[-1] = pile("7C")  # the 8H taken: the QH under it went into the grid, the 7C shows
    assert seen(feed(observer, table, 21)) == [("pile", "7C", "8H", True)]
    # a card held loose over the table is nobody's; the 9S moved to slot 4 of its grid
    loose = at("2C", (MAT.slots[(1, 3)][0] + 80, MAT.slots[(1, 3)][1]))
    table = [slot("9S", 1, 4), slot("4D", 2, 1), slot("QH", 2, 2), pile("7C"), loose]
    assert seen(feed(observer, table, 24)) == [("9S", 1, 4, None, 5)]
    table = [slot("9S", 1, 4), slot("4D", 2, 1), slot("QH", 2, 2)]  # the pile's last card taken
    facts = feed(observer, table, 27)
    assert seen(facts) == [("pile", None, "7C", True)]
    assert facts[0].to_json()["top"] is None and facts[0].seats == 2  # the mat's grids
    assert seen(feed(observer, [], 30)) == [("cleared",)]
    assert feed(observer, [pile("5S")], 33)[0].previous is None  # the next deal's pile


def test_of_two_cards_in_one_slot_the_one_on_top_counts() -> None:
    observer = GolfObserver(frames=FRAMES)
    feed(observer, [pile("7C"), slot("KD", 1, 1)], 0)
    under = at("KD", MAT.slots[(1, 1)], covered_by="3H")
    over = at("3H", (MAT.slots[(1, 1)][0] + 6, MAT.slots[(1, 1)][1] + 6))
    assert seen(feed(observer, [pile("7C"), under, over], 3)) == [("3H", 1, 1, "KD", None)]


def test_the_rendered_hole_follows_the_rules() -> None:
    steps = render_table(np.random.default_rng(24), "golf", alphabet="latin")
    match = Match(create_engine("golf"), ("Anna", "Boris"))
    for _, labels in steps:
        for action in labels["actions"]:
            by = match.players[action["by"] - 1]
            assert match.submit({**action, "by": by}).accepted, action
    view = match.view()
    assert view["phase"] == "deal" and view["hole"] == 2  # the first hole scored
    verbs = {action["do"] for _, labels in steps for action in labels["actions"]}
    assert verbs == {"deal", "flip", "draw", "replace", "discard", "reveal"}
    image, labels = steps[-2]
    assert image.shape == (720, 1280, 3) and len(labels["cards"]) >= 19  # 18 grid cards up
    assert steps[-1][1]["facts"] == [{"fact": "table_cleared"}]


def test_a_rendered_hole_reads_back_into_its_facts() -> None:
    """The default reader over every step of a rendered hole, each read fed for FRAMES frames
    as a table at rest: the observer's facts are the step's truth (held-out seeds 100-119,
    measured once: 971 of 971 facts right, 2 extra, 19 tables of 20 read exactly)."""
    pytest.importorskip("torch")
    from vision.cards.deck import resolve_deck
    from vision.cards.readers import DEFAULT, READERS
    from vision.cards.replay import scored

    reader = READERS[DEFAULT](resolve_deck("52"))
    observer = GolfObserver(frames=FRAMES)
    expected = right = extra = index = 0
    for image, labels in render_table(np.random.default_rng(101), "golf", alphabet="latin"):
        got = [fact.to_json() for fact in feed(observer, reader.read(image), index)]
        index += FRAMES
        expected += len(labels["facts"])
        found, unmatched = scored(got, labels["facts"])
        right += found
        extra += unmatched
    assert expected >= 25 and right >= 0.95 * expected and extra <= 1, (right, expected, extra)
