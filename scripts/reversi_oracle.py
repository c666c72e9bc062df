"""Reversi against OpenSpiel's ``othello``, long: ``--games`` seeded random games through both
engines (``tests/reversi_oracle.py``), every legal-move set, board, pass and result compared.

    .venv/bin/python scripts/reversi_oracle.py --games 5000 --seed 0

Prints the games played, the moves and passes compared, the results (black wins, white wins,
draws) and every disagreement (none expected); the exit status is 1 when there is one.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from reversi_oracle import play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    moves = passes = black = white = draws = 0
    problems: list[str] = []
    for seed in range(args.seed, args.seed + args.games):
        game = play(seed)
        moves, passes = moves + game.moves, passes + game.passes
        if game.disagreement:
            problems.append(f"seed {seed}: {game.disagreement}")
        b, w = game.counts
        black, white, draws = black + (b > w), white + (w > b), draws + (b == w)
    seconds = time.perf_counter() - started
    print(f"games {args.games} (seeds {args.seed}-{args.seed + args.games - 1}) in {seconds:.1f} s")
    print(f"moves compared {moves} (legal sets and boards), passes {passes}")
    print(f"black wins {black}, white wins {white}, draws {draws}")
    print(f"disagreements {len(problems)}")
    for problem in problems[:20]:
        print("  " + problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
