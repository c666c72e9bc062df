"""Reversi against OpenSpiel's ``othello`` (docs/rules/reversi.md): a few hundred seeded random
games agree on every legal-move set, every board, every pass and the result
(``tests/reversi_oracle.py``; ``scripts/reversi_oracle.py`` plays thousands)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reversi_oracle import play

from scoring.registry import create_engine
from scoring.reversi import board

pytestmark = pytest.mark.oracle

GAMES = 300


def test_random_games_agree_with_openspiel() -> None:
    results = [play(seed) for seed in range(GAMES)]
    problems = [(seed, r.disagreement) for seed, r in enumerate(results) if r.disagreement]
    assert not problems, problems[:5]
    assert sum(r.passes for r in results) > 0  # passes were exercised, not only plain moves
    assert all(r.moves >= 9 for r in results)
    results_seen = {(r.counts[0] > r.counts[1]) - (r.counts[0] < r.counts[1]) for r in results}
    assert results_seen == {-1, 0, 1}  # black wins, white wins and draws all met


def test_the_comparison_catches_a_wrong_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule broken on purpose (diagonal rows never turned) is found at once."""
    straight = tuple(d for d in board.DIRECTIONS if 0 in d)
    monkeypatch.setattr(board, "DIRECTIONS", straight)
    engine = create_engine("reversi", "othello")
    found = [play(seed, engine).disagreement for seed in range(20)]
    assert all(found), found
