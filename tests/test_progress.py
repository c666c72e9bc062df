"""Progress of long work: one terminal line with a count and an estimate, shown only when
standard error is a terminal; nothing in a pipe, with ``--json`` or inside libraries."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

from vision import progress
from vision.progress import TerminalLine, shown_on, tracked

ROOT = Path(__file__).resolve().parents[1]


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_without_a_sink_items_pass_through_untouched() -> None:
    assert progress._sink is None
    assert list(tracked(iter("abc"), "letters")) == ["a", "b", "c"]


def test_the_line_counts_estimates_and_closes() -> None:
    stream, clock = io.StringIO(), Clock()
    line = TerminalLine(stream, clock)
    with shown_on(line):
        for _ in tracked(range(4), "rendering"):
            clock.now += 1.0  # each item takes a second
    text = stream.getvalue()
    assert "\rrendering: 0/4 (0 %)" in text
    assert "\rrendering: 2/4 (50 %), about 2 s left" in text
    assert text.endswith("rendering: 4 in 4 s\n")
    assert progress._sink is None  # restored after the block


def test_fast_loops_are_not_redrawn_on_every_item() -> None:
    stream, clock = io.StringIO(), Clock()
    with shown_on(TerminalLine(stream, clock)):
        for _ in tracked(range(1000), "reading"):
            clock.now += 0.001
    assert stream.getvalue().count("\rreading:") < 20
    assert "reading: 1 in" not in stream.getvalue()  # a second of work leaves no report


def test_a_loop_left_early_still_clears_its_line() -> None:
    stream, clock = io.StringIO(), Clock()
    with shown_on(TerminalLine(stream, clock)):
        for index in tracked(range(10), "reading"):
            clock.now += 1.0
            if index == 2:
                break
    assert stream.getvalue().endswith("reading: 2 in 3 s\n")


def synth(tmp_path: Path, stderr: int) -> subprocess.CompletedProcess[bytes]:
    main = "import sys; from ui.cli import main; sys.exit(main(sys.argv[1:]))"
    command = [sys.executable, "-c", main, "synth", "dice", "--out", str(tmp_path / "out")]
    return subprocess.run(
        [*command, "--count", "2"], cwd=ROOT, stderr=stderr, stdout=subprocess.PIPE, check=True
    )


def test_tableref_shows_progress_on_a_terminal_only(tmp_path) -> None:
    master, slave = pty.openpty()
    try:
        synth(tmp_path, slave)
        os.close(slave)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal's other end is closed: all was read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(master)
    assert b"rendering dice scenes: 2/2 (100 %)" in seen
    piped = synth(tmp_path, subprocess.PIPE)
    assert b"rendering" not in piped.stderr
