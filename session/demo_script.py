"""The demo's people: the throws the players make and the choices the operator types.

The bundled game (``ui/demo/yahtzee-night.yaml``) is the truth: each ``roll`` step is a throw
the camera must read, every other step (``keep``, ``score``) is the operator's choice, typed as
at the console.  :class:`ScriptedOperator` sits on the session like a person at the console:
after each throw it looks at what the camera made of it and does what a careful operator does:
nothing when the camera got it right, confirm a held reading that is right, correct a held or
recorded reading that is wrong, type the throw when the camera saw nothing; then it types the
choices up to the next throw.  It counts each of these, so the demo can say how well perception
did, honestly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.match import Match
from scoring.scenario import Scenario
from session.live import Confirm, Correct, LiveSession, Reject, SessionEvent, Submit


@dataclass(frozen=True)
class ThrowEnded:
    """Posted into the session after a throw's last frame: the operator's cue to look at what
    the camera made of step ``step`` of the script.  Not a table fact: interpreters never see
    it (:class:`CueFilter`)."""

    step: int

    fact = "demo_throw_ended"


def script_steps(scenario: Scenario, turns: int | None = None) -> list[dict[str, Any]]:
    """The scenario's actions (expectations left out), cut after ``turns`` player turns (a turn
    ends with the step that passes the move to another player or ends the game)."""
    steps = [Scenario.split_step(step)[0] for step in scenario.steps if "expect" not in step]
    if turns is None:
        return [dict(step) for step in steps]
    match = scenario.match()
    kept: list[dict[str, Any]] = []
    done = 0
    for step in steps:
        if done >= turns:
            break
        before = match.view().get("turn")
        outcome = match.submit(step)
        if not outcome.accepted:
            raise ValueError(f"{scenario.source} step {len(kept) + 1} is refused: {outcome.error}")
        kept.append(dict(step))
        view = match.view()
        if view["over"] or view.get("turn") != before:
            done += 1
    return kept


def throws(steps: Sequence[Mapping[str, Any]]) -> list[int]:
    """The indices of the steps the camera must read: the rolls."""
    return [index for index, step in enumerate(steps) if step.get("do") == "roll"]


class CueFilter:
    """An interpreter that passes every table fact to ``inner`` but keeps the operator's cues
    to itself."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def propose(self, fact: Any, match: Match) -> list[Any]:
        if isinstance(fact, ThrowEnded):
            return []
        return list(self.inner.propose(fact, match))


@dataclass
class Tally:
    """What the operator had to do, throw by throw."""

    throws: int = 0
    read_right: int = 0  # the camera's reading had the thrown dice
    recorded: int = 0  # ...and was recorded without anyone touching it
    confirmed: int = 0  # held (low confidence), right, confirmed by the operator
    corrected: int = 0  # wrong (held or recorded) and corrected by the operator
    typed: int = 0  # the camera saw no throw: the operator typed it
    notes: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"perception read {self.read_right} of {self.throws} throws right: "
            f"{self.recorded} recorded straight from the camera, {self.confirmed} held and "
            f"confirmed, {self.corrected} corrected by the operator, {self.typed} typed in"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            key: getattr(self, key)
            for key in ("throws", "read_right", "recorded", "confirmed", "corrected", "typed")
        }


class ScriptedOperator:
    """Acts the operator of the scripted game on ``session``: subscribe it, then post a
    :class:`ThrowEnded` after each throw's frames."""

    def __init__(
        self,
        session: LiveSession,
        steps: Sequence[Mapping[str, Any]],
        on_note: Callable[[str], Any] | None = None,
    ) -> None:
        self.session = session
        self.on_note = on_note
        self.steps = [dict(step) for step in steps]
        self.tally = Tally()
        self._seen: list[SessionEvent] = []  # camera events since this throw's fact came
        self._watching = False  # a table fact came after the last cue: its events count
        self._next = 0  # the next script step the operator has not dealt with

    def start(self) -> None:
        """Type the steps before the first throw (none in Yahtzee)."""
        self._type_until_throw()

    def __call__(self, event: SessionEvent) -> None:
        if event.kind == "fact" and isinstance(event.fact, ThrowEnded):
            self._settle(event.fact.step)
            self._seen.clear()
            self._watching = False
            self._type_until_throw()
        elif event.kind == "fact":
            self._watching = True  # what the operator posted at the cue is judged by now
        elif self._watching and _from_camera(event):
            self._seen.append(event)

    @property
    def done(self) -> bool:
        return self._next >= len(self.steps)

    def _type_until_throw(self) -> None:
        while self._next < len(self.steps) and self.steps[self._next].get("do") != "roll":
            self.session.post(Submit(self.steps[self._next]))
            self._next += 1

    def _settle(self, step: int) -> None:
        """Make the record of throw ``step`` right, whatever the camera made of it."""
        if step != self._next:
            raise RuntimeError(f"the demo is out of step: throw {step}, script at {self._next}")
        truth = self.steps[step]
        self._next += 1
        self.tally.throws += 1
        rows = [e.row for e in self._seen if e.kind == "accepted" and e.row is not None]
        held = [
            e.pending
            for e in self._seen
            if e.pending is not None and e.pending.id in {p.id for p in self.session.pending()}
        ]
        if rows:
            row = rows[0]
            if _same_dice(row.action, truth):
                self.tally.read_right += 1
                self.tally.recorded += 1
            else:
                self.session.post(Correct(row.seq, truth))
                self.tally.corrected += 1
                self._note(step, f"recorded {row.action.get('dice')}, corrected to {truth['dice']}")
        elif held:
            first = held[0]
            if _same_dice(first.proposal.action, truth):
                self.session.post(Confirm(first.id))
                self.tally.read_right += 1
                self.tally.confirmed += 1
                self._note(step, f"held ({first.why}), confirmed")
            else:
                self.session.post(Confirm(first.id, truth))
                self.tally.corrected += 1
                seen = first.proposal.action.get("dice")
                self._note(step, f"held ({first.why}): read {seen}, corrected to {truth['dice']}")
        else:
            self.session.post(Submit(truth))
            self.tally.typed += 1
            self._note(step, f"not seen by the camera, typed {truth['dice']}")
        for extra in held[1 if not rows else 0 :]:
            self.session.post(Reject(extra.id))

    def _note(self, step: int, text: str) -> None:
        self.tally.notes.append(f"throw {self.tally.throws} (step {step + 1}): {text}")
        if self.on_note is not None:
            self.on_note(text)


def _from_camera(event: SessionEvent) -> bool:
    """An outcome of a camera proposal: recorded, held or refused."""
    if event.kind not in ("accepted", "pending", "refused"):
        return False
    if event.row is not None:
        return event.row.source != "operator"
    return event.pending is not None


def _same_dice(action: Mapping[str, Any], truth: Mapping[str, Any]) -> bool:
    """The same throw: the same player and verb and the same dice, in any order."""
    return (
        action.get("do") == truth.get("do")
        and action.get("by") == truth.get("by")
        and Counter(action.get("dice") or ()) == Counter(truth.get("dice") or ())
    )
