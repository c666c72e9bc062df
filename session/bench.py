"""``tableref bench session``: the live pipeline's latency and the resume of a long night."""

from __future__ import annotations

from typing import Any

from session import latency, night


def run_bench(quick: bool = False) -> list[dict[str, Any]]:
    """The settled-die-to-event latency, then the history's timings (their own columns)."""
    return latency.run_bench(quick) + night.run_bench(quick)
