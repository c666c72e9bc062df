"""The Farkle scorer against an independent oracle: the Farkle_II project's scoring table.

Source: Isaac-McPadden/Farkle_II @ 0ae0f55f582abf0a007fc5342d6baa2fb1b449b6,
tests/data/test_farkle_scores_data.csv (Apache-2.0), re-encoded below once as
(dice thrown, best score, dice used, dice left to throw again); its columns Single_Fives and
Single_Ones (how the best score splits) are not kept, since our scorer reports the set-aside
and its points, not the split.  That project's rules differ from dice.md G14's base rules
(three 1s = 300, four of a kind 1000, five 2000, six 3000, two triplets 2500, three pairs
1500, straight 1500), so they are the preset ``farkle2`` of ``scoring/presets/farkle.yaml``
and this test reads its values from there: the oracle checks the scorer and the preset.
"""

from __future__ import annotations

import pytest

from scoring.actions import parse_action
from scoring.dice import scoring_dice
from scoring.dice.scoring_dice import ScoreTable
from scoring.registry import create_engine, game

#: (dice, best score, dice used, dice left) for every row of the oracle's CSV, in its order.
ORACLE: tuple[tuple[tuple[int, ...], int, int, int], ...] = (
    ((2,), 0, 0, 1),
    ((5,), 50, 1, 0),
    ((1,), 100, 1, 0),
    ((2, 2), 0, 0, 2),
    ((2, 5), 50, 1, 1),
    ((1, 2), 100, 1, 1),
    ((5, 5), 100, 2, 0),
    ((1, 5), 150, 2, 0),
    ((1, 1), 200, 2, 0),
    ((2, 2, 3), 0, 0, 3),
    ((2, 2, 5), 50, 1, 2),
    ((1, 2, 2), 100, 1, 2),
    ((2, 5, 5), 100, 2, 1),
    ((1, 2, 5), 150, 2, 1),
    ((1, 1, 2), 200, 2, 1),
    ((1, 5, 5), 200, 3, 0),
    ((2, 2, 2), 200, 3, 0),
    ((1, 1, 5), 250, 3, 0),
    ((1, 1, 1), 300, 3, 0),
    ((3, 3, 3), 300, 3, 0),
    ((4, 4, 4), 400, 3, 0),
    ((5, 5, 5), 500, 3, 0),
    ((6, 6, 6), 600, 3, 0),
    ((2, 2, 3, 3), 0, 0, 4),
    ((2, 2, 3, 5), 50, 1, 3),
    ((1, 2, 2, 3), 100, 1, 3),
    ((1, 2, 2, 5), 150, 2, 2),
    ((1, 1, 2, 2), 200, 2, 2),
    ((1, 2, 5, 5), 200, 3, 1),
    ((2, 2, 2, 3), 200, 3, 1),
    ((1, 1, 2, 5), 250, 3, 1),
    ((2, 2, 2, 5), 250, 4, 0),
    ((1, 1, 1, 2), 300, 3, 1),
    ((3, 3, 3, 4), 300, 3, 1),
    ((1, 1, 5, 5), 300, 4, 0),
    ((1, 2, 2, 2), 300, 4, 0),
    ((1, 1, 1, 5), 350, 4, 0),
    ((3, 3, 3, 5), 350, 4, 0),
    ((1, 3, 3, 3), 400, 4, 0),
    ((2, 4, 4, 4), 400, 3, 1),
    ((4, 4, 4, 5), 450, 4, 0),
    ((1, 4, 4, 4), 500, 4, 0),
    ((5, 5, 5, 6), 500, 3, 1),
    ((1, 5, 5, 5), 600, 4, 0),
    ((2, 6, 6, 6), 600, 3, 1),
    ((5, 6, 6, 6), 650, 4, 0),
    ((1, 6, 6, 6), 700, 4, 0),
    ((1, 1, 1, 1), 1000, 4, 0),
    ((2, 2, 3, 3, 4), 0, 0, 5),
    ((2, 2, 3, 3, 5), 50, 1, 4),
    ((1, 2, 2, 3, 3), 100, 1, 4),
    ((2, 3, 4, 5, 5), 100, 2, 3),
    ((1, 2, 2, 3, 5), 150, 2, 3),
    ((1, 1, 2, 2, 3), 200, 2, 3),
    ((1, 2, 3, 5, 5), 200, 3, 2),
    ((2, 2, 2, 3, 4), 200, 3, 2),
    ((1, 1, 2, 2, 5), 250, 3, 2),
    ((2, 2, 2, 3, 5), 250, 4, 1),
    ((1, 1, 1, 2, 2), 300, 3, 2),
    ((3, 3, 3, 4, 4), 300, 3, 2),
    ((1, 1, 2, 5, 5), 300, 4, 1),
    ((1, 2, 2, 2, 3), 300, 4, 1),
    ((2, 2, 2, 5, 5), 300, 5, 0),
    ((1, 1, 1, 2, 5), 350, 4, 1),
    ((3, 3, 3, 4, 5), 350, 4, 1),
    ((1, 2, 2, 2, 5), 350, 5, 0),
    ((1, 1, 1, 5, 5), 400, 5, 0),
    ((3, 3, 3, 5, 5), 400, 5, 0),
    ((1, 1, 2, 2, 2), 400, 5, 0),
    ((1, 3, 3, 3, 4), 400, 4, 1),
    ((2, 3, 4, 4, 4), 400, 3, 2),
    ((1, 3, 3, 3, 5), 450, 5, 0),
    ((2, 4, 4, 4, 5), 450, 4, 1),
    ((1, 1, 3, 3, 3), 500, 5, 0),
    ((1, 2, 4, 4, 4), 500, 4, 1),
    ((4, 4, 4, 5, 5), 500, 5, 0),
    ((5, 5, 5, 6, 6), 500, 3, 2),
    ((1, 4, 4, 4, 5), 550, 5, 0),
    ((1, 1, 4, 4, 4), 600, 5, 0),
    ((1, 2, 5, 5, 5), 600, 4, 1),
    ((2, 3, 6, 6, 6), 600, 3, 2),
    ((2, 5, 6, 6, 6), 650, 4, 1),
    ((1, 1, 5, 5, 5), 700, 5, 0),
    ((1, 2, 6, 6, 6), 700, 4, 1),
    ((5, 5, 6, 6, 6), 700, 5, 0),
    ((1, 5, 6, 6, 6), 750, 5, 0),
    ((1, 1, 6, 6, 6), 800, 5, 0),
    ((1, 1, 1, 1, 2), 1000, 4, 1),
    ((1, 1, 1, 1, 5), 1050, 5, 0),
    ((1, 2, 2, 2, 2), 1100, 5, 0),
    ((1, 1, 1, 1, 1), 2000, 5, 0),
    ((2, 2, 3, 3, 4, 6), 0, 0, 6),
    ((2, 2, 3, 3, 4, 5), 50, 1, 5),
    ((1, 2, 2, 3, 3, 4), 100, 1, 5),
    ((2, 3, 4, 5, 5, 6), 100, 2, 4),
    ((1, 2, 2, 3, 3, 5), 150, 2, 4),
    ((1, 1, 2, 2, 3, 4), 200, 2, 4),
    ((1, 2, 3, 4, 5, 5), 200, 3, 3),
    ((2, 2, 2, 3, 4, 6), 200, 3, 3),
    ((1, 1, 2, 2, 3, 5), 250, 3, 3),
    ((2, 2, 2, 3, 4, 5), 250, 4, 2),
    ((1, 1, 1, 2, 2, 3), 300, 3, 3),
    ((3, 3, 3, 4, 4, 6), 300, 3, 3),
    ((1, 1, 2, 3, 5, 5), 300, 4, 2),
    ((1, 2, 2, 2, 3, 4), 300, 4, 2),
    ((2, 2, 2, 3, 5, 5), 300, 5, 1),
    ((1, 1, 1, 2, 2, 5), 350, 4, 2),
    ((3, 3, 3, 4, 4, 5), 350, 4, 2),
    ((1, 2, 2, 2, 3, 5), 350, 5, 1),
    ((1, 1, 1, 2, 5, 5), 400, 5, 1),
    ((3, 3, 3, 4, 5, 5), 400, 5, 1),
    ((1, 1, 2, 2, 2, 3), 400, 5, 1),
    ((1, 2, 2, 2, 5, 5), 400, 6, 0),
    ((1, 2, 3, 3, 3, 4), 400, 4, 2),
    ((2, 3, 4, 4, 4, 6), 400, 3, 3),
    ((1, 1, 2, 2, 2, 5), 450, 6, 0),
    ((1, 2, 3, 3, 3, 5), 450, 5, 1),
    ((2, 3, 4, 4, 4, 5), 450, 4, 2),
    ((1, 1, 2, 3, 3, 3), 500, 5, 1),
    ((1, 2, 3, 4, 4, 4), 500, 4, 2),
    ((1, 3, 3, 3, 5, 5), 500, 6, 0),
    ((2, 3, 4, 5, 5, 5), 500, 3, 3),
    ((2, 4, 4, 4, 5, 5), 500, 5, 1),
    ((1, 1, 3, 3, 3, 5), 550, 6, 0),
    ((1, 2, 4, 4, 4, 5), 550, 5, 1),
    ((1, 1, 2, 4, 4, 4), 600, 5, 1),
    ((1, 2, 3, 5, 5, 5), 600, 4, 2),
    ((1, 4, 4, 4, 5, 5), 600, 6, 0),
    ((2, 3, 4, 6, 6, 6), 600, 3, 3),
    ((1, 1, 4, 4, 4, 5), 650, 6, 0),
    ((2, 3, 5, 6, 6, 6), 650, 4, 2),
    ((1, 1, 2, 5, 5, 5), 700, 5, 1),
    ((1, 2, 3, 6, 6, 6), 700, 4, 2),
    ((2, 5, 5, 6, 6, 6), 700, 5, 1),
    ((1, 2, 5, 6, 6, 6), 750, 5, 1),
    ((1, 1, 2, 6, 6, 6), 800, 5, 1),
    ((1, 5, 5, 6, 6, 6), 800, 6, 0),
    ((1, 1, 5, 6, 6, 6), 850, 6, 0),
    ((1, 1, 1, 1, 2, 3), 1000, 4, 2),
    ((1, 1, 1, 1, 2, 5), 1050, 5, 1),
    ((2, 2, 2, 2, 1, 4), 1100, 5, 1),
    ((1, 2, 2, 2, 2, 5), 1150, 6, 0),
    ((1, 1, 1, 1, 2, 2), 1500, 6, 0),
    ((1, 1, 1, 1, 5, 5), 1500, 6, 0),
    ((1, 1, 2, 2, 3, 3), 1500, 6, 0),
    ((1, 2, 3, 4, 5, 6), 1500, 6, 0),
    ((1, 1, 1, 1, 1, 2), 2000, 5, 1),
    ((1, 1, 1, 1, 1, 5), 2050, 6, 0),
    ((1, 2, 2, 2, 2, 2), 2100, 6, 0),
    ((1, 1, 1, 2, 2, 2), 2500, 6, 0),
    ((1, 1, 1, 1, 1, 1), 3000, 6, 0),
    ((2, 2, 2, 2, 2, 2), 3000, 6, 0),
    ((5, 5, 5, 5, 5, 5), 3000, 6, 0),
)


@pytest.fixture(scope="module")
def table() -> ScoreTable:
    return ScoreTable.read(game("farkle").options("farkle2"))


def test_the_table_is_complete() -> None:
    """Every row of the CSV came over (153 data rows, one to six dice)."""
    assert len(ORACLE) == 153
    assert {len(dice) for dice, *_ in ORACLE} == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize(("dice", "score", "used", "left"), ORACLE, ids=str)
def test_best_set_aside_matches_the_oracle(
    table: ScoreTable, dice: tuple[int, ...], score: int, used: int, left: int
) -> None:
    best = scoring_dice.best(table, dice)
    if score == 0:
        assert best is None
        assert not scoring_dice.scores(table, dice)
        return
    assert best is not None
    assert (best.points, len(best.dice), len(dice) - len(best.dice)) == (score, used, left)
    assert scoring_dice.value(table, best.dice) == score


@pytest.mark.parametrize(
    ("dice", "score"), [(dice, score) for dice, score, *_ in ORACLE if len(dice) == 6], ids=str
)
def test_the_engine_offers_the_oracle_score_on_a_first_throw(
    dice: tuple[int, ...], score: int
) -> None:
    """Thrown as a turn's first six dice, the engine's view shows the same best set-aside."""
    engine = create_engine("farkle", "farkle2")
    state = engine.initial(["Anna", "Boris"])
    state, _ = engine.apply(
        state, parse_action({"do": "roll", "by": "Anna", "dice": list(dice)}, engine.verbs)
    )
    view = engine.view(state)
    if score == 0:
        assert view["turn"] == "Boris" and view["scores"]["Anna"] == 0
    else:
        assert view["best"] == score
