"""Rendered games replayed through a card reader and the observer: the share of the table's
facts the camera gets right, for the layouts of :mod:`vision.cards.tricks` (Deberts) and
:mod:`vision.cards.rows` (Devyatka).

Each step of a rendered table (:func:`vision.synth.cards.render_table`) is read once and its
readings fed for ``frames`` frames, as a table at rest would be; the facts the observer gives
at each step are compared with the step's truth.  A fact is right when all its fields that the
truth names agree (card, zone, covers, position, in order); facts the truth does not have are
counted as extra.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from vision.cards.deck import resolve_deck
from vision.cards.observe import CardObserver
from vision.cards.reader import CardsReader
from vision.cards.readers import learned
from vision.synth.cards import render_table

DECKS = {"deberts": 32, "devyatka": 36}


@dataclass(frozen=True)
class ReplayReport:
    """Facts the rendered games should give, how many came right, and how many extra."""

    game: str
    tables: int
    expected: int
    right: int
    extra: int

    @property
    def share(self) -> float:
        return self.right / self.expected if self.expected else 0.0

    def line(self) -> str:
        return (
            f"{self.game}: {self.right}/{self.expected} facts right ({self.share:.1%}), "
            f"{self.extra} extra, {self.tables} tables"
        )


def matches(fact: dict, truth: dict) -> bool:
    """Whether an observed fact (its JSON) says what the truth says."""
    return all(fact.get(key) == value for key, value in truth.items())


def scored(observed: list[dict], truths: list[dict]) -> tuple[int, int]:
    """How many of a step's true facts the observed facts (their JSON) say, each observed fact
    used once, and how many observed facts are left over (extra)."""
    left = list(observed)
    right = 0
    for truth in truths:
        hit = next((fact for fact in left if matches(fact, truth)), None)
        if hit is not None:
            right += 1
            left.remove(hit)
    return right, len(left)


def replay(
    game: str,
    tables: int,
    seed: int,
    make: Callable[[int], CardsReader] | None = None,
    frames: int = 3,
) -> ReplayReport:
    """Render ``tables`` tables of ``game`` from ``seed`` and score the observer's facts;
    ``make`` builds the reader for a deck size (default: the learned reader)."""
    if game not in DECKS:
        raise ValueError(f"no rendered game {game!r} ({', '.join(DECKS)})")
    make = make or (lambda size: learned(resolve_deck(f"{size}-latin")))
    reader = make(DECKS[game])
    rng = np.random.default_rng(seed)
    expected = right = extra = 0
    for _ in range(tables):
        observer = CardObserver(frames=frames, game=game)
        index = 0
        for image, labels in render_table(rng, game, alphabet="latin"):
            readings = reader.read(image)
            got = []
            for _ in range(frames):
                got += [fact.to_json() for fact in observer.update(readings, index, index / 30)]
                index += 1
            expected += len(labels["facts"])
            found, unmatched = scored(got, labels["facts"])
            right += found
            extra += unmatched
    return ReplayReport(game, tables, expected, right, extra)
