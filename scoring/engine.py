"""The engine protocol every game implements, and the checks every game shares.

An engine is pure: ``apply(state, action)`` returns a new state and the verdicts to announce,
or raises :class:`~scoring.verdicts.IllegalMove` and leaves the old state untouched.  States
are immutable, so undo and correction are re-folds of the journal (:mod:`scoring.match`).

What is open now comes in two lists, as OpenSpiel keeps chance outcomes apart from the players'
actions: ``legal`` the complete moves (each accepted exactly as listed) and ``decisions`` the
actions the table must complete with data before they are moves (a throw's faces, a deal's
cards, a lag's distance, a card played from a hidden hand), each naming the fields it needs.
:class:`BaseEngine` derives both from one list of what is open, so no engine keeps two.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from scoring.actions import Action, Verb
from scoring.verdicts import COMMON, Kind, Verdict

State = TypeVar("State")
S = TypeVar("S")

#: The keys every engine's ``view`` holds (see :class:`Engine`).
VIEW_KEYS = ("players", "turn", "scores", "over", "winner")


@dataclass(frozen=True)
class Decision:
    """An action open now that the table completes with data before it is a move: ``action``
    as far as the rules fix it (the verb, who acts, what is already known), ``needs`` the
    fields the table supplies (what the dice, the cards or the tape measure show).  The
    referee cannot list the outcomes, only ask for them; once they are filled in the engine
    accepts the action or refuses it with a reason, as it does any move."""

    action: Action
    needs: tuple[str, ...]

    @property
    def verb(self) -> str:
        return self.action.verb

    @property
    def by(self) -> str | None:
        return self.action.by


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

    ``legal`` lists the complete moves open now, each accepted exactly as listed;
    ``decisions`` the actions open now that the table completes with data (see
    :class:`Decision`).  Both are empty once the game is over.

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

    def decisions(self, state: State) -> list[Decision]: ...

    def score_sheet(self, state: State) -> dict[str, Any]: ...


def open_now(engine: Engine[Any], state: Any) -> list[Action]:
    """Everything open now, the moves then the decisions as far as the rules fix them: what a
    display lists and who may use a verb, whatever the table still has to show."""
    return [*engine.legal(state), *(decision.action for decision in engine.decisions(state))]


#: A verb's handler: the state and the action to the new state and the verdicts.
Handler = Callable[[S, Action], tuple[S, list[Verdict]]]


class Seated(Protocol):
    """What :func:`seated` needs of a state: its players in seat order."""

    @property
    def players(self) -> Sequence[str]: ...


P = TypeVar("P", bound=Seated)


def seated(
    run: Callable[[P, int, Action], tuple[P, list[Verdict]]],
) -> Callable[[P, Action], tuple[P, list[Verdict]]]:
    """A handler that takes the actor's seat as one of the verb table's: the seat is looked up
    after the engine's checks (:meth:`BaseEngine.admit`) have accepted who acts."""

    def handler(state: P, action: Action) -> tuple[P, list[Verdict]]:
        return run(state, list(state.players).index(action.by or ""), action)

    return handler


class BaseEngine(Generic[S]):
    """The shared half of an engine: its game, preset and verbs, ``apply`` dispatching on a
    verb -> handler table, and the two lists of what is open, derived from one.

    A subclass sets ``game``, ``preset`` and ``_verbs`` (its ``rules`` too, where it reads a
    preset into them), lists in :meth:`open_actions` every action open now, complete or not,
    and either fills ``_handlers`` (verb -> handler, after the shared checks of
    :meth:`admit`) or overrides ``apply``.  Where an optional field must still be filled in
    (the card of a face-down slot, the tile a full table draws) it says so in :meth:`needs`.
    """

    game: str
    preset: str
    _verbs: Mapping[str, Verb]
    _handlers: Mapping[str, Handler[S]]

    #: The title (English, Russian) of the sheet's total row, which always equals the view's
    #: scores: what the players write at the foot of their columns.
    total_title: tuple[str, str] = ("Total", "Итого")

    @property
    def verbs(self) -> Mapping[str, Verb]:
        return self._verbs

    def apply(self, state: S, action: Action) -> tuple[S, list[Verdict]]:
        """The checks every verb shares (:meth:`admit`), then the verb's own handler."""
        self.admit(state, action)
        return self._handlers[action.verb](state, action)

    def admit(self, state: S, action: Action) -> None:
        """The checks before any handler (the seat, the phase); none by default."""

    def open_actions(self, state: S) -> list[Action]:
        """Every action open now, complete or waiting for the table's data, in the order a
        display lists them."""
        raise NotImplementedError

    def needs(self, state: S, action: Action) -> tuple[str, ...]:
        """The fields the table must still supply for ``action`` to be a move: by default the
        verb's required fields it lacks."""
        return tuple(name for name in self.verbs[action.verb].required if name not in action.args)

    def legal(self, state: S) -> list[Action]:
        return [action for action in self.open_actions(state) if not self.needs(state, action)]

    def decisions(self, state: S) -> list[Decision]:
        out = []
        for action in self.open_actions(state):
            wanted = self.needs(state, action)
            if wanted:
                out.append(Decision(action, wanted))
        return out

    def total_row(self, scores: Mapping[str, int | str | None]) -> dict[str, Any]:
        """The sheet's last row: the totals, equal to the view's ``scores``."""
        return sheet_row("total", *self.total_title, scores, "total")


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
