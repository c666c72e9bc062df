"""What is open at a hold'em table (the engine's ``open_actions``): the moves with their amounts
(the minimum, a pot-sized raise, the most, all-in) and the table's decisions."""

from __future__ import annotations

from scoring.actions import Action
from scoring.card_games.holdem import betting
from scoring.card_games.holdem.rules import Rules
from scoring.card_games.holdem.state import Phase, State, Street


def next_street(state: State) -> Street:
    """The street the next cards turned on the board deal."""
    return {0: Street.FLOP, 3: Street.TURN, 4: Street.RIVER}[len(state.board)]


def open_actions(state: State, rules: Rules) -> list[Action]:
    """Every action open now: the board due (a decision), the four-card flop's picks, the
    showdown's shows and mucks, the betting moves with their amounts."""
    if state.over:
        return []
    if state.phase is Phase.DEAL:
        return [Action(next_street(state).label)]
    if state.phase is Phase.FOUR_CARD_FLOP:
        return [Action("reflop", None, {"burn": str(card)}) for card in state.four]
    if state.phase is Phase.SHOWDOWN:
        return showdown_actions(state)
    return betting_actions(state, rules)


def showdown_actions(state: State) -> list[Action]:
    assert state.turn is not None
    due = state.players[state.turn]
    out = [Action("show", due)]
    if not state.face_up and len(state.live_seats()) > 1:
        out.append(Action("muck", due))
    if state.face_up:
        out += [
            Action("show", state.players[seat])
            for seat in state.show_order
            if seat != state.turn and state.live(seat) and state.shown[seat] is None
        ]
    return out


def betting_actions(state: State, rules: Rules) -> list[Action]:
    seat = state.turn
    assert seat is not None
    player = state.players[seat]
    owed = state.to_call(seat)
    out: list[Action] = []
    if state.bound != "raise":
        if owed > 0:
            out += [Action("fold", player), Action("call", player)]
        else:
            out.append(Action("check", player))
    if betting.can_raise(state, rules, seat):
        verb = "bet" if state.current_bet == 0 else "raise"
        lowest = betting.min_raise_to(state, rules)
        highest = betting.max_raise_to(state, rules, seat)
        everything = betting.all_in_to(state, seat)
        sizes = {lowest, betting.pot_raise_to(state, seat), highest}
        for to in sorted(size for size in sizes if lowest <= size <= highest and size < everything):
            out.append(Action(verb, player, {"to": to}))
        if everything <= highest:
            out.append(Action("all_in", player))
    elif state.bound == "raise":
        out.append(Action("call", player))
    return out
