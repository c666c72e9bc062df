"""One bout of the Russian variants (§2.5, §3-§5): lead, throw in, beat, transfer, take, бито.

Every card laid is checked against what the table shows: the ranks on it (P-3), the limits of
§2.6 (the defender's hand, the bout cap, the first-bout cap), the beating relation (§2.2, §8)
and the transfer conditions (V-9).  A breach raises the §13 code; in Oborotny a wrong beat,
transfer or throw-in is not refused but punished (O-3).  A bout ends by itself when nothing
more can happen (S-10, P-8): all covered in Simple, or every thrower has said «бито», or no
card may be added any more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from scoring.actions import Action
from scoring.durak.dealing import lowest_holder
from scoring.durak.ending import beaten, penalty, taken
from scoring.durak.hands import next_active, play, receive
from scoring.durak.messages import MESSAGES
from scoring.durak.ranks import beats, beats_japanese, rank_of, spade_rule_broken
from scoring.durak.rules import Rules
from scoring.durak.state import Bout, DurakState, Pair, Phase
from scoring.verdicts import IllegalMove, Kind, Verdict

Result = tuple[DurakState, list[Verdict]]

#: O-3: "неверно побивший, переведший или подкинувший" — the breaches Oborotny punishes.
PENALISED = frozenset(
    {
        "F-04",
        "F-05",
        "F-29",
        "F-07",
        "F-08",
        "F-09",
        "F-10",
        "F-10b",
        "F-13",
        "F-14",
        "F-15",
        "F-16",
    }
)
#: O-4: an illegal opening lead, punished only with ``oborotny_penalise_lead``.
LEAD_BREACHES = frozenset({"F-01", "F-02", "F-10", "F-10b"})
#: Room for attack cards when no limit binds (durak-sockets' "unlimited" rule set).
NO_LIMIT = 99


# --------------------------------------------------------------------------------------------
# Limits (§2.6).


def caps(bout: Bout, rules: Rules) -> list[tuple[int, str]]:
    """The caps on attack cards that bind this bout, with the code a breach carries."""
    out = [(rules.bout_cap, "F-10")] if rules.bout_cap is not None else []
    if bout.first and rules.first_bout_cap is not None:
        out.append((rules.first_bout_cap, "F-10b"))
    return out


def hand_limited(bout: Bout, rules: Rules) -> bool:
    return rules.hand_limit_always or bout.taking


def room(state: DurakState, rules: Rules) -> int:
    """How many more attack cards the bout can take: LIMIT-CAP and LIMIT-HAND (U ≤ hand)."""
    bout = current(state)
    limits = [cap - len(bout.pairs) for cap, _ in caps(bout, rules)]
    if hand_limited(bout, rules):
        limits.append(state.hands[bout.defender].count - len(bout.uncovered))
    return min(limits, default=NO_LIMIT)


def _check_count(state: DurakState, rules: Rules, bout: Bout, added: int, hand_code: str) -> None:
    """Adding ``added`` attack cards keeps U ≤ hand(defender) and N within the caps."""
    defender = state.players[bout.defender]
    hand = state.hands[bout.defender].count
    if hand_limited(bout, rules) and len(bout.uncovered) + added > hand:
        data = {"defender": defender, "hand": hand, "count": len(bout.uncovered) + added}
        raise MESSAGES.illegal(hand_code, None, **data)
    for cap, code in caps(bout, rules):
        if len(bout.pairs) + added > cap:
            raise MESSAGES.illegal(code, None, cap=cap)


def table_ranks(bout: Bout) -> list[str]:
    """P-3: the ranks led or beaten with in this bout, in the order they appeared."""
    return list(dict.fromkeys(rank_of(c) for c in bout.cards))


def throwers(state: DurakState) -> list[int]:
    """P-4: everyone still in with cards, except the defender."""
    bout = current(state)
    return [
        s
        for s in range(len(state.players))
        if s != bout.defender and state.active(s) and state.hands[s].count > 0
    ]


# --------------------------------------------------------------------------------------------
# The verbs.


def lead(state: DurakState, rules: Rules, seat: int, action: Action) -> Result:
    """S-7: one card, or several of one rank, to ``next_active(attacker)``."""
    player = state.players[seat]
    cards: tuple[str, ...] = action.args["cards"]
    check_leader(state, rules, seat)
    defender = next_active(state, rules, seat)
    target = action.args.get("to")
    if target is not None and target != state.players[defender]:
        raise MESSAGES.illegal("F-25", player, defender=target, target=state.players[defender])
    hands = play(state, rules, seat, cards)
    bout = Bout(seat, defender, first=state.fresh and state.bouts == 0)

    def check() -> None:
        if len({rank_of(c) for c in cards}) > 1:
            raise MESSAGES.illegal("F-01", player, cards=" ".join(cards))
        _check_count(state, rules, bout, len(cards), "F-02")

    try:
        check()
    except IllegalMove as breach:
        if rules.oborotny and rules.penalise_lead and breach.code in LEAD_BREACHES:
            return _lead_penalty(state, rules, seat, cards, breach.code)
        raise _by(breach, player) from None
    bout = replace(bout, pairs=tuple(Pair(c) for c in cards))
    state = replace(state, hands=hands, bout=bout, phase=Phase.BOUT, leader=None)
    verdict = MESSAGES.verdict(
        Kind.INFO, "led", player, cards=" ".join(cards), defender=state.players[defender]
    )
    return state, [verdict]


def check_leader(state: DurakState, rules: Rules, seat: int) -> None:
    """F-03, or F-26 for a game's first lead (the lowest trump, or the previous game)."""
    player = state.players[seat]
    first = state.fresh and state.bouts == 0
    leader = state.leader
    if leader is None and first:
        leader = lowest_holder(state, rules)  # from the cards shown in the reveal zone
    if leader is not None and seat != leader:
        raise MESSAGES.illegal("F-26" if first else "F-03", player, leader=state.players[leader])


def _lead_penalty(
    state: DurakState, rules: Rules, seat: int, cards: tuple[str, ...], code: str
) -> Result:
    """O-4 alternative: an illegal lead is punished like any wrong card; the cards go back
    to the offender's hand (now seen) and the next player leads."""
    hands = receive(state.hands, seat, 0, cards)
    leader = next_active(state, rules, seat)
    state = replace(state, hands=hands, leader=leader)
    note = MESSAGES.verdict(Kind.FOUL, "penalty", state.players[seat], rule=code, count=len(cards))
    return state, [note, MESSAGES.verdict(Kind.TURN, "turn", state.players[leader])]


def throw_in(state: DurakState, rules: Rules, seat: int, action: Action) -> Result:
    """P-2..P-4 (S-11 in Simple: only after the defender takes)."""
    player = state.players[seat]
    bout = current(state)
    cards: tuple[str, ...] = action.args["cards"]
    if seat == bout.defender:
        raise MESSAGES.illegal("F-06", player)
    if rules.throw_in == "none":
        raise MESSAGES.illegal("no_throw_in", player)
    hands = play(state, rules, seat, cards)

    def check() -> None:
        if rules.throw_in == "on_take_only" and not bout.taking:
            raise MESSAGES.illegal("F-08", player)
        if not (bout.defended or bout.taking or rules.throw_in_early):
            raise MESSAGES.illegal("wait_for_defence", player)
        ranks = table_ranks(bout)
        for card in cards:
            if rank_of(card) not in ranks:
                raise MESSAGES.illegal("F-07", player, rank=rank_of(card), ranks=" ".join(ranks))
        _check_count(state, rules, bout, len(cards), "F-09")

    punished = _judge(state, rules, seat, cards, check)
    if punished is not None:
        return punished
    bout = replace(bout, pairs=bout.pairs + tuple(Pair(c) for c in cards), passed=())
    said = [MESSAGES.verdict(Kind.INFO, "thrown", player, cards=" ".join(cards))]
    if rules.team_size and seat % 2 == bout.defender % 2:
        defender = state.players[bout.defender]
        said.append(MESSAGES.verdict(Kind.INFO, "partner_throw_in", player, defender=defender))
    return settle(replace(state, hands=hands, bout=bout), rules, said)


def defend(state: DurakState, rules: Rules, seat: int, action: Action) -> Result:
    """S-8: one card on one uncovered attack card, beating it (§2.2; §8 for Japanese A)."""
    player = state.players[seat]
    bout = current(state)
    attack, card = action.args["beat"], action.args["with"]
    _check_defender(state, seat)
    hands = play(state, rules, seat, [card])

    def check() -> None:
        if attack not in bout.uncovered:
            raise MESSAGES.illegal("F-05", player, attack=attack)
        judge = beats_japanese if rules.japanese else beats
        if not judge(card, attack, state.trump):
            code = "F-29" if rules.japanese and spade_rule_broken(card, attack) else "F-04"
            raise MESSAGES.illegal(code, player, card=card, attack=attack)

    punished = _judge(state, rules, seat, (card,), check)
    if punished is not None:
        return punished
    pairs = tuple(Pair(p.attack, card) if p.attack == attack else p for p in bout.pairs)
    bout = replace(bout, pairs=pairs, passed=())
    verdict = MESSAGES.verdict(Kind.INFO, "covered", player, attack=attack, card=card)
    return settle(replace(state, hands=hands, bout=bout), rules, [verdict])


def transfer(state: DurakState, rules: Rules, seat: int, action: Action) -> Result:
    """V-2..V-11: cards of the rank led, laid beside, pass the bout to the next player."""
    player = state.players[seat]
    bout = current(state)
    cards: tuple[str, ...] = action.args["cards"]
    if not rules.transfers:
        raise MESSAGES.illegal("F-12", player, card=cards[0])
    _check_defender(state, seat)
    hands = play(state, rules, seat, cards)
    target = next_active(state, rules, seat)

    def check() -> None:
        if bout.defended:
            raise MESSAGES.illegal("F-14", player)
        rank = rank_of(bout.pairs[0].attack)
        for card in cards:
            if rank_of(card) != rank:
                raise MESSAGES.illegal("F-13", player, rank=rank, card=card)
        if rules.transfer_one and len(cards) > 1:
            raise MESSAGES.illegal("one_transfer_card", player)
        after = len(bout.pairs) + len(cards)
        need = after if rules.transfer_counts_new else len(bout.pairs)
        hand = state.hands[target].count
        if hand < need:
            raise MESSAGES.illegal(
                "F-15", player, target=state.players[target], hand=hand, count=need
            )
        for cap, _ in caps(bout, rules):
            if after > cap:
                raise MESSAGES.illegal("F-16", player, count=after, cap=cap)

    punished = _judge(state, rules, seat, cards, check)
    if punished is not None:
        return punished
    pairs = bout.pairs + tuple(Pair(c) for c in cards)
    bout = replace(bout, pairs=pairs, defender=target, passed=())
    verdicts = [
        MESSAGES.verdict(
            Kind.INFO, "transferred", player, cards=" ".join(cards), defender=state.players[target]
        )
    ]
    verdicts += [
        MESSAGES.verdict(Kind.INFO, "trump_transfer", player, card=c)
        for c in cards
        if state.trump is not None and c.endswith(state.trump)
    ]
    return replace(state, hands=hands, bout=bout), verdicts


def take(state: DurakState, rules: Rules, seat: int, action: Action) -> Result:
    """S-9: «беру»; the throwers may still add cards (S-11, P-9) unless the defender picks
    the table up at once, which must be all of it (F-18)."""
    player = state.players[seat]
    bout = current(state)
    if seat != bout.defender:
        raise MESSAGES.illegal("not_defender", player, defender=state.players[bout.defender])
    picked = action.args.get("cards")
    if picked is not None:
        due = bout.cards if rules.take_all else tuple(p.attack for p in bout.pairs)
        if set(picked) != set(due):
            raise MESSAGES.illegal("F-18", player, cards=" ".join(due))
        state = replace(state, bout=replace(bout, taking=True))
        return taken(state, rules)
    if bout.taking:
        raise MESSAGES.illegal("already_taking", player)
    state = replace(state, bout=replace(bout, taking=True, passed=()))
    return settle(state, rules, [MESSAGES.verdict(Kind.INFO, "taking", player)])


def done(state: DurakState, rules: Rules, seat: int) -> Result:
    """«Бито» from a thrower: no more cards from him (P-8); refused while a card is
    uncovered and the defender has not taken (F-19)."""
    player = state.players[seat]
    bout = current(state)
    if seat == bout.defender:
        raise MESSAGES.illegal("not_a_thrower", player)
    if bout.uncovered and not bout.taking:
        raise MESSAGES.illegal(
            "F-19", player, cards=" ".join(bout.uncovered), defender=state.players[bout.defender]
        )
    bout = replace(bout, passed=tuple(sorted(set(bout.passed) | {seat})))
    return settle(replace(state, bout=bout), rules, [MESSAGES.verdict(Kind.INFO, "passed", player)])


# --------------------------------------------------------------------------------------------
# Helpers.


def settle(state: DurakState, rules: Rules, verdicts: list[Verdict]) -> Result:
    """End the bout when nothing more can happen (S-10, P-8, P-9, §2.8 zero-card defender).
    A bout closed by a limit remembers which, so a card thrown in after it is refused with
    that limit's code (T-15, T-17) rather than as a late card."""
    bout = current(state)
    if not (bout.taking or not bout.uncovered):
        return state, verdicts
    if not bout.taking and rules.throw_in != "always":
        state, more = beaten(state, rules)
        return state, verdicts + more
    limit = binding_limit(state, rules)
    passed = set(bout.passed)
    if limit is None and rules.throw_in != "none" and not all(s in passed for s in throwers(state)):
        return state, verdicts
    state, more = taken(state, rules) if bout.taking else beaten(state, rules)
    return replace(state, closed_by=limit if limit != "F-09" else None), verdicts + more


def binding_limit(state: DurakState, rules: Rules) -> str | None:
    """The code of the limit that leaves no room for another attack card, if one does."""
    bout = current(state)
    for cap, code in caps(bout, rules):
        if len(bout.pairs) >= cap:
            return code
    if hand_limited(bout, rules) and state.hands[bout.defender].count <= len(bout.uncovered):
        return "F-09"
    return None


def _check_defender(state: DurakState, seat: int) -> None:
    bout = current(state)
    player = state.players[seat]
    if seat != bout.defender:
        raise MESSAGES.illegal("not_defender", player, defender=state.players[bout.defender])
    if bout.taking:
        raise MESSAGES.illegal("already_taking", player)


def _judge(
    state: DurakState,
    rules: Rules,
    seat: int,
    cards: tuple[str, ...],
    check: Callable[[], None],
) -> Result | None:
    """Run a card's checks: None when it is legal; Oborotny's penalty (O-3) in place of a
    refusal; otherwise the refusal, naming the player."""
    try:
        check()
    except IllegalMove as breach:
        if rules.oborotny and breach.code in PENALISED:
            return penalty(state, rules, seat, cards, breach.code)
        raise _by(breach, state.players[seat]) from None
    return None


def _by(breach: IllegalMove, player: str) -> IllegalMove:
    """A limit's refusal is worded without a player; the verdict still names who moved."""
    if breach.verdict.player is not None:
        return breach
    return IllegalMove(replace(breach.verdict, player=player))


def current(state: DurakState) -> Bout:
    """The bout on the table (callers know there is one)."""
    assert state.bout is not None
    return state.bout
