"""One table rebuilt from its published rows: the same match the table's journal folds, fed
in ``seq`` order whatever order and however many times the rows arrive.

A row already applied or already waiting is a duplicate (QoS 1 delivers at least once) and is
counted, not applied again.  A row beyond the next one waits, and the rows missing before it
are a gap: noticed, counted, and named (:attr:`TableReplica.missing_from`) so the board can ask
the table to publish them again.  A row the rules refuse means the replica no longer follows
the table; it is kept as ``broken`` and nothing after it is applied.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from scoring.match import Match
from scoring.registry import create_engine
from session.club.wire import Meta, Row


def plain(data: Any) -> Any:
    """A view as it reads after a trip through JSON (tuples are lists, keys are text)."""
    return json.loads(json.dumps(data, sort_keys=True, default=str))


@dataclass
class TableReplica:
    table: str
    meta: Meta
    match: Match = field(init=False)
    applied: int = 0
    waiting: dict[int, Row] = field(default_factory=dict)
    duplicates: int = 0
    gaps: int = 0
    stale: int = 0  # rows and views of another session under this table id, ignored
    broken: str | None = None
    #: The latest view the table published, and the row it follows.
    published: dict[str, Any] | None = None
    published_seq: int = 0
    status: str = "unknown"
    #: The rows applied, in ``seq`` order: what the club's results store keeps.
    rows: list[Row] = field(default_factory=list)

    def __post_init__(self) -> None:
        engine = create_engine(self.meta.game, self.meta.preset, self.meta.options)
        self.match = Match(engine, self.meta.players)

    def receive(self, row: Row) -> None:
        if row.seq <= self.applied or row.seq in self.waiting:
            self.duplicates += 1
            return
        had_gap = self.missing_from is not None
        self.waiting[row.seq] = row
        self._apply_ready()
        if self.missing_from is not None and not had_gap:
            self.gaps += 1

    def see_view(self, seq: int, view: dict[str, Any]) -> None:
        if seq >= self.published_seq:
            self.published_seq, self.published = seq, view

    @property
    def missing_from(self) -> int | None:
        """The first row missing before rows already here, or before the table's published
        view; None when nothing is known to be missing."""
        if self.waiting or self.published_seq > self.applied:
            return self.applied + 1
        return None

    @property
    def in_step(self) -> bool:
        """Every row the table has published is applied, and the rebuilt view is the one the
        table published for it."""
        return (
            self.broken is None
            and not self.waiting
            and self.published is not None
            and self.published_seq == self.applied
            and plain(self.match.view()) == plain(self.published)
        )

    def _apply_ready(self) -> None:
        while self.broken is None and self.applied + 1 in self.waiting:
            row = self.waiting.pop(self.applied + 1)
            outcome, state = self.match.check(row.action)
            if not outcome.accepted:
                self.broken = f"row {row.seq} refused by the rules: {outcome.error}"
                return
            self.match.commit(outcome, state)
            self.applied = row.seq
            self.rows.append(row)

    def summary(self) -> dict[str, Any]:
        """What the club board shows of the table: its game, players, scores and state, from
        the rebuilt match, or from the table's own last view while the board is behind it (a
        table that went away before the board could fetch its rows); ``in_step`` tells which."""
        view = self.match.view() if self.in_step or self.published is None else self.published
        return {
            "table": self.table,
            "game": self.meta.game,
            "session": self.meta.session,
            "preset": self.meta.preset,
            "players": list(self.meta.players),
            "scores": plain(view.get("scores", {})),
            "turn": view.get("turn"),
            "over": bool(view.get("over")),
            "winner": plain(view.get("winner")),
            "seq": self.applied,
            "published_seq": self.published_seq,
            "in_step": self.in_step,
            "gaps": self.gaps,
            "duplicates": self.duplicates,
            "broken": self.broken,
            "status": self.status,
        }
