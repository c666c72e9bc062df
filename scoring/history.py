"""The actions in force, each with the frozen state it left, so a revision re-folds only its tail.

An undo or a correction of action ``t`` changes nothing before ``t``: engines are pure, so the
state before ``t`` is the one already folded.  Keeping the state after every action in force
(states are frozen and share their unchanged parts, so a step costs little memory) lets a
revision start from there and re-judge only the actions after ``t``.  Undoing or correcting
the last few actions, which is what a referee does, then costs a few applies instead of a
fold of the whole night; resuming a journal is linear in its rows.  The result is exactly
the fold of :func:`scoring.match.effective` from the start, which the tests check against.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import Action
from scoring.engine import Engine
from scoring.verdicts import IllegalMove


@dataclass(frozen=True)
class Entry:
    """One accepted line of the history, numbered from 1."""

    seq: int
    action: Action


class BrokenHistory(Exception):
    """A stored history that no longer folds: names the first action that fails."""

    def __init__(self, entry: Entry, illegal: IllegalMove) -> None:
        super().__init__(f"action {entry.seq} ({entry.action}) is illegal: {illegal.verdict.en}")
        self.entry = entry
        self.illegal = illegal


@dataclass(frozen=True)
class Revision:
    """A judged undo or correction, not yet taken in: where the history changes and the
    actions in force from there on, each with the state it now leaves."""

    position: int
    before: Any  # the state before the target, which the revision leaves untouched
    entries: tuple[Entry, ...]
    states: tuple[Any, ...]

    @property
    def state(self) -> Any:
        """The state the revision leaves (an undo of the last action: the one before it)."""
        return self.states[-1] if self.states else self.before


class History:
    """The actions in force in seq order, with the state after each."""

    def __init__(self, engine: Engine, initial: Any) -> None:
        self.engine = engine
        self.initial = initial
        self._seqs: list[int] = []
        self._entries: list[Entry] = []
        self._states: list[Any] = []

    @property
    def state(self) -> Any:
        return self._states[-1] if self._states else self.initial

    @property
    def last(self) -> int | None:
        """The seq of the last action in force (what a bare ``undo`` takes back)."""
        return self._seqs[-1] if self._seqs else None

    def in_force(self, seq: int) -> bool:
        return self._position(seq) is not None

    def append(self, entry: Entry, state: Any) -> None:
        """A new game action, judged already: ``state`` is what it left."""
        self._seqs.append(entry.seq)
        self._entries.append(entry)
        self._states.append(state)

    def revise(self, target: int, replacement: Action | None) -> Revision:
        """Re-judge the history with ``target`` taken back (``replacement`` None) or replaced;
        raises :class:`BrokenHistory` naming the first later action the rules now refuse."""
        position = self._position(target)
        if position is None:
            raise KeyError(target)
        before = state = self._states[position - 1] if position else self.initial
        head = () if replacement is None else (Entry(target, replacement),)
        entries = (*head, *self._entries[position + 1 :])
        states = []
        for entry in entries:
            try:
                state, _ = self.engine.apply(state, entry.action)
            except IllegalMove as illegal:
                raise BrokenHistory(entry, illegal) from None
            states.append(state)
        return Revision(position, before, entries, tuple(states))

    def take(self, revision: Revision) -> None:
        """Take in a revision judged on this history as it stands."""
        self._entries[revision.position :] = revision.entries
        self._seqs[revision.position :] = [entry.seq for entry in revision.entries]
        self._states[revision.position :] = revision.states

    def _position(self, seq: int) -> int | None:
        index = bisect_left(self._seqs, seq)
        return index if index < len(self._seqs) and self._seqs[index] == seq else None


def fold_into(history: History, entries: Sequence[Entry]) -> list[Any]:
    """Fold the effective ``entries`` onto an empty history; the verdicts of the last one."""
    verdicts: list[Any] = []
    for entry in entries:
        try:
            state, verdicts = history.engine.apply(history.state, entry.action)
        except IllegalMove as illegal:
            raise BrokenHistory(entry, illegal) from None
        history.append(entry, state)
    return verdicts
