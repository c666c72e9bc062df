"""Points scored while the tiles go down: Fives and All Threes (§9.4, §10.1) and Bergen's
headers (§6).  The other variants score only at the end of a round (:mod:`settle`)."""

from __future__ import annotations

from scoring.dominoes.layout import Layout, end_sum, header_points
from scoring.dominoes.messages import MESSAGES
from scoring.dominoes.rules import Rules
from scoring.dominoes.tiles import Tile
from scoring.verdicts import Kind, Verdict

HEADERS = {2: ("double header", "двойной заголовок"), 3: ("triple header", "тройной заголовок")}


def in_play_points(
    rules: Rules, layout: Layout, player: str, laid: Tile, verdicts: list[Verdict]
) -> int:
    """The points the tile just laid scores for its player, announced into ``verdicts``."""
    if rules.scoring == "fives":
        total = end_sum(layout, rules.played_sides_only)
        if total <= 0 or total % rules.multiple:  # S = 0 scores nothing [ASM] (T33)
            return 0
        points = total // rules.multiple if rules.in_play_scale == "divided" else total
        verdicts.append(MESSAGES.verdict(Kind.POINTS, "end_points", player, points, sum=total))
        return points
    if rules.scoring != "headers":
        return 0
    if len(layout.tiles) == 1:  # a lead with a double: +2 [SRC L55]; any other lead 0 [ASM]
        if not laid.double:
            return 0
        verdicts.append(MESSAGES.verdict(Kind.POINTS, "lead_double", player, 2))
        return 2
    points = header_points(layout)
    if points:
        name, name_ru = HEADERS[points]
        verdicts.append(
            MESSAGES.verdict(Kind.POINTS, "header", player, points, name=name, name_ru=name_ru)
        )
    return points
