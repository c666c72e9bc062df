"""Bluff ("Блеф", rules/dice.md G9, E L412-434): a duel of two players with five dice each.

The leader throws under the cup, hides the dice and claims any hand, true or not (L415-419).
The opponent either calls "Bluff!" (``challenge``), or accepts and throws his own five dice in
the open for a reply (L422-423: ``roll``, ``keep``, ``stand``, up to ``throws`` throws, agreed
beforehand, L429-430).  Then the leader shows his dice (``reveal``):

* after "Bluff!": a claim the dice do not make loses the duel for the leader (L421); a true
  claim loses it for the challenger [ASM: not stated];
* after a reply: a reply better than the leader's hand beats him; otherwise, a tie included,
  the leader wins (L424-426).  "The leader's hand" is the one he reveals (default), or, with
  ``compare: announced``, the one he claimed (§G9 [AMB]).

A match is ``duels`` duels, the lead alternating [ASM]; the scores are duels won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from scoring.actions import Action, Verb
from scoring.dice.bluffing import common as bluffing
from scoring.dice.bluffing.common import CHALLENGE, hand_words
from scoring.dice.hands import RANKINGS, HandValue, against, value
from scoring.dice.throws import VoidPolicy
from scoring.dice.turns import DICE, THROW_MESSAGES, Throws, faces_text, roll_verbs
from scoring.engine import BaseEngine, check_players, check_seat, result_verdicts, winners
from scoring.options import check_known, option_choice, option_whole
from scoring.verdicts import COMMON, Kind, Message, Messages, Verdict

MESSAGES = (
    COMMON
    | THROW_MESSAGES
    | bluffing.MESSAGES
    | Messages(
        {
            "reply_better": Message(
                "{player}'s reply {reply} beats {hand}",
                "Ответ {player} «{reply_ru}» сильнее, чем «{hand_ru}»",
            ),
            "reply_not_better": Message(
                "{player}'s reply {reply} does not beat {hand}",
                "Ответ {player} «{reply_ru}» не сильнее, чем «{hand_ru}»",
            ),
            "duel_won": Message("{player} wins duel {duel}", "{player} выигрывает партию {duel}"),
            "replying": Message(
                "{player} has started a reply: the claim is accepted",
                "{player} уже отвечает: объявление принято",
            ),
        }
    )
)

COMPARE = ("revealed", "announced")
OPTIONS = (
    "throws", "compare", "duels", "ranking", "void_rethrow", "void_costs_throw",
)  # fmt: skip


@dataclass(frozen=True)
class DuelRules:
    throws: int
    compare: str
    duels: int
    ranking: str
    void: VoidPolicy

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> DuelRules:
        check_known(options, OPTIONS, "Bluff")
        return cls(
            throws=option_whole(options, "throws", 1),
            compare=option_choice(options, "compare", COMPARE, "revealed"),
            duels=option_whole(options, "duels", 1),
            ranking=option_choice(options, "ranking", tuple(RANKINGS), "poker"),
            void=VoidPolicy.read(options),
        )


@dataclass(frozen=True)
class Duel:
    """A finished duel: the claim, the reply (None after "Bluff!"), the dice shown, the loser."""

    leader: int
    claim: HandValue
    reply: tuple[int, ...] | None
    shown: tuple[int, ...]
    loser: int


@dataclass(frozen=True)
class DuelState:
    players: tuple[str, ...]
    duel: int = 1
    leader: int = 0
    shakes: int = 0
    rethrow: str | None = None
    claim: HandValue | None = None
    challenged: bool = False
    reply: Throws = field(default_factory=Throws)
    replied: bool = False
    results: tuple[Duel, ...] = ()
    over: bool = False

    @property
    def seat(self) -> int | None:
        if self.over:
            return None
        if self.claim is None or self.challenged or self.replied:
            return self.leader
        return 1 - self.leader

    @property
    def player(self) -> str | None:
        seat = self.seat
        return None if seat is None else self.players[seat]


class DuelEngine(BaseEngine[DuelState]):
    """The engine behind Bluff."""

    total_title = ("Duels won", "Выиграно партий")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.preset = preset
        self.rules = DuelRules.read(options)
        self.ranking = RANKINGS[self.rules.ranking]
        self._verbs: dict[str, Verb] = {
            **roll_verbs(),
            "shake": bluffing.shake_verb(counted=True),
            "claim": bluffing.claim_verb(self.ranking),
            "challenge": CHALLENGE,
            "reveal": bluffing.reveal_verb(),
        }

    def initial(self, players: Sequence[str]) -> DuelState:
        check_players(players, 2, 2)
        return DuelState(tuple(players))

    # ----------------------------------------------------------------------------------------
    # Rules.

    def apply(self, state: DuelState, action: Action) -> tuple[DuelState, list[Verdict]]:
        check_seat(state.players, state.player, action)
        if state.claim is None:
            return self._lead(state, action)
        if state.challenged or state.replied:
            if action.verb != "reveal":
                raise MESSAGES.illegal("must_reveal", action.by, claimant=action.by)
            return self._reveal(state, action)
        return self._respond(state, action)

    def _lead(self, state: DuelState, action: Action) -> tuple[DuelState, list[Verdict]]:
        """The leader's throws under the cup, and his claim."""
        player, verb = action.by, action.verb
        if verb in ("shake", "void"):
            bluffing.may_shake(state, player, self.rules.throws)
        if verb == "shake":
            return bluffing.shake(state, action, self.rules.throws, first=state.shakes == 0)
        if verb == "void":
            return bluffing.void_shake(state, action, self.rules.throws, self.rules.void)
        if verb != "claim":
            raise bluffing.misplaced(action)
        if state.rethrow is not None:
            raise MESSAGES.illegal("must_rethrow", player)
        if not state.shakes:
            raise MESSAGES.illegal("must_shake_first", player)
        made = bluffing.read_claim(action, self.ranking, None, "ranking")
        opponent = state.players[1 - state.leader]
        return replace(state, claim=made), [
            MESSAGES.verdict(Kind.INFO, "claimed", player, **hand_words(made)),
            MESSAGES.verdict(Kind.TURN, "turn", opponent),
        ]

    def _respond(self, state: DuelState, action: Action) -> tuple[DuelState, list[Verdict]]:
        """The opponent: "Bluff!", or a reply thrown in the open."""
        player, verb, reply, limit = action.by, action.verb, state.reply, self.rules.throws
        if verb == "challenge":
            if reply.used or reply.rethrow is not None:
                raise MESSAGES.illegal("replying", player)
            leader = state.players[state.leader]
            verdict = MESSAGES.verdict(
                Kind.INFO, "challenged", player, call="Bluff!", call_ru="Блеф!", claimant=leader
            )
            return replace(state, challenged=True), [verdict, self._reveal_turn(state)]
        if verb == "void":
            reply = reply.void(player, limit, self.rules.void)
            return replace(state, reply=reply), [
                self.rules.void.verdict(player, action.args["reason"])
            ]
        if verb == "keep":
            reply, verdict = reply.keep(player, action.args["dice"], limit)
            return replace(state, reply=reply), [verdict]
        if verb == "stand":
            reply.check_stand(player)
            return replace(state, replied=True), [self._reveal_turn(state)]
        if verb == "shake":
            raise MESSAGES.illegal("in_the_open", player)
        if verb != "roll":
            raise MESSAGES.illegal("must_answer", player)
        reply, verdict = reply.roll(
            player, action.args["dice"], action.args.get("kept"), limit, False
        )
        state = replace(state, reply=reply)
        if reply.used < limit or reply.rethrow is not None:
            return state, [verdict]
        return replace(state, replied=True), [verdict, self._reveal_turn(state)]

    def _reveal_turn(self, state: DuelState) -> Verdict:
        return MESSAGES.verdict(Kind.TURN, "turn", state.players[state.leader])

    def _reveal(self, state: DuelState, action: Action) -> tuple[DuelState, list[Verdict]]:
        dice = action.args["dice"]
        if len(dice) != DICE:
            raise MESSAGES.illegal(
                "wrong_dice_count", action.by, dice_count=DICE, kept=0, thrown=len(dice)
            )
        claim, leader, opponent = state.claim, state.leader, 1 - state.leader
        assert claim is not None
        shown = value(dice, self.ranking)
        words = {**hand_words(shown), **hand_words(claim, "claim")}
        verdicts = [
            MESSAGES.verdict(Kind.INFO, "revealed", action.by, dice=faces_text(dice), **words)
        ]
        if state.challenged:
            holds = against(shown, claim) >= 0
            verdicts.append(
                MESSAGES.verdict(Kind.INFO, "claim_true" if holds else "claim_false", **words)
            )
            loser, reply = (opponent if holds else leader), None
        else:
            reply = state.reply.dice
            answer = value(reply, self.ranking)
            if self.rules.compare == "revealed":
                better, target = answer > shown, shown
            else:
                better, target = against(answer, claim) > 0, claim
            code = "reply_better" if better else "reply_not_better"
            verdicts.append(
                MESSAGES.verdict(
                    Kind.INFO, code, state.players[opponent], **hand_words(answer, "reply"),
                    **hand_words(target),
                )
            )  # fmt: skip
            loser = leader if better else opponent
        winner = 1 - loser
        verdicts.append(
            MESSAGES.verdict(Kind.HAND_OVER, "duel_won", state.players[winner], 1, duel=state.duel)
        )
        duel = Duel(leader, claim, reply, dice, loser)
        state = DuelState(state.players, state.duel + 1, opponent, results=(*state.results, duel))
        if state.duel > self.rules.duels:
            state = replace(state, over=True, duel=self.rules.duels)
            return state, verdicts + result_verdicts(self.scores(state))
        return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", state.players[opponent])]

    # ----------------------------------------------------------------------------------------
    # Scores and views.

    def scores(self, state: DuelState) -> dict[str, int]:
        return {
            p: sum(d.loser != seat for d in state.results) for seat, p in enumerate(state.players)
        }

    def view(self, state: DuelState) -> dict[str, Any]:
        scores = self.scores(state)
        winner: str | list[str] | None = None
        if state.over:
            top = winners(scores)
            winner = top[0] if len(top) == 1 else top
        claim = None
        if state.claim is not None:
            en, ru = state.claim.text()
            claim = {"hand": state.claim.name, "faces": list(state.claim.faces), "en": en, "ru": ru}
        return {
            "game": self.game,
            "preset": self.preset,
            "players": list(state.players),
            "turn": state.player,
            "duel": state.duel,
            "duels": self.rules.duels,
            "leader": state.players[state.leader],
            "shakes": state.shakes,
            "throws": self.rules.throws,
            "claim": claim,
            "challenged": state.challenged,
            "reply": {
                "throw": state.reply.used,
                "dice": list(state.reply.dice),
                "kept": list(state.reply.kept),
                "done": state.replied,
            },
            "results": [
                {
                    "leader": state.players[d.leader],
                    "claim": d.claim.text()[0],
                    "reply": None if d.reply is None else list(d.reply),
                    "shown": list(d.shown),
                    "loser": state.players[d.loser],
                }
                for d in state.results
            ],
            "scores": scores,
            "over": state.over,
            "winner": winner,
        }

    def score_sheet(self, state: DuelState) -> dict[str, Any]:
        """One line per duel (1 to its winner), then the duels won."""
        rows: list[dict[str, Any]] = []
        for number, d in enumerate(state.results, start=1):
            leader = state.players[d.leader]
            how = "Bluff!" if d.reply is None else "reply " + faces_text(d.reply)
            how_ru = "Блеф!" if d.reply is None else "ответ " + faces_text(d.reply)
            en, ru = d.claim.text()
            rows.append(
                {
                    "key": f"duel_{number}",
                    "en": f"Duel {number}: {leader} claims {en}, {how}",
                    "ru": f"Партия {number}: {leader} объявляет {ru}, {how_ru}",
                    "kind": "row",
                    "cells": {p: int(s != d.loser) for s, p in enumerate(state.players)},
                }
            )
        rows.append(self.total_row(self.scores(state)))
        return {"columns": list(state.players), "rows": rows}

    def open_actions(self, state: DuelState) -> list[Action]:
        player = state.player
        if player is None:
            return []
        if state.claim is None:
            actions: list[Action] = []
            if state.shakes < self.rules.throws or state.rethrow is not None:
                actions += [Action("shake", player), Action("void", player, {"reason": "cocked"})]
            if state.shakes and state.rethrow is None:
                actions += [
                    bluffing.claim_action(player, made)
                    for made in bluffing.higher_claims(self.ranking, None, "ranking")
                ]
            return actions
        if state.challenged or state.replied:
            return [Action("reveal", player)]
        reply = state.reply
        actions = [] if reply.used or reply.rethrow else [Action("challenge", player)]
        actions += reply.open_actions(player, self.rules.throws)
        if reply.used and reply.rethrow is None:
            actions.append(Action("stand", player))
        return actions


ENGINE = DuelEngine
