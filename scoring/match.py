"""A match: one game's numbered history of accepted actions, folded through its engine.

This is the in-memory model that the journal persists and the scenario runner drives.  Undo
and correction are entries of the history like any other, so nothing is ever erased: the
effective actions are the history with undone entries left out and corrected ones replaced,
and the state is always their fold from the start.  An undo or a correction that would make a
later action illegal is refused, naming that action, so the history stays consistent.  The
match keeps the state after each action in force (:mod:`scoring.history`), so a revision
re-judges only the actions after its target and a resumed journal folds in linear time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import CORRECT, UNDO, Action, ActionError, parse_action
from scoring.engine import Engine
from scoring.history import BrokenHistory, Entry, History, Revision, fold_into
from scoring.verdicts import IllegalMove, Kind, Message, Messages, Verdict

__all__ = ["MESSAGES", "BrokenHistory", "Entry", "Match", "Outcome", "effective", "fold"]

MESSAGES = Messages(
    {
        "undone": Message("Action {target} taken back", "Действие {target} отменено"),
        "corrected": Message("Action {target} corrected", "Действие {target} исправлено"),
        "total_changed": Message(
            "{player}'s total is now {points} (was {was})",
            "Теперь у {player} {points} очков (было {was})",
        ),
        "nothing_to_undo": Message("There is nothing to undo", "Отменять нечего"),
        "bad_target": Message(
            "There is no action {target} in play to change", "Нет действующего действия {target}"
        ),
        "history_breaks": Message(
            "That would make action {step} illegal: {reason}",
            "Тогда действие {step} станет неправильным: {reason_ru}",
        ),
    }
)


@dataclass(frozen=True)
class Outcome:
    """What became of one submitted action: accepted with its verdicts, or refused and why."""

    accepted: bool
    verdicts: tuple[Verdict, ...]
    entry: Entry | None = None
    error: str | None = None
    code: str | None = None
    field: str | None = None
    #: ``error`` in Russian, where the refusal has no verdict (a malformed action).
    error_ru: str | None = None

    @classmethod
    def refused(
        cls,
        code: str,
        error: str,
        verdicts: Sequence[Verdict] = (),
        field: str | None = None,
        error_ru: str | None = None,
    ) -> Outcome:
        return cls(False, tuple(verdicts), None, error, code, field, error_ru)


def effective(entries: Iterable[Entry]) -> list[Entry]:
    """The game actions in force: undone entries dropped, corrected ones replaced in place."""
    active: dict[int, Entry] = {}
    for entry in entries:
        if entry.action.verb == UNDO:
            active.pop(entry.action.args["target"], None)
        elif entry.action.verb == CORRECT:
            target = entry.action.args["target"]
            active[target] = Entry(target, entry.action.args["action"])
        else:
            active[entry.seq] = entry
    return [active[seq] for seq in sorted(active)]


def fold(
    engine: Engine, players: Sequence[str], actions: Iterable[Entry]
) -> tuple[Any, list[Verdict]]:
    """Apply the actions in order from the initial state; an illegal one raises with its seq."""
    history = History(engine, engine.initial(players))
    verdicts = fold_into(history, list(actions))
    return history.state, verdicts


class Match:
    """A game in progress: the engine, the players, the history and the folded state."""

    def __init__(
        self, engine: Engine, players: Sequence[str], entries: Iterable[Entry] = ()
    ) -> None:
        self.engine = engine
        self.players = tuple(players)
        self.entries: list[Entry] = list(entries)
        self._history = History(engine, engine.initial(self.players))
        self.last_verdicts: list[Verdict] = fold_into(self._history, effective(self.entries))
        self.state: Any = self._history.state
        self._judged: tuple[Entry, Revision] | None = None  # the revision ``check`` last judged

    @property
    def next_seq(self) -> int:
        return len(self.entries) + 1

    def view(self) -> dict[str, Any]:
        return self.engine.view(self.state)

    def parse(self, raw: Mapping[str, Any] | Action) -> Action:
        """A raw action validated against the game's verbs.  An :class:`Action` object is
        validated as strictly as a dict, through its dict form (one made by hand may lack a
        field or carry a value the verb refuses; the engine must never see it)."""
        return parse_action(raw.to_dict() if isinstance(raw, Action) else raw, self.engine.verbs)

    def check(self, raw: Mapping[str, Any] | Action) -> tuple[Outcome, Any]:
        """Judge an action without recording it: the outcome and the state it would lead to."""
        try:
            action = self.parse(raw)
        except ActionError as error:
            refused = Outcome.refused(error.code, str(error), field=error.field, error_ru=error.ru)
            return refused, self.state
        if action.verb in (UNDO, CORRECT):
            return self._check_revision(action)
        try:
            state, verdicts = self.engine.apply(self.state, action)
        except IllegalMove as illegal:
            return Outcome.refused(illegal.code, illegal.verdict.en, [illegal.verdict]), self.state
        return Outcome(True, tuple(verdicts), Entry(self.next_seq, action)), state

    def _check_revision(self, action: Action) -> tuple[Outcome, Any]:
        target = action.args.get("target")
        if target is None:
            if self._history.last is None:
                verdict = MESSAGES.verdict(Kind.ILLEGAL, "nothing_to_undo")
                return Outcome.refused(verdict.code, verdict.en, [verdict]), self.state
            target = self._history.last
            action = Action(UNDO, action.by, {"target": target})
        if not self._history.in_force(target):
            empty = self._history.last is None
            code = "nothing_to_undo" if empty and action.verb == UNDO else "bad_target"
            verdict = MESSAGES.verdict(Kind.ILLEGAL, code, target=target)
            return Outcome.refused(verdict.code, verdict.en, [verdict]), self.state
        replacement = action.args.get("action")
        if replacement is not None and replacement.verb in (UNDO, CORRECT):
            error = f"action: a correction replaces a game action, not {replacement.verb!r}"
            error_ru = f"action: исправление заменяет игровое действие, а не {replacement.verb!r}"
            refused = Outcome.refused("bad_field", error, field="action", error_ru=error_ru)
            return refused, self.state
        entry = Entry(self.next_seq, action)
        try:
            revision = self._history.revise(target, replacement)
        except BrokenHistory as broken:
            verdict = MESSAGES.verdict(
                Kind.ILLEGAL,
                "history_breaks",
                step=broken.entry.seq,
                reason=broken.illegal.verdict.en,
                reason_ru=broken.illegal.verdict.ru,
            )
            return Outcome.refused(verdict.code, verdict.en, [verdict]), self.state
        self._judged = (entry, revision)
        state = revision.state
        code = "undone" if action.verb == UNDO else "corrected"
        verdicts = [MESSAGES.verdict(Kind.INFO, code, target=target)]
        before = self.engine.view(self.state)["scores"]
        after = self.engine.view(state)["scores"]
        verdicts += [
            MESSAGES.verdict(Kind.INFO, "total_changed", player, after[player], was=before[player])
            for player in self.players
            if before[player] != after[player]
        ]
        return Outcome(True, tuple(verdicts), entry), state

    def submit(self, raw: Mapping[str, Any] | Action) -> Outcome:
        """Judge an action and, if it is accepted, add it to the history."""
        outcome, state = self.check(raw)
        if outcome.accepted:
            self.commit(outcome, state)
        return outcome

    def commit(self, outcome: Outcome, state: Any) -> None:
        """Record an accepted outcome (the journal calls this once the row is on disk)."""
        entry = outcome.entry
        assert entry is not None and entry.seq == self.next_seq
        if entry.action.verb in (UNDO, CORRECT):
            self._history.take(self._revision(entry))
        else:
            self._history.append(entry, state)
        self._judged = None
        self.entries.append(entry)
        self.state = self._history.state
        self.last_verdicts = list(outcome.verdicts)

    def _revision(self, entry: Entry) -> Revision:
        """The revision ``check`` judged for ``entry``, or (when other actions were checked
        since) the same revision judged again on the history as it stands."""
        if self._judged is not None and self._judged[0] is entry:
            return self._judged[1]
        return self._history.revise(entry.action.args["target"], entry.action.args.get("action"))
