"""Thousand's tricks (rules/cards.md §3.1, §3.3): cards played against the known hand (full
information) or judged later from what the table shows (§8.5), marriages and four aces, and
the trick's winner and points; the last trick hands the deal to :mod:`.settle`.

Functions of the preset's :class:`~scoring.card_games.thousand.rules.Rules` and the state, which
the engine's verb table calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scoring.actions import Action
from scoring.card_games.common import put
from scoring.card_games.thousand import settle
from scoring.card_games.thousand.checks import check_holds, show
from scoring.card_games.thousand.messages import MESSAGES
from scoring.card_games.thousand.proofs import Played, new_proofs
from scoring.card_games.thousand.rules import MARRIAGES, ORDER, TRICKS, Rules, points
from scoring.card_games.thousand.state import Deal, State
from scoring.card_games.tricks import FollowRules, RankOrder, breach, trick_winner
from scoring.cards import SUIT_SYMBOLS, parse_card
from scoring.verdicts import Kind, Verdict

RANKS = RankOrder(tuple(reversed(ORDER)))


def follow(rules: Rules) -> FollowRules:
    """The duties to follow suit and to trump that the preset sets."""
    return FollowRules(must_follow=True, must_trump=rules.must_trump)


def marriage(rules: Rules, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
    deal = state.deal
    suit = action.args["suit"]
    rules = rules
    on_lead = deal.turn == seat and not deal.trick
    if (rules.marriage_on_lead and not on_lead) or (
        rules.marriage_needs_trick and deal.tricks[seat] == 0
    ):
        when = " and ".join(
            w
            for w, on in (
                ("on lead", rules.marriage_on_lead),
                ("after a trick taken", rules.marriage_needs_trick),
            )
            if on
        )
        raise MESSAGES.illegal("marriage_timing", action.by, when=when, when_ru=when)
    if any(m == suit for _, m in deal.melds):
        raise MESSAGES.illegal("marriage_declared", action.by, suit=suit)
    if suit == "aces":
        return _aces(rules, state, seat, action, on_lead)
    cards = (f"K{suit}", f"Q{suit}")
    for card in cards:
        if card in deal.played:
            raise MESSAGES.illegal("marriage_gone", action.by, card=card, suit=suit)
    new = show(deal, seat, cards, action.by or "")
    new = _proofs(rules, new, seat, cards, state)
    value = MARRIAGES[suit]
    new = replace(new, melds=(*deal.melds, (seat, suit)), trump=suit, trump_by=seat)
    verdicts = [MESSAGES.verdict(Kind.BONUS, "marriage", action.by, value, suit=SUIT_SYMBOLS[suit])]
    return replace(state, deal=new), verdicts + _proof_verdicts(state, deal, new)


def _aces(
    rules: Rules, state: State, seat: int, action: Action, on_lead: bool
) -> tuple[State, list[Verdict]]:
    """Four aces, 200 (page A: held, after a trick; page B: leading an ace after a trick)."""
    deal = state.deal
    mode = rules.four_aces
    if mode == "none":
        raise MESSAGES.illegal("aces_off", action.by)
    if deal.tricks[seat] == 0 or (mode == "led" and not on_lead):
        when = "after a trick taken" + (", on lead" if mode == "led" else "")
        raise MESSAGES.illegal("marriage_timing", action.by, when=when, when_ru=when)
    aces = tuple(f"A{s}" for s in "CDHS")
    for card in aces:
        if card in deal.played:
            raise MESSAGES.illegal("marriage_gone", action.by, card=card, suit="aces")
    new = show(deal, seat, aces, action.by or "")
    new = _proofs(rules, new, seat, aces, state)
    new = replace(new, melds=(*deal.melds, (seat, "aces")))
    verdicts = [MESSAGES.verdict(Kind.BONUS, "aces", action.by, settle.ACES)]
    return replace(state, deal=new), verdicts + _proof_verdicts(state, deal, new)


def play_card(rules: Rules, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
    deal = state.deal
    card = action.args["card"]
    check_holds(deal, seat, card, action.by or "")
    led = deal.trick[0][-1] if deal.trick else None
    reserved = (
        rules.trump_lead_reserved
        and led is None
        and card[-1] == deal.trump
        and deal.trump_by not in (None, seat)
    )
    if deal.hands is not None:
        _check_known(rules, state, deal, seat, card, reserved)
    played = Played(seat, card, deal.done + 1, deal.trick, deal.trump, reserved)
    new = _proofs(rules, deal, seat, (card,), state)
    new = new.move(card, seat, None)
    new = replace(
        new,
        history=(*new.history, played),
        trick=(*deal.trick, card),
        shown=tuple(sc for sc in new.shown if sc[1] != card),
    )
    verdicts = _proof_verdicts(state, deal, new)
    if len(new.trick) < len(deal.active):
        new = replace(new, turn=new.seat_after(seat))
        return replace(state, deal=new), verdicts
    return _end_trick(rules, state, new, verdicts)


def _check_known(
    rules: Rules, state: State, deal: Deal, seat: int, card: str, reserved: bool
) -> None:
    assert deal.hands is not None
    hand = deal.hands[seat]
    player = state.players[seat]
    if card not in hand:
        raise MESSAGES.illegal("not_in_hand", player, card=card)
    code = breach(
        [parse_card(c) for c in hand],
        [parse_card(c) for c in deal.trick],
        parse_card(card),
        deal.trump,
        RANKS,
        follow(rules),
    )
    if code is not None:
        raise MESSAGES.illegal(code, player, suit=deal.trick[0][-1])
    if reserved and any(c[-1] != card[-1] for c in hand):
        owner = state.players[deal.trump_by] if deal.trump_by is not None else ""
        raise MESSAGES.illegal("trump_lead", player, owner=owner)


def _proofs(rules: Rules, deal: Deal, seat: int, witnesses: Sequence[str], state: State) -> Deal:
    if deal.hands is not None:
        return deal
    found = new_proofs(deal.history, seat, witnesses, deal.proofs, RANKS, follow(rules))
    return replace(deal, proofs=(*deal.proofs, *found))


def _proof_verdicts(state: State, before: Deal, after: Deal) -> list[Verdict]:
    return [
        MESSAGES.verdict(
            Kind.FOUL,
            "proven",
            state.players[p.seat],
            rule=p.kind,
            trick=p.trick,
            card=p.card,
            by=p.witness,
        )
        for p in after.proofs[len(before.proofs) :]
    ]


def _end_trick(
    rules: Rules, state: State, deal: Deal, verdicts: list[Verdict]
) -> tuple[State, list[Verdict]]:
    cards = [parse_card(c) for c in deal.trick]
    seats = [p.seat for p in deal.history[-len(cards) :]]
    winner = seats[trick_winner(cards, deal.trump, RANKS)]
    value = points(deal.trick)
    deal = replace(
        deal,
        trick=(),
        done=deal.done + 1,
        tricks=put(deal.tricks, winner, deal.tricks[winner] + 1),
        taken=put(deal.taken, winner, deal.taken[winner] + value),
        leader=winner,
        turn=winner,
    )
    verdicts.append(
        MESSAGES.verdict(
            Kind.INFO,
            "trick",
            state.players[winner],
            value,
            trick=deal.done,
            cards=" ".join(c for c in (p.card for p in deal.history[-len(cards) :])),
        )
    )
    if deal.done < TRICKS:
        verdicts.append(MESSAGES.verdict(Kind.TURN, "turn", state.players[winner]))
        return replace(state, deal=deal), verdicts
    new, more = settle.settle(replace(state, deal=deal), rules)
    if not new.over:
        dealer = new.players[new.deal.dealer]
        more.append(MESSAGES.verdict(Kind.HAND_OVER, "turn", dealer))
    return new, verdicts + more
