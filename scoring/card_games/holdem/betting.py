"""One betting round (docs/rules/poker.md H6-H8, TPT 34, 38A, D7, D8): what a player may put
in, and whose turn it is.  Pure functions of the state; the engine announces what they do.
"""

from __future__ import annotations

from dataclasses import replace

from scoring.card_games.common import put
from scoring.card_games.holdem.rules import Rules, Structure
from scoring.card_games.holdem.state import State


def all_in_to(state: State, seat: int) -> int:
    """The round total a seat reaches by putting in every chip."""
    return state.bets[seat] + state.stacks[seat]


def min_raise_to(state: State, rules: Rules) -> int:
    """The smallest full bet or raise, as a round total (TPT 34A; limit's fixed size, D8)."""
    if rules.structure is Structure.LIMIT:
        return state.current_bet + rules.bet_size(state.street)
    return state.current_bet + max(state.last_raise, rules.big_blind)


def max_raise_to(state: State, rules: Rules, seat: int) -> int:
    """The largest bet or raise: every chip (no-limit), the pot after the call (pot-limit), the
    fixed size (limit); never more than the seat's chips."""
    if rules.structure is Structure.NO_LIMIT:
        return all_in_to(state, seat)
    if rules.structure is Structure.POT_LIMIT:
        top = pot_raise_to(state, seat)
    else:
        top = min_raise_to(state, rules)
    return min(top, all_in_to(state, seat))


def pot_raise_to(state: State, seat: int) -> int:
    """A pot-sized bet or raise: the bet plus the whole pot once the seat has called."""
    call = state.current_bet - state.bets[seat]
    return state.current_bet + sum(state.committed) + call


def others_active(state: State, seat: int) -> bool:
    """Whether anyone else still has chips to answer a bet."""
    return any(state.active(other) for other in range(state.seats) if other != seat)


def someone_to_answer(state: State, seat: int) -> bool:
    """Whether anyone else could put in more than the bet now: else a raise is pointless."""
    return any(
        state.live(other) and all_in_to(state, other) > state.current_bet
        for other in range(state.seats)
        if other != seat
    )


def can_raise(state: State, rules: Rules, seat: int) -> bool:
    """Whether a bet or raise is open to the seat: chips beyond the call, someone able to answer it,
    limit's cap not reached, and, for a player who has acted, at least a full raise faced since
    (TPT 38A: short all-ins do not reopen the betting, several together may)."""
    if state.bound == "no_raise" or state.stacks[seat] <= state.current_bet - state.bets[seat]:
        return False
    if not someone_to_answer(state, seat):
        return False
    if rules.structure is Structure.LIMIT and state.raises >= rules.cap:
        return False
    faced = state.acted[seat]
    return faced is None or state.current_bet - faced >= max(state.last_raise, 1)


def raise_refusal(state: State, rules: Rules, seat: int, to: int) -> str | None:
    """Why a bet or raise to ``to`` is not allowed (a message code), or None."""
    if not can_raise(state, rules, seat):
        return "no_raise_open"
    everything = all_in_to(state, seat)
    if to > everything:
        return "more_than_stack"
    if to % rules.chip:
        return "not_whole_chips"
    if to == everything and to > state.current_bet:
        return None if to <= max_raise_to(state, rules, seat) else "over_maximum"
    if to < min_raise_to(state, rules):
        return "under_minimum"
    if to > max_raise_to(state, rules, seat):
        return "over_maximum"
    return None


def commit(state: State, seat: int, amount: int) -> State:
    """Chips from the seat's stack into its bet and the hand (TPT 40A: they stay there)."""
    return replace(
        state,
        stacks=put(state.stacks, seat, state.stacks[seat] - amount),
        bets=put(state.bets, seat, state.bets[seat] + amount),
        committed=put(state.committed, seat, state.committed[seat] + amount),
    )


def raised_to(state: State, rules: Rules, seat: int, to: int) -> State:
    """The seat bets or raises to ``to``: a full raise sets the new minimum and reopens the
    betting; an all-in short of one does neither (TPT 34A, 38A)."""
    state = commit(state, seat, to - state.bets[seat])
    increase = to - state.current_bet
    full = increase >= (
        rules.bet_size(state.street) if rules.structure is Structure.LIMIT else state.last_raise
    )
    return replace(
        state,
        current_bet=to,
        last_raise=increase if full else state.last_raise,
        raises=state.raises + 1 if full else state.raises,
        aggressor=seat,
    )


def needs_action(state: State, seat: int) -> bool:
    """A seat that must still act this round: chips behind and a bet to match, or not yet
    acted while someone else can still bet."""
    if not state.active(seat):
        return False
    if state.bets[seat] < state.current_bet:
        return True
    return state.acted[seat] is None and others_active(state, seat)


def acted(state: State, seat: int, chips_in: bool) -> State:
    """The seat has acted in turn: it counts towards substantial action (TPT 27), any binding
    word is spent, and the turn passes to the next seat that must act (None: round over)."""
    state = replace(
        state,
        acted=put(state.acted, seat, state.current_bet),
        moves=(*state.moves, chips_in),
        bound=None,
    )
    return replace(state, turn=state.next_seat(seat, lambda other: needs_action(state, other)))


def first_to_act(state: State, after: int) -> int | None:
    """Who opens a round: the first seat after ``after`` that must act."""
    return state.next_seat(after, lambda seat: needs_action(state, seat))
