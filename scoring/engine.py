"""The engine protocol every game implements, and the checks every game shares.

An engine is pure: ``apply(state, action)`` returns a new state and the verdicts to announce,
or raises :class:`~scoring.verdicts.IllegalMove` and leaves the old state untouched.  States
are immutable, so undo and correction are re-folds of the journal (:mod:`scoring.match`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from scoring.actions import Action, Verb
from scoring.verdicts import COMMON, Kind, Verdict

State = TypeVar("State")


class OptionsError(ValueError):
    """A preset or scenario sets an option the engine does not know, or to a bad value.  The
    errors a player meets when starting a session (the players, an unknown option) carry their
    Russian twin in ``ru`` (:func:`scoring.actions.error_text` picks one); a preset's own
    mistakes, the maintainers', are English."""

    def __init__(self, message: str, *, ru: str | None = None) -> None:
        super().__init__(message)
        self.ru = ru


class Engine(Protocol[State]):
    """What a game offers to the match, the journal, the scenario runner and the displays.

    ``view`` is the engine's public picture of a state as plain JSON data.  It always holds
    ``players``, ``turn`` (who acts next, None once over), ``scores`` (player -> total),
    ``over`` and ``winner`` (a name, a list of names for a shared win, or None).

    ``score_sheet`` is the sheet the players keep on paper: ``{"columns": [players], "rows":
    [{"key", "en", "ru", "kind", "cells": {player: value}}]}`` with kind row | running |
    subtotal | bonus | total (running: a running total after a round, laid out like a row),
    ending with the total row; the displays and ``tableref sheet`` only lay it out.
    """

    game: str
    preset: str

    @property
    def verbs(self) -> Mapping[str, Verb]: ...

    def initial(self, players: Sequence[str]) -> State: ...

    def apply(self, state: State, action: Action) -> tuple[State, list[Verdict]]: ...

    def view(self, state: State) -> dict[str, Any]: ...

    def legal(self, state: State) -> list[Action]: ...

    def score_sheet(self, state: State) -> dict[str, Any]: ...


def check_seat(players: Sequence[str], turn: str | None, action: Action) -> None:
    """Reject an action by a stranger, after the game, or out of turn (in that order)."""
    if action.by not in players:
        raise COMMON.illegal("unknown_player", action.by, players=", ".join(players))
    if turn is None:
        raise COMMON.illegal("game_over", action.by)
    if action.by != turn:
        raise COMMON.illegal("not_your_turn", action.by, turn=turn)


def seat_of(players: Sequence[str], by: str | None, over: bool) -> int:
    """The seat of a player whose action may come out of turn (a show, a discard, a fine):
    refused, as :func:`check_seat` does, from a stranger and once the game is over."""
    if by not in players:
        raise COMMON.illegal("unknown_player", by, players=", ".join(players))
    if over:
        raise COMMON.illegal("game_over", by)
    return players.index(by)


def check_players(players: Sequence[str], minimum: int = 1, maximum: int | None = None) -> None:
    """Players are named, distinct, and as many as the game seats."""
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise OptionsError(
            f"players: every player needs a name, got {list(players)!r}",
            ru=f"players: у каждого игрока должно быть имя, а здесь {list(players)!r}",
        )
    if len(set(players)) != len(players):
        raise OptionsError(
            f"players: names must differ, got {list(players)!r}",
            ru=f"players: имена должны различаться, а здесь {list(players)!r}",
        )
    if len(players) < minimum or (maximum is not None and len(players) > maximum):
        upper = "" if maximum is None else f" to {maximum}"
        upper_ru = "" if maximum is None else f" до {maximum}"
        raise OptionsError(
            f"players: this game seats {minimum}{upper}, got {len(players)}",
            ru=f"players: за этот стол садятся от {minimum}{upper_ru} игроков, а здесь "
            f"{len(players)}",
        )


def winners(scores: Mapping[str, int], highest: bool = True) -> list[str]:
    """Everyone who shares the best total: a tie shares the win (dice.md G4, L779)."""
    best = max(scores.values()) if highest else min(scores.values())
    return [player for player, total in scores.items() if total == best]


def winner_field(names: Sequence[str]) -> str | list[str] | None:
    """The view's ``winner``: one name, a list for a shared win, None for nobody."""
    if not names:
        return None
    return names[0] if len(names) == 1 else list(names)


def best_of(scores: Mapping[str, int], highest: bool = True) -> str | list[str] | None:
    """The view's ``winner`` by the totals: whoever has the best, a tie sharing the win."""
    return winner_field(winners(scores, highest))


def result_verdicts(scores: Mapping[str, int], highest: bool = True) -> list[Verdict]:
    """The end-of-game announcements: the game is over, and who won."""
    top = winners(scores, highest)
    out = [COMMON.verdict(Kind.GAME_OVER, "game_over")]
    points = scores[top[0]]
    if len(top) == 1:
        out.append(COMMON.verdict(Kind.GAME_OVER, "winner", top[0], points))
    else:
        out.append(
            COMMON.verdict(Kind.GAME_OVER, "shared_win", None, points, winners=", ".join(top))
        )
    return out


def sheet_row(
    key: str, en: str, ru: str, cells: Mapping[str, int | str | None], kind: str = "row"
) -> dict[str, Any]:
    """One row of a ``score_sheet`` (see :class:`Engine`): its key, titles, kind and cells."""
    return {"key": key, "en": en, "ru": ru, "kind": kind, "cells": dict(cells)}
