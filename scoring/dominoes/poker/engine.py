"""Domino poker as a showdown (V7): each player shows five tiles, the best combination wins.

The text gives only the combinations (§10.3); betting, the deal and the draw are missing
(§16.8), so this engine referees the showdown only: a ``reveal`` per player, the ranking of
:mod:`.ranking`, one point to the best hand (shared on equal rank and high
tile), over ``hands`` showdowns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, Verb
from scoring.dominoes.poker import ranking
from scoring.dominoes.tiles import Tile, TilesField, parse_tile
from scoring.engine import BaseEngine, check_players, check_seat, result_verdicts
from scoring.options import check_known, option_count
from scoring.verdicts import COMMON, Kind, Message, Messages, Verdict

MESSAGES = COMMON | Messages(
    {
        "shows": Message("{player} shows {tiles}: {hand}", "{player} открывает {tiles}: {hand_ru}"),
        "not_poker_set": Message("{reason}", "{reason}"),
        "tile_shown": Message("{tile} is already shown", "{tile} уже открыта"),
        "hand_won": Message("{player} wins the hand with {hand}", "{player} выигрывает: {hand_ru}"),
        "hand_shared": Message("Equal hands: {winners}", "Равные руки: {winners}"),
    }
)


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    wins: tuple[int, ...]
    shown: tuple[tuple[Tile, ...] | None, ...]
    played: int = 0  # showdowns finished
    last: tuple[int, ...] = ()  # the ranks of the last showdown

    def turn(self, hands: int) -> int | None:
        if self.played >= hands:
            return None
        return next(i for i, s in enumerate(self.shown) if s is None)


class DominoPoker(BaseEngine[State]):
    """The showdown engine (see the module docstring)."""

    total_title = ("Hands won", "Выиграно раздач")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        check_known(options, ("hands", "players_min", "players_max"), game)
        self.game, self.preset = game, preset
        self.hands = option_count(options, "hands", 1) or 1
        self.players_min = option_count(options, "players_min", 2) or 2
        self.players_max = option_count(options, "players_max", 4) or 4
        self._verbs = {
            "reveal": Verb(
                "reveal",
                {"tiles": TilesField(5, 5)},
                required=("tiles",),
                summary="show five tiles of the poker set",
            )
        }

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, self.players_min, self.players_max)
        return State(tuple(players), (0,) * len(players), (None,) * len(players))

    def apply(self, state: State, action: Action) -> tuple[State, list[Verdict]]:
        turn = state.turn(self.hands)
        check_seat(state.players, None if turn is None else state.players[turn], action)
        seat = state.players.index(action.by or "")
        tiles = tuple(parse_tile(t) for t in action.args["tiles"])
        try:
            value = ranking.rank(tiles)
        except ranking.NotPokerHand as error:
            raise MESSAGES.illegal("not_poker_set", action.by, reason=str(error)) from None
        for tile in tiles:
            if any(s and tile in s for s in state.shown):
                raise MESSAGES.illegal("tile_shown", action.by, tile=str(tile))
        _, en, ru = ranking.NAMES[value]
        shown = tuple(tiles if i == seat else s for i, s in enumerate(state.shown))
        verdicts = [
            MESSAGES.verdict(
                Kind.INFO, "shows", action.by, tiles=" ".join(map(str, tiles)), hand=en, hand_ru=ru
            )
        ]
        if any(s is None for s in shown):
            return replace(state, shown=shown), verdicts
        keys = [ranking.key(s) for s in shown if s is not None]
        best = max(keys)
        won = [i for i, k in enumerate(keys) if k == best]
        _, en, ru = ranking.NAMES[best[0]]
        if len(won) == 1:
            verdicts.append(
                MESSAGES.verdict(
                    Kind.POINTS, "hand_won", state.players[won[0]], 1, hand=en, hand_ru=ru
                )
            )
        else:
            names = ", ".join(state.players[i] for i in won)
            verdicts.append(MESSAGES.verdict(Kind.POINTS, "hand_shared", None, 1, winners=names))
        wins = tuple(w + (1 if i in won else 0) for i, w in enumerate(state.wins))
        state = State(
            state.players,
            wins,
            (None,) * len(state.players),
            state.played + 1,
            tuple(k[0] for k in keys),
        )
        if state.played >= self.hands:
            verdicts += result_verdicts(dict(zip(state.players, wins, strict=True)))
        return state, verdicts

    def view(self, state: State) -> dict[str, Any]:
        over = state.played >= self.hands
        turn = state.turn(self.hands)
        scores = dict(zip(state.players, state.wins, strict=True))
        winner: Any = None
        if over:
            top = max(state.wins)
            best = [p for p, w in scores.items() if w == top]
            winner = best[0] if len(best) == 1 else best
        return {
            "players": list(state.players),
            "turn": None if turn is None else state.players[turn],
            "scores": scores,
            "over": over,
            "winner": winner,
            "showdown": state.played + (0 if over else 1),
            "ranks": {
                p: ranking.NAMES[r][0] for p, r in zip(state.players, state.last, strict=False)
            },
        }

    def open_actions(self, state: State) -> list[Action]:
        turn = state.turn(self.hands)
        return [] if turn is None else [Action("reveal", state.players[turn])]

    def score_sheet(self, state: State) -> dict[str, Any]:
        scores = dict(zip(state.players, state.wins, strict=True))
        return {
            "columns": list(state.players),
            "rows": [self.total_row(scores)],
        }


ENGINE = DominoPoker
