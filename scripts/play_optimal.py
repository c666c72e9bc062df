"""Play solitaire games of a dice sheet game through its engine, always taking the advice's
best choice, and compare the mean final score with the strategy table's optimum.

    .venv/bin/python scripts/play_optimal.py yacht --games 2000 --seed 1

The dice are random; every keep and row is the advice's best, and every move goes through the
engine as the referee would judge it, so this checks the table, the advice and the engine's
rules against each other: the mean must fall within a few standard errors of the optimum.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from scoring.dice.optimal.advice import StrategyTable, advise
from scoring.dice.sheet.engine import DiceSheetEngine
from scoring.match import Match
from scoring.registry import create_engine
from session.strategy_store import strategy_table


def play(engine: DiceSheetEngine, table: StrategyTable, rng: random.Random) -> int:
    match = Match(engine, ["Solo"])
    while not match.view()["over"]:
        state = match.state
        if not state.turn.dice:
            action = {"do": "roll", "by": "Solo", "dice": faces(engine.rules.dice, rng)}
        else:
            advice = advise(engine, state, table)
            assert advice is not None and advice.best is not None
            best = advice.best
            if best.keep is not None:
                thrown = faces(engine.rules.dice - len(best.keep), rng)
                action = {"do": "roll", "by": "Solo", "dice": thrown, "kept": list(best.keep)}
            else:
                action = {"do": "score", "by": "Solo", "row": best.row}
        outcome = match.submit(action)
        assert outcome.accepted, (action, outcome.error)
    return int(match.view()["scores"]["Solo"])


def faces(count: int, rng: random.Random) -> list[int]:
    return [rng.randint(1, 6) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine = create_engine(args.game, None)
    assert isinstance(engine, DiceSheetEngine)
    table, _ = strategy_table(engine)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    scores = [play(engine, table, rng) for _ in range(args.games)]
    mean = statistics.fmean(scores)
    error = statistics.stdev(scores) / len(scores) ** 0.5
    print(
        f"{args.game}: {args.games} games, mean {mean:.2f} ± {error:.2f} (sd "
        f"{statistics.stdev(scores):.1f}); optimum {table.start:.4f}; "
        f"{(mean - table.start) / error:+.2f} standard errors; "
        f"{(time.perf_counter() - started) / args.games * 1000:.0f} ms a game"
    )


if __name__ == "__main__":
    main()
