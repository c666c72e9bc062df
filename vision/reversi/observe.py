"""The board observer: board readings per frame in, ``board_seen`` facts out.

A move at the table is a disc put down and then the discs it closes turned one by one, by hand.
The observer does not judge any of it: it reports the board each time a new one comes to rest
(the same reading on ``frames`` frames running), and the interpreter compares it with the
engine's board (``session/interpreters/reversi.py``).  A frame where no board is found (a hand
or an arm over it) breaks the run, so a board half covered is never reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vision.reversi.reader import BoardReading


@dataclass(frozen=True)
class BoardSeen:
    """The table fact ``board_seen``: a board at rest that differs from the one seen before it
    (rows top first, ``B``/``W``/``.``), with how sure the read of its changed squares was."""

    board: str
    size: int
    frame_index: int
    timestamp: float
    confidence: float

    fact = "board_seen"

    def to_json(self) -> dict[str, Any]:
        rows = [self.board[r * self.size : (r + 1) * self.size] for r in range(self.size)]
        return {
            "fact": self.fact,
            "board": rows,
            "frame": self.frame_index,
            "timestamp": round(self.timestamp, 3),
            "confidence": round(self.confidence, 3),
        }


class BoardObserver:
    """Board readings per frame in; a :class:`BoardSeen` when ``frames`` frames running agree
    on a board other than the last one reported."""

    def __init__(self, frames: int = 3) -> None:
        if frames < 1:
            raise ValueError(f"frames must be at least 1, got {frames}")
        self.frames = frames
        self._run: list[BoardReading] = []
        self.last: str | None = None

    def update(
        self, readings: Sequence[BoardReading], frame_index: int, timestamp: float
    ) -> list[BoardSeen]:
        """Take one frame's readings (one board, or none found); the board this frame settles."""
        if not readings:
            self._run = []
            return []
        reading = readings[0]
        if self._run and self._run[-1].board != reading.board:
            self._run = []
        self._run.append(reading)
        if len(self._run) < self.frames or reading.board == self.last:
            return []
        before, self.last = self.last, reading.board
        changed = [i for i, cell in enumerate(reading.board) if before is None or before[i] != cell]
        sure = min(min(r.sureness[i] for i in changed) for r in self._run[-self.frames :])
        return [BoardSeen(reading.board, reading.size, frame_index, timestamp, sure)]
