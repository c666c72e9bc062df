"""The short version of ``scripts/kill_journals.py`` (issue 25): imports and creates killed at
random moments leave no partial journal under the target name, no ``.partial`` that opens, and
nothing that blocks the next import or create of the name."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from kill_journals import big_scenario, kill_creates, kill_imports


def test_killed_imports_and_creates_leave_no_partial_journal(tmp_path: Path) -> None:
    rng = random.Random(1)
    scenario, actions = big_scenario(tmp_path, 2000, 1)
    counts = kill_imports(8, rng, tmp_path, scenario, actions)
    counts.update(kill_creates(3, rng, tmp_path))
    assert counts["kills"] == 11 and counts["killed"] > 0
    assert counts["partial"] == counts["leftover_opened"] == counts["blocked"] == 0, counts
