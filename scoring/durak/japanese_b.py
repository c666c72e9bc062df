"""Japanese durak, version B (§9, KakInfo page B, low confidence): rounds on one pile.

The round leader lays one card; each player after him acts once, beating the top card
(``beats_jp``) or taking the bottom, weakest card (JB-9); after the last player the pile goes
to the discard (JB-8), or stays until a last player beats it (``jb_pile_persists``, Q-25).
No stock, no throw-in, no transfer, one card a time (JB-2, JB-6).  A player without cards is
out at once; the game ends when at most one player holds cards (JB-11), or as a draw when
the last two can never get rid of a card (:func:`deadlocked`).
"""

from __future__ import annotations

from dataclasses import replace

from scoring.actions import Action
from scoring.durak.bout import check_leader
from scoring.durak.ending import game_over, losers, mark_out
from scoring.durak.hands import in_order_from, next_active, play, receive
from scoring.durak.messages import MESSAGES
from scoring.durak.ranks import beats_japanese, spade_rule_broken
from scoring.durak.rules import Rules
from scoring.durak.state import DurakState, Phase, Pile
from scoring.verdicts import Kind, Verdict

Result = tuple[DurakState, list[Verdict]]


def actor(state: DurakState) -> int | None:
    """Whose action the round awaits (None before the round's first card)."""
    pile = state.pile
    if pile is None or not pile.waiting:
        return None
    return pile.waiting[0]


def lay(state: DurakState, rules: Rules, seat: int, action: Action) -> Result:
    """The round's lead, or any card by the player whose turn finds the pile empty."""
    cards: tuple[str, ...] = action.args["cards"]
    player = state.players[seat]
    pile = state.pile
    if pile is None:
        check_leader(state, rules, seat)
    else:
        _check_turn(state, seat)
        if pile.cards:
            raise MESSAGES.illegal("F-30", player)
    if len(cards) != 1:
        raise MESSAGES.illegal("F-30", player)
    hands = play(state, rules, seat, cards)
    if pile is None:
        others = [s for s in in_order_from(state, rules, seat)[1:] if state.active(s)]
        pile = Pile(seat, waiting=(seat, *others))
    pile = replace(pile, cards=pile.cards + cards, last_beat=False)
    state = replace(state, hands=hands, pile=pile, phase=Phase.ROUND, leader=None)
    verdict = MESSAGES.verdict(Kind.INFO, "thrown", player, cards=cards[0])
    return advance(state, rules, [verdict])


def beat(state: DurakState, rules: Rules, seat: int, action: Action) -> Result:
    """JB-7: beat the top card of the pile."""
    player = state.players[seat]
    _check_turn(state, seat)
    pile = _pile(state)
    card = action.args["with"]
    if not pile.cards or action.args["beat"] != pile.cards[-1]:
        raise MESSAGES.illegal("F-05", player, attack=action.args["beat"])
    top = pile.cards[-1]
    hands = play(state, rules, seat, [card])
    if not beats_japanese(card, top, state.trump):
        code = "F-29" if spade_rule_broken(card, top) else "F-04"
        raise MESSAGES.illegal(code, player, card=card, attack=top)
    pile = replace(pile, cards=(*pile.cards, card), last_beat=True)
    verdict = MESSAGES.verdict(Kind.INFO, "covered", player, attack=top, card=card)
    return advance(replace(state, hands=hands, pile=pile), rules, [verdict])


def take_bottom(state: DurakState, rules: Rules, seat: int, action: Action) -> Result:
    """JB-9: whoever does not beat takes the bottom, weakest card (F-31 for any other)."""
    player = state.players[seat]
    _check_turn(state, seat)
    pile = _pile(state)
    if not pile.cards:
        raise MESSAGES.illegal("no_bout", player)
    bottom = pile.cards[0]
    picked = action.args.get("cards")
    if picked is not None and tuple(picked) != (bottom,):
        raise MESSAGES.illegal("F-31", player, bottom=bottom)
    hands = receive(state.hands, seat, 1, (bottom,))
    pile = replace(pile, cards=pile.cards[1:], last_beat=False)
    verdict = MESSAGES.verdict(Kind.INFO, "took_bottom", player, card=bottom)
    return advance(replace(state, hands=hands, pile=pile), rules, [verdict])


def advance(state: DurakState, rules: Rules, verdicts: list[Verdict]) -> Result:
    """After an action: outs at once (no stock), the end of the game, the end of the round."""
    pile = _pile(state)
    acting = pile.waiting[0]
    state, outs = mark_out(state, rules, acting)
    verdicts = verdicts + outs
    fools = losers(state, rules)
    if fools is not None:
        state = replace(state, discard=state.discard + pile.cards)
        return game_over(state, fools, verdicts)
    waiting = tuple(s for s in pile.waiting[1:] if state.active(s))
    pile = replace(pile, waiting=waiting, acted=(*pile.acted, acting))
    if waiting:
        return replace(state, pile=pile), verdicts
    return _close_round(state, rules, pile, verdicts)


def _close_round(state: DurakState, rules: Rules, pile: Pile, verdicts: list[Verdict]) -> Result:
    """JB-8: the pile to the discard (or kept, Q-25); next_active(leader) leads (§9 step 5)."""
    keep = rules.jb_pile_persists and pile.cards and not pile.last_beat
    leader = next_active(state, rules, pile.leader)
    if keep:
        others = [s for s in in_order_from(state, rules, leader) if state.active(s)]
        state = replace(state, pile=Pile(leader, pile.cards, tuple(others)), phase=Phase.ROUND)
    else:
        state = replace(state, discard=state.discard + pile.cards, pile=None, phase=Phase.LEAD)
        verdicts = [*verdicts, MESSAGES.verdict(Kind.INFO, "round_over", count=len(pile.cards))]
    state = replace(state, leader=leader, bouts=state.bouts + 1)
    if deadlocked(state, rules):
        return game_over(state, (), verdicts, drawn="deadlock")
    return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", state.players[leader])]


def deadlocked(state: DurakState, rules: Rules) -> bool:
    """[DEC] Two players left, an empty pile, every card known and none of them beats another:
    the leader (holding two or more) lays one, the other cannot beat it and takes it, and leads
    with two or more in turn; no card is ever discarded and nobody ever goes out.  JB-11 wants
    one loser, but the text never ends such a game ("draws are rare but possible" [L174]), so
    the referee calls it a draw (no fool), as a game where nobody is left with cards (Q-26).
    Only the default discarding pile: a kept pile (``jb_pile_persists``) lets a player lay his
    last card on an emptied pile and go out."""
    holders = [s for s in range(len(state.players)) if state.active(s)]
    if rules.jb_pile_persists or state.pile is not None or len(holders) != 2:
        return False
    hands = [state.hands[s] for s in holders]
    if any(hand.count != len(hand.known) for hand in hands):
        return False
    if state.leader is None or state.hands[state.leader].count < 2:
        return False
    cards = [card for hand in hands for card in hand.known]
    return not any(
        beats_japanese(one, other, state.trump) for one in cards for other in cards if one != other
    )


def _check_turn(state: DurakState, seat: int) -> None:
    """F-30 for a second action in the round (L183); otherwise it is someone else's turn."""
    pile = _pile(state)
    player = state.players[seat]
    now = actor(state)
    assert now is not None  # a round's pile always waits on someone (it closes when nobody is left)
    if seat != now:
        if seat in pile.acted:
            raise MESSAGES.illegal("F-30", player)
        raise MESSAGES.illegal("not_your_round", player, actor=state.players[now])


def _pile(state: DurakState) -> Pile:
    if state.pile is None:
        raise MESSAGES.illegal("no_bout")
    return state.pile
