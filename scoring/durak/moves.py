"""``open_actions``: everything open now, which the engine sorts into moves and decisions.

With full information every move is listed with its cards.  In public information the
referee does not know the hands, so a card move is listed as its verb and player only, a
decision the table completes with the cards (as a throw is listed without its faces);
declarations (take, «бито») and draws are listed whole.  A draw's cards are a chance
outcome: it is listed with its count.
"""

from __future__ import annotations

from itertools import combinations

from scoring.actions import Action
from scoring.durak import bout as bouts
from scoring.durak import japanese_b
from scoring.durak.dealing import lowest_holder
from scoring.durak.hands import next_active
from scoring.durak.ranks import beats, beats_japanese, rank_of
from scoring.durak.rules import Rules
from scoring.durak.state import DurakState, Phase


def open_actions(state: DurakState, rules: Rules) -> list[Action]:
    if state.phase in (Phase.DEAL, Phase.OVER):
        return [Action("deal")]
    if state.phase == Phase.DRAW:
        seat, due = state.draws[0]
        return [Action("draw", state.players[seat], {"count": due})]
    if state.phase == Phase.ROUND or (state.phase == Phase.LEAD and rules.japanese_b):
        return _japanese_b(state, rules)
    if state.phase == Phase.LEAD:
        return [a for seat in _leaders(state, rules) for a in _leads(state, rules, seat)]
    return _bout(state, rules)


def _leaders(state: DurakState, rules: Rules) -> list[int]:
    if state.leader is not None:
        return [state.leader]
    if state.fresh and state.bouts == 0:
        holder = lowest_holder(state, rules)
        if holder is not None:
            return [holder]
    return [s for s in range(len(state.players)) if state.active(s)]


def _hand(state: DurakState, seat: int) -> tuple[str, ...]:
    return state.hands[seat].known


def _leads(state: DurakState, rules: Rules, seat: int) -> list[Action]:
    player = state.players[seat]
    if not rules.full_information:
        return [Action("attack", player)]
    defender = next_active(state, rules, seat)
    limits = [cap for cap, _ in bouts.caps(bouts.Bout(seat, defender, first=_first(state)), rules)]
    limits.append(state.hands[defender].count)
    most = min(limits)
    out = []
    by_rank: dict[str, list[str]] = {}
    for card in _hand(state, seat):
        by_rank.setdefault(rank_of(card), []).append(card)
    for group in by_rank.values():
        for size in range(1, min(most, len(group)) + 1):
            for cards in combinations(group, size):
                out.append(Action("attack", player, {"cards": cards}))
    return out


def _first(state: DurakState) -> bool:
    return state.fresh and state.bouts == 0


def _bout(state: DurakState, rules: Rules) -> list[Action]:
    bout = state.bout
    assert bout is not None
    full = rules.full_information
    defender = state.players[bout.defender]
    out: list[Action] = []
    if not bout.taking:
        if full:
            out += defences(state, rules)
            out += transfers(state, rules)
        elif bout.uncovered:
            out.append(Action("defend", defender))
            if rules.transfers and not bout.defended:
                out.append(Action("transfer", defender))
        if bout.uncovered:
            out.append(Action("take", defender))
    can_throw = rules.throw_in == "always" or (rules.throw_in == "on_take_only" and bout.taking)
    if can_throw and not (rules.throw_in_early or bout.defended or bout.taking):
        can_throw = False
    room = bouts.room(state, rules)
    ranks = set(bouts.table_ranks(bout))
    for seat in bouts.throwers(state):
        player = state.players[seat]
        if can_throw and room > 0:
            if full:
                out += [
                    Action("throw_in", player, {"cards": (c,)})
                    for c in _hand(state, seat)
                    if rank_of(c) in ranks
                ]
            else:
                out.append(Action("throw_in", player))
        if (bout.taking or not bout.uncovered) and seat not in bout.passed:
            out.append(Action("done", player))
    return out


def defences(state: DurakState, rules: Rules) -> list[Action]:
    """Every card of the defender's known hand on every uncovered card it beats."""
    bout = state.bout
    assert bout is not None
    judge = beats_japanese if rules.japanese else beats
    player = state.players[bout.defender]
    return [
        Action("defend", player, {"beat": attack, "with": card})
        for attack in bout.uncovered
        for card in _hand(state, bout.defender)
        if judge(card, attack, state.trump)
    ]


def transfers(state: DurakState, rules: Rules) -> list[Action]:
    """V-9: every set of cards of the rank led that the next player can receive."""
    bout = state.bout
    assert bout is not None
    if not rules.transfers or bout.defended or bout.taking:
        return []
    rank = rank_of(bout.pairs[0].attack)
    same = [c for c in _hand(state, bout.defender) if rank_of(c) == rank]
    target = next_active(state, rules, bout.defender)
    hand = state.hands[target].count
    most = 1 if rules.transfer_one else len(same)
    out = []
    for size in range(1, most + 1):
        after = len(bout.pairs) + size
        need = after if rules.transfer_counts_new else len(bout.pairs)
        if need > hand or any(after > cap for cap, _ in bouts.caps(bout, rules)):
            continue
        for cards in combinations(same, size):
            out.append(Action("transfer", state.players[bout.defender], {"cards": cards}))
    return out


def _japanese_b(state: DurakState, rules: Rules) -> list[Action]:
    pile = state.pile
    full = rules.full_information
    if pile is None:
        seats = _leaders(state, rules)
        if not full:
            return [Action("attack", state.players[s]) for s in seats]
        return [
            Action("attack", state.players[s], {"cards": (c,)})
            for s in seats
            for c in _hand(state, s)
        ]
    seat = japanese_b.actor(state)
    assert seat is not None
    player = state.players[seat]
    if not pile.cards:
        if not full:
            return [Action("attack", player)]
        return [Action("attack", player, {"cards": (c,)}) for c in _hand(state, seat)]
    top = pile.cards[-1]
    out = [Action("take", player, {"cards": (pile.cards[0],)})]
    if not full:
        return [Action("defend", player), *out]
    beating = [c for c in _hand(state, seat) if beats_japanese(c, top, state.trump)]
    return [Action("defend", player, {"beat": top, "with": c}) for c in beating] + out
