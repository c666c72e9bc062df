"""Seven Skittles with carom (rules/skittles.md Game A, seed 000 L3-L97), refereed shot by shot.

Two players count down from S0 (300 or 500, L41-L44): what a legal shot scores is written off
the shooter's total, a foul's points go "на гору" (onto the mountain: added to the fouler's
own total), and the first to bring his total to 0 wins (L44; AMB-A3: at or below 0 by default,
``exact_zero`` makes a shot that would pass 0 a bust [ASM]: not written, the inning ends).
A scoring shot continues the inning (L5); a safety or a foul passes the turn (§A.11).  On a
foul the inning's points go onto the mountain with the penalty (L81, AMB-A16 ``annul``; the
alternative ``double`` counts them twice).  All seven skittles, both object balls or five
pure caroms in a row win outright (L65-L67).  Shot values and fouls: :mod:`.rules`;
re-spotting: :mod:`.respot`.

Verbs:

``start``      ``{"do": "start", "by": P}``: P won the draw and breaks from the house (L47).
``shot``       the shot record (:mod:`scoring.carom.shot`) of the player to shoot.
``tied_up``    the shooter declares the object balls tied up ("замазаны", L80-L81): his next
               shot may touch or roll the cue ball without meeting them for 5.  AMB-A14
               [ASM]: the leader (the lower remaining total; either on a tie) must break the
               position up, so only he declares (``tied_up_by: shooter`` lets anyone).
``respotted``  the referee confirms the table is set after the ``respot`` instructions (§D.4);
               the next shot waits for it (``confirm_respot: false`` drops the step).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from scoring.actions import Action, Verb
from scoring.carom.seven_skittles import respot
from scoring.carom.seven_skittles.messages import MESSAGES, ON_MOUNTAIN, names
from scoring.carom.seven_skittles.respot import Respot, Table
from scoring.carom.seven_skittles.rules import (
    FACTS,
    FIVE_CAROMS,
    MARKS,
    SKITTLES,
    VALUE_CAROM,
    VALUE_POCKET,
    Judgement,
    Rules,
    foul_points,
    judge,
)
from scoring.carom.shot import ShotRecord, record_of, shot_verb
from scoring.engine import BaseEngine, check_players, check_seat, sheet_row
from scoring.verdicts import COMMON, Kind, Messages, Verdict

#: Fouls whose points are the skittles' (priced with the shot), not a fixed 5.
SKITTLE_FOULS = ("direct", "touch_skittle", "all7_foul")


@dataclass(frozen=True)
class State:
    """Between two actions.  Per-player tuples follow ``players``."""

    players: tuple[str, ...]
    remaining: tuple[int, ...]
    mountain: tuple[int, ...]  # everything put on the mountain so far
    caroms: tuple[int, ...]  # pure caroms in a row (W3)
    turn: int | None = None  # who shoots; None before the draw and after the game
    started: bool = False
    winner: int | None = None
    win: str | None = None  # how the game was won
    inning_points: int = 0  # written off in the current inning (the L81 add-on)
    in_hand: bool = True  # the cue ball is played from the house
    tied_up: bool = False
    table: Table = field(default_factory=Table)
    pending: tuple[Respot, ...] = ()  # placing not yet confirmed
    pad: tuple[tuple[int, int], ...] = ()  # (player, remaining) at the end of each inning

    @property
    def over(self) -> bool:
        return self.winner is not None


class SevenSkittles(BaseEngine[State]):
    """The engine (see the module docstring)."""

    total_title = ("Remaining", "Осталось")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game, self.preset = game, preset
        self.rules = Rules.read(options)
        self._verbs = {
            "start": Verb("start", summary="the player who won the draw breaks from the house"),
            "shot": shot_verb(self.rules.balls, SKITTLES, MARKS, FACTS),
            "tied_up": Verb("tied_up", summary="declare the object balls tied up (L80)"),
            "respotted": Verb(
                "respotted", needs_player=False, summary="the skittles and balls are set"
            ),
        }
        self._handlers = {
            "respotted": lambda state, action: self._respotted(state),
            "start": lambda state, action: self._start(state, action.by or ""),
            "tied_up": lambda state, action: self._tied_up(state, action.by or ""),
            "shot": lambda state, action: self._shot(state, record_of(action)),
        }

    def initial(self, players: Sequence[str]) -> State:
        check_players(players, 2, 2)  # "соперник": one opponent (§A.5)
        n = len(players)
        return State(tuple(players), (self.rules.S0,) * n, (0,) * n, (0,) * n)

    # ----------------------------------------------------------------------------------------
    # Rules.

    def admit(self, state: State, action: Action) -> None:
        """The table's confirmation and the draw for the break check their own; a shot or a
        tie-up comes after the draw, from the shooter, once the table is set again."""
        if action.verb in ("respotted", "start"):
            return
        if not state.started and action.by in state.players:
            raise MESSAGES.illegal("draw_first", action.by)
        check_seat(state.players, self._shooter(state), action)
        if state.pending:
            raise MESSAGES.illegal("respot_pending", action.by)

    def _shooter(self, state: State) -> str | None:
        return None if state.turn is None else state.players[state.turn]

    def _start(self, state: State, player: str) -> tuple[State, list[Verdict]]:
        if state.started:
            raise MESSAGES.illegal("already_started", player)
        check_seat(state.players, player, Action("start", player))
        turn = state.players.index(player)
        return replace(state, turn=turn, started=True), [
            MESSAGES.verdict(Kind.INFO, "started", player),
            COMMON.verdict(Kind.TURN, "turn", player),
        ]

    def _respotted(self, state: State) -> tuple[State, list[Verdict]]:
        if state.over:
            raise MESSAGES.illegal("game_over")
        if not state.pending:
            raise MESSAGES.illegal("nothing_to_respot")
        return replace(state, pending=()), [MESSAGES.verdict(Kind.INFO, "respotted")]

    def leaders(self, state: State) -> tuple[str, ...]:
        """AMB-A14 [ASM]: the leader is the player with fewer points left (both on a tie)."""
        best = min(state.remaining)
        return tuple(p for p, r in zip(state.players, state.remaining, strict=True) if r == best)

    def _tied_up(self, state: State, player: str) -> tuple[State, list[Verdict]]:
        if state.tied_up:
            raise MESSAGES.illegal("already_declared", player)
        leaders = self.leaders(state)
        if self.rules.tied_up_by == "leader" and player not in leaders:
            raise MESSAGES.illegal("not_leader", player, leader=", ".join(leaders))
        return replace(state, tied_up=True), [MESSAGES.verdict(Kind.INFO, "tied_up", player)]

    def _shot(self, state: State, record: ShotRecord) -> tuple[State, list[Verdict]]:
        player = record.by
        absent = [
            s
            for s in (*record.down_names, *record.displaced, *(c.other for c in record.contacts))
            if s in state.table.absent
        ]
        if absent:
            raise MESSAGES.illegal("skittle_absent", player, skittle=names([absent[0]], 0))
        judgement = judge(record, self.rules, state.tied_up)
        verdicts: list[Verdict] = []
        if judgement.void:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "interference", player))
            state = replace(state, tied_up=False)
        elif judgement.foul:
            state = self._foul(state, judgement, record, verdicts)
        else:
            state = self._legal(state, judgement, verdicts)
        return self._after(state, record, verdicts)

    def _points(
        self, judgement: Judgement, player: str, messages: Messages = MESSAGES
    ) -> list[Verdict]:
        """One line per part of the shot's value (§A.8), in ``messages``' words."""
        out = []
        if judgement.skittle_points and not any(f.code == "all7_foul" for f in judgement.fouls):
            out.append(
                messages.verdict(
                    Kind.POINTS,
                    "skittles",
                    player,
                    judgement.skittle_points,
                    skittles=names(judgement.knocked, 0),
                    skittles_ru=names(judgement.knocked, 1),
                )
            )
        if judgement.carom:
            out.append(messages.verdict(Kind.POINTS, "carom", player, VALUE_CAROM))
        if judgement.pocketed_obs:
            balls = judgement.pocketed_obs
            out.append(
                messages.verdict(
                    Kind.POINTS,
                    "pocketed",
                    player,
                    VALUE_POCKET * len(balls),
                    balls=names(balls, 0),
                    balls_ru=names(balls, 1),
                )
            )
        return out

    def _foul(
        self, state: State, judgement: Judgement, record: ShotRecord, verdicts: list[Verdict]
    ) -> State:
        """§A.10: the fouls, the shot's own points and the inning's points onto the mountain."""
        p = state.turn or 0
        player = state.players[p]
        for foul in judgement.fouls:
            points = judgement.skittle_points if foul.code in SKITTLE_FOULS else foul.points
            balls = record.off_table
            verdicts.append(
                MESSAGES.verdict(
                    Kind.FOUL,
                    foul.code,
                    player,
                    points,
                    balls=names(balls, 0),
                    balls_ru=names(balls, 1),
                )
            )
        verdicts += self._points(judgement, player, ON_MOUNTAIN)
        times = 2 if self.rules.inning_penalty_mode == "double" else 1
        added = foul_points(judgement, self.rules) + judgement.points + times * state.inning_points
        remaining = _set(state.remaining, p, state.remaining[p] + added)
        verdicts.append(
            MESSAGES.verdict(Kind.FOUL, "mountain", player, added, remaining=remaining[p])
        )
        state = replace(
            state,
            remaining=remaining,
            mountain=_set(state.mountain, p, state.mountain[p] + added),
            caroms=_set(state.caroms, p, 0),
        )
        if judgement.win:  # W2 with w2_requires_no_foul: false
            return self._won(state, judgement.win, verdicts)
        return self._pass(state, verdicts, in_hand=self.rules.cue in record.gone)

    def _legal(self, state: State, judgement: Judgement, verdicts: list[Verdict]) -> State:
        p = state.turn or 0
        player = state.players[p]
        points = judgement.points
        verdicts += self._points(judgement, player)
        if points == 0:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "safety", player))
            keep = self.rules.five_caroms_scope == "game"
            return self._pass(state, verdicts, caroms=state.caroms[p] if keep else 0)
        left = state.remaining[p] - points
        if judgement.win is None and self.rules.exact_zero and left < 0:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "bust", player, points))
            return self._pass(state, verdicts)
        caroms = state.caroms[p] + 1 if judgement.pure_carom else 0
        state = replace(
            state,
            remaining=_set(state.remaining, p, left),
            inning_points=state.inning_points + points,
            caroms=_set(state.caroms, p, caroms),
        )
        verdicts.append(
            MESSAGES.verdict(Kind.POINTS, "scored", player, points, remaining=max(left, 0))
        )
        win = judgement.win or ("reached_zero" if left <= 0 else None)
        if win is None and caroms >= FIVE_CAROMS:
            win = "five_caroms"
        if win:
            return self._won(state, win, verdicts)
        if caroms:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "caroms_in_row", player, count=caroms))
        verdicts.append(COMMON.verdict(Kind.TURN, "turn", player))
        return replace(state, in_hand=False)

    def _pass(
        self, state: State, verdicts: list[Verdict], in_hand: bool = False, caroms: int = 0
    ) -> State:
        """The inning ends (§A.11): the pad gets its line, the opponent shoots."""
        p = state.turn or 0
        following = (p + 1) % len(state.players)
        state = replace(
            state,
            turn=following,
            inning_points=0,
            in_hand=in_hand,
            caroms=_set(state.caroms, p, caroms),
            pad=(*state.pad, (p, state.remaining[p])),
        )
        nxt = state.players[following]
        if in_hand:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "in_hand", nxt))
        verdicts.append(COMMON.verdict(Kind.TURN, "turn", nxt))
        return state

    def _won(self, state: State, how: str, verdicts: list[Verdict]) -> State:
        p = state.turn or 0
        player = state.players[p]
        verdicts += [
            MESSAGES.verdict(Kind.GAME_OVER, how, player),
            COMMON.verdict(Kind.GAME_OVER, "game_over"),
            MESSAGES.verdict(Kind.GAME_OVER, "winner", player, max(state.remaining[p], 0)),
        ]
        return replace(
            state, turn=None, winner=p, win=how, pad=(*state.pad, (p, state.remaining[p]))
        )

    def _after(
        self, state: State, record: ShotRecord, verdicts: list[Verdict]
    ) -> tuple[State, list[Verdict]]:
        """The table is put back (§A.12-§A.13); the next shot waits for it if confirmed."""
        state = replace(state, tied_up=False)
        if state.over:
            return state, verdicts
        placing, table = respot.skittles(record, state.table, self.rules)
        placing = respot.balls(record, self.rules) + placing
        for item in placing:
            verdicts.append(
                MESSAGES.verdict(
                    Kind.INFO,
                    item.code,
                    what=names([item.what], 0),
                    what_ru=names([item.what], 1),
                    to=item.to,
                    x_mm=item.x_mm,
                )
            )
        todo = tuple(i for i in placing if not i.waits and i.code != "cue_house")
        pending = todo if self.rules.confirm_respot else ()
        return replace(state, table=table, pending=pending), verdicts

    # ----------------------------------------------------------------------------------------
    # What the displays read.

    def scores(self, state: State) -> dict[str, int]:
        """Points still to write off; 0 once reached (AMB-A3: shown as 0)."""
        return {p: max(r, 0) for p, r in zip(state.players, state.remaining, strict=True)}

    def view(self, state: State) -> dict[str, Any]:
        players = state.players
        return {
            "players": list(players),
            "turn": self._shooter(state),
            "scores": self.scores(state),
            "over": state.over,
            "winner": None if state.winner is None else players[state.winner],
            "win": state.win,
            "S0": self.rules.S0,
            "started": state.started,
            "remaining": dict(zip(players, state.remaining, strict=True)),
            "mountain": dict(zip(players, state.mountain, strict=True)),
            "inning_points": state.inning_points,
            "caroms_in_row": dict(zip(players, state.caroms, strict=True)),
            "in_hand": state.in_hand,
            "tied_up": state.tied_up,
            "absent": list(state.table.absent),
            "off_mark": list(state.table.off_mark),
            "pending_respot": [{"code": i.code, "what": i.what, "to": i.to} for i in state.pending],
        }

    def open_actions(self, state: State) -> list[Action]:
        if not state.started:
            return [Action("start", p) for p in state.players]
        shooter = self._shooter(state)
        if shooter is None:
            return []
        if state.pending:
            return [Action("respotted")]
        out = [Action("shot", shooter)]
        if not state.tied_up and (
            self.rules.tied_up_by == "shooter" or shooter in self.leaders(state)
        ):
            out.append(Action("tied_up", shooter))
        return out

    def score_sheet(self, state: State) -> dict[str, Any]:
        """The referee's pad: each player's total after each of his innings, what went onto
        the mountain, and the points still to write off."""
        players = state.players
        innings: list[list[int]] = [[] for _ in players]
        for p, total in state.pad:
            innings[p].append(total)
        rows = []
        for n in range(max((len(i) for i in innings), default=0)):
            cells = {
                players[p]: innings[p][n] if n < len(innings[p]) else None
                for p in range(len(players))
            }
            rows.append(sheet_row(f"inning_{n + 1}", f"Inning {n + 1}", f"Подход {n + 1}", cells))
        mountain = dict(zip(players, state.mountain, strict=True))
        rows.append(sheet_row("mountain", "On the mountain", "На горе", mountain, "subtotal"))
        rows.append(self.total_row(self.scores(state)))
        return {"columns": list(players), "rows": rows}


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


ENGINE = SevenSkittles
