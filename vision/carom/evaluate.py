"""``tableref eval shots DIR``: the observer against the truth of simulated shots.

For each ``shot_NNNN.avi`` with its ``shot_NNNN.json`` (:mod:`vision.synth.carom`), the video
is played through a :class:`ShotObserver` (calibrated from the cushions of its first frame)
and the shot it reports is compared with the truth:

* events (contacts, falls with their feller, pockets, off the table, displaced skittles,
  balls on marks) as multisets: precision and recall;
* exact shot: the whole record the same, in the same order (times aside);
* skittle states (up, displaced, down, removed) after the shot, per skittle;
* verdict: the engine's verdict on the seen record equals its verdict on the true one.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vision.carom.observer import ShotObserver
from vision.carom.record import untimed
from vision.carom.verdict import judge
from vision.sources import VideoFileSource


@dataclass
class ShotResult:
    """One shot's comparison."""

    name: str
    kind: str
    ended: bool
    exact: bool
    verdict_same: bool
    matched: int
    seen: int
    truth: int
    skittles_right: int
    skittles: int
    frames: int
    seconds: float
    differences: dict[str, Any] = field(default_factory=dict)


def events_of(record: dict[str, Any]) -> Counter[tuple[str, ...]]:
    """A record's events as a multiset of untimed tuples."""
    plain = untimed(record)
    out: Counter[tuple[str, ...]] = Counter()
    for key in ("contacts", "down"):
        out.update((key, *item) for item in plain[key])
    for key in ("pocketed", "off_table"):
        out.update((key, *item) for item in plain[key])
    out.update(("displaced", name) for name in plain["displaced"])
    out.update(("stopped_on", m, b) for m, b in plain["stopped_on"].items())
    return out


def evaluate_shot(video: Path) -> ShotResult:
    truth = json.loads(video.with_suffix(".json").read_text(encoding="utf-8"))
    game = truth["game"]
    observer = ShotObserver(None, game)
    ended = []
    start = time.perf_counter()
    frames = 0
    with VideoFileSource(video) as source:
        for frame in source:
            ended += observer.update(frame.image, frame.timestamp, frame.index)
            frames += 1
    ended += observer.flush()
    seconds = time.perf_counter() - start
    true_record = truth["record"]
    seen_record = ended[0].record if ended else {"cue": true_record["cue"], "contacts": []}
    true_events, seen_events = events_of(true_record), events_of(seen_record)
    matched = sum((true_events & seen_events).values())
    states = dict(ended[0].skittles) if ended else {}
    right = sum(states.get(name) == state for name, state in truth["skittles"].items())
    exact = bool(ended) and untimed(seen_record) == untimed(true_record)
    same = bool(ended) and judge(game, seen_record) == judge(game, true_record)
    differences = {}
    if not exact:
        differences = {"truth": untimed(true_record), "seen": untimed(seen_record)}
        if ended:
            differences["ambiguous"] = list(ended[0].ambiguous)
    return ShotResult(
        video.stem,
        truth.get("kind", ""),
        bool(ended),
        exact,
        same,
        matched,
        sum(seen_events.values()),
        sum(true_events.values()),
        right,
        len(truth["skittles"]),
        frames,
        seconds,
        differences,
    )


@dataclass
class ShotsReport:
    """The whole set's numbers."""

    results: list[ShotResult]

    def to_json(self) -> dict[str, Any]:
        r = self.results
        n = max(1, len(r))
        matched = sum(x.matched for x in r)
        return {
            "shots": len(r),
            "ended": sum(x.ended for x in r),
            "event_precision": round(matched / max(1, sum(x.seen for x in r)), 4),
            "event_recall": round(matched / max(1, sum(x.truth for x in r)), 4),
            "exact_shots": round(sum(x.exact for x in r) / n, 4),
            "skittle_states": round(
                sum(x.skittles_right for x in r) / max(1, sum(x.skittles for x in r)), 4
            ),
            "same_verdict": round(sum(x.verdict_same for x in r) / n, 4),
            "observer_fps": round(
                sum(x.frames for x in r) / max(1e-9, sum(x.seconds for x in r)), 1
            ),
            "failures": [
                {"shot": x.name, "kind": x.kind, "verdict_same": x.verdict_same, **x.differences}
                for x in r
                if not x.exact
            ],
        }

    def to_text(self) -> str:
        data = self.to_json()
        lines = [
            f"shots {data['shots']} (ended {data['ended']})",
            f"event precision {data['event_precision']:.4f}  recall {data['event_recall']:.4f}",
            f"exact shots {data['exact_shots']:.4f}",
            f"skittle states {data['skittle_states']:.4f}",
            f"same verdict {data['same_verdict']:.4f}",
            f"observer {data['observer_fps']} fps (decoding included)",
        ]
        for failure in data["failures"]:
            lines.append(
                f"  {failure['shot']} ({failure['kind']}): verdict same {failure['verdict_same']}"
            )
        return "\n".join(lines)


def videos(folder: Path, limit: int | None = None) -> list[Path]:
    found = sorted(p for p in folder.glob("shot_*.avi") if p.with_suffix(".json").is_file())
    return found[:limit] if limit else found


def evaluate_shots(folder: Path, limit: int | None = None, jobs: int = 1) -> ShotsReport:
    """Every shot of ``folder`` (``jobs`` processes: 1 on a shared machine)."""
    paths = videos(folder, limit)
    results: Iterable[ShotResult]
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            results = pool.map(evaluate_shot, paths)
    else:
        results = map(evaluate_shot, paths)
    return ShotsReport(list(results))
