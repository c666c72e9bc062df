"""The main pot and the side pots, and their split (docs/rules/poker.md TPT 15, 16, D9, D10).

Pots are made from what every player put into the hand: each level at which a live player is
all-in closes a pot, which every live player who reached that level may win; folded chips stay
in the pots they reached.  Each pot is split on its own (TPT 16), in whole chips of the smallest
denomination, the odd chips going to the first winner clockwise from the button (TPT 15).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scoring.card_games.holdem.hands import HandValue


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the seats that may win it (live hands that reached its level)."""

    amount: int
    eligible: tuple[int, ...]


def uncalled(bets: Sequence[int]) -> tuple[int, int]:
    """The seat whose bet nobody matched and by how much (TPT 10B, D9), or (-1, 0): what the
    highest bettor put in over the second highest is his again."""
    if not bets:
        return -1, 0
    top = max(range(len(bets)), key=lambda seat: bets[seat])
    second = max((bet for seat, bet in enumerate(bets) if seat != top), default=0)
    return (top, bets[top] - second) if bets[top] > second else (-1, 0)


def make_pots(committed: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """The pots of a hand, the main pot first: one per distinct level that live players put in,
    folded chips counted up to each level.  Adjacent pots with the same claimants are one."""
    levels = sorted({amount for amount, alive in zip(committed, live, strict=True) if alive})
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(min(max(c - floor, 0), level - floor) for c in committed)
        eligible = tuple(
            seat
            for seat, (c, alive) in enumerate(zip(committed, live, strict=True))
            if alive and c >= level
        )
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        floor = level
    # Chips above every live level (folded players' chips over the top all-in) join the last pot.
    rest = sum(max(c - floor, 0) for c in committed)
    if rest and pots:
        pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
    return pots


def pots_in_play(
    committed: Sequence[int], live: Sequence[bool], all_in: Sequence[bool]
) -> list[Pot]:
    """The pots as they stand while the hand is played, for the display: a side pot closes
    only at a live all-in player's level; a player with chips behind may still reach every
    pot."""
    levels = {c for c, alive, out in zip(committed, live, all_in, strict=True) if alive and out}
    levels.add(max(committed, default=0))
    pots: list[Pot] = []
    floor = 0
    for level in sorted(levels):
        amount = sum(min(max(c - floor, 0), level - floor) for c in committed)
        eligible = tuple(
            seat
            for seat, (c, alive, out) in enumerate(zip(committed, live, all_in, strict=True))
            if alive and (c >= level or not out)
        )
        if amount:
            pots.append(Pot(amount, eligible))
        floor = level
    return pots


def clockwise_from(button: int, seats: int) -> Callable[[int], int]:
    """A sort key putting seats in order clockwise from the first seat left of the button."""
    return lambda seat: (seat - button - 1) % seats


def split(pot: Pot, values: Sequence[HandValue | None], button: int, chip: int) -> dict[int, int]:
    """Who wins what of one pot: the best shown hands among its claimants share it in whole
    chips, the odd chips to the first of them clockwise from the button.  A pot with one
    claimant left is his without a showing (H10, TPT 12B)."""
    if len(pot.eligible) == 1:
        return {pot.eligible[0]: pot.amount}
    shown = [seat for seat in pot.eligible if values[seat] is not None]
    best = max(values[seat] for seat in shown)  # type: ignore[type-var]
    winners = sorted(
        (seat for seat in shown if values[seat] == best), key=clockwise_from(button, len(values))
    )
    units, rest = divmod(pot.amount, chip)
    share, odd = divmod(units, len(winners))
    out = {seat: share * chip for seat in winners}
    out[winners[0]] += odd * chip + rest
    return out
