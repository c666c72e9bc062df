"""Who leads a round, and with which tiles (rules/dominoes.md §3, §5.2, §6, §7, §9.1, §10.2).

Every variant has its own lead rule and they contradict each other (§13), so each is a named
value of the preset's ``lead`` option.  With full information the referee computes the
leader and the tiles he may lead; with public information it knows only what the history and
the deal size imply (a tile that is surely in some hand, a leader chosen by the last round),
and a lead it cannot judge is accepted as the players make it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.dominoes.rules import Rules
from scoring.dominoes.tiles import Tile

SPECIAL = (Tile(0, 0), Tile(6, 6))


@dataclass(frozen=True)
class Opening:
    """The seat that must lead (None: whoever lays first) and the tiles allowed (None: any)."""

    leader: int | None
    tiles: frozenset[Tile] | None


def _holder(hands: Sequence[Sequence[Tile]], wanted: Tile) -> int | None:
    return next((seat for seat, hand in enumerate(hands) if wanted in hand), None)


def _first_held(hands: Sequence[Sequence[Tile]], order: Sequence[Tile]) -> Opening | None:
    for wanted in order:
        seat = _holder(hands, wanted)
        if seat is not None:
            return Opening(seat, frozenset({wanted}))
    return None


def _best_tile(hands: Sequence[Sequence[Tile]], key: Callable[[Tile], Any]) -> Opening:
    held = [(key(t), seat, t) for seat, hand in enumerate(hands) for t in hand]
    _, seat, best = min(held)
    return Opening(seat, frozenset({best}))


def _doubles(descending: bool) -> list[Tile]:
    values = range(6, -1, -1) if descending else range(7)
    return [Tile(v, v) for v in values]


def highest(hands: Sequence[Sequence[Tile]], rules: Rules) -> Opening:
    """V1 [SRC L21-23]: 6-6, else the highest double held, else the "largest" tile: by pips,
    ties to the higher larger half (default), or lexicographic ([AMB] ``largest_tile``)."""
    found = _first_held(hands, _doubles(descending=True))
    if found:
        return found
    if rules.largest_tile == "pips":
        return _best_tile(hands, lambda t: (-t.pips, -t.hi))
    return _best_tile(hands, lambda t: (-t.hi, -t.lo))


def lowest(hands: Sequence[Sequence[Tile]]) -> Opening:
    """V4 [SRC L54]: 0-0, else the lowest double, else the lowest tile (pips, then the smaller
    low half [ASM])."""
    return _first_held(hands, _doubles(descending=False)) or _best_tile(
        hands, lambda t: (t.pips, t.lo)
    )


def nearest(hands: Sequence[Sequence[Tile]]) -> Opening:
    """V5 [SRC L63]: 0-0, else the tile nearest to it by pips; a tie goes to the double
    (T28: 1-1 before 0-2 [AMB])."""
    return _best_tile(hands, lambda t: (t.pips, not t.double, t.lo))


def kozel_tiles(hand: Sequence[Tile], strict: bool) -> frozenset[Tile] | None:
    """§5.2's machine rule for a later round: a double must be led when one other than 0-0/6-6
    is held (0-0/6-6 allowed by choice); ``strict`` (the [AMB] reading): any double held."""
    doubles = frozenset(t for t in hand if t.double)
    ordinary = doubles - set(SPECIAL)
    if ordinary or (strict and doubles):
        return doubles
    return None


def opening(
    rules: Rules,
    hands: Sequence[Sequence[Tile]] | None,
    first_round: bool,
    chosen: int | None,
    all_dealt: bool,
) -> Opening:
    """The opening of a round.  ``hands`` is None with public information; ``chosen`` is the
    leader the last round named (§5.2, §9.1); ``all_dealt`` says every tile is in a hand."""
    lead = rules.lead
    if lead in ("lot", "first_seat") or (lead == "one_one" and not first_round):
        if lead == "lot" and not first_round and rules.later_lead == "highest" and hands:
            return highest(hands, rules)
        seat = 0 if lead == "first_seat" and first_round else chosen
        if lead == "one_one" and hands is not None and seat is not None:
            return Opening(seat, kozel_tiles(hands[seat], rules.lead_rule == "strict"))
        return Opening(seat, None)
    if hands is None:
        surely = {"six_six": Tile(6, 6), "highest": Tile(6, 6), "one_one": Tile(1, 1)}
        wanted = surely.get(lead)
        if lead == "one_one" and rules.first_lead != "one_one":
            wanted = None
        if lead in ("lowest", "nearest"):
            wanted = Tile(0, 0)
        return Opening(None, frozenset({wanted}) if wanted and all_dealt else None)
    if lead == "six_six":
        return _first_held(hands, [Tile(6, 6)]) or highest(hands, rules)
    if lead == "highest":
        return highest(hands, rules)
    if lead == "lowest":
        return lowest(hands)
    if lead == "nearest":
        return nearest(hands)
    # one_one, first round of the match [SRC L30, L42]
    seat = _holder(hands, Tile(1, 1))
    if seat is None:  # 2-3 players, 1-1 in the boneyard: lowest double, else lowest tile [EXT]
        return lowest(hands)
    if rules.first_lead == "one_one":
        return Opening(seat, frozenset({Tile(1, 1)}))
    return Opening(seat, kozel_tiles(hands[seat], rules.lead_rule == "strict"))


def lot_leader(drawn: Sequence[Tile]) -> int:
    """V8's lot [SRC L117-127]: the lowest tile drawn leads (pips, then the low half [ASM])."""
    return min(range(len(drawn)), key=lambda seat: (drawn[seat].pips, drawn[seat].lo))
