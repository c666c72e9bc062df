"""Thousand before the talon (rules/cards.md §3.2, §3.3): the cut, the deal, the bidding from
the forced 100 with its caps and steps, the dark 120, golden deals and the barrel's talon
without bidding, redeals and the card exposed in the deal.

Functions of the preset's :class:`~scoring.card_games.thousand.rules.Rules` and the state, which
the engine's verb table calls.
"""

from __future__ import annotations

from dataclasses import replace

from scoring.actions import Action
from scoring.card_games.thousand import settle
from scoring.card_games.thousand.checks import PHASE_WORDS, check_phase, show
from scoring.card_games.thousand.messages import MESSAGES
from scoring.card_games.thousand.rules import (
    FORCED_BID,
    HAND,
    PLAIN_CAP,
    TALON,
    Rules,
    marriages_in,
)
from scoring.card_games.thousand.state import Deal, Phase, State
from scoring.verdicts import Kind, Verdict


def deal_hands(
    rules: Rules, state: State, seat: int, action: Action
) -> tuple[State, list[Verdict]]:
    deal = state.deal
    if deal.recut:
        raise MESSAGES.illegal("must_recut", action.by)
    n = len(state.players)
    active = tuple((deal.dealer + k) % n for k in range(1, n + 1) if n == 3 or k < n)
    cards = action.args.get("cards")
    if cards is None and rules.information == "full":
        raise MESSAGES.illegal("cards_needed", action.by, what="deal")
    hands = talon = None
    if cards is not None:
        hand_list = [()] * n
        for index, s in enumerate(active):
            hand_list[s] = tuple(cards[index * HAND : (index + 1) * HAND])
        hands, talon = tuple(hand_list), tuple(cards[len(active) * HAND :])
    opener = _opener(rules, state, active, deal.dealer)
    zeros = (0,) * n
    new = replace(
        deal,
        phase=Phase.BID,
        active=active,
        hands=hands,
        talon=talon,
        opener=opener,
        bid=FORCED_BID,
        bidder=opener,
        turn=None,
        tricks=zeros,
        taken=zeros,
    )
    verdicts = [
        MESSAGES.verdict(
            Kind.INFO,
            "dealt",
            action.by,
            number=deal.number,
            opener=state.players[opener],
        )
    ]
    verdicts += [
        MESSAGES.verdict(Kind.INFO, "sits_out", state.players[s])
        for s in range(n)
        if s not in active
    ]
    golden = rules.golden
    if golden is not None and deal.number <= golden.count(n):
        new = replace(new, bid=PLAIN_CAP, bidder=opener, contested=True, golden=True)
        verdicts.append(
            MESSAGES.verdict(
                Kind.INFO, "golden", state.players[opener], PLAIN_CAP, number=deal.number
            )
        )
        return _won(state, new, verdicts)
    barrel = rules.barrel
    sitter = next(
        (s for s in active if state.barrel[s] is not None),
        None,
    )
    if barrel is not None and barrel.entry == "talon" and sitter is not None:
        new = replace(new, bid=barrel.need, bidder=sitter, contested=True)
        verdicts.append(
            MESSAGES.verdict(Kind.INFO, "barrel_talon", state.players[sitter], barrel.need)
        )
        return _won(state, new, verdicts)
    new = replace(new, turn=new.seat_after(opener))
    return replace(state, deal=new), verdicts


def _opener(rules: Rules, state: State, active: tuple[int, ...], dealer: int) -> int:
    """Left of the dealer (pages A, D) or right (page D L333); a player below the page A
    ban hands the forced 100 on [ASM]."""
    order = list(active) if rules.opening == "left" else [active[-1], *active[:-1]]
    ban = rules.low_score_ban
    if ban is None:
        return order[0]
    return next((s for s in order if state.totals[s] >= ban), order[0])


def bid(rules: Rules, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
    deal = state.deal
    amount = action.args["points"]
    ban = rules.low_score_ban
    if ban is not None and state.totals[seat] < ban:
        raise MESSAGES.illegal("bid_banned", action.by, ban=ban)
    dark_call = bool(action.args.get("dark"))  # a dark 120 is called as it is, unseen
    if dark_call and (not rules.dark_game or amount != PLAIN_CAP or seat in deal.called):
        raise MESSAGES.illegal("dark_off", action.by)
    if not (rules.bid_ok(amount, deal.bid) or (dark_call and amount > deal.bid)):
        raise MESSAGES.illegal("bid_step", action.by, points=amount, current=deal.bid)
    deal = check_cap(rules, deal, seat, action, amount)
    dark = seat if dark_call else deal.dark
    deal = replace(
        deal,
        bid=amount,
        bidder=seat,
        contested=True,
        dark=dark,
        called=(*deal.called, seat),
    )
    code = "dark" if dark_call else "bid"
    verdicts = [MESSAGES.verdict(Kind.INFO, code, action.by, amount)]
    return _next_bidder(rules, state, deal, seat, verdicts)


def check_cap(rules: Rules, deal: Deal, seat: int, action: Action, amount: int) -> Deal:
    """A bid or contract above 120 needs marriages in the hand (known, or shown now)."""
    shown = action.args.get("show", ())
    deal = show(deal, seat, shown, action.by or "")
    if amount <= PLAIN_CAP:
        return deal
    held = deal.hands[seat] if deal.hands is not None else shown
    if deal.hands is None:
        held = (*held, *(c for s, c in deal.shown if s == seat))
    cap = rules.cap(marriages_in(tuple(held)))
    if amount > cap:
        raise MESSAGES.illegal("bid_cap", action.by, points=amount, cap=cap)
    return deal


def pass_bid(rules: Rules, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
    deal = replace(state.deal, passed=(*state.deal.passed, seat), called=(*state.deal.called, seat))
    verdicts = [MESSAGES.verdict(Kind.INFO, "passed", action.by)]
    return _next_bidder(rules, state, deal, seat, verdicts)


def _next_bidder(
    rules: Rules, state: State, deal: Deal, seat: int, verdicts: list[Verdict]
) -> tuple[State, list[Verdict]]:
    left = [s for s in deal.active if s not in deal.passed]
    if len(left) == 1:
        return _won(state, deal, verdicts)
    turn = deal.seat_after(seat)
    while turn in deal.passed:
        turn = deal.seat_after(turn)
    return replace(state, deal=replace(deal, turn=turn)), verdicts


def _won(state: State, deal: Deal, verdicts: list[Verdict]) -> tuple[State, list[Verdict]]:
    declarer = deal.bidder
    assert declarer is not None
    deal = replace(deal, phase=Phase.TALON, declarer=declarer, contract=deal.bid, turn=declarer)
    verdicts.append(MESSAGES.verdict(Kind.INFO, "won_bidding", state.players[declarer], deal.bid))
    return replace(state, deal=deal), verdicts


def redeal(rules: Rules, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
    """A hand during the bidding, or the talon the declarer has taken before he passes a
    card, that the preset's redeal rules allow (§3.3): the same dealer deals again."""
    deal = state.deal
    check_phase(state, action, Phase.BID, Phase.GIVE)
    shown = action.args.get("cards")
    if deal.phase == Phase.BID:
        if seat not in deal.active:
            raise MESSAGES.illegal(
                "wrong_phase", action.by, verb="redeal", expected="a player in the deal"
            )
        known = deal.hands[seat] if deal.hands is not None else None
        size, rule, first = HAND, rules.redeal_hand, seat == deal.opener
    else:
        if seat != deal.declarer or deal.given:
            raise MESSAGES.illegal(
                "wrong_phase", action.by, verb="redeal", expected=PHASE_WORDS[Phase.GIVE]
            )
        known, size, rule, first = deal.talon, TALON, rules.redeal_talon, False
    cards = tuple(shown) if shown is not None else known
    if cards is None or len(cards) != size:
        raise MESSAGES.illegal("cards_needed", action.by, what="redeal")
    if known is not None and set(cards) != set(known):
        raise MESSAGES.illegal(
            "not_in_hand", action.by, card=" ".join(sorted(set(cards) - set(known)) or cards)
        )
    why = rule.reason(cards, first)
    if why is None:
        raise MESSAGES.illegal("no_redeal", action.by, cards=" ".join(cards))
    verdicts = [MESSAGES.verdict(Kind.INFO, "redeal", action.by, cards=" ".join(cards), why=why)]
    return replace(state, deal=Deal(deal.number, deal.dealer)), verdicts


def cut(rules: Rules, state: State, seat: int, action: Action) -> tuple[State, list[Verdict]]:
    """The cut (pages A, D): a nine at the bottom means a recut, and three in a row cost
    the cutter 120; a jack at the bottom goes into the middle and the deal goes on."""
    deal = state.deal
    if not rules.cut_rules:
        raise MESSAGES.illegal("rule_off", action.by, verb="cut")
    check_phase(state, action, Phase.DEAL)
    bottom = action.args["bottom"]
    verdicts = [MESSAGES.verdict(Kind.INFO, "cut", action.by, card=bottom)]
    if bottom[:-1] != "9":
        if bottom[:-1] == "J":
            verdicts.append(MESSAGES.verdict(Kind.INFO, "jack_middle"))
        return replace(state, deal=replace(deal, cut_nines=0, recut=False)), verdicts
    nines = deal.cut_nines + 1
    if nines < 3:
        verdicts.append(MESSAGES.verdict(Kind.INFO, "recut"))
        return replace(state, deal=replace(deal, cut_nines=nines, recut=True)), verdicts
    following = replace(deal, number=deal.number + 1, cut_nines=0, recut=True)
    new, more = settle.penalty(state, rules, seat, PLAIN_CAP, "cut_nines", following)
    return new, verdicts + more


def misdeal(rules: Rules, state: State, action: Action) -> tuple[State, list[Verdict]]:
    """A card exposed while dealing (page D): the dealer loses 120, the deal passes on."""
    deal = state.deal
    amount = rules.exposed_penalty
    if amount is None:
        raise MESSAGES.illegal("rule_off", action.by, verb="misdeal")
    if deal.phase not in (Phase.DEAL, Phase.BID) or deal.called:
        raise MESSAGES.illegal(
            "wrong_phase", action.by, verb="misdeal", expected=PHASE_WORDS[deal.phase]
        )
    following = Deal(deal.number + 1, (deal.dealer + 1) % len(state.players))
    return settle.penalty(state, rules, deal.dealer, amount, "misdeal", following)
