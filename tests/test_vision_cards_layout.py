"""The Durak table from card readings (issue 9): attack/defence pairs by overlap, a card laid
beside, the trump crosswise, and the session's card facts only once frames agree."""

from __future__ import annotations

import math

import numpy as np

from vision.cards.facts import CardPlaced, TableCleared
from vision.cards.layout import pairs, place
from vision.cards.observe import CardObserver
from vision.cards.reader import CardReading
from vision.synth.cards import card_quad
from vision.types import Box

WIDTH = 110.0


def card(
    code: str, x: float, y: float, angle: float = 0.0, covered_by: str | None = None
) -> CardReading:
    quad = card_quad((x, y), angle, WIDTH)
    left, top = quad.min(axis=0)
    right, bottom = quad.max(axis=0)
    box = Box(float(left), float(top), float(right - left), float(bottom - top))
    corners = tuple((float(px), float(py)) for px, py in quad)
    return CardReading(code, box, corners, box, 0.97, covered_by)


def test_pairs_by_overlap_and_the_trump_crosswise() -> None:
    readings = [
        card("6S", 400, 200, covered_by="9S"),
        card("9S", 440, 250, 0.2),
        card("6H", 700, 200),
        card("AD", 150, 300, math.pi / 2),
    ]
    placed = {p.reading.card: p for p in place(readings)}
    assert placed["9S"].covers == "6S" and placed["6S"].covers is None
    assert placed["AD"].zone == "trump" and placed["6H"].zone == "table"
    assert pairs(list(placed.values())) == [("6S", "9S"), ("6H", None)]


def test_a_stock_zone_names_the_trump_whatever_its_angle() -> None:
    zones = {"stock": np.float32([[0, 0], [300, 0], [300, 720], [0, 720]])}
    placed = place([card("AD", 100, 300), card("6H", 700, 200)], zones)
    assert [p.zone for p in placed] == ["trump", "table"]


def feed(observer: CardObserver, readings: list[CardReading], frames: int, start: int) -> list:
    facts = []
    for index in range(start, start + frames):
        facts += observer.update(readings, index, index / 30)
    return facts


def test_facts_once_frames_agree_attack_before_defence_then_cleared() -> None:
    observer = CardObserver(frames=3)
    trump = card("AD", 150, 300, math.pi / 2)
    attack = card("6S", 400, 200)
    assert feed(observer, [trump, attack], 2, 0) == []  # not yet at rest
    facts = feed(observer, [trump, attack], 1, 2)
    assert [(f.card, f.zone, f.covers) for f in facts] == [
        ("AD", "trump", None),
        ("6S", "table", None),
    ]
    assert all(isinstance(f, CardPlaced) for f in facts)
    assert feed(observer, [trump, attack], 5, 3) == []  # a still table is reported once

    covered = card("6S", 400, 200, covered_by="9S")
    defence = card("9S", 440, 250, 0.2)
    transfer = card("6H", 700, 200)
    frames = [trump, covered, defence, transfer]
    facts = feed(observer, frames, 3, 10)
    assert [(f.card, f.covers) for f in facts] == [("6H", None), ("9S", "6S")]
    assert facts[0].to_json()["fact"] == "card_placed"

    facts = feed(observer, [trump], 3, 20)
    assert len(facts) == 1 and isinstance(facts[0], TableCleared) and facts[0].to == None  # noqa: E711
    assert facts[0].to_json()["fact"] == "table_cleared"


def test_a_card_moving_is_no_fact_until_it_rests() -> None:
    observer = CardObserver(frames=3)
    facts = []
    for index in range(6):
        facts += observer.update([card("7C", 300 + 40 * index, 200)], index, index / 30)
    assert facts == []
    facts = feed(observer, [card("7C", 600, 200)], 3, 6)
    assert [f.card for f in facts] == ["7C"]
