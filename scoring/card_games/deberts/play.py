"""Deberts from the full deal to the last trick: the trump-seven swap (§2.6), declarations and
four sevens (§2.8, §2.9), the play with its duties (§2.9), the proofs of a hidden breach (§8.5),
penalties (§2.12), claims (§2.13) and conceding the short game (L31)."""

from __future__ import annotations

from dataclasses import replace

from scoring.card_games.deberts.messages import COMBO_RU, MESSAGES, suit_data
from scoring.card_games.deberts.rules import (
    ORDER,
    Declared,
    Rules,
    card_points,
    combination,
)
from scoring.card_games.deberts.settle import TRICKS, hand_parts, settle
from scoring.card_games.deberts.state import (
    Flag,
    Hand,
    Line,
    Phase,
    Play,
    State,
    current_trick,
    has_played,
    trick_taker,
    tricks,
    with_hand,
)
from scoring.card_games.tricks import breach
from scoring.cards import Card, cards_text
from scoring.engine import result_verdicts
from scoring.verdicts import COMMON, Kind, Verdict

#: Reasons a hand is lost "on cards" (§2.12, §2.6, §8.3); the ``penalty`` verb's choices.
PENALTIES = (
    "revoke",
    "no_trump",
    "no_overtrump",
    "false_declaration",
    "extra_card",
    "swap_bottom",
    "swap_second_trump",
    "late_swap",
)


def where_else(hand: Hand, card: Card, seat: int, shown: bool = True) -> str | None:
    """Where ``card`` is seen outside ``seat``'s hand, or None: the camera's view (§8.2).
    ``shown`` False leaves out cards others only showed (a shown card may be a false one)."""
    if card == hand.turnup:
        return "the turn-up"
    if card == hand.bottom:
        return "the bottom card"
    if any(p.card == card for p in hand.played):
        return "played"
    if shown and any(s != seat and c == card for s, c in hand.held_shown):
        return "in another hand"
    if hand.hands and any(card in cs for s, cs in enumerate(hand.hands) if s != seat):
        return "in another hand"
    return None


def check_held(state: State, seat: int, card: Card, shown: bool = True) -> None:
    """The card can be in the seat's hand: full information knows it; public information only
    refuses a card seen elsewhere (a misread, not a move)."""
    hand = state.hand
    assert hand is not None
    name = state.players[seat]
    if hand.hands and card not in hand.hands[seat]:
        raise MESSAGES.illegal("not_in_hand", name, card=str(card))
    where = where_else(hand, card, seat, shown)
    if where:
        raise MESSAGES.illegal("card_out_of_play", name, card=str(card), where=where)


def _penalise(state: State, seat: int, reason: str, verdicts: list[Verdict]) -> State:
    hand = state.hand
    assert hand is not None
    if any(s == seat for s, _ in hand.penalties):
        return state
    verdicts.append(MESSAGES.verdict(Kind.FOUL, "penalty", state.players[seat], reason=reason))
    return with_hand(state, penalties=(*hand.penalties, (seat, reason)))


def swap(
    state: State, rules: Rules, seat: int, card: Card, take: str
) -> tuple[State, list[Verdict]]:
    """§2.6: before his first card a player may swap the trump seven for the turn-up, on the
    first trump only; for the фреза, on a second trump, or (GAP [INF]) late, it is a bayt."""
    hand = state.hand
    assert hand is not None
    name = state.players[seat]
    if card.rank != "7":
        raise MESSAGES.illegal("not_a_seven", name, card=str(card))
    check_held(state, seat, card)
    reason = None
    if take == "turnup":
        if hand.swapped_by is not None:
            raise MESSAGES.illegal("already_swapped", name)
        if not hand.first_trump:
            reason = "swap_second_trump"
        elif card.suit != hand.trump:
            raise MESSAGES.illegal("not_trump_seven", name)
    else:
        reason = "swap_bottom"
    if reason is None and has_played(hand, seat):
        if rules.late_swap == "refuse":
            raise MESSAGES.illegal("swap_too_late", name)
        reason = "late_swap"
    taken = hand.turnup if take == "turnup" else hand.bottom
    assert taken is not None
    verdicts: list[Verdict] = []
    if reason is None:
        verdicts.append(
            MESSAGES.verdict(Kind.INFO, "swapped", name, card=str(card), turnup=str(taken))
        )
    else:
        verdicts.append(
            MESSAGES.verdict(
                Kind.FOUL, "swap_bayt", name, card=str(card), taken=str(taken), reason=reason
            )
        )
    kept = tuple(d for d in hand.declared if not (d.player == seat and card in d.cards))
    for broken in hand.declared:
        if broken not in kept:
            verdicts.append(
                MESSAGES.verdict(
                    Kind.INFO,
                    "combo_broken",
                    name,
                    combo=broken.combo,
                    combo_ru=COMBO_RU[broken.combo],
                )
            )
    hands = hand.hands
    if hands:
        hands = tuple(
            tuple(taken if c == card else c for c in cs) if s == seat else cs
            for s, cs in enumerate(hands)
        )
    shown = tuple((s, c) for s, c in hand.held_shown if c != card)
    if not has_played(hand, seat):  # held at every trick to come: evidence for §8.5 proofs
        shown = (*shown, (seat, taken))
    changes: dict[str, object] = {"hands": hands, "held_shown": shown, "declared": kept}
    if take == "turnup":
        changes.update(turnup=card, swapped_by=seat if reason is None else hand.swapped_by)
    else:
        changes["bottom"] = card
    state = with_hand(state, **changes)
    if reason is not None:
        state = _penalise(state, seat, reason, verdicts)
    return state, verdicts


def declare(
    state: State, rules: Rules, seat: int, cards: tuple[Card, ...]
) -> tuple[State, list[Verdict]]:
    """§2.8: a terz, fifty or bella shown before one's own first card (L50-L55).  A declared
    card the player does not hold is a false declaration: a bayt (L27)."""
    hand = state.hand
    assert hand is not None
    name = state.players[seat]
    combo = combination(cards, hand.trump, rules)
    text = cards_text(cards)
    if combo is None:
        raise MESSAGES.illegal("not_a_combination", name, cards=text)
    if has_played(hand, seat):
        raise MESSAGES.illegal("too_late_to_declare", name)
    if any(d.player == seat and set(d.cards) == set(cards) for d in hand.declared):
        raise MESSAGES.illegal("already_declared", name)
    for card in cards:
        where = where_else(hand, card, seat)
        if where and not hand.hands:
            raise MESSAGES.illegal("card_out_of_play", name, card=str(card), where=where)
    declared = Declared(seat, combo, tuple(cards))
    shown = tuple((seat, c) for c in cards if (seat, c) not in hand.held_shown)
    state = with_hand(
        state, declared=(*hand.declared, declared), held_shown=(*hand.held_shown, *shown)
    )
    verdicts = [
        MESSAGES.verdict(
            Kind.INFO, "declared", name, combo=combo, combo_ru=COMBO_RU[combo], cards=text
        )
    ]
    if hand.hands and not set(cards) <= set(hand.hands[seat]):
        state = _penalise(state, seat, "false_declaration", verdicts)
    return state, verdicts


def sevens(state: State, rules: Rules, seat: int) -> tuple[State, list[Verdict]]:
    """§2.9 L21: four sevens shown before one's first card: the cards go in and the same
    dealer deals again [ASM: the seed does not say who deals]."""
    hand = state.hand
    assert hand is not None
    name = state.players[seat]
    if has_played(hand, seat):
        raise MESSAGES.illegal("sevens_too_late", name)
    for suit in ("C", "D", "H", "S"):
        check_held(state, seat, Card("7", suit))
    dealer = state.players[hand.dealer]
    state = replace(state, hand=None, dealer=hand.dealer)
    return state, [MESSAGES.verdict(Kind.HAND_OVER, "sevens_redeal", name, dealer=dealer)]


def play(state: State, rules: Rules, seat: int, card: Card) -> tuple[State, list[Verdict]]:
    """§2.9: one card; with full information the duties are enforced, with public information
    a later card may prove an earlier breach (§8.5), flagged for the referee to confirm."""
    hand = state.hand
    assert hand is not None
    players, seats = state.players, len(state.players)
    name = players[seat]
    # a card another player declared, seen played by this one, proves that declaration false
    declared_by = [d.player for d in hand.declared if d.player != seat and card in d.cards]
    check_held(state, seat, card, shown=not declared_by)
    trick = tuple(p.card for p in current_trick(hand, seats))
    if hand.hands:
        held = hand.hands[seat]
        code = breach(held, trick, card, hand.trump, ORDER, rules.follow)
        if code is not None:
            raise MESSAGES.illegal(code, name, **suit_data(trick[0].suit))
    number = len(hand.played) // seats
    played = (*hand.played, Play(seat, card, number, trick))
    hands = hand.hands
    if hands:
        hands = tuple(
            tuple(c for c in cs if c != card) if s == seat else cs for s, cs in enumerate(hands)
        )
    state = with_hand(state, played=played, hands=hands)
    verdicts: list[Verdict] = []
    for other in sorted(set(declared_by)):
        state = _flag(state, Flag(other, "false_declaration", 0), verdicts, card)
    state = _prove(state, rules, seat, verdicts)
    hand = state.hand
    assert hand is not None
    if len(hand.played) % seats:
        nxt = players[(seat + 1) % seats]
        return state, [*verdicts, COMMON.verdict(Kind.TURN, "turn", nxt)]
    return _trick_done(state, rules, verdicts)


def _flag(state: State, flag: Flag, verdicts: list[Verdict], card: Card | None = None) -> State:
    hand = state.hand
    assert hand is not None
    if flag in hand.flags:
        return state
    code = f"proven_{flag.breach}"
    data = {"trick": flag.trick} if flag.trick else {"cards": str(card)}
    verdicts.append(MESSAGES.verdict(Kind.FOUL, code, state.players[flag.seat], **data))
    return with_hand(state, flags=(*hand.flags, flag))


def _prove(state: State, rules: Rules, seat: int, verdicts: list[Verdict]) -> State:
    """§8.5: hands only shrink once play starts, so each card a player plays later, and each
    card he showed, was in his hand at every earlier trick; if those cards make an earlier
    card illegal, the breach is proven (the duties are monotone, :func:`tricks.breach`)."""
    hand = state.hand
    assert hand is not None
    own = [p for p in hand.played if p.seat == seat]
    shown = [c for s, c in hand.held_shown if s == seat]
    for index, earlier in enumerate(own[:-1]):
        if not earlier.before:
            continue
        later = [p.card for p in own[index + 1 :]]
        before = {p.card for p in own[: index + 1]}
        known = later + [c for c in shown if c not in before]
        code = breach(known, earlier.before, earlier.card, hand.trump, ORDER, rules.follow)
        if code is not None:
            state = _flag(state, Flag(seat, code, earlier.trick + 1), verdicts)
    return state


def _trick_done(state: State, rules: Rules, verdicts: list[Verdict]) -> tuple[State, list[Verdict]]:
    hand = state.hand
    assert hand is not None
    players, seats = state.players, len(state.players)
    done = tricks(hand, seats)
    last = done[-1]
    taker = trick_taker(last, hand.trump)
    cards = [p.card for p in last]
    verdicts.append(
        MESSAGES.verdict(
            Kind.POINTS,
            "trick",
            players[taker],
            card_points(cards, hand.trump),
            cards=cards_text(cards),
        )
    )
    if len(done) == 1:
        _, combos, _ = hand_parts(hand, seats, rules)
        for seat, points in enumerate(combos):
            if points:
                verdicts.append(
                    MESSAGES.verdict(Kind.POINTS, "combinations", players[seat], points)
                )
    if len(done) < TRICKS:
        return state, [*verdicts, COMMON.verdict(Kind.TURN, "turn", players[taker])]
    verdicts.append(MESSAGES.verdict(Kind.POINTS, "last_trick", players[taker], 10))
    if not hand.hands:  # a declared card never played was never held
        for d in hand.declared:
            missing = [
                c
                for c in d.cards
                if not any(p.card == c and p.seat == d.player for p in hand.played)
            ]
            if missing:
                state = _flag(state, Flag(d.player, "false_declaration", 0), verdicts, missing[0])
    state, more = settle(state, rules)
    return state, [
        *verdicts,
        MESSAGES.verdict(Kind.HAND_OVER, "hand_over", number=hand.number),
        *more,
    ]


def penalty(state: State, rules: Rules, seat: int, reason: str) -> tuple[State, list[Verdict]]:
    """§2.12: the offender loses the hand as in a bayt (confirming a flag, or what the referee
    saw: an extra card).  During the scoring it re-writes the hand (the pencil rule, L25)."""
    hand = state.hand
    name = state.players[seat]
    if hand is None or hand.phase not in (Phase.PLAY, Phase.DONE):
        raise MESSAGES.illegal("not_penalty_time", name)
    if any(s == seat for s, _ in hand.penalties):
        raise MESSAGES.illegal("already_penalised", name)
    verdicts: list[Verdict] = []
    state = _penalise(state, seat, reason, verdicts)
    if hand.phase == Phase.DONE:
        state, more = settle(state, rules)
        verdicts += more
    return state, verdicts


def claim(state: State, rules: Rules, seat: int) -> tuple[State, list[Verdict]]:
    """§2.13 L24: after a trick he took (not the last), before the next lead, or at the
    scoring.  Reaching the target wins (more than one there: the last trick decides); a
    false claim loses the game."""
    hand = state.hand
    players, seats = state.players, len(state.players)
    name = players[seat]
    if hand is None:
        raise MESSAGES.illegal("not_claim_time", name)
    if hand.phase == Phase.PLAY:
        done = tricks(hand, seats)
        if not done or current_trick(hand, seats) or trick_taker(done[-1], hand.trump) != seat:
            raise MESSAGES.illegal("not_claim_time", name)
        cards, combos, _ = hand_parts(hand, seats, rules)
        points = state.totals[seat] + cards[seat] + combos[seat]
        reached = [seat] if points >= rules.target else []
        last = seat
    elif hand.phase == Phase.DONE:
        points = state.totals[seat]
        reached = [s for s, t in enumerate(state.totals) if t >= rules.target]
        last = state.last_trick if state.last_trick is not None else seat
    else:
        raise MESSAGES.illegal("not_claim_time", name)
    verdicts: list[Verdict] = []
    if seat not in reached:
        verdicts.append(MESSAGES.verdict(Kind.FOUL, "false_claim", name, points))
        others = [s for s in range(seats) if s != seat]
        best = max(state.totals[s] for s in others)
        winners = tuple(s for s in others if state.totals[s] == best)
    else:
        winner = seat
        if len(reached) > 1:  # L24: more than one at the target: the last trick decides
            verdicts.append(MESSAGES.verdict(Kind.INFO, "both_reached", target=rules.target))
            winner = last if last in reached else seat
        else:
            verdicts.append(MESSAGES.verdict(Kind.GAME_OVER, "claim_valid", name, points))
        winners = (winner,)
    state = replace(state, winners=winners)
    scores = dict(zip(players, state.totals, strict=True))
    if hand.phase == Phase.PLAY and seat in reached:  # the hand's points so far are written
        scores[name] = points
        gained = points - state.totals[seat]
        cells = tuple(gained if s == seat else None for s in range(seats))
        line = Line(
            f"claim_{hand.number}",
            f"Hand {hand.number} to the claim",
            f"Сдача {hand.number} до заявки",
            cells,
        )
        totals = tuple(points if s == seat else t for s, t in enumerate(state.totals))
        state = replace(state, totals=totals, lines=(*state.lines, line))
    return state, verdicts + _result(scores, winners, players)


def _result(
    scores: dict[str, int], winners: tuple[int, ...], players: tuple[str, ...]
) -> list[Verdict]:
    """The game-over verdicts naming the decided winner (not necessarily the best total)."""
    out = [COMMON.verdict(Kind.GAME_OVER, "game_over")]
    if len(winners) == 1:
        name = players[winners[0]]
        return [*out, COMMON.verdict(Kind.GAME_OVER, "winner", name, scores[name])]
    return result_verdicts({players[s]: scores[players[s]] for s in winners})


def concede(state: State, rules: Rules, seat: int) -> tuple[State, list[Verdict]]:
    """L31 "с даве" [INF]: in the short game a player may give the game up before the first
    card; the opponent (3p: the others, shared) wins."""
    hand = state.hand
    players, seats = state.players, len(state.players)
    name = players[seat]
    if not rules.dave:
        raise MESSAGES.illegal("dave_off", name)
    if hand is None or hand.played or hand.phase == Phase.DONE:
        raise MESSAGES.illegal("concede_too_late", name)
    winners = tuple(s for s in range(seats) if s != seat)
    state = replace(state, winners=winners)
    scores = dict(zip(players, state.totals, strict=True))
    return state, [
        MESSAGES.verdict(Kind.GAME_OVER, "conceded", name),
        *_result(scores, winners, players),
    ]
