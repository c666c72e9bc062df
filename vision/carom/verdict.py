"""Judge a shot record with the real engine, so two records can be compared by their verdict.

The record is played as the first shot of a new game (Seven Skittles: Anna won the draw;
Five Pins: no lag, the first seat breaks) and what the engine says is reduced to what a
player would notice: accepted or refused, and each verdict's kind, code, player and points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.match import Match
from scoring.registry import create_engine

PLAYERS = ("Anna", "Boris")


def judge(game: str, record: Mapping[str, Any]) -> tuple[Any, ...]:
    """The engine's verdict on ``record`` (a ``shot`` action without ``by``)."""
    overrides = {"lag": False} if game == "five_pins" else None
    match = Match(create_engine(game, None, overrides), PLAYERS)
    if game == "seven_skittles":
        match.submit({"do": "start", "by": PLAYERS[0]})
    shot = {**record, "do": "shot", "by": match.view().get("turn", PLAYERS[0])}
    outcome = match.check(shot)[0]
    verdicts = tuple((str(v.kind), v.code, v.player, v.points) for v in outcome.verdicts)
    return (outcome.accepted, outcome.code, verdicts)
