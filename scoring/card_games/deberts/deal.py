"""Deberts before the first card: the deal in two phases, the bidding, the 50-point offer and
the cards given in full-information mode (cards.md §2.3-§2.5, L32)."""

from __future__ import annotations

from dataclasses import replace

from scoring.card_games.deberts.messages import MESSAGES, suit_data
from scoring.card_games.deberts.rules import FIRST_DEAL, HAND_CARDS, Rules
from scoring.card_games.deberts.settle import settle
from scoring.card_games.deberts.state import Hand, Phase, State, with_hand
from scoring.cards import Card
from scoring.verdicts import COMMON, Kind, Verdict


def deal(state: State, rules: Rules, seat: int, turnup: Card) -> tuple[State, list[Verdict]]:
    """§2.3: six each, the turn-up shown.  The first dealer is drawn by lot (any seat)."""
    name = state.players[seat]
    if state.hand is not None and state.hand.phase != Phase.DONE:
        raise MESSAGES.illegal("hand_running", name)
    if state.dealer is not None and seat != state.dealer:
        raise MESSAGES.illegal("not_dealer", name, dealer=state.players[state.dealer])
    seats = len(state.players)
    hand = Hand(
        number=state.hands_played + 1,
        dealer=seat,
        turnup=turnup,
        proposed=turnup.suit,
        hands=((),) * seats if rules.information == "full" else (),
    )
    # the pencil is down (L25): over-records nobody spotted stay written
    state = replace(state, hand=hand, dealer=seat, misrecorded=(0,) * seats)
    bidder = state.players[(seat + 1) % seats]
    return state, [
        MESSAGES.verdict(Kind.INFO, "dealt", name, turnup=str(turnup)),
        COMMON.verdict(Kind.TURN, "turn", bidder),
    ]


def bidder(hand: Hand, seats: int) -> int:
    """§2.4: from the dealer's left (N in 2p), round and round."""
    return (hand.dealer + 1 + len(hand.calls)) % seats


def call(
    state: State, rules: Rules, seat: int, verb: str, suit: str | None
) -> tuple[State, list[Verdict]]:
    """§2.4: round one plays the turn-up's suit or passes; round two names another suit or
    passes; the first Phase.PLAY/NAME ends the bidding; all passing is a redeal by the next seat."""
    hand = state.hand
    assert hand is not None
    name, seats = state.players[seat], len(state.players)
    need_hands(state, rules, FIRST_DEAL)
    second = len(hand.calls) >= seats
    if verb == "take" and second:
        raise MESSAGES.illegal("take_in_round_two", name)
    if verb == "name":
        assert suit is not None
        if not second:
            raise MESSAGES.illegal("name_in_round_one", name)
        if suit == hand.proposed:
            raise MESSAGES.illegal("turnup_suit", name, **suit_data(suit))
    calls = (*hand.calls, (seat, verb, suit))
    if verb == "pass":
        verdicts = [MESSAGES.verdict(Kind.INFO, "passes", name)]
        if len(calls) == 2 * seats:
            dealer = (hand.dealer + 1) % seats  # L16: the other player deals
            state = replace(state, hand=None, dealer=dealer)
            dealer_name = state.players[dealer]
            verdicts.append(MESSAGES.verdict(Kind.HAND_OVER, "all_passed", dealer=dealer_name))
            return state, verdicts
        state = with_hand(state, calls=calls)
        nxt = state.players[bidder(replace(hand, calls=calls), seats)]
        return state, [*verdicts, COMMON.verdict(Kind.TURN, "turn", nxt)]
    trump = hand.proposed if verb == "take" else suit
    assert trump is not None
    state = with_hand(state, calls=calls, declarer=seat, trump=trump, phase=Phase.DEALING)
    code = "takes" if verb == "take" else "names"
    dealer_name = state.players[hand.dealer]
    return state, [
        MESSAGES.verdict(Kind.INFO, code, name, **suit_data(trump)),
        MESSAGES.verdict(Kind.INFO, "contract", name, **suit_data(trump)),
        COMMON.verdict(Kind.TURN, "turn", dealer_name),
    ]


def deal_rest(state: State, rules: Rules, seat: int, bottom: Card) -> tuple[State, list[Verdict]]:
    """§2.5: three more each, the bottom card (фреза) turned face up; play starts."""
    hand = state.hand
    assert hand is not None
    name = state.players[seat]
    if hand.offer_by is not None:
        raise MESSAGES.illegal("offer_pending", name, declarer=state.players[hand.declarer or 0])
    if seat != hand.dealer:
        raise MESSAGES.illegal("not_dealer", name, dealer=state.players[hand.dealer])
    if bottom == hand.turnup or any(bottom in cards for cards in hand.hands):
        where = "the turn-up" if bottom == hand.turnup else "in a hand"
        raise MESSAGES.illegal("card_out_of_play", name, card=str(bottom), where=where)
    state = with_hand(state, bottom=bottom, phase=Phase.PLAY)
    lead = state.players[(hand.dealer + 1) % len(state.players)]
    return state, [
        MESSAGES.verdict(Kind.INFO, "dealt_rest", name, bottom=str(bottom)),
        COMMON.verdict(Kind.TURN, "turn", lead),
    ]


def give_hand(
    state: State, rules: Rules, seat: int, cards: tuple[Card, ...]
) -> tuple[State, list[Verdict]]:
    """Full information: the cards a seat got, six at the first deal and three (or all nine)
    at the second; they must not be anywhere else."""
    hand = state.hand
    assert hand is not None
    name = state.players[seat]
    if rules.information != "full":
        raise MESSAGES.illegal("public_information", name)
    held = hand.hands[seat]
    rest = HAND_CARDS - FIRST_DEAL
    if hand.phase == Phase.BIDDING:
        if held or len(cards) != FIRST_DEAL:
            expected = 0 if held else FIRST_DEAL
            raise MESSAGES.illegal("hand_size", name, expected=expected, count=len(cards))
        new = cards
    elif hand.phase == Phase.PLAY and len(held) == FIRST_DEAL and not hand.played:
        if len(cards) == HAND_CARDS:
            missing = [c for c in held if c not in cards]
            if missing:
                raise MESSAGES.illegal("not_in_hand", name, card=str(missing[0]))
            new = tuple(c for c in cards if c not in held)
        elif len(cards) == rest:
            new = cards
        else:
            raise MESSAGES.illegal("hand_size", name, expected=rest, count=len(cards))
    else:
        raise MESSAGES.illegal("hand_size", name, expected=0, count=len(cards))
    for card in new:
        others = [c for s, cs in enumerate(hand.hands) if s != seat for c in cs]
        if card in (hand.turnup, hand.bottom) or card in others or card in held:
            raise MESSAGES.illegal("card_out_of_play", name, card=str(card), where="elsewhere")
    hands = tuple((*cs, *new) if s == seat else cs for s, cs in enumerate(hand.hands))
    state = with_hand(state, hands=hands)
    return state, [MESSAGES.verdict(Kind.INFO, "hand_given", name, count=len(hands[seat]))]


def need_hands(state: State, rules: Rules, count: int) -> None:
    """Full information: nothing happens until every hand is known up to ``count`` cards."""
    hand = state.hand
    if rules.information != "full" or hand is None:
        return
    for seat, cards in enumerate(hand.hands):
        if len(cards) + sum(1 for p in hand.played if p.seat == seat) < count:
            raise MESSAGES.illegal("hands_needed", state.players[seat])


def offer(state: State, rules: Rules, seat: int) -> tuple[State, list[Verdict]]:
    """L32: after trump is named and before the last three cards, a defender offers 50."""
    hand = state.hand
    name = state.players[seat]
    if not rules.offers_50:
        raise MESSAGES.illegal("offers_off", name)
    if (
        hand is None
        or hand.phase != Phase.DEALING
        or seat == hand.declarer
        or seat in hand.offers_made
    ):
        raise MESSAGES.illegal("offer_not_now", name)
    if hand.offer_by is not None:
        raise MESSAGES.illegal("offer_pending", name, declarer=state.players[hand.declarer or 0])
    state = with_hand(state, offer_by=seat, offers_made=(*hand.offers_made, seat))
    declarer = state.players[hand.declarer or 0]
    return state, [
        MESSAGES.verdict(Kind.INFO, "offer", name),
        COMMON.verdict(Kind.TURN, "turn", declarer),
    ]


def answer(state: State, rules: Rules, seat: int, accept: bool) -> tuple[State, list[Verdict]]:
    """The declarer takes the 50 (the hand ends: declarer +50, the rest 0 [INF]) or plays."""
    hand = state.hand
    name = state.players[seat]
    if hand is None or hand.offer_by is None:
        raise MESSAGES.illegal("no_offer", name)
    if not accept:
        state = with_hand(state, offer_by=None)
        dealer = state.players[hand.dealer]
        return state, [
            MESSAGES.verdict(Kind.INFO, "offer_declined", name),
            COMMON.verdict(Kind.TURN, "turn", dealer),
        ]
    state = with_hand(state, offer_by=None)
    state, verdicts = settle(state, rules, offer_taken=True)
    return state, [MESSAGES.verdict(Kind.POINTS, "offer_accepted", name, 50), *verdicts]
