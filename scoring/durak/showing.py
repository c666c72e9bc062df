"""Hidden cards made visible: ``reveal`` (cards of a hand shown) and ``out`` (an empty hand).

A reveal tells the referee where cards are: the lowest trump shown before the first lead
decides who leads (S-5, T-32).  Shown later, a card can prove an earlier breach, announced as
a foul (the reveal is still recorded: the referee does not un-see a card): a card the table
has already seen elsewhere (F-28), or, during a game's first bout, a trump that proves the
opener did not hold the lowest trump (F-26).
"""

from __future__ import annotations

from dataclasses import replace

from scoring.actions import Action
from scoring.durak.hands import WHERE, check_in_deck, receive, seen_elsewhere
from scoring.durak.messages import MESSAGES
from scoring.durak.ranks import rank_value, suit_of
from scoring.durak.rules import Rules
from scoring.durak.state import DurakState
from scoring.verdicts import Kind, Verdict


def reveal(
    state: DurakState, rules: Rules, seat: int, action: Action
) -> tuple[DurakState, list[Verdict]]:
    player = state.players[seat]
    cards: tuple[str, ...] = action.args["cards"]
    check_in_deck(rules, cards, player)
    hand = state.hands[seat]
    new = tuple(c for c in cards if c not in hand.known)
    if rules.full_information and new:
        raise MESSAGES.illegal("not_in_hand", player, card=new[0])
    if len(hand.known) + len(new) > hand.count:
        raise MESSAGES.illegal(
            "too_many_shown", player, hand=hand.count, count=len(hand.known) + len(new)
        )
    verdicts = [MESSAGES.verdict(Kind.INFO, "revealed", player, cards=" ".join(cards))]
    for card in new:
        where = seen_elsewhere(state, card, seat)
        if where is not None:
            en, ru = WHERE[where]
            verdicts.append(
                MESSAGES.verdict(Kind.FOUL, "F-28", player, card=card, why=en, why_ru=ru)
            )
    proof = wrong_first_lead(state, rules, seat, cards)
    if proof is not None:
        verdicts.append(proof)
    state = replace(state, hands=receive(state.hands, seat, 0, new))
    return state, verdicts


def wrong_first_lead(
    state: DurakState, rules: Rules, seat: int, cards: tuple[str, ...]
) -> Verdict | None:
    """F-26 proven afterwards: in the first bout of a game (no card drawn yet, so every hand
    is as dealt) a player other than the opener shows a trump, and every lower trump is
    seen away from the opener (in another hand, as a defence, the turn-up): the opener held
    no trump that low, so he did not hold the lowest (S-5)."""
    bout = state.bout
    if rules.japanese_b or bout is None or state.trump is None or seat == bout.opener:
        return None
    if not (state.fresh and state.bouts == 0):
        return None
    trumps = [c for c in cards if suit_of(c) == state.trump]
    if not trumps:
        return None
    shown = min(rank_value(c) for c in trumps)
    away = {c for s, hand in enumerate(state.hands) if s != bout.opener for c in hand.known}
    away |= {p.defence for p in bout.pairs if p.defence is not None} | set(cards)
    if state.turnup_in_stock and state.trump_card is not None:
        away.add(state.trump_card)
    lower = [str(c) for c in rules.deck if c.suit == state.trump and c.rank_index < shown]
    if not all(c in away for c in lower):
        return None
    opener = state.players[bout.opener]
    return MESSAGES.verdict(Kind.FOUL, "F-26", opener, leader=state.players[seat])


def out(state: DurakState, seat: int) -> tuple[DurakState, list[Verdict]]:
    """The player shows an empty hand: confirmed only when the count agrees (§2.8)."""
    player = state.players[seat]
    if state.hands[seat].count:
        raise MESSAGES.illegal("not_out", player, hand=state.hands[seat].count)
    if state.stock:
        raise MESSAGES.illegal("must_draw", player)
    return state, [MESSAGES.verdict(Kind.INFO, "is_out", player)]
