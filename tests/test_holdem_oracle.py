"""Hold'em cross-checked against independent engines from PyPI (docs/rules/poker.md): random
hands of every structure with all-ins and side pots played on our engine and on pokerkit, pot by
pot and stack by stack; hand values ranked against treys.  The long run (10,000 hands) is
``scripts/holdem_oracle.py``; the comparison itself is ``tests/holdem_oracle.py``."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pokerkit")
pytest.importorskip("treys")

from tests.holdem_oracle import STRUCTURES, hand_values_agree, play_hand

pytestmark = pytest.mark.oracle


@pytest.mark.parametrize("structure", STRUCTURES)
def test_random_hands_agree_with_pokerkit(structure: str) -> None:
    rng = random.Random(STRUCTURES.index(structure))
    side_pots = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns on every card dealt from our deck
        for _ in range(80):
            result = play_hand(rng, structure)
            assert result.agree, result.problems
            side_pots += result.side_pots
    assert side_pots > 10, "the random hands should make side pots"


def test_hand_values_agree_with_treys() -> None:
    count, problems = hand_values_agree(random.Random(5), 3000)
    assert count == 3000 and not problems, problems[:3]
