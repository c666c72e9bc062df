"""Pig (rules/dice.md G15, L273-284) on the push-your-luck engine (:mod:`.engine`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.actions import Action, Verb
from scoring.dice.luck.engine import LuckEngine, stop_verb
from scoring.dice.luck.table import Finish, Options, Play, Turn
from scoring.dice.throws import FACES, faces
from scoring.verdicts import Kind, Verdict


class PigEngine(LuckEngine):
    """One die, thrown as often as the player likes; a 1 wipes the series (L280-282).

    The lowest draw throw starts (L278-279; ``draw: none`` keeps the seating order).  Once
    someone has 100 the round is finished, so that everyone has had as many series (L284);
    the highest total wins, and equal totals share the win [ASM].
    """

    OPTIONS = ("target", "bust_face", "draw")
    DRAW = ("low",)
    TURN_WORDS = ("Series", "Серия")

    def configure(self, opts: Options) -> Finish:
        self.bust_face = opts.choice("bust_face", 1, FACES)
        if opts.choice("draw", "lowest", ("lowest", "none")) == "none":
            self.draw_ends = ()
        return Finish(opts.whole("target", 100, 1), "round")

    def game_verbs(self) -> dict[str, Verb]:
        return {"stop": stop_verb("bank this series and pass the die")}

    def play(self, state: Play[Any], action: Action) -> tuple[Play[Any], list[Verdict]]:
        table, turn, player = state.table, state.turn, action.by
        if action.verb == "stop":
            verdicts: list[Verdict] = []
            return self.end_turn(state, self.write(table, turn.pot, verdicts), verdicts)
        dice = action.args["dice"]
        self.check_dice(player, dice, 1)
        verdicts = [self.rolled(player, dice)]
        if dice[0] == self.bust_face:
            verdicts.append(
                self.MESSAGES.verdict(Kind.FOUL, "bust", player, dice=faces(dice), pot=turn.pot)
            )
            return self.end_turn(state, self.write(table, 0, verdicts), verdicts)
        turn = Turn(turn.throws + 1, turn.pot + dice[0], dice)
        verdicts.append(self.MESSAGES.verdict(Kind.INFO, "pot", player, pot=turn.pot))
        return replace(state, turn=turn), verdicts

    def game_legal(self, state: Play[Any], player: str) -> list[Action]:
        return [Action("stop", player)]
