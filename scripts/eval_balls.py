"""Measure the billiard-table finder and the ball finder on rendered stills of any table.

    .venv/bin/python scripts/eval_balls.py            # development seeds (tuned on)
    .venv/bin/python scripts/eval_balls.py --held-out # the held-out seeds, measured once
    .venv/bin/python scripts/eval_balls.py --first 61000 --count 100   # fresh seeds
    .venv/bin/python scripts/eval_balls.py --look broadcast   # filmed as hall/broadcast video

A table is found when every corner is within ``--corner`` (share of the table's diagonal) of
the truth; a ball is found when a reported centre lies within half its radius (each reported
ball matches one true ball).  Speed is the finder alone, one thread, at the stills' 1280x720.
"""

from __future__ import annotations

import argparse
import json
import time

import cv2
import numpy as np

from vision.carom.ball_finder import find_balls
from vision.carom.stills import DEV_SEEDS, HELD_OUT_SEEDS, LOOKS, render_still
from vision.profile import ProfileError


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--held-out", action="store_true", help="the held-out seeds")
    parser.add_argument("--first", type=int, help="fresh seeds from this one (not dev/held-out)")
    parser.add_argument("--count", type=int, default=200, help="how many seeds (200)")
    parser.add_argument(
        "--look", default="plain", choices=sorted(LOOKS), help="how the stills are filmed (plain)"
    )
    parser.add_argument("--corner", type=float, default=0.01, help="corner tolerance (0.01)")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    if args.first is not None:
        seeds = list(range(args.first, args.first + args.count))
        taken = [s for s in seeds if s in DEV_SEEDS or s in HELD_OUT_SEEDS]
        if args.held_out:
            parser.error("--first and --held-out: fresh seeds are not the held-out ones")
        if taken:
            parser.error(f"--first: seed {taken[0]} is a development or held-out seed")
    else:
        seeds = list(HELD_OUT_SEEDS if args.held_out else DEV_SEEDS)[: args.count]
    tables = truth = found = hit = 0
    by_cloth: dict[str, list[int]] = {}
    times = []
    for seed in seeds:
        still = render_still(seed, look=args.look)
        start = time.perf_counter()
        try:
            corners, balls = find_balls(still.image)
        except ProfileError:
            corners, balls = None, []
        times.append(time.perf_counter() - start)
        if corners is not None:
            error = np.hypot(*(np.array(corners) - np.array(still.corners)).T).max()
            diagonal = np.hypot(*(np.array(still.corners[2]) - np.array(still.corners[0])))
            tables += bool(error <= args.corner * diagonal)
        matched = _matched(still.balls, balls)
        truth, found, hit = truth + len(still.balls), found + len(balls), hit + matched
        counts = by_cloth.setdefault(still.cloth, [0, 0, 0])
        counts[0] += len(still.balls)
        counts[1] += len(balls)
        counts[2] += matched
    report = {
        "seeds": f"{seeds[0]}-{seeds[-1]}",
        "look": args.look,
        "stills": len(seeds),
        "tables_found": round(tables / len(seeds), 4),
        "ball_recall": round(hit / max(1, truth), 4),
        "ball_precision": round(hit / max(1, found), 4),
        "balls": truth,
        "median_ms": round(float(np.median(times)) * 1000, 1),
        "by_cloth": {
            cloth: {
                "recall": round(c[2] / max(1, c[0]), 3),
                "precision": round(c[2] / max(1, c[1]), 3),
            }
            for cloth, c in sorted(by_cloth.items())
        },
    }
    print(json.dumps(report, indent=1))


def _matched(truth: tuple, found: list) -> int:
    used: set[int] = set()
    count = 0
    for ball in truth:
        near = [
            (float(np.hypot(b.x - ball.x, b.y - ball.y)), i)
            for i, b in enumerate(found)
            if i not in used
        ]
        if near and min(near)[0] <= 0.5 * ball.radius:
            used.add(min(near)[1])
            count += 1
    return count


if __name__ == "__main__":
    main()
