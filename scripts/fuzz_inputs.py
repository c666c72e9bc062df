"""Issue 25's fuzz run, long: the generators of ``tests/fuzz_surfaces.py`` on every input
surface (``play`` lines, ``shot`` records, ``check`` YAML, keymap YAML, emulator script lines,
codec bytes), ``--count`` inputs each.

    nice -n 10 .venv/bin/python scripts/fuzz_inputs.py --count 10000 --seed 1

Prints per surface: inputs tried, refused cleanly, accepted, tracebacks, refusals that were not
one error line, and journal rows changed by refused input.  Every column after "accepted" must
be 0; the first traceback of each surface is printed below the table, and the exit status is 1
when any is not.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzz_surfaces import Surface, surfaces

COLUMNS = ("tried", "refused", "accepted", "tracebacks", "not_one_line", "rows_changed")


def fuzz(surface: Surface, count: int, at_seed: int) -> tuple[Counter[str], str | None]:
    """Counts for ``count`` generated inputs, and the first input that broke the promise, with
    its traceback or result (None when none did)."""
    counts: Counter[str] = Counter()
    first: list[str] = []

    @seed(at_seed)
    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        phases=[Phase.generate],  # count every input: no replaying, no shrinking
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def run(data: st.DataObject) -> None:
        value = data.draw(surface.inputs)
        counts["tried"] += 1
        try:
            result = surface.drive(value)
        except Exception:  # the defect being counted: anything but a clean refusal
            counts["tracebacks"] += 1
            if not first:
                first.append(f"input {value!a:.300}\n{traceback.format_exc()}")
            return
        counts["refused" if result.refused else "accepted"] += 1
        broken = result.refused and (result.rows_changed or not result.one_error_line)
        counts["not_one_line"] += result.refused and not result.one_error_line
        counts["rows_changed"] += result.refused and result.rows_changed
        if broken and not first:
            first.append(f"input {value!a:.300}\n{result}")

    run()
    return counts, (first[0] if first else None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10000, help="inputs per surface (10000)")
    parser.add_argument("--seed", type=int, default=0, help="the generators' seed (0)")
    parser.add_argument("--surface", action="append", help="only this surface (repeatable)")
    args = parser.parse_args()
    chosen = [found for found in surfaces() if not args.surface or found.name in args.surface]
    print(f"{'surface':<8}" + "".join(f"{column:>14}" for column in COLUMNS), flush=True)
    failures = []
    for surface in chosen:
        counts, first = fuzz(surface, args.count, args.seed)
        print(f"{surface.name:<8}" + "".join(f"{counts[c]:>14}" for c in COLUMNS), flush=True)
        if first or counts["not_one_line"] or counts["rows_changed"]:
            failures.append(f"--- {surface.name}\n{first or ''}")
    print("\n".join(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
