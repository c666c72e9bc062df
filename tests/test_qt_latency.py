"""``tableref bench display``: rendered throws played in real time through the camera thread
and the live perception to the real audience display (offscreen), each throw timed from the
die stopping to the display's finished repaint."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from typing import Any

from ui.commands.bench import table
from ui.qt import latency
from vision.observe import GATED_FRAMES


def test_every_throw_is_timed_from_the_die_stopping_to_the_display_repainted(
    qapp: Any, tmp_path: Any
) -> None:
    fps = 20.0
    report = latency.measure(throws=2, fps=fps, reader_name="classical", folder=tmp_path)
    assert report.accepted + report.held == 2 and report.accepted >= 1
    assert len(report.samples) == len(report.drawing) == report.accepted
    for total, confirm, read, judge, draw in zip(
        report.samples,
        report.confirming,
        report.reading,
        report.judging,
        report.drawing,
        strict=True,
    ):
        assert confirm >= GATED_FRAMES / fps * 0.99
        assert min(read, judge, draw) >= 0
        assert total >= confirm + read + judge
    [row] = report.rows()
    assert row["pipeline"] == "camera->gate+classical+observer->audience display"
    assert "draw_ms" in table([row])


def test_tableref_bench_display_runs_this_bench() -> None:
    import importlib

    from ui.commands.bench import TARGETS

    assert importlib.import_module(TARGETS["display"]).run_bench is latency.run_bench
