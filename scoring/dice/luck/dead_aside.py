"""Put the dead one aside (rules/dice.md G16, L304-309) on the push-your-luck engine
(:mod:`scoring.dice.luck.engine`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action
from scoring.dice.luck.engine import MESSAGES, LuckEngine
from scoring.dice.luck.table import Finish, Options, Play, Table, Turn
from scoring.dice.throws import FACES, faces
from scoring.engine import OptionsError
from scoring.verdicts import Kind, Message, Messages, Verdict

DEAD_MESSAGES = MESSAGES | Messages(
    {
        "dead": Message(
            "{dead} dead: {player} sets them aside, {live} dice left",
            "Мёртвые {dead}: {player} откладывает их, осталось {live}",
        ),
        "adds": Message(
            "No 2 and no 5: {player} adds {points} (turn {pot})",
            "Ни двойки, ни пятёрки: {player} прибавляет {points} (за ход {pot})",
        ),
    }
)


@dataclass(frozen=True)
class DeadTurn(Turn):
    """``live``: the dice not yet dead, all thrown at once."""

    live: int = 5


class DeadAsideEngine(LuckEngine):
    """Five dice; a throw with no dead face adds its sum, any 2 or 5 dies and is set aside;
    the player throws on until every die is dead (L307-308).  Highest total wins (L309)
    after ``rounds`` turns each ([ASM] one, or as agreed)."""

    OPTIONS = ("dead_faces", "rounds")
    MESSAGES = DEAD_MESSAGES
    DICE = 5
    SETS_ASIDE = True

    def configure(self, opts: Options) -> Finish:
        dead = opts.raw.get("dead_faces", [2, 5])
        if not isinstance(dead, list) or not dead or not set(dead) <= set(FACES):
            raise OptionsError(f"dead_faces: expected a list of faces, got {dead!r}")
        self.dead_faces = frozenset(dead)
        return Finish(None, rounds=opts.whole("rounds", 1, 1))

    def new_turn(self, state: Play[Any], table: Table[Any]) -> DeadTurn:
        return DeadTurn(live=self.dice)

    def play(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        turn, player = state.turn, action.by
        dice = action.args["dice"]
        self.check_dice(player, dice, turn.live)
        verdicts = [self.rolled(player, dice)]
        dead = [d for d in dice if d in self.dead_faces]
        if dead:
            turn = replace(turn, throws=turn.throws + 1, dice=dice, live=turn.live - len(dead))
            verdicts.append(
                self.MESSAGES.verdict(Kind.INFO, "dead", player, dead=faces(dead), live=turn.live)
            )
        else:
            turn = replace(turn, throws=turn.throws + 1, dice=dice, pot=turn.pot + sum(dice))
            verdicts.append(
                self.MESSAGES.verdict(Kind.POINTS, "adds", player, sum(dice), pot=turn.pot)
            )
        if turn.live:
            return replace(state, turn=turn), verdicts
        return self.end_turn(state, self.write(state.table, turn.pot, verdicts), verdicts)

    def game_view(self, state: Play[Any]) -> dict[str, Any]:
        return {"live": state.turn.live, "rounds": self.finish.rounds}
