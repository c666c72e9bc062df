"""The payout (docs/rules/poker.md TPT 10B, 15, 16; D9, D10): the unanswered bet back, then
every pot to its best hands, announced pot by pot with the winning hand's name."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from scoring.card_games.common import put
from scoring.card_games.holdem.hands import HandValue, best_hand
from scoring.card_games.holdem.messages import MESSAGES, pot_name
from scoring.card_games.holdem.pots import make_pots, split, uncalled
from scoring.card_games.holdem.state import State
from scoring.verdicts import Kind, Verdict

Outcome = tuple[State, list[Verdict]]


def return_uncalled(state: State, verdicts: list[Verdict]) -> Outcome:
    """What the highest bettor put in over the second highest is his again (D9, TPT 10B)."""
    seat, excess = uncalled(state.bets)
    if not excess:
        return state, verdicts
    state = replace(
        state,
        stacks=put(state.stacks, seat, state.stacks[seat] + excess),
        bets=put(state.bets, seat, state.bets[seat] - excess),
        committed=put(state.committed, seat, state.committed[seat] - excess),
    )
    verdict = MESSAGES.verdict(Kind.INFO, "returned", state.players[seat], amount=excess)
    return state, [*verdicts, verdict]


def pay(state: State, verdicts: list[Verdict], chip: int) -> Outcome:
    """Every pot to its best shown hands, split on its own in whole chips (TPT 15, 16; D10),
    the results kept for the display, the hand's chips won or lost in the history."""
    state, verdicts = return_uncalled(state, list(verdicts))
    live = [state.live(seat) for seat in range(state.seats)]
    values: list[HandValue | None] = [
        best_hand((*hand, *state.board))[0]
        if live[seat] and hand is not None and len(state.board) == 5
        else None
        for seat, hand in enumerate(state.shown)
    ]
    pots = make_pots(state.committed, live)
    stacks = list(state.stacks)
    results = []
    for index, pot in enumerate(pots):
        shares = split(pot, values, state.button, chip)
        for seat, amount in shares.items():
            stacks[seat] += amount
        name, name_ru = pot_name(index, len(pots))
        winners = sorted(shares, key=lambda s: (s - state.button - 1) % state.seats)
        value = values[winners[0]] if len(pot.eligible) > 1 else None
        results.append(
            {
                "pot": name,
                "pot_ru": name_ru,
                "amount": pot.amount,
                "eligible": [state.players[s] for s in pot.eligible],
                "shares": {state.players[s]: shares[s] for s in winners},
                "hand": None if value is None else {"en": value.en, "ru": value.ru},
            }
        )
        verdicts.append(pot_verdict(state, name, name_ru, pot.amount, shares, winners, value))
    state = replace(
        state,
        stacks=tuple(stacks),
        committed=(0,) * state.seats,
        bets=(0,) * state.seats,
        results=tuple(results),
        history=(
            *state.history,
            tuple(after - before for after, before in zip(stacks, state.hand_start, strict=True)),
        ),
    )
    for seat in range(state.seats):
        if state.dealt[seat] and stacks[seat] == 0:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "out_of_chips", state.players[seat]))
    return state, verdicts


def pot_verdict(
    state: State,
    name: str,
    name_ru: str,
    amount: int,
    shares: Mapping[int, int],
    winners: list[int],
    value: HandValue | None,
) -> Verdict:
    """One pot paid: its winner, or its split with the odd chips' taker."""
    with_hand = f" with {value.en}" if value else ""
    with_hand_ru = f" ({value.ru})" if value else ""
    if len(winners) == 1:
        return MESSAGES.verdict(
            Kind.HAND_OVER,
            "pot_won",
            state.players[winners[0]],
            amount,
            pot=name,
            pot_ru=name_ru,
            amount=amount,
            with_hand=with_hand,
            with_hand_ru=with_hand_ru,
        )
    even = amount // len(winners)
    odd = shares[winners[0]] - even
    first = state.players[winners[0]]
    return MESSAGES.verdict(
        Kind.HAND_OVER,
        "pot_split",
        None,
        pot=name,
        pot_ru=name_ru,
        amount=amount,
        shares=", ".join(f"{state.players[s]} {shares[s]}" for s in winners),
        with_hand=with_hand,
        with_hand_ru=with_hand_ru,
        odd=f"; the odd chips to {first} (TPT 15)" if odd else "",
        odd_ru=f"; лишние фишки игроку {first} (TPT 15)" if odd else "",
        rule="TPT 16",
    )
