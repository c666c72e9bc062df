"""Deberts' trick and Devyatka's rows from card readings (issue 9): the cards of a trick in
play order and the trick gathered, each card at a row's end with its place from the 9 and the
out-of-order card flagged; and rendered games read back into those facts."""

from __future__ import annotations

import math

import numpy as np
import pytest

from tests.test_vision_cards_layout import WIDTH, card, feed
from vision.cards.facts import CardPlaced, TableCleared
from vision.cards.observe import CardObserver
from vision.cards.reader import CardReading
from vision.cards.replay import replay
from vision.cards.rows import RowPlaced, seat
from vision.cards.tricks import play_order, trick_zones
from vision.synth.cards import render_table


def standing(code: str, x: float, y: float) -> CardReading:
    """A card facing the players (its long side along the image's y), top-left at x, y."""
    return card(code, x, y, 0.0)


def test_the_turn_up_lies_crosswise_and_the_rest_is_the_trick() -> None:
    trump = card("AD", 150, 300, math.pi / 2)
    first, second = standing("KD", 600, 150), standing("7S", 600, 330)
    zones = {r.card: zone for r, zone in trick_zones([trump, first, second])}
    assert zones == {"AD": "trump", "KD": "trick", "7S": "trick"}
    area = {"trick": np.float32([[500, 100], [900, 100], [900, 300], [500, 300]])}
    zones = {r.card: zone for r, zone in trick_zones([first, second], area)}
    assert zones == {"KD": "trick", "7S": None}


def test_a_covered_card_was_played_first() -> None:
    assert play_order(["QS", "7S", "KD"], {"KD": "QS", "7S": None}) == ["KD", "QS", "7S"]


def test_trick_cards_in_play_order_then_the_trick_gathered() -> None:
    observer = CardObserver(frames=3, game="deberts")
    trump = card("AD", 150, 300, math.pi / 2)
    lead, answer = standing("KD", 600, 330), standing("7D", 610, 120)
    facts = feed(observer, [trump, lead], 3, 0)
    assert [(f.card, f.zone) for f in facts] == [("AD", "trump"), ("KD", "trick")]
    facts = feed(observer, [trump, lead, answer], 3, 3)
    assert [(type(f), f.card, f.zone) for f in facts] == [(CardPlaced, "7D", "trick")]
    facts = feed(observer, [trump], 3, 6)
    assert len(facts) == 1 and isinstance(facts[0], TableCleared)
    misread = card("AH", 150, 300, math.pi / 2)  # the half-hidden turn-up read otherwise
    assert feed(observer, [misread], 3, 30) == []
    # the next trick seen only once both its cards lie, the second across the first
    under, over = card("QS", 600, 200, covered_by="9S"), card("9S", 640, 250, 0.2)
    facts = feed(observer, [trump, over, under], 3, 9)
    assert [f.card for f in facts] == ["QS", "9S"]
    # gathered and the next lead laid before the camera saw the table empty
    facts = feed(observer, [trump, standing("10C", 620, 300)], 3, 12)
    assert [f.to_json()["fact"] for f in facts] == ["table_cleared", "card_placed"]


def test_the_turn_up_left_alone_stays_the_turn_up_whatever_its_outline() -> None:
    """Alone on the table after a trick is gathered, the turn-up's visible part may be outlined
    upright (a rendered Deberts deal, read with the readers trained on real deck designs): it
    still lies where it was reported, so it is not played into the trick.  Moved away from
    there (taken for the trump seven), the same card is a trick card when laid."""
    observer = CardObserver(frames=3, game="deberts")
    trump = card("10H", 150, 300, math.pi / 2)
    lead, answer = standing("KH", 600, 330), standing("AC", 610, 120)
    facts = feed(observer, [trump, lead, answer], 3, 0)
    assert [(f.card, f.zone) for f in facts] == [("10H", "trump"), ("KH", "trick"), ("AC", "trick")]
    upright = standing("10H", 20, 300)  # most of it inside where the turn-up lay
    assert [(r.card, z) for r, z in trick_zones([upright])] == [("10H", "trick")]  # by its outline
    facts = feed(observer, [upright], 3, 3)
    assert [f.to_json()["fact"] for f in facts] == ["table_cleared"]  # not played
    facts = feed(observer, [trump, standing("7H", 600, 330)], 3, 6)
    assert [(f.card, f.zone) for f in facts] == [("7H", "trick")]
    facts = feed(observer, [card("7H", 150, 300, math.pi / 2), standing("10H", 600, 330)], 3, 9)
    assert ("10H", "trick") in [(f.card, f.zone) for f in facts if isinstance(f, CardPlaced)]


def test_rows_positions_from_the_nine_and_the_card_out_of_order() -> None:
    step = 1.1 * WIDTH
    row = [standing(c, 400 + k * step, 100) for k, c in enumerate(["8D", "9D", "10D", "QD"])]
    hearts = [standing(c, 400 + k * step, 300) for k, c in enumerate(["KH", "QH", "JH", "10H"])]
    hearts.append(standing("9H", 400 + 4 * step, 300))
    seats = {s.reading.card: s for s in seat(row + hearts)}
    assert [(seats[c].zone, seats[c].position) for c in ("8D", "9D", "10D")] == [
        ("row:D", -1),
        ("row:D", 0),
        ("row:D", 1),
    ]
    assert seats["QD"].position == 2 and not seats["QD"].in_order  # laid past the jack's gap
    assert seats["10D"].in_order and seats["10D"].neighbour == "9D"
    # hearts grow to the left: the row says which way the higher ranks go
    assert seats["KH"].position == 4 and all(s.in_order for c, s in seats.items() if "H" in c)


def test_row_facts_nearest_the_nine_first_then_cleared() -> None:
    observer = CardObserver(frames=3, game="devyatka")
    step = 1.1 * WIDTH
    nine, ten = standing("9D", 400, 100), standing("10D", 400 + step, 100)
    eight, spade = standing("8D", 400 - step, 100), standing("QS", 400, 300)
    facts = feed(observer, [ten, nine], 3, 0)
    assert [(f.card, f.zone, f.covers, f.position) for f in facts] == [
        ("9D", "row:D", None, 0),
        ("10D", "row:D", "9D", 1),
    ]
    facts = feed(observer, [eight, nine, ten, spade], 3, 3)
    assert [(f.card, f.zone, f.covers, f.position, f.in_order) for f in facts] == [
        ("QS", "row:S", None, 0, False),  # a row not started from its 9
        ("8D", "row:D", "9D", -1, True),
    ]
    assert all(isinstance(f, RowPlaced) and isinstance(f, CardPlaced) for f in facts)
    assert facts[1].to_json() | {"timestamp": 0} == {
        "fact": "card_placed",
        "card": "8D",
        "zone": "row:D",
        "covers": "9D",
        "player": None,
        "frame": 5,
        "timestamp": 0,
        "confidence": 0.97,
        "position": -1,
        "in_order": True,
    }
    # the 9 missed by the reader: the row keeps it where it lay at rest
    jack = standing("JD", 400 + 3 * step, 100)
    facts = feed(observer, [eight, ten, jack, spade], 3, 6)
    assert [(f.card, f.covers, f.position, f.in_order) for f in facts] == [("JD", "10D", 2, True)]
    facts = feed(observer, [], 3, 9)
    assert len(facts) == 1 and isinstance(facts[0], TableCleared)


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(ValueError, match="'whist'"):
        CardObserver(game="whist")
    with pytest.raises(ValueError, match="'whist'"):
        render_table(np.random.default_rng(0), "whist")


def test_rendered_tables_truth_follows_the_rules() -> None:
    rng = np.random.default_rng(4)
    steps = render_table(rng, "devyatka")
    placed = [f for _, labels in steps for f in labels["facts"] if f["fact"] == "card_placed"]
    assert placed[0]["card"] == "9D" and steps[-1][1]["facts"] == [{"fact": "table_cleared"}]
    for fact in placed:
        assert fact["zone"] == f"row:{fact['card'][-1]}"
    image, labels = steps[-2]
    assert image.shape == (720, 1280, 3) and len(labels["cards"]) == len(placed)
    steps = render_table(rng, "deberts")
    trick = [c["card"] for c in steps[1][1]["cards"] if c["zone"] == "trick"]
    assert steps[0][1]["facts"][0]["zone"] == "trump" and len(trick) == 2
    assert any(labels["facts"] == [{"fact": "table_cleared"}] for _, labels in steps)


@pytest.mark.parametrize("game", ["deberts", "devyatka"])
def test_rendered_games_read_back_into_their_facts(game: str) -> None:
    report = replay(game, 1, 7)
    assert report.expected >= 7
    assert report.right >= 0.85 * report.expected and report.extra <= 1, report.line()
