"""How a bout ends (§2.5 RESOLVE), who draws (§2.7), who is out, and the fool (§2.8).

A bout ends beaten, taken, or (Oborotny, O-3) by a penalty; the cards move; the players draw
in order; players without cards once the stock is empty are out; when at most one player
holds cards the game is over, and that player is the fool, or nobody on a draw (Q-26).
"""

from __future__ import annotations

from dataclasses import replace

from scoring.durak.hands import in_order_from, next_active, receive
from scoring.durak.messages import MESSAGES
from scoring.durak.rules import Rules
from scoring.durak.state import Bout, DurakState, Phase
from scoring.verdicts import Kind, Verdict

REFILL = 6  # "добирают карты из колоды до 6" [L18]


def beaten(state: DurakState, rules: Rules) -> tuple[DurakState, list[Verdict]]:
    """BEATEN: everything to the discard, the defender leads next [L16]."""
    bout = _bout(state)
    done = replace(state, discard=state.discard + bout.cards, last_end="beaten")
    return finish_bout(done, rules, bout, bout.defender, after=False, code="beaten")


def taken(state: DurakState, rules: Rules) -> tuple[DurakState, list[Verdict]]:
    """TAKEN: the defender takes the table (Q-09: all of it, or the attack cards with the
    defence cards to the discard) and the next player round leads [L16, L189]."""
    bout = _bout(state)
    cards = bout.cards if rules.take_all else tuple(p.attack for p in bout.pairs)
    rest = tuple(c for c in bout.cards if c not in cards)
    hands = receive(state.hands, bout.defender, len(cards), cards)
    done = replace(state, hands=hands, discard=state.discard + rest, last_end="taken")
    return finish_bout(done, rules, bout, bout.defender, after=True, code="taken", count=len(cards))


def penalty(
    state: DurakState, rules: Rules, seat: int, shown: tuple[str, ...], rule: str
) -> tuple[DurakState, list[Verdict]]:
    """O-3: whoever beats, transfers or throws in wrongly takes every card of the bout (his
    wrong card included, which never left his hand); next_active(offender) leads (Q-22)."""
    bout = _bout(state)
    hands = receive(state.hands, seat, len(bout.cards), bout.cards)
    hands = receive(hands, seat, 0, shown)
    done = replace(state, hands=hands, last_end="penalty")
    player = state.players[seat]
    note = MESSAGES.verdict(
        Kind.FOUL, "penalty", player, rule=rule, count=len(bout.cards) + len(shown)
    )
    state, verdicts = finish_bout(done, rules, bout, seat, after=True, code=None)
    return state, [note, *verdicts]


def finish_bout(
    state: DurakState,
    rules: Rules,
    bout: Bout,
    leader: int,
    after: bool,
    code: str | None,
    count: int = 0,
) -> tuple[DurakState, list[Verdict]]:
    """Clear the table, remember who leads next, and start the draw (or end the game)."""
    state = replace(state, bout=None, bouts=state.bouts + 1, phase=Phase.DRAW, closed_by=None)
    draws = drawing_order(state, rules, bout) if rules.has_stock and state.stock else ()
    state = replace(state, draws=draws, leader=leader, leader_after=after)
    verdicts = []
    if code is not None:
        verdicts.append(
            MESSAGES.verdict(Kind.INFO, code, state.players[bout.defender], count=count)
        )
    if draws:
        return state, verdicts
    state, more = after_draw(state, rules)
    return state, verdicts + more


def drawing_order(state: DurakState, rules: Rules, bout: Bout) -> tuple[tuple[int, int], ...]:
    """§2.7: the opener first, the others in play direction, the defender last; each up to
    six while the stock lasts."""
    order = [s for s in in_order_from(state, rules, bout.opener) if s != bout.defender]
    order.append(bout.defender)
    left, due = state.stock, []
    for seat in order:
        if not state.active(seat):
            continue
        need = min(max(0, REFILL - state.hands[seat].count), left)
        if need:
            due.append((seat, need))
            left -= need
    return tuple(due)


def after_draw(state: DurakState, rules: Rules) -> tuple[DurakState, list[Verdict]]:
    """CHECK_END: players without cards once the stock is gone are out; the game is over
    when at most one player holds cards; otherwise the next bout's leader is named."""
    state, verdicts = mark_out(state, rules, state.leader or 0)
    fools = losers(state, rules)
    if fools is not None:
        return game_over(state, fools, verdicts)
    seat = state.leader if state.leader is not None else 0
    if state.leader_after or not state.active(seat):
        seat = next_active(state, rules, seat)
    state = replace(state, phase=Phase.LEAD, leader=seat, leader_after=False, draws=())
    return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", state.players[seat])]


def mark_out(state: DurakState, rules: Rules, start: int = 0) -> tuple[DurakState, list[Verdict]]:
    """Players with no cards and no stock left go out (§2.8), in play order."""
    if state.stock:
        return state, []
    newly = [
        s
        for s in in_order_from(state, rules, start)
        if state.active(s) and state.hands[s].count == 0
    ]
    verdicts = [MESSAGES.verdict(Kind.INFO, "is_out", state.players[s]) for s in newly]
    return replace(state, out=state.out + tuple(newly)), verdicts


def losers(state: DurakState, rules: Rules) -> tuple[int, ...] | None:
    """Who lost, once the game is over (None while it goes on): the one player left with
    cards, nobody on a draw (Q-26), or with teams (§10 [EXT]) the team left holding cards
    once every member of the other team is out."""
    seats = range(len(state.players))
    holders = tuple(s for s in seats if state.active(s))
    if rules.team_size:
        done = [team for team in (0, 1) if not any(s % 2 == team for s in holders)]
        if len(done) == 2:
            return ()
        if done:
            return tuple(s for s in seats if s % 2 != done[0])
    if len(holders) <= 1:
        return holders
    return None


def game_over(
    state: DurakState, fools: tuple[int, ...], verdicts: list[Verdict], drawn: str = "drawn_game"
) -> tuple[DurakState, list[Verdict]]:
    """The game ends: a fool (a team of them), or a draw; the match keeps it (§2.8 [DEC])."""
    first = state.out[0] if state.out else None
    state = replace(
        state,
        phase=Phase.OVER,
        fools=fools,
        leader=None,
        draws=(),
        bout=None,
        pile=None,
        results=(*state.results, fools),
        first_out=(*state.first_out, first),
    )
    if not fools:
        verdicts.append(MESSAGES.verdict(Kind.GAME_OVER, drawn))
    for fool in fools:
        verdicts.append(MESSAGES.verdict(Kind.GAME_OVER, "fool", state.players[fool]))
    verdicts.append(MESSAGES.verdict(Kind.GAME_OVER, "game_over"))
    return state, verdicts


def _bout(state: DurakState) -> Bout:
    assert state.bout is not None
    return state.bout
