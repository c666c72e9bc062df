"""The end of a round in the dominoes engine: the fish, showing the hands, the knock audit, the
settlement, the next leader and the end of the match (rules/dominoes.md §1.5, §5.2, §5.7, §11.6).

Functions of the preset's :class:`~scoring.dominoes.rules.Rules` and the state, kept apart so
that the engine module holds the moves and this one what happens once nobody moves any more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scoring.actions import Action
from scoring.dominoes import leads
from scoring.dominoes.messages import MESSAGES
from scoring.dominoes.rules import Rules
from scoring.dominoes.settle import Ending, Table, settle
from scoring.dominoes.state import Hand, Line, Round, State
from scoring.dominoes.tiles import Tile, parse_tile
from scoring.verdicts import COMMON, Kind, Verdict

Result = tuple[State, list[Verdict]]


def fish(rules: Rules, state: State, rnd: Round, verdicts: list[Verdict]) -> Result:
    maker = rnd.plays[-1][0] if rnd.plays else None
    code = "fish" if maker is not None else "blocked"
    player = state.players[maker] if maker is not None else None
    verdicts.append(MESSAGES.verdict(Kind.HAND_OVER, code, player))
    ending = Ending("fish", maker, rnd.layout.tiles[0], rnd.plays[-1][1] if rnd.plays else None)
    return round_over(rules, state, rnd, ending, verdicts)


def round_over(
    rules: Rules, state: State, rnd: Round, ending: Ending, verdicts: list[Verdict]
) -> Result:
    """Score now if every hand is known; otherwise the hands are shown first."""
    hidden = [state.players[s] for s, h in enumerate(rnd.hands) if not h.known]
    if not hidden:
        return _settle(rules, state, rnd, ending, verdicts)
    rnd = replace(rnd, ending=ending, turn=state.players.index(hidden[0]))
    verdicts.append(MESSAGES.verdict(Kind.INFO, "reveal_hands", players=", ".join(hidden)))
    return replace(state, round=rnd), verdicts


def shown(state: State, rnd: Round, seat: int, raw: Sequence[str]) -> tuple[Tile, ...]:
    """A hand as shown: as many tiles as held, those named before among them, none laid
    or held by anyone else (§11.6: layout, hands and boneyard make the full set)."""
    player = state.players[seat]
    hand = rnd.hands[seat]
    tiles = tuple(sorted(parse_tile(t) for t in raw))
    if len(tiles) != hand.count:
        raise MESSAGES.illegal("wrong_reveal", player, count=hand.count, shown=len(tiles))
    missing = [t for t in hand.tiles if t not in tiles]
    if missing:
        raise MESSAGES.illegal("reveal_misses", player, tile=str(missing[0]))
    for tile in tiles:
        if tile in rnd.layout.tiles:
            raise MESSAGES.illegal(
                "duplicate_tile", player, tile=str(tile), where="laid", where_ru="выложена"
            )
        if any(tile in h.tiles for s, h in enumerate(rnd.hands) if s != seat):
            raise MESSAGES.illegal(
                "duplicate_tile",
                player,
                tile=str(tile),
                where="in another hand",
                where_ru="в другой руке",
            )
    return tiles


def reveal(rules: Rules, state: State, rnd: Round, seat: int, action: Action) -> Result:
    player = state.players[seat]
    if rnd.ending is None or rnd.hands[seat].known:
        raise MESSAGES.illegal("nothing_to_reveal", player)
    ending = rnd.ending
    tiles = shown(state, rnd, seat, action.args["tiles"])
    hands = tuple(Hand(tiles) if s == seat else h for s, h in enumerate(rnd.hands))
    rnd = replace(rnd, hands=hands)
    verdicts = [
        MESSAGES.verdict(
            Kind.INFO,
            "revealed",
            player,
            tiles=" ".join(map(str, tiles)),
            pips=sum(t.pips for t in tiles),
        )
    ]
    if rnd.closed:
        verdicts += _knock_audit(state, rnd, seat, tiles)
    hidden = [s for s, h in enumerate(rnd.hands) if not h.known]
    if hidden:
        return replace(state, round=replace(rnd, turn=hidden[0])), verdicts
    if rnd.closed:
        verdicts += _lead_audit(rules, state, rnd)
    return _settle(rules, state, rnd, ending, verdicts)


def _lead_audit(rules: Rules, state: State, rnd: Round) -> list[Verdict]:
    """§11.7: once every hand is shown in a game without a boneyard, the hands dealt are
    the hands shown plus the tiles each laid; was the lead the one the rules asked for?"""
    dealt = [
        tuple(sorted((*hand.tiles, *(t for s, t in rnd.plays if s == seat))))
        for seat, hand in enumerate(rnd.hands)
    ]
    wanted = leads.opening(rules, dealt, rnd.first_round, rnd.chosen, True)
    seat, tile = rnd.plays[0]
    leader = seat if wanted.leader is None else wanted.leader
    allowed = wanted.tiles if wanted.tiles is not None else frozenset(dealt[leader])
    if leader == seat and tile in allowed:
        return []
    tiles = ", ".join(str(t) for t in sorted(allowed & set(dealt[leader])))
    return [MESSAGES.verdict(Kind.FOUL, "lead_audit", state.players[leader], tiles=tiles)]


def _knock_audit(state: State, rnd: Round, seat: int, shown: tuple[Tile, ...]) -> list[Verdict]:
    """§11.6, T14: with no boneyard, the tiles held at a knock are those laid later plus
    the hand shown; one that matched an end then makes the knock illegal."""
    out = []
    for knocker, down, values in rnd.knock_log:
        if knocker != seat:
            continue
        later = [t for s, t in rnd.plays[down:] if s == seat]
        fitting = [t for t in (*later, *shown) if any(t.has(v) for v in values)]
        if fitting:
            out.append(
                MESSAGES.verdict(
                    Kind.FOUL,
                    "illegal_knock",
                    state.players[seat],
                    laid=down,
                    tiles=" ".join(map(str, fitting)),
                    values="/".join(map(str, values)),
                )
            )
    return out


def _settle(
    rules: Rules, state: State, rnd: Round, ending: Ending, verdicts: list[Verdict]
) -> Result:
    names = tuple(state.side_name(i) for i in range(len(state.sides)))
    table = Table(state.players, state.sides, names, tuple(h.tiles for h in rnd.hands))
    result = settle(rules, table, ending, state.carry)
    verdicts.append(MESSAGES.verdict(Kind.HAND_OVER, "round_over", round=rnd.number))
    verdicts += result.verdicts
    scores = tuple(s + p for s, p in zip(state.scores, result.points, strict=True))
    points = tuple(a + b for a, b in zip(rnd.in_play, result.points, strict=True))
    how = "fish_tie" if result.carry > state.carry else ending.kind
    line = Line(rnd.number, points, scores, how)
    state = replace(
        state,
        scores=scores,
        round=None,
        lines=(*state.lines, line),
        carry=result.carry,
        next_leader=_next_leader(rules, state, rnd, ending, result.winner_seat),
    )
    return close(rules, state, None, verdicts)


def _next_leader(
    rules: Rules, state: State, rnd: Round, ending: Ending, winner: int | None
) -> int | None:
    """§5.2 (Kozel): the winner's partner, or the fish-maker (or his partner); §9.1 (V8):
    the lead rotates clockwise (default), or the winner leads."""
    seats = len(state.players)
    first = rnd.plays[0][0] if rnd.plays else 0
    if rules.lead == "one_one":
        if ending.seat is None:
            return first
        partner = (ending.seat + 2) % seats if state.sides[0] != (0,) else ending.seat
        if ending.kind == "out" or rules.fish_leader == "partner":
            return partner
        return ending.seat
    if rules.later_lead == "winner" and winner is not None:
        return winner
    return (first + 1) % seats


def reached(rules: Rules, state: State) -> bool:
    target = rules.target_for(len(state.players))
    return target is not None and max(state.scores) >= target


def close(rules: Rules, state: State, rnd: Round | None, verdicts: list[Verdict]) -> Result:
    """The match end (§5.7 goat above the limit, §3/§6/§9.7 the target), or the next deal."""
    state = replace(state, round=rnd)
    if rules.scoring == "penalty":
        limit = rules.lose_above or 0
        over = [i for i, s in enumerate(state.scores) if s > limit]
        if over:
            goat = max(over, key=lambda i: state.scores[i])
            others = [i for i in range(len(state.sides)) if i != goat]
            low = min(state.scores[i] for i in others)
            winners = tuple(i for i in others if state.scores[i] == low)
            verdicts.append(
                MESSAGES.verdict(
                    Kind.GAME_OVER,
                    "goat",
                    None,
                    state.scores[goat],
                    side=state.side_name(goat),
                    limit=limit,
                )
            )
            return _game_over(replace(state, goat=goat, winners=winners), verdicts)
    elif reached(rules, state):
        target = rules.target_for(len(state.players))
        top = max(state.scores)
        winners = tuple(i for i, s in enumerate(state.scores) if s == top)
        for i in winners:
            verdicts.append(
                MESSAGES.verdict(
                    Kind.GAME_OVER, "target", None, top, side=state.side_name(i), target=target
                )
            )
        return _game_over(replace(state, winners=winners), verdicts)
    if rnd is None:
        verdicts.append(MESSAGES.verdict(Kind.INFO, "next_round", round=len(state.lines) + 1))
        return state, verdicts
    return replace(state, round=rnd), verdicts


def _game_over(state: State, verdicts: list[Verdict]) -> Result:
    verdicts.append(COMMON.verdict(Kind.GAME_OVER, "game_over"))
    names = [state.side_name(i) for i in state.winners or ()]
    points = state.scores[state.winners[0]] if state.winners else 0
    if len(names) == 1:
        verdicts.append(COMMON.verdict(Kind.GAME_OVER, "winner", names[0], points))
    else:
        verdicts.append(
            COMMON.verdict(Kind.GAME_OVER, "shared_win", None, points, winners=", ".join(names))
        )
    return state, verdicts
