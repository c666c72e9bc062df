"""Tripoley's poker pot split into a main pot and side pots (scoring/card_games/tripoley/pots.py,
docs/rules/tripoley.md D6, D11): over random bets, all-ins, folds and hands, every chip of the
pot is paid or left on the pocket, each pot goes to the best hand among those who reached it,
and no player wins more from another than he put in against him."""

from __future__ import annotations

import random

from scoring.card_games.holdem.hands import five_card_value
from scoring.card_games.tripoley.pots import pay_pots
from scoring.cards import deck

GAMES = 2000


def test_side_pots_pay_every_chip_to_the_best_hand_that_reached_them() -> None:
    rng = random.Random(26)
    cards = deck(52)
    for _ in range(GAMES):
        seats = rng.randint(2, 7)
        bets = [rng.choice([0, 1, 2, 3, 5, 8, 10, 10, 10]) for _ in range(seats)]
        in_hand = [rng.random() > 0.25 for _ in range(seats)]
        in_hand[max(range(seats), key=lambda seat: bets[seat])] = True  # the top bet is called
        dealt = rng.sample(cards, 5 * seats)
        values = {
            seat: five_card_value(dealt[5 * seat : 5 * seat + 5])
            for seat in range(seats)
            if in_hand[seat]
        }
        order = [seat for seat in range(seats) if in_hand[seat]]
        base = rng.randint(0, 30)  # the antes and what earlier deals left on the pocket
        paid, rest = pay_pots(base + sum(bets), bets, in_hand, values, order)
        assert sum(pot.share * len(pot.winners) for pot in paid) + rest == base + sum(bets)
        assert rest < sum(len(pot.winners) for pot in paid)
        won = dict.fromkeys(range(seats), 0)
        for pot in paid:
            for seat in pot.winners:
                won[seat] += pot.share
        for seat, chips in won.items():
            # from each other player at most what this one matched, and the antes
            reachable = base + sum(min(bets[seat], bet) for bet in bets)
            assert chips <= reachable, (bets, in_hand, seat, chips)
        assert {values[seat] for seat in paid[0].winners} == {max(values.values())}
        for pot in paid[1:]:  # a side pot only to hands that bet more than the shortest
            assert min(bets[seat] for seat in pot.winners) > min(bets[seat] for seat in order)
