"""The poker pot of a Tripoley deal paid out (docs/rules/tripoley.md R13, R14, R21, D6, D11): a
main pot and side pots by what each player bet, split as hold'em's are (TPT 16, the pots made
by :func:`scoring.card_games.holdem.pots.make_pots`).

A player who called a bet with every chip he had can win from each other player only what he
matched: the rest is a side pot among those who put it in.  The chips the pot pocket held before
the betting (the antes, remainders of earlier deals; in the final round the whole layout) are
the main pot's.  Equal best hands share a pot equally; what does not divide stays on the pot
pocket (R14).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.card_games.holdem.hands import HandValue
from scoring.card_games.holdem.pots import Pot, make_pots


@dataclass(frozen=True)
class Paid:
    """One pot as paid: its chips, its winners (in showdown order) and each one's share."""

    amount: int
    winners: tuple[int, ...]
    share: int


def pay_pots(
    prize: int,
    bets: Sequence[int],
    in_hand: Sequence[bool],
    values: Mapping[int, HandValue],
    order: Sequence[int],
) -> tuple[list[Paid], int]:
    """The pots of ``prize`` chips, the main pot first, each paid to its best hands among those
    shown (``values``, ``order`` the showdown's), and the chips no pot could divide."""
    everyone = tuple(seat for seat in range(len(bets)) if in_hand[seat])
    pots = [Pot(prize - sum(bets), everyone)]  # even a hand that bet nothing reached these
    for pot in make_pots(bets, in_hand):
        if pot.eligible == pots[-1].eligible:
            pots[-1] = Pot(pots[-1].amount + pot.amount, pot.eligible)
        else:
            pots.append(pot)
    paid, rest = [], 0
    for pot in pots:
        best = max(values[seat] for seat in pot.eligible)
        winners = tuple(seat for seat in order if seat in pot.eligible and values[seat] == best)
        share, left = divmod(pot.amount, len(winners))
        paid.append(Paid(pot.amount, winners, share))
        rest += left
    return paid, rest
