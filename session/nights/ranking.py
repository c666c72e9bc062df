"""Places in one finished game, the way the game counts them.

Engines say who won, not which way their scores run, so the direction is read from the
winner: most points first, or fewest where the winner has fewest (golf, a countdown, The Game
of Chips).  Where the scores cannot say (not numbers, or every score equal), the winners come
first and everyone else shares the next place.  The audience display's result screen and the
night's standings both rank by this one function.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any


def winners(view: Mapping[str, Any]) -> list[str]:
    winner = view.get("winner")
    if isinstance(winner, list | tuple):
        return [str(w) for w in winner]
    return [str(winner)] if winner else []


def places(view: Mapping[str, Any]) -> list[tuple[int, str, Any]]:
    """(place, player, score), best first; tied players share a place."""
    scores: Mapping[str, Any] = view.get("scores") or {}
    players = [str(p) for p in view.get("players") or scores]
    won = winners(view)
    numbers: dict[str, Any] = {p: scores.get(p) for p in players}
    descending = _direction(numbers, won)
    if descending is None:
        order = sorted(players, key=lambda p: p not in won)
    else:
        sign = -1 if descending else 1
        figures = {p: sign * float(v) for p, v in numbers.items() if _is_number(v)}
        order = sorted(players, key=figures.__getitem__)
    out: list[tuple[int, str, Any]] = []
    for index, player in enumerate(order):
        place = index + 1
        tied = descending is not None and bool(out) and numbers[player] == out[-1][2]
        shared = descending is None and bool(out) and (player in won) == (out[-1][1] in won)
        if tied or shared:
            place = out[-1][0]
        out.append((place, player, numbers.get(player, "")))
    return out


def _direction(numbers: Mapping[str, Any], won: list[str]) -> bool | None:
    """True: most points win; False: fewest win; None: the scores do not say."""
    values = list(numbers.values())
    if not (all(map(_is_number, values)) and won and values and won[0] in numbers):
        return None
    best = float(numbers[won[0]])
    if best == max(values) and best != min(values):
        return True
    if best == min(values) and best != max(values):
        return False
    return None


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def beaten(table: list[tuple[int, str, Any]]) -> dict[str, Fraction]:
    """Each player's points for the night from one game's places: one for every player placed
    below, a half for every player sharing the place (a Borda count), so a game of any size
    and any tie gives every seat the same total and no tie-break rule is needed."""
    out: dict[str, Fraction] = {}
    for place, player, _ in table:
        below = sum(1 for other, _, _ in table if other > place)
        level = sum(1 for other, name, _ in table if other == place and name != player)
        out[player] = Fraction(below) + Fraction(level, 2)
    return out
