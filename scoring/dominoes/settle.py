"""The end of a round: who pays or collects what (rules/dominoes.md §3, §5.5-5.6, §6, §9.6).

One function per scoring family, each taking the hands as revealed and returning the points
per side (a side is a team or a single player), the fish carry (Kozel) and the seat whose
win or fish decides the next lead.  Kept apart from the engine so the arithmetic of T07-T08,
T15-T20, T26-T27 and T32 can be read (and tested) on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scoring.dominoes.messages import MESSAGES
from scoring.dominoes.rules import Rules
from scoring.dominoes.tiles import Tile, pips
from scoring.verdicts import Kind, Verdict

SIX_SIX, ZERO_ZERO = Tile(6, 6), Tile(0, 0)
BONUS = {SIX_SIX: 50, ZERO_ZERO: 25}  # §5.5 [SRC L50-52]


def _bonus(tile: Tile | None) -> int:
    """What opening or closing with ``tile`` is worth (nothing when no tile did)."""
    return 0 if tile is None else BONUS.get(tile, 0)


@dataclass(frozen=True)
class Ending:
    """How the round ended: ``out`` (``seat`` laid his last tile) or ``fish`` (``seat`` laid
    the blocking tile; None when the block came from a draw or knocks)."""

    kind: str
    seat: int | None
    opened_with: Tile | None
    last_tile: Tile | None


@dataclass(frozen=True)
class Settlement:
    points: tuple[int, ...]
    carry: int = 0
    winner_seat: int | None = None
    verdicts: list[Verdict] = field(default_factory=list)


@dataclass(frozen=True)
class Table:
    """The seats, the sides and their names, and the hands at the end of the round."""

    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    hands: tuple[tuple[Tile, ...], ...]

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)


def round_to(amount: int, step: int) -> int:
    """The nearest multiple of ``step`` (§9.6: remainders 0-2 down, 3-4 up for 5; for 3, 1 down
    and 2 up, §10.1)."""
    quotient, remainder = divmod(amount, step)
    return (quotient + (1 if 2 * remainder > step else 0)) * step


def hand_value(hand: Sequence[Tile], rules: Rules) -> int:
    """§5.5: a hand's pips; with the specials a hand of only 6-6 is 50 and only 0-0 is 25
    (``replace``), or the bonus is added (``add``), or every 6-6/0-0 held costs 50/25 (``any``)."""
    value = pips(hand)
    if not rules.specials:
        return value
    if rules.single_special == "any":
        return value + sum(BONUS[t] - t.pips for t in hand if t in BONUS)
    if len(hand) == 1 and hand[0] in BONUS:
        return BONUS[hand[0]] + (hand[0].pips if rules.single_special == "add" else 0)
    return value


def _charge_verdict(table: Table, side: int, points: int, parts: list[str]) -> Verdict:
    detail = f" ({', '.join(parts)})" if parts else ""
    return MESSAGES.verdict(
        Kind.POINTS,
        "charged",
        None,
        points,
        side=table.names[side],
        detail=detail,
        detail_ru=detail,
    )


def penalty(rules: Rules, table: Table, ending: Ending, carry: int) -> Settlement:
    """Kozel (§5.5-5.6, V2 §4): the losers are charged; the low side is best."""
    values = [hand_value(hand, rules) for hand in table.hands]
    totals = [sum(values[s] for s in side) for side in table.sides]
    opening = _bonus(ending.opened_with) if rules.specials else 0  # L50
    points = [0] * len(table.sides)
    verdicts: list[Verdict] = []
    if ending.kind == "out":
        assert ending.seat is not None
        winner = table.side_of(ending.seat)
        closing = _bonus(ending.last_tile) if rules.specials else 0  # L52
        losers = [i for i in range(len(table.sides)) if i != winner]
        carried = max(losers, key=lambda i: totals[i])  # [ASM] individual play: the worst hand
        for i in losers:
            parts = [f"hands {totals[i]}"]
            points[i] = totals[i] + opening + closing
            if opening:
                parts.append(f"opened with {ending.opened_with} {opening}")
            if closing:
                parts.append(f"out with {ending.last_tile} {closing}")
            if carry and i == carried:
                points[i] += carry
                parts.append(f"carried {carry}")
            verdicts.append(_charge_verdict(table, i, points[i], parts))
        return Settlement(tuple(points), 0, ending.seat, verdicts)
    top = max(totals)
    charged = [i for i, total in enumerate(totals) if total == top]
    if len(charged) > 1:  # §5.6: a tie carries "the whole sum" (default) or one side's
        more = sum(totals) if rules.fish_tie_carry == "all" else top
        verdicts.append(MESSAGES.verdict(Kind.INFO, "fish_tie", carry=carry + more))
        return Settlement(tuple(points), carry + more, ending.seat, verdicts)
    side = charged[0]
    base = sum(totals) if rules.fish_charge == "all" else top  # "все очки"
    points[side] = base + opening + carry
    parts = [
        f"hands {' + '.join(str(t) for t in totals)}"
        if rules.fish_charge == "all"
        else f"hands {top}"
    ]
    if opening:
        parts.append(f"opened with {ending.opened_with} {opening}")
    if carry:
        parts.append(f"carried {carry}")
    verdicts.append(_charge_verdict(table, side, points[side], parts))
    return Settlement(tuple(points), 0, ending.seat, verdicts)


def _fewest(table: Table) -> int | None:
    """The seat with the fewest pips in hand; None on a tie (a gap: ask a human, §3)."""
    counts = [pips(hand) for hand in table.hands]
    low = min(counts)
    seats = [seat for seat, count in enumerate(counts) if count == low]
    return seats[0] if len(seats) == 1 else None


def _opponents(table: Table, seat: int) -> list[int]:
    mine = table.side_of(seat)
    return [s for s in range(len(table.players)) if table.side_of(s) != mine]


def _side_totals_win(rules: Rules, table: Table) -> Settlement:
    """The lower side wins (the ``dominoes`` package's stuck game, OpenSpiel's every round):
    it scores the other sides' totals (``others``) or everyone's (``all``); a tie scores 0."""
    totals = [sum(pips(table.hands[s]) for s in side) for side in table.sides]
    low = min(totals)
    best = [i for i, total in enumerate(totals) if total == low]
    points = [0] * len(totals)
    if len(best) > 1:
        return Settlement(tuple(points), 0, None, [MESSAGES.verdict(Kind.INFO, "no_award")])
    side = best[0]
    points[side] = sum(totals) - (low if rules.fish_points == "others" else 0)
    verdict = MESSAGES.verdict(Kind.POINTS, "collects", None, points[side], side=table.names[side])
    return Settlement(tuple(points), 0, table.sides[side][0], [verdict])


def collect(rules: Rules, table: Table, ending: Ending) -> Settlement:
    """V1 (and V5, V10): the winner collects the losers' pips [SRC L25]; on a fish the fewest
    pips win "the difference" [SRC L26] (§16.4: others − own, or Σ(other − own))."""
    if rules.settle == "side_totals" or (rules.settle == "side_fish" and ending.kind == "fish"):
        return _side_totals_win(rules, table)
    points = [0] * len(table.sides)
    if ending.kind == "out":
        seat = ending.seat
        assert seat is not None
        payers = _opponents(table, seat)
        if rules.partner_pays:
            payers = [s for s in range(len(table.players)) if s != seat]
        amount = sum(pips(table.hands[s]) for s in payers)
    else:
        seat = _fewest(table)
        if seat is None:
            return Settlement(tuple(points), 0, None, [MESSAGES.verdict(Kind.INFO, "no_award")])
        own = pips(table.hands[seat])
        others = [pips(table.hands[s]) for s in _opponents(table, seat)]
        amount = {
            "others_minus_own": sum(others) - own,
            "pairwise": sum(o - own for o in others),
            "others": sum(others),
            "all": sum(others) + own,
        }[rules.fish_points]
    side = table.side_of(seat)
    points[side] = amount
    verdict = MESSAGES.verdict(Kind.POINTS, "collects", None, amount, side=table.names[side])
    return Settlement(tuple(points), 0, seat, [verdict])


def fives(rules: Rules, table: Table, ending: Ending) -> Settlement:
    """V8/V9 end bonus (§9.6, §10.1): the opponents' pips (less the winner's own after a fish),
    rounded to the nearest multiple and divided (``divided``), or whole (v3, L177-180)."""
    points = [0] * len(table.sides)
    seat = ending.seat if ending.kind == "out" else _fewest(table)
    if seat is None:
        return Settlement(tuple(points), 0, None, [MESSAGES.verdict(Kind.INFO, "no_award")])
    base = sum(pips(table.hands[s]) for s in _opponents(table, seat))
    if ending.kind == "fish" and rules.bonus == "divided":
        base -= pips(table.hands[seat])
    if rules.bonus == "divided":
        step = rules.bonus_divisor
        bonus = round_to(base, step) // step
    else:
        bonus = round_to(base, rules.multiple)
    side = table.side_of(seat)
    points[side] = bonus
    verdict = MESSAGES.verdict(
        Kind.BONUS, "end_bonus", None, bonus, side=table.names[side], base=base
    )
    return Settlement(tuple(points), 0, seat, [verdict])


def headers(rules: Rules, table: Table, ending: Ending) -> Settlement:
    """V4's round end [SRC L59]: going out +2; a block +2 to one player by the §6 steps."""
    points = [0] * len(table.sides)
    if ending.kind == "out":
        assert ending.seat is not None
        points[table.side_of(ending.seat)] = 2
        verdict = MESSAGES.verdict(Kind.BONUS, "domino_bonus", table.players[ending.seat], 2)
        return Settlement(tuple(points), 0, ending.seat, [verdict])
    has_double = [any(t.double for t in hand) for hand in table.hands]
    free = [seat for seat, has in enumerate(has_double) if not has]
    counts = [pips(hand) for hand in table.hands]
    if len(free) == 1:
        seat, why, why_ru = free[0], "the only hand without a double", "единственный без дублей"
    elif not free:
        lowest = min((t, s) for s, hand in enumerate(table.hands) for t in hand if t.double)
        seat, why, why_ru = (
            lowest[1],
            f"the lowest double {lowest[0]}",
            f"младший дубль {lowest[0]}",
        )
    else:
        low = min(counts[s] for s in free)
        best = [s for s in free if counts[s] == low]
        if len(best) > 1:
            return Settlement(tuple(points), 0, None, [MESSAGES.verdict(Kind.INFO, "no_award")])
        seat, why, why_ru = best[0], f"the fewest pips, {low}", f"меньше всех очков, {low}"
    points[table.side_of(seat)] = 2
    verdict = MESSAGES.verdict(
        Kind.BONUS, "block_award", table.players[seat], 2, why=why, why_ru=why_ru
    )
    return Settlement(tuple(points), 0, seat, [verdict])


def settle(rules: Rules, table: Table, ending: Ending, carry: int) -> Settlement:
    if rules.scoring == "penalty":
        return penalty(rules, table, ending, carry)
    if rules.scoring == "fives":
        return fives(rules, table, ending)
    if rules.scoring == "headers":
        return headers(rules, table, ending)
    return collect(rules, table, ending)
