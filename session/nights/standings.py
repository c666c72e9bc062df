"""The standings of a night, read from its journals.

Three reckonings, because games do not share one scale of points:

- **by places** (every game): each game ranks its players its own way
  (:func:`session.nights.ranking.places`), and a player earns one night point for every player
  placed below in a game and a half for every player sharing the place; the night ranks by
  these points, then by games won.
- **by points** (games of one scale): the same game with the same preset is one scale, so two
  Yahtzee games add up; Yahtzee and Farkle points never do.
- **the G1 settlement** (dice poker with school, ``settlement: average``): each game's wins and
  losses against the average are zero-sum money, so they add up across the night exactly.

A game still in play is listed with its scores so far and counts in no reckoning.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from scoring.dice.sheet.tally import exact
from scoring.registry import game as catalogue_entry
from session.journal import Journal
from session.nights.folder import Night
from session.nights.ranking import beaten, places, winners

#: A number as the sheet writes an exact one: ``12``, ``-2/3``, ``33 1/3``.
EXACT = re.compile(r"^(-?)(?:(\d+)|(\d+)/(\d+)|(\d+) (\d+)/(\d+))$")


@dataclass(frozen=True)
class GameResult:
    """One game of the night as its journal stands."""

    number: int
    file: str
    game: str
    preset: str | None
    title_en: str
    title_ru: str
    players: tuple[str, ...]
    over: bool
    scores: Mapping[str, Any]
    winners: tuple[str, ...]
    places: tuple[tuple[int, str, Any], ...]
    night_points: Mapping[str, Fraction]
    settlement: Mapping[str, Fraction] | None
    sheet: Mapping[str, Any] = field(repr=False)

    @property
    def scale(self) -> str:
        """The game, and its preset where that is not the game's own."""
        same = self.preset in (None, self.game)
        return self.game if same else f"{self.game}/{self.preset}"

    def title(self, lang: str) -> str:
        return self.title_ru if lang == "ru" else self.title_en


@dataclass(frozen=True)
class Scale:
    """Games whose points add up: one game and preset."""

    key: str
    title_en: str
    title_ru: str
    games: int
    totals: Mapping[str, Any]
    order: tuple[tuple[int, str, Any], ...]

    def title(self, lang: str) -> str:
        return self.title_ru if lang == "ru" else self.title_en


@dataclass(frozen=True)
class Standing:
    """A player's line of the overall table."""

    place: int
    player: str
    points: Fraction
    wins: int
    played: int


@dataclass(frozen=True)
class NightStandings:
    title: str
    created: str
    players: tuple[str, ...]
    games: tuple[GameResult, ...]
    overall: tuple[Standing, ...]
    scales: tuple[Scale, ...]
    settlement: Mapping[str, Fraction] | None

    @property
    def finished(self) -> tuple[GameResult, ...]:
        return tuple(result for result in self.games if result.over)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data; exact fractions are written as the sheets write them."""
        return {
            "title": self.title,
            "created": self.created,
            "players": list(self.players),
            "overall": [
                {
                    "place": s.place,
                    "player": s.player,
                    "points": exact(s.points),
                    "wins": s.wins,
                    "played": s.played,
                }
                for s in self.overall
            ],
            "games": [
                {
                    "number": g.number,
                    "file": g.file,
                    "game": g.game,
                    "preset": g.preset,
                    "title": {"en": g.title_en, "ru": g.title_ru},
                    "players": list(g.players),
                    "over": g.over,
                    "scores": dict(g.scores),
                    "winners": list(g.winners),
                    "places": [
                        {"place": place, "player": player, "score": score}
                        for place, player, score in g.places
                    ],
                    "night_points": {p: exact(v) for p, v in g.night_points.items()},
                    "settlement": _exact_map(g.settlement),
                }
                for g in self.games
            ],
            "scales": [
                {
                    "scale": s.key,
                    "title": {"en": s.title_en, "ru": s.title_ru},
                    "games": s.games,
                    "totals": dict(s.totals),
                }
                for s in self.scales
            ],
            "settlement": _exact_map(self.settlement),
        }


def read_standings(night: Night) -> NightStandings:
    """Every game of the night re-judged from its journal (read-only, beside a game that may
    be being played), and the night's reckonings over the finished ones."""
    results = [_result(number, path) for number, path in enumerate(night.games(), start=1)]
    return reckon(night, results)


def reckon(night: Night, results: Sequence[GameResult]) -> NightStandings:
    finished = [r for r in results if r.over]
    return NightStandings(
        night.title,
        night.created,
        night.players,
        tuple(results),
        _overall(night.players, finished),
        _scales(finished),
        _settlement(night.players, finished),
    )


def _result(number: int, path: Path) -> GameResult:
    with Journal.open(path, readonly=True) as journal:
        engine, state = journal.match.engine, journal.match.state
        view = engine.view(state)
        sheet = engine.score_sheet(state)
        entry = catalogue_entry(journal.game)
        over = bool(view["over"])
        table = tuple(places(view)) if over else ()
        return GameResult(
            number=number,
            file=path.name,
            game=journal.game,
            preset=journal.preset,
            title_en=entry.title_en,
            title_ru=entry.title_ru,
            players=journal.players,
            over=over,
            scores=dict(view.get("scores") or {}),
            winners=tuple(winners(view)) if over else (),
            places=table,
            night_points=beaten(list(table)) if over else {},
            settlement=_game_settlement(view) if over else None,
            sheet=sheet,
        )


def _game_settlement(view: Mapping[str, Any]) -> dict[str, Fraction] | None:
    settled = view.get("settlement")
    if not isinstance(settled, Mapping) or not isinstance(settled.get("deltas"), Mapping):
        return None
    return {str(p): parse_exact(v) for p, v in settled["deltas"].items()}


def parse_exact(value: Any) -> Fraction:
    """A number as :func:`scoring.dice.sheet.tally.exact` writes it, back to a fraction."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    found = EXACT.match(str(value))
    if found is None:
        raise ValueError(f"not an exact number: {value!r}")
    sign = -1 if found.group(1) else 1
    whole, num, den, mixed, mnum, mden = found.groups()[1:]
    if whole is not None:
        return sign * Fraction(int(whole))
    if num is not None:
        return sign * Fraction(int(num), int(den))
    return sign * (int(mixed) + Fraction(int(mnum), int(mden)))


def _overall(players: Sequence[str], finished: Sequence[GameResult]) -> tuple[Standing, ...]:
    points = dict.fromkeys(players, Fraction(0))
    wins = dict.fromkeys(players, 0)
    played = dict.fromkeys(players, 0)
    for result in finished:
        for player, earned in result.night_points.items():
            points[player] += earned
            played[player] += 1
        for player in result.winners:
            wins[player] += 1
    order = sorted(players, key=lambda p: (-points[p], -wins[p]))
    out: list[Standing] = []
    for index, player in enumerate(order):
        level = out and (points[player], wins[player]) == (out[-1].points, out[-1].wins)
        place = out[-1].place if level else index + 1
        out.append(Standing(place, player, points[player], wins[player], played[player]))
    return tuple(out)


def _scales(finished: Sequence[GameResult]) -> tuple[Scale, ...]:
    """The games grouped by scale, in the order each scale was first played; only numbers add."""
    groups: dict[str, list[GameResult]] = {}
    for result in finished:
        if all(_is_number(v) for v in result.scores.values()):
            groups.setdefault(result.scale, []).append(result)
    out = []
    for key, games in groups.items():
        totals: dict[str, Any] = {}
        for result in games:
            for player, score in result.scores.items():
                totals[player] = totals.get(player, 0) + score
        first = games[0]
        # the scale's ranking runs the way its games rank: the first game's winner says
        view = {"players": list(totals), "scores": totals, "winner": _leader(games, totals)}
        out.append(
            Scale(key, first.title_en, first.title_ru, len(games), totals, tuple(places(view)))
        )
    return tuple(out)


def _leader(games: Sequence[GameResult], totals: Mapping[str, Any]) -> list[str]:
    """Who leads the summed points, in the direction the scale's games count."""
    ascending = any(
        r.winners and r.scores[r.winners[0]] == min(r.scores.values()) != max(r.scores.values())
        for r in games
    )
    best = min(totals.values()) if ascending else max(totals.values())
    return [p for p, v in totals.items() if v == best]


def _settlement(
    players: Sequence[str], finished: Sequence[GameResult]
) -> dict[str, Fraction] | None:
    settled = [r.settlement for r in finished if r.settlement is not None]
    if not settled:
        return None
    out = dict.fromkeys(players, Fraction(0))
    for deltas in settled:
        for player, delta in deltas.items():
            out[player] += delta
    return out


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _exact_map(values: Mapping[str, Fraction] | None) -> dict[str, int | str] | None:
    return None if values is None else {p: exact(v) for p, v in values.items()}
