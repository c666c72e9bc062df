"""Plays a long, seeded, legal Yahtzee session into an existing journal, acknowledging each row.

The SIGKILL test in ``test_journal.py`` runs this as a child process and kills it mid-stream.
Each accepted action is printed as ``ack SEQ ACTION-JSON`` and flushed only after ``submit``
returned, so every line the parent has read names a row the journal promised to keep.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from session.journal import Journal

SEED = 20240501


def submit(journal: Journal, action: dict[str, Any]) -> bool:
    """Submit one action; acknowledge it on stdout if it was accepted."""
    outcome = journal.submit(action, source="camera", confidence=0.9)
    if outcome.accepted:
        assert outcome.entry is not None
        stored = json.dumps(outcome.entry.action.to_dict(), ensure_ascii=False)
        print(f"ack {outcome.entry.seq} {stored}", flush=True)
    return outcome.accepted


def throw(rng: random.Random, count: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(count)]


def play_turn(journal: Journal, rng: random.Random, player: str) -> None:
    """Throw, sometimes take the throw back or correct it, rethrow a few times, then score."""
    first = {"do": "roll", "by": player, "dice": throw(rng, 5)}
    assert submit(journal, first)
    chance = rng.random()
    if chance < 0.1:
        assert submit(journal, {"do": "undo"})
        assert submit(journal, {**first, "dice": throw(rng, 5)})
    elif chance < 0.2:
        target = journal.match.next_seq - 1
        replacement = {**first, "dice": throw(rng, 5)}
        assert submit(journal, {"do": "correct", "target": target, "action": replacement})
    for _ in range(rng.randrange(3)):
        showing = journal.view()["dice"]
        kept = rng.sample(showing, rng.randrange(len(showing)))
        assert submit(journal, {"do": "keep", "by": player, "dice": kept})
        assert submit(journal, {"do": "roll", "by": player, "dice": throw(rng, 5 - len(kept))})
    rows = [row["name"] for row in journal.view()["rows"]]
    rng.shuffle(rows)
    assert any(submit(journal, {"do": "score", "by": player, "row": row}) for row in rows)


def main(path: str) -> None:
    rng = random.Random(SEED)
    with Journal.open(path) as journal:
        while not journal.view()["over"]:
            play_turn(journal, rng, journal.view()["turn"])


if __name__ == "__main__":
    main(sys.argv[1])
