"""The Durak engine the registry loads (``engine: scoring.durak.engine``).

It routes each verb to the module that judges it, by the phase of the game: dealing, a lead
awaited, a bout on the table, the draw, a Japanese B round, or a game over (the next ``deal``
starts the next game of the evening, and the match score counts each player's fools).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scoring.actions import Action, Verb
from scoring.durak import bout, japanese_b, moves, showing
from scoring.durak.dealing import deal
from scoring.durak.drawing import draw
from scoring.durak.messages import MESSAGES
from scoring.durak.rules import Rules
from scoring.durak.state import DurakState, Phase
from scoring.durak.verbs import VERBS
from scoring.engine import BaseEngine, OptionsError, check_players, seated, sheet_row
from scoring.verdicts import Verdict

Result = tuple[DurakState, list[Verdict]]
#: A verb's handler given the actor's seat (see :func:`scoring.engine.seated`).
Run = Callable[[DurakState, int, Action], Result]

#: Verbs that lay or move cards of a bout; an out player may do none of them (F-27).
PLAYS = ("attack", "throw_in", "defend", "transfer", "take", "done", "draw")
#: The plays judged by the bout on the table (or Japanese B's round).
CARD_PLAYS = ("attack", "throw_in", "defend", "transfer", "take", "done")


class DurakEngine(BaseEngine[DurakState]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.preset = preset
        self.rules = rules = Rules.read(options)
        runs: dict[str, Run] = {
            "reveal": lambda state, seat, action: showing.reveal(state, rules, seat, action),
            "out": lambda state, seat, action: showing.out(state, seat),
            "draw": lambda state, seat, action: draw(state, rules, seat, action),
            **dict.fromkeys(CARD_PLAYS, self._card_play),
        }
        self._handlers = {
            "deal": lambda state, action: deal(state, rules, action),
            **{verb: seated(run) for verb, run in runs.items()},
        }

    @property
    def verbs(self) -> Mapping[str, Verb]:
        return VERBS

    def initial(self, players: Sequence[str]) -> DurakState:
        check_players(players, 2, self.rules.max_players)
        if self.rules.team_size and len(players) != 2 * self.rules.team_size:
            size = self.rules.team_size
            raise OptionsError(f"teams: {size}x2 teams seat {2 * size} players, got {len(players)}")
        return DurakState(players=tuple(players))

    # ----------------------------------------------------------------------------------------

    def admit(self, state: DurakState, action: Action) -> None:
        """A deal by anyone or nobody; every other verb by a player once dealt, a reveal even
        after the game (the fool lays his hand down), the plays by a player still in it."""
        if action.verb == "deal":
            if action.by is not None and action.by not in state.players:
                raise _stranger(state, action.by)
            return
        if action.by not in state.players:
            raise _stranger(state, action.by)
        if state.phase == Phase.DEAL:
            raise MESSAGES.illegal("no_deal", action.by)
        if action.verb == "reveal":
            return
        if state.phase == Phase.OVER:
            raise MESSAGES.illegal("game_over", action.by)
        if action.verb in PLAYS and not state.active(state.players.index(action.by)):
            raise MESSAGES.illegal("F-27", action.by)

    def _card_play(self, state: DurakState, seat: int, action: Action) -> Result:
        """A card verb or «бито»: by the rules of the bout on the table, Japanese B's round, or
        refused for what the table is waiting for."""
        rules = self.rules
        if rules.japanese_b:
            return self._japanese_b(state, seat, action)
        if state.phase == Phase.BOUT:
            return self._bout(state, seat, action)
        if action.verb == "throw_in":
            raise MESSAGES.illegal(_late_throw_in(state, rules), action.by, cap=_cap(state, rules))
        if state.phase == Phase.DRAW:
            raise MESSAGES.illegal(
                "draw_pending", action.by, drawer=state.players[state.draws[0][0]]
            )
        if action.verb == "attack":
            return bout.lead(state, rules, seat, action)
        if action.verb == "transfer" and not rules.transfers:
            raise MESSAGES.illegal("F-12", action.by, card=action.args["cards"][0])
        raise MESSAGES.illegal("no_bout", action.by)

    def _bout(self, state: DurakState, seat: int, action: Action) -> Result:
        verb = action.verb
        if verb == "attack":
            defender = state.players[bout.current(state).defender]
            raise MESSAGES.illegal("bout_on", action.by, defender=defender)
        if verb == "done":
            return bout.done(state, self.rules, seat)
        judge = {
            "throw_in": bout.throw_in,
            "defend": bout.defend,
            "transfer": bout.transfer,
            "take": bout.take,
        }[verb]
        return judge(state, self.rules, seat, action)

    def _japanese_b(self, state: DurakState, seat: int, action: Action) -> Result:
        """JB-6: one card at a time; no throw-in (F-30), no transfer (F-12)."""
        verb = action.verb
        if verb == "transfer":
            raise MESSAGES.illegal("F-12", action.by, card=action.args["cards"][0])
        if verb in ("throw_in", "done"):
            raise MESSAGES.illegal("F-30", action.by)
        if verb == "attack":
            return japanese_b.lay(state, self.rules, seat, action)
        if state.pile is None:
            raise MESSAGES.illegal("no_bout", action.by)
        if verb == "defend":
            return japanese_b.beat(state, self.rules, seat, action)
        return japanese_b.take_bottom(state, self.rules, seat, action)

    # ----------------------------------------------------------------------------------------

    def needs(self, state: DurakState, action: Action) -> tuple[str, ...]:
        """A deal needs what the table shows: every hand with full information, and the trump
        (the card turned up, or the suit declared) where the variant has one."""
        if action.verb != "deal":
            return super().needs(state, action)
        rules, args = self.rules, action.args
        wanted = []
        if rules.full_information and "hands" not in args:
            wanted.append("hands")
        if rules.japanese_b:
            declared = rules.jb_trump not in ("none", "D")
        else:
            declared = rules.navalenny and rules.trump_declared
        shown = not declared and rules.variant != "japanese_a" and not rules.japanese_b
        if declared and "suit" not in args:
            wanted.append("suit")
        if shown and "trump" not in args:
            wanted.append("trump")
        return tuple(wanted)

    def open_actions(self, state: DurakState) -> list[Action]:
        return moves.open_actions(state, self.rules)

    def turn(self, state: DurakState) -> str | None:
        """Who is expected to act: the leader, the defender, the next thrower, the drawer."""
        seat: int | None = None
        if state.phase == Phase.LEAD:
            seat = state.leader
        elif state.phase == Phase.DRAW:
            seat = state.draws[0][0]
        elif state.phase == Phase.ROUND:
            seat = japanese_b.actor(state)
        elif state.phase == Phase.BOUT:
            current = bout.current(state)
            seat = current.defender
            if not current.uncovered or current.taking:
                waiting = [s for s in bout.throwers(state) if s not in current.passed]
                seat = waiting[0] if waiting else seat
        return None if seat is None else state.players[seat]

    def view(self, state: DurakState) -> dict[str, Any]:
        players = state.players
        over = state.phase == Phase.OVER
        current = state.bout
        scores = {p: sum(s in fools for fools in state.results) for s, p in enumerate(players)}
        fools = [players[s] for s in state.fools]
        return {
            "players": list(players),
            "turn": self.turn(state),
            "scores": scores,
            "over": over,
            "winner": [p for p in players if p not in fools] if over else None,
            "fool": (fools[0] if len(fools) == 1 else fools or None) if over else None,
            "game": state.games,
            "variant": self.rules.variant,
            "phase": state.phase,
            "trump": state.trump,
            "trump_card": state.trump_card,
            "stock": state.stock,
            "hands": {p: state.hands[s].count for s, p in enumerate(players)}
            if state.hands
            else {},
            "known": {p: list(state.hands[s].known) for s, p in enumerate(players)}
            if state.hands
            else {},
            "table": [[pair.attack, pair.defence] for pair in current.pairs] if current else [],
            "pile": list(state.pile.cards) if state.pile else [],
            "attacker": players[current.opener] if current else None,
            "defender": players[current.defender] if current else None,
            "taking": bool(current and current.taking),
            "passed": [players[s] for s in current.passed] if current else [],
            "discard": len(state.discard) + state.unseen_out,
            "draws": [[players[s], n] for s, n in state.draws],
            "leader": players[state.leader]
            if state.leader is not None and state.phase == Phase.LEAD
            else None,
            "out": [players[s] for s in state.out],
            "results": [[players[s] for s in fools] for fools in state.results],
        }

    def score_sheet(self, state: DurakState) -> dict[str, Any]:
        """One row per game finished (1 for each fool), the total is each player's fools."""
        players = state.players
        rows = [
            sheet_row(
                f"game_{number}",
                f"Game {number}" + ("" if fools else " (draw)"),
                f"Игра {number}" + ("" if fools else " (ничья)"),
                {p: int(s in fools) for s, p in enumerate(players)},
            )
            for number, fools in enumerate(state.results, start=1)
        ]
        total = self.view(state)["scores"]
        rows.append(sheet_row("fools", "Times durak", "Был дураком", total, "total"))
        return {"columns": list(players), "rows": rows}


def _late_throw_in(state: DurakState, rules: Rules) -> str:
    """A card thrown in once the bout is over: refused by the limit that closed the bout,
    F-08 after a Simple bout ended by covering (S-10), F-11 otherwise."""
    if state.closed_by is not None:
        return state.closed_by
    if state.last_end == "beaten" and rules.throw_in == "on_take_only":
        return "F-08"
    return "F-11"


def _cap(state: DurakState, rules: Rules) -> int | None:
    return rules.first_bout_cap if state.closed_by == "F-10b" else rules.bout_cap


def _stranger(state: DurakState, player: str | None) -> Exception:
    return MESSAGES.illegal("unknown_player", player, players=", ".join(state.players))


ENGINE = DurakEngine
