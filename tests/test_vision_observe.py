"""Observers (vision/observe.py) on synthetic reading sequences: a fact only when the dice are
at rest and several frames agree; nothing while they roll or a hand is in view; once per scene."""

from __future__ import annotations

import numpy as np
import pytest

from vision.observe import DiceObserver, DiceSettled, Item, SettleTracker
from vision.types import Box, DieReading

SIDE = 40.0


def die(value: int, x: float, y: float, confidence: float = 0.9, cocked: bool = False):
    return DieReading(value, Box(x, y, SIDE, SIDE), confidence, cocked)


THROW = [die(5, 300, 100), die(2, 100, 100), die(6, 200, 220)]


def feed(observer: DiceObserver, frames, start: int = 0) -> list[DiceSettled]:
    facts = []
    for offset, readings in enumerate(frames):
        index = start + offset
        fact = observer.update(readings, index, index / 30)
        if fact is not None:
            facts.append(fact)
    return facts


def rolling(rng: np.random.Generator, count: int) -> list[list[DieReading]]:
    """Dice tumbling: values change and they travel tens of pixels per frame."""
    return [
        [die(int(rng.integers(1, 7)), *rng.uniform(0, 600, 2), confidence=0.4) for _ in range(3)]
        for _ in range(count)
    ]


def jittered(rng: np.random.Generator, readings, pixels: float):
    return [
        DieReading(
            r.value,
            Box(r.box.x + rng.uniform(-pixels, pixels), r.box.y, SIDE, SIDE),
            r.confidence,
            r.cocked,
        )
        for r in readings
    ]


def test_a_throw_is_reported_once_when_five_frames_agree():
    rng = np.random.default_rng(0)
    observer = DiceObserver(frames=5)
    frames = rolling(rng, 20) + [jittered(rng, THROW, 2.0) for _ in range(15)]
    facts = feed(observer, frames)
    assert len(facts) == 1
    fact = facts[0]
    assert fact.frame_index == 24 and fact.timestamp == pytest.approx(24 / 30)
    assert fact.values == (2, 5, 6)  # reading order: top row left to right, then below
    assert [round(box.y) for box in fact.boxes] == [100, 100, 220]
    assert fact.cocked == (False, False, False)
    assert fact.confidence == pytest.approx(0.9)
    assert fact.to_json()["fact"] == "dice_settled" and fact.to_json()["values"] == [2, 5, 6]


def test_nothing_while_the_dice_roll_or_slide():
    rng = np.random.default_rng(1)
    observer = DiceObserver(frames=5)
    assert feed(observer, rolling(rng, 60)) == []
    sliding = [[die(d.value, d.box.x + 12 * step, d.box.y) for d in THROW] for step in range(30)]
    assert feed(observer, sliding) == []  # same values, but 12 px a frame is 30% of a die


def test_nothing_while_a_hand_hides_a_die_now_and_then():
    observer = DiceObserver(frames=5)
    frames = [THROW if i % 3 else THROW[1:] for i in range(30)]  # one die flickers in and out
    assert feed(observer, frames) == []


def test_a_one_frame_misread_does_not_repeat_the_fact():
    observer = DiceObserver(frames=4)
    misread = [die(3, 300, 100), *THROW[1:]]
    facts = feed(observer, [THROW] * 6 + [misread] + [THROW] * 10)
    assert len(facts) == 1 and facts[0].frame_index == 3


def test_a_new_throw_is_reported_even_with_the_same_values_after_the_table_is_cleared():
    observer = DiceObserver(frames=3)
    second = [die(6, 500, 300), die(2, 50, 50), die(5, 250, 350)]
    facts = feed(observer, [THROW] * 5 + [[]] * 5 + [THROW] * 5 + [second] * 5)
    assert [fact.frame_index for fact in facts] == [2, 12, 17]
    assert sorted(facts[2].values) == [2, 5, 6]


def test_a_cocked_die_is_reported_as_cocked():
    observer = DiceObserver(frames=2)
    leaning = [die(4, 100, 100), die(1, 200, 100, confidence=0.6, cocked=True)]
    (fact,) = feed(observer, [leaning] * 3)
    assert fact.values == (4, 1) and fact.cocked == (False, True)
    assert fact.confidence == pytest.approx(0.6)


def test_the_settled_set_helper_says_what_changed_for_tiles():
    """The domino use: a tile laid, a tile pushed to a new place."""
    tracker = SettleTracker(frames=3, report_empty=True)

    def tile(halves, x):
        return Item(halves, Box(x, 100, 80, 40))

    def settle(items, start):
        answers = [tracker.update(items, start + i, 0.0) for i in range(4)]
        reported = [answer for answer in answers if answer is not None]
        assert len(reported) <= 1
        return reported[0] if reported else None

    first = settle([tile((6, 6), 100), tile((6, 3), 180)], 0)
    assert [item.key for item in first.added] == [(6, 6), (6, 3)] and first.removed == ()
    laid = settle([tile((6, 6), 100), tile((6, 3), 180), tile((3, 1), 260)], 10)
    assert [item.key for item in laid.added] == [(3, 1)] and laid.removed == ()
    assert len(laid.items) == 3
    pushed = settle([tile((6, 6), 100), tile((6, 3), 180), tile((3, 1), 330)], 20)
    assert [i.key for i in pushed.added] == [(3, 1)] and [i.key for i in pushed.removed] == [(3, 1)]
    assert pushed.added[0].box.x == 330 and pushed.removed[0].box.x == 260
    assert settle([tile((6, 6), 100), tile((6, 3), 180), tile((3, 1), 331)], 30) is None
    cleared = settle([], 40)
    assert cleared.items == () and len(cleared.removed) == 3


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="frames must be at least 1"):
        SettleTracker(frames=0)
    with pytest.raises(ValueError, match="tolerance must be positive"):
        DiceObserver(tolerance=0)
