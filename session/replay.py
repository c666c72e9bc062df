"""Replay a recording: re-fold its journal, or re-run perception on its video, and compare.

:func:`refold` judges the journal's rows again, one by one, in a fresh match and checks each
against what the session recorded at the time (every row accepted again, and the game's view
after it equal to the digest in events.jsonl, and at the end equal to final.json): a recording
whose history no longer folds to what the players saw is named at its first differing row.

:func:`rerun` reads the recorded video again with a reader, through the observer, and asks the
interpreter about each settled scene in the state the session judged the recorded one in; it
reports which facts and which camera rows perception reproduces and where it now differs.
Readings are compared exactly (values, cocked dice, frame); boxes and confidences within a
tolerance, since a video frame decoded from MJPG is not bit for bit the frame that was read live.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.match import Match
from scoring.registry import create_engine
from session.journal import JournalRow
from session.recording import LOSSY_CODEC, Recording, view_digest
from vision.progress import tracked

#: How far a re-read box's edges may lie from the recorded one's, as a share of the box's size
#: (dice touching one another may be boxed as one blob whose edges move most), and how much a
#: confidence may differ.
BOX_TOLERANCE = 0.2
CONFIDENCE_TOLERANCE = 0.05


@dataclass
class ReplayResult:
    """A re-fold: how many rows, whether each fold agreed, the first row where it did not."""

    rows: int
    equal: bool
    first_difference: int | None = None
    detail: str = ""
    checked_states: int = 0  # rows whose recorded view digest was compared
    view: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "equal": self.equal,
            "first_difference": self.first_difference,
            "detail": self.detail,
            "checked_states": self.checked_states,
        }

    def to_text(self) -> str:
        if self.equal:
            return (
                f"refold: {self.rows} rows fold to the recorded game exactly "
                f"({self.checked_states} states compared, final view equal)"
            )
        return f"refold: differs at row {self.first_difference}: {self.detail}"


def fresh_match(recording: Recording) -> Match:
    meta = recording.meta
    engine = create_engine(meta["game"], meta.get("preset"), meta.get("options") or {})
    return Match(engine, meta["players"])


def refold(recording: Recording) -> ReplayResult:
    """Judge the recorded rows again into a fresh match and compare with what was recorded."""
    rows = recording.rows()
    states = {e["seq"]: e["state"] for e in recording.events() if e.get("state")}
    match = fresh_match(recording)
    checked = 0
    for row in rows:
        outcome = match.submit(row.action)
        if not outcome.accepted:
            return ReplayResult(len(rows), False, row.seq, f"refused now: {outcome.error}")
        assert outcome.entry is not None
        stored = outcome.entry.action.to_dict()
        if outcome.entry.seq != row.seq or stored != row.action:
            return ReplayResult(len(rows), False, row.seq, f"folds as {stored}, not {row.action}")
        if row.seq in states:
            checked += 1
            if view_digest(match.view()) != states[row.seq]:
                return ReplayResult(
                    len(rows), False, row.seq, "the game's view after it is not the recorded one"
                )
    view = match.view()
    final = recording.final_view()
    if final is not None and _plain(view) != final:
        first = next((key for key in view if _plain(view[key]) != final.get(key)), "?")
        return ReplayResult(len(rows), False, len(rows), f"final view differs in {first!r}")
    return ReplayResult(len(rows), True, None, "", checked, view)


def _plain(value: Any) -> Any:
    """A view as it reads back from JSON (tuples as lists), for comparing with final.json."""
    import json

    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


# ---------------------------------------------------------------------------------------------
# Re-running perception.


@dataclass
class RerunReport:
    """What perception does with the recorded video now, against what it did then.

    A camera row counts as reproduced when perception proposes it again, and also when the
    operator changed it on confirming a held reading and perception proposes now what it
    proposed then (``rows_corrected`` of them): the change was the operator's, not perception's.
    """

    frames: int
    facts_recorded: int
    facts_rerun: int
    facts_matching: int
    rows_compared: int
    rows_matching: int
    rows_corrected: int = 0
    differences: list[str] = field(default_factory=list)
    max_box_shift: float = 0.0
    max_confidence_change: float = 0.0
    lossy_video: bool = False

    @property
    def equal(self) -> bool:
        return not self.differences

    def to_json(self) -> dict[str, Any]:
        return {
            "frames": self.frames,
            "facts_recorded": self.facts_recorded,
            "facts_rerun": self.facts_rerun,
            "facts_matching": self.facts_matching,
            "rows_compared": self.rows_compared,
            "rows_matching": self.rows_matching,
            "rows_corrected": self.rows_corrected,
            "max_box_shift": round(self.max_box_shift, 3),
            "max_confidence_change": round(self.max_confidence_change, 3),
            "lossy_video": self.lossy_video,
            "differences": self.differences,
        }

    def to_text(self) -> str:
        corrected = (
            f" ({self.rows_corrected} of them changed by the operator on confirming, proposed "
            "now as then)"
            if self.rows_corrected
            else ""
        )
        lines = [
            f"rerun: {self.frames} frames read again; facts {self.facts_matching} of "
            f"{self.facts_recorded} recorded reproduced ({self.facts_rerun} now); camera rows "
            f"{self.rows_matching} of {self.rows_compared} reproduced{corrected}; boxes "
            f"within {self.max_box_shift:.0%} of their size, confidences within "
            f"{self.max_confidence_change:.3f}"
        ]
        lines += [f"  differs: {line}" for line in self.differences]
        if self.differences and self.lossy_video:
            lines.append(
                "  note: the video is MJPG (lossy), so its frames decode close to, not exactly as, "
                "the frames read live; a lossless recording re-runs exactly"
            )
        return "\n".join(lines)


def rerun(recording: Recording, reader: Any, interpreter: Any, observer: Any = None) -> RerunReport:
    """Read the recorded video again and compare the facts and the camera rows' proposals."""
    from vision.observe import DiceObserver

    observer = observer or DiceObserver()
    recorded = [line for line in recording.facts() if line["fact"].get("fact") == "dice_settled"]
    frames = min(recording.frame_count, recording.video_frames())
    times = recording.frame_times()
    facts = []
    for index in tracked(range(frames), "reading the recorded frames again"):
        fact = observer.update(reader.read(recording.frame(index)), index, times[index])
        if fact is not None:
            facts.append(fact)
    report = RerunReport(frames, len(recorded), len(facts), 0, 0, 0)
    report.lossy_video = recording.meta.get("codec", LOSSY_CODEC) == LOSSY_CODEC
    if frames < recording.frame_count:
        report.differences.append(
            f"the video holds {frames} of {recording.frame_count} frames: the rest is not re-read"
        )
    by_frame = {line["frame"]: line for line in recorded}
    now_frames = {fact.frame_index for fact in facts}
    for line in recorded:
        if line["frame"] not in now_frames and line["frame"] < frames:
            report.differences.append(f"frame {line['frame']}: recorded fact not seen now")
    rows = recording.rows()
    entries = _entries(recording, rows)

    def standing(line: Mapping[str, Any]) -> Match:
        """The match as it stood when the session was given the recorded fact ``line``."""
        return Match(entries.engine, entries.players, entries.entries[: int(line.get("rows", 0))])

    # What perception proposed then, from the recorded facts through an interpreter of its own
    # (interpreters remember the last scene, to tell kept dice from thrown ones).
    earlier_interpreter = copy.deepcopy(interpreter)
    earlier = {
        line["frame"]: _proposed(earlier_interpreter, _recorded_fact(line["fact"]), standing(line))
        for line in recorded
    }
    camera_rows = {row.frame: row for row in rows if row.source == "camera" and row.frame}
    for fact in facts:
        then = by_frame.get(fact.frame_index)
        if then is None:
            report.differences.append(f"frame {fact.frame_index}: a fact now, none recorded")
            continue
        fact = _in_recorded_order(fact, then["fact"])
        if _same_fact(fact.to_json(), then["fact"], report):
            report.facts_matching += 1
        now = _proposed(interpreter, fact, standing(then))
        row = camera_rows.get(fact.frame_index)
        if row is None:
            continue
        report.rows_compared += 1
        was = earlier[fact.frame_index]
        if row.action in now:
            report.rows_matching += 1
        elif row.action not in was and now == was:
            report.rows_matching += 1
            report.rows_corrected += 1
        elif row.action not in was:
            report.differences.append(
                f"row {row.seq} (frame {row.frame}): the operator changed perception's "
                f"{was or 'nothing'} to {row.action} then; perception now proposes "
                f"{now or 'nothing'}"
            )
        else:
            report.differences.append(
                f"row {row.seq} (frame {row.frame}): recorded straight from the camera as "
                f"{row.action}; perception now proposes {now or 'nothing'}"
            )
    return report


def _proposed(interpreter: Any, fact: Any, match: Match) -> list[dict[str, Any]]:
    """The actions the interpreter proposes for ``fact``, as the journal would store them."""
    return [_canonical(match, proposal.action) for proposal in interpreter.propose(fact, match)]


def _recorded_fact(line: Mapping[str, Any]) -> Any:
    """A recorded ``dice_settled`` line as the fact the session was given."""
    from vision.observe import DiceSettled
    from vision.types import Box

    return DiceSettled(
        tuple(int(value) for value in line["values"]),
        tuple(Box(*(float(edge) for edge in box)) for box in line["boxes"]),
        tuple(bool(cocked) for cocked in line["cocked"]),
        int(line["frame"]),
        float(line.get("timestamp", 0.0)),
        float(line["confidence"]),
    )


def _in_recorded_order(fact: Any, then: Mapping[str, Any]) -> Any:
    """``fact`` with its dice listed in the recorded fact's order, each die paired with the
    recorded die nearest to it, so that a reader listing two neighbours the other way round
    is not a different reading.  Unchanged when the counts differ (that is a difference)."""
    old = [(box[0] + box[2] / 2, box[1] + box[3] / 2) for box in then.get("boxes", [])]
    if len(old) != len(fact.boxes):
        return fact
    pairs = sorted(
        (
            ((box.centre[0] - x) ** 2 + (box.centre[1] - y) ** 2, new, index)
            for new, box in enumerate(fact.boxes)
            for index, (x, y) in enumerate(old)
        )
    )
    order: dict[int, int] = {}
    taken: set[int] = set()
    for _, new, index in pairs:
        if new not in order and index not in taken:
            order[new] = index
            taken.add(index)
    ranked = sorted(range(len(fact.boxes)), key=lambda new: order[new])
    return dataclasses.replace(
        fact,
        values=tuple(fact.values[new] for new in ranked),
        boxes=tuple(fact.boxes[new] for new in ranked),
        cocked=tuple(fact.cocked[new] for new in ranked),
    )


def _entries(recording: Recording, rows: Sequence[JournalRow]) -> Match:
    """The recorded rows folded into a match, whose entries give the state after any k rows."""
    match = fresh_match(recording)
    for row in rows:
        match.submit(row.action)
    return match


def _canonical(match: Match, action: Mapping[str, Any]) -> dict[str, Any]:
    """An action as the journal stores it (parsed and normalised), or as given if refused."""
    outcome, _ = match.check(action)
    return outcome.entry.action.to_dict() if outcome.entry is not None else dict(action)


def _same_fact(now: Mapping[str, Any], then: Mapping[str, Any], report: RerunReport) -> bool:
    """Exact on what the referee acts on; boxes and confidence within the tolerances."""
    frame = then.get("frame")
    for key in ("values", "cocked", "frame"):
        if now.get(key) != then.get(key):
            report.differences.append(f"frame {frame}: {key} {now.get(key)} now, {then.get(key)}")
            return False
    shift = max(
        (
            max(abs(a - b) for a, b in zip(box, old, strict=True)) / max(old[2], old[3], 1.0)
            for box, old in zip(now["boxes"], then["boxes"], strict=True)
        ),
        default=0.0,
    )
    change = abs(float(now["confidence"]) - float(then["confidence"]))
    report.max_box_shift = max(report.max_box_shift, shift)
    report.max_confidence_change = max(report.max_confidence_change, change)
    if shift > BOX_TOLERANCE or change > CONFIDENCE_TOLERANCE:
        report.differences.append(
            f"frame {frame}: a box moved {shift:.0%} of its size, confidence changed {change:.3f}"
        )
        return False
    return True
