"""Random hold'em hands on our engine and on pokerkit, hand values against treys: how often
they agree (docs/rules/poker.md; the comparison is tests/holdem_oracle.py).

    .venv/bin/python scripts/holdem_oracle.py --hands 10000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.holdem_oracle import STRUCTURES, hand_values_agree, play_hand  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="random hands to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--values", type=int, default=100_000, help="hand pairs to rank")
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # pokerkit warns on every card it deals from our deck
    rng = random.Random(args.seed)
    started = time.perf_counter()
    totals: Counter[str] = Counter()
    problems: list[str] = []
    for number in range(args.hands):
        structure = STRUCTURES[number % len(STRUCTURES)]
        result = play_hand(rng, structure)
        totals[f"{structure} hands"] += 1
        totals[f"{structure} agree"] += result.agree
        totals["contested pots"] += result.pots
        totals["side pots"] += result.side_pots
        totals["moves"] += result.moves
        totals["odd chips split per pot (TPT 16)"] += result.odd_chips
        if not result.agree:
            problems.append(f"hand {number} ({structure}): {'; '.join(result.problems)}")
    hands_s = time.perf_counter() - started
    pairs, value_problems = hand_values_agree(random.Random(args.seed), args.values)
    agree = sum(totals[f"{s} agree"] for s in STRUCTURES)
    print(
        f"hands: {args.hands}, agree with pokerkit {pokerkit_version()}: {agree} ({hands_s:.0f} s)"
    )
    for structure in STRUCTURES:
        print(f"  {structure}: {totals[f'{structure} agree']} of {totals[f'{structure} hands']}")
    for key in ("contested pots", "side pots", "moves", "odd chips split per pot (TPT 16)"):
        print(f"  {key}: {totals[key]}")
    print(f"hand pairs ranked against treys: {pairs}, disagree: {len(value_problems)}")
    for line in (problems + value_problems)[:20]:
        print("  " + line)
    return 0 if not problems and not value_problems else 1


def pokerkit_version() -> str:
    from importlib.metadata import version

    return version("pokerkit")


if __name__ == "__main__":
    raise SystemExit(main())
