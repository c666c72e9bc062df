"""One cup of five dice passed round the table: Liar (rules/dice.md G8) and Liar's Dice with a
common hand (G11).

The holder throws under the cup (``shake``), looks, and claims a hand that must beat the claim
before it.  The next player still in either calls the claim a lie (``challenge``) and the
claimant shows the dice (``reveal``), or takes the cup: his ``shake`` or ``claim`` accepts it.
On a challenge the revealed hand is measured against the claim (:func:`hands.against`): at
least as good, the claim holds.  Who pays what is preset data:

* G8 Liar (E L203-211): 3 stakes each (L206); a true claim costs the challenger 1 stake to the
  centre, a lie costs the claimant 1 to the centre and 1 to the player on his left (L208); the
  player on the left (the challenger) starts again either way; the receiver must throw (L209);
  the last player with a stake takes the centre (L211).
* G11 common hand (H L500-521): 10 chips each (L511), the best five-dice hand starts (L512);
  the loser of a challenge puts 1 chip in the pot (L515); the receiver may rethrow any dice and
  says truthfully how many (the ``count`` of his ``shake``, L516); the challenger starts the
  next round (L517); the last player with chips wins (L521).  Reroll variant: up to 3 throws
  before the claim (L532-533).

A player who cannot pay in full pays what he has, the centre first [ASM]; a player with
nothing left is out (L211, L518).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, Verb
from scoring.dice.bluffing import common as bluffing
from scoring.dice.bluffing.common import CHALLENGE, MESSAGES, RAISE_RULES, claim_verb, hand_words
from scoring.dice.hands import RANKINGS, HandValue, against, value
from scoring.dice.throws import VOID
from scoring.dice.turns import (
    DICE,
    THROW_MESSAGES,
    Opening,
    TableRules,
    faces_text,
    opening_verbs,
    throw_for_start,
)
from scoring.engine import BaseEngine, OptionsError, check_seat, result_verdicts, sheet_row
from scoring.options import check_known, option_choice, option_flag, option_whole
from scoring.verdicts import COMMON, Kind, Verdict

ALL_MESSAGES = COMMON | THROW_MESSAGES | MESSAGES

OPTIONS = (
    "tokens", "liar_pays_left", "winner_takes_pot", "throws", "receiver_must_shake",
    "raise_rule", "ranking", "opening", "void_rethrow", "void_costs_throw", "players_min",
    "players_max",
)  # fmt: skip


@dataclass(frozen=True)
class CupRules(TableRules):
    tokens: int
    liar_pays_left: bool
    winner_takes_pot: bool
    throws: int
    receiver_must_shake: bool
    raise_rule: str
    ranking: str

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> CupRules:
        check_known(options, OPTIONS, "the cup game")
        rules = cls(
            tokens=option_whole(options, "tokens", 3),
            liar_pays_left=option_flag(options, "liar_pays_left", False),
            winner_takes_pot=option_flag(options, "winner_takes_pot", False),
            throws=option_whole(options, "throws", 1),
            receiver_must_shake=option_flag(options, "receiver_must_shake", False),
            raise_rule=option_choice(options, "raise_rule", RAISE_RULES, "ranking"),
            ranking=option_choice(options, "ranking", tuple(RANKINGS), "poker"),
            opening=option_choice(options, "opening", ("seating", "best_hand"), "seating"),
            **TableRules.shared(options),
        )
        if rules.players_min < 2:
            raise OptionsError("players_min: a claim needs someone to doubt it, so at least 2")
        return rules


@dataclass(frozen=True)
class Settled:
    """A challenge judged: the claim, the dice shown, and what each player paid or got."""

    round: int
    claimant: str
    challenger: str
    claim: HandValue
    dice: tuple[int, ...]
    holds: bool
    changes: tuple[int, ...]


@dataclass(frozen=True)
class CupState:
    players: tuple[str, ...]
    tokens: tuple[int, ...]
    pot: int = 0
    opening: Opening | None = None
    round: int = 1
    holder: int = 0
    shakes: int = 0
    rethrow: str | None = None
    claims: tuple[tuple[int, HandValue], ...] = ()
    challenger: int | None = None
    settled: tuple[Settled, ...] = ()
    taken: int = 0
    over: bool = False

    @property
    def alive(self) -> tuple[bool, ...]:
        return tuple(t > 0 for t in self.tokens)

    @property
    def player(self) -> str | None:
        if self.over:
            return None
        if self.opening is not None:
            return self.opening.thrower
        if self.challenger is not None:
            return self.players[self.claims[-1][0]]
        return self.players[self.holder]

    @property
    def previous(self) -> HandValue | None:
        return self.claims[-1][1] if self.claims else None


class CupEngine(BaseEngine[CupState]):
    """The engine behind Liar and Liar's Dice with a common hand."""

    call = ("Liar!", "Лжец!")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.preset = preset
        self.rules = CupRules.read(options)
        self.ranking = RANKINGS[self.rules.ranking]
        self._verbs: dict[str, Verb] = {
            "shake": bluffing.shake_verb(counted=True),
            "claim": claim_verb(self.ranking),
            "challenge": CHALLENGE,
            "reveal": bluffing.reveal_verb(),
            "void": VOID,
            **opening_verbs(self.rules.opening),
        }

    def initial(self, players: Sequence[str]) -> CupState:
        opening = self.rules.seat(players)
        return CupState(tuple(players), (self.rules.tokens,) * len(players), opening=opening)

    # ----------------------------------------------------------------------------------------
    # Rules.

    def apply(self, state: CupState, action: Action) -> tuple[CupState, list[Verdict]]:
        check_seat(state.players, state.player, action)
        if state.opening is not None:
            return throw_for_start(state, action, "holder")
        if state.challenger is not None:
            if action.verb != "reveal":
                raise ALL_MESSAGES.illegal(
                    "must_reveal", action.by, claimant=state.players[state.claims[-1][0]]
                )
            return self._reveal(state, action)
        handler = {
            "shake": self._shake,
            "void": self._void,
            "claim": self._claim,
            "challenge": self._challenge,
        }.get(action.verb)
        if handler is None:
            raise bluffing.misplaced(action)
        return handler(state, action)

    def _beatable(self, state: CupState) -> bool:
        return bluffing.can_follow(self.ranking, state.previous, self.rules.raise_rule)

    def _may_throw(self, state: CupState, player: str | None) -> None:
        bluffing.may_shake(state, player, self.rules.throws)
        previous = state.previous  # with no claim yet, any claim can follow
        if previous is not None and not self._beatable(state):
            raise ALL_MESSAGES.illegal("nothing_beats", player, **hand_words(previous, "previous"))

    def _shake(self, state: CupState, action: Action) -> tuple[CupState, list[Verdict]]:
        self._may_throw(state, action.by)
        first = not state.claims and state.shakes == 0
        return bluffing.shake(state, action, self.rules.throws, first)

    def _void(self, state: CupState, action: Action) -> tuple[CupState, list[Verdict]]:
        self._may_throw(state, action.by)
        return bluffing.void_shake(state, action, self.rules.throws, self.rules.void)

    def _claim(self, state: CupState, action: Action) -> tuple[CupState, list[Verdict]]:
        if state.rethrow is not None:
            raise ALL_MESSAGES.illegal("must_rethrow", action.by)
        if state.shakes == 0 and (not state.claims or self.rules.receiver_must_shake):
            raise ALL_MESSAGES.illegal("must_shake_first", action.by)
        made = bluffing.read_claim(action, self.ranking, state.previous, self.rules.raise_rule)
        receiver = bluffing.next_in(state.players, state.alive, state.holder)
        state = replace(
            state,
            claims=(*state.claims, (state.holder, made)),
            holder=receiver,
            shakes=0,
        )
        return state, [
            ALL_MESSAGES.verdict(Kind.INFO, "claimed", action.by, **hand_words(made)),
            ALL_MESSAGES.verdict(Kind.TURN, "turn", state.players[receiver]),
        ]

    def _challenge(self, state: CupState, action: Action) -> tuple[CupState, list[Verdict]]:
        if not state.claims:
            raise ALL_MESSAGES.illegal("no_claim_to_challenge", action.by)
        if state.shakes or state.rethrow is not None:
            raise ALL_MESSAGES.illegal("already_accepted", action.by)
        claimant = state.players[state.claims[-1][0]]
        verdict = ALL_MESSAGES.verdict(
            Kind.INFO,
            "challenged",
            action.by,
            call=self.call[0],
            call_ru=self.call[1],
            claimant=claimant,
        )
        return replace(state, challenger=state.holder), [verdict]

    def _reveal(self, state: CupState, action: Action) -> tuple[CupState, list[Verdict]]:
        dice = action.args["dice"]
        if len(dice) != DICE:
            raise ALL_MESSAGES.illegal(
                "wrong_dice_count", action.by, dice_count=DICE, kept=0, thrown=len(dice)
            )
        claimant, claimed = state.claims[-1]
        challenger = state.challenger
        assert challenger is not None
        shown = value(dice, self.ranking)
        holds = against(shown, claimed) >= 0
        words = {**hand_words(shown), **hand_words(claimed, "claim")}
        verdicts = [
            ALL_MESSAGES.verdict(Kind.INFO, "revealed", action.by, dice=faces_text(dice), **words),
            ALL_MESSAGES.verdict(Kind.INFO, "claim_true" if holds else "claim_false", **words),
        ]
        tokens, pot = list(state.tokens), state.pot
        payer = challenger if holds else claimant
        pot += self._pay(state, tokens, payer, None, verdicts)
        if not holds and self.rules.liar_pays_left:
            left = bluffing.next_in(state.players, state.alive, claimant)
            self._pay(state, tokens, payer, left, verdicts)
        for seat in (claimant, challenger):
            if state.tokens[seat] and not tokens[seat]:
                verdicts.append(ALL_MESSAGES.verdict(Kind.INFO, "out", state.players[seat]))
        changes = tuple(after - before for after, before in zip(tokens, state.tokens, strict=True))
        settled = Settled(
            state.round, state.players[claimant], state.players[challenger], claimed, dice, holds,
            changes,
        )  # fmt: skip
        state = replace(
            state,
            tokens=tuple(tokens),
            pot=pot,
            settled=(*state.settled, settled),
            claims=(),
            challenger=None,
            shakes=0,
            rethrow=None,
            round=state.round + 1,
        )
        return self._next_round(state, challenger, verdicts)

    def _pay(
        self,
        state: CupState,
        tokens: list[int],
        payer: int,
        receiver: int | None,
        verdicts: list[Verdict],
    ) -> int:
        """One token from ``payer`` to the centre (``receiver`` None) or to a player, if he
        has one left; returns what went to the centre."""
        if not tokens[payer]:
            return 0
        tokens[payer] -= 1
        name = state.players[payer]
        if receiver is None:
            verdicts.append(ALL_MESSAGES.verdict(Kind.POINTS, "pays_pot", name, amount=1))
            return 1
        tokens[receiver] += 1
        verdicts.append(
            ALL_MESSAGES.verdict(
                Kind.POINTS, "pays_player", name, amount=1, receiver=state.players[receiver]
            )
        )
        return 0

    def _next_round(
        self, state: CupState, challenger: int, verdicts: list[Verdict]
    ) -> tuple[CupState, list[Verdict]]:
        alive = state.alive
        if sum(alive) == 1:
            winner = alive.index(True)
            if self.rules.winner_takes_pot and state.pot:
                verdicts.append(
                    ALL_MESSAGES.verdict(
                        Kind.POINTS, "takes_pot", state.players[winner], amount=state.pot
                    )
                )
                tokens = tuple(
                    t + state.pot if i == winner else t for i, t in enumerate(state.tokens)
                )
                state = replace(state, tokens=tokens, pot=0, taken=state.pot)
            state = replace(state, over=True)
            return state, verdicts + result_verdicts(self.scores(state))
        starter = (
            challenger if alive[challenger] else bluffing.next_in(state.players, alive, challenger)
        )
        state = replace(state, holder=starter)
        verdicts.append(ALL_MESSAGES.verdict(Kind.TURN, "turn", state.players[starter]))
        return state, verdicts

    # ----------------------------------------------------------------------------------------
    # Scores and views.

    def scores(self, state: CupState) -> dict[str, int]:
        return dict(zip(state.players, state.tokens, strict=True))

    def view(self, state: CupState) -> dict[str, Any]:
        scores = self.scores(state)
        winner = None
        if state.over:
            winner = state.players[state.alive.index(True)]
        last = state.settled[-1] if state.settled else None
        return {
            "game": self.game,
            "preset": self.preset,
            "players": list(state.players),
            "turn": state.player,
            "opening": None if state.opening is None else state.opening.view(),
            "round": state.round,
            "tokens": scores,
            "pot": state.pot,
            "out": [p for p, alive in zip(state.players, state.alive, strict=True) if not alive],
            "holder": None if state.over else state.players[state.holder],
            "shakes": state.shakes,
            "throws": self.rules.throws,
            "rethrow": state.rethrow,
            "claims": [_claim_view(state.players[seat], made) for seat, made in state.claims],
            "claim": None if not state.claims else _claim_view(
                state.players[state.claims[-1][0]], state.claims[-1][1]
            ),
            "challenger": None if state.challenger is None else state.players[state.challenger],
            "last": None if last is None else {
                "claimant": last.claimant,
                "challenger": last.challenger,
                "claim": _claim_view(last.claimant, last.claim),
                "dice": list(last.dice),
                "hand": value(last.dice, self.ranking).text()[0],
                "holds": last.holds,
            },
            "scores": scores,
            "over": state.over,
            "winner": winner,
        }  # fmt: skip

    def score_sheet(self, state: CupState) -> dict[str, Any]:
        """One line per challenge (who gave or got what), the centre taken at the end, and
        what everyone holds."""
        rows: list[dict[str, Any]] = [
            {
                "key": f"challenge_{number}",
                "en": f"{s.claimant}: {s.claim.text()[0]} ({'true' if s.holds else 'lie'})",
                "ru": f"{s.claimant}: {s.claim.text()[1]} ({'правда' if s.holds else 'ложь'})",
                "kind": "row",
                "cells": {
                    p: (change or None) for p, change in zip(state.players, s.changes, strict=True)
                },
            }
            for number, s in enumerate(state.settled, start=1)
        ]
        if state.taken:
            winner = state.players[state.alive.index(True)]
            rows.append(
                {
                    "key": "centre",
                    "en": "The centre, to the last player in",
                    "ru": "Ставки из центра — последнему игроку",
                    "kind": "bonus",
                    "cells": {p: state.taken if p == winner else None for p in state.players},
                }
            )
        stakes = self.rules.liar_pays_left
        title = ("Stakes left", "Осталось ставок") if stakes else ("Chips left", "Осталось фишек")
        rows.append(sheet_row("total", *title, self.scores(state), "total"))
        return {"columns": list(state.players), "rows": rows}

    def open_actions(self, state: CupState) -> list[Action]:
        player = state.player
        if player is None:
            return []
        if state.opening is not None:
            return [Action("roll", player)]
        if state.challenger is not None:
            return [Action("reveal", player)]
        actions: list[Action] = []
        if state.claims and not state.shakes and state.rethrow is None:
            actions.append(Action("challenge", player))
        throw_open = state.shakes < self.rules.throws or state.rethrow is not None
        if throw_open and self._beatable(state):
            actions += [Action("shake", player), Action("void", player, {"reason": "cocked"})]
        may_claim = state.shakes > 0 or (state.claims and not self.rules.receiver_must_shake)
        if may_claim and state.rethrow is None:
            actions += [
                bluffing.claim_action(player, made)
                for made in bluffing.higher_claims(
                    self.ranking, state.previous, self.rules.raise_rule
                )
            ]
        return actions


def _claim_view(player: str, made: HandValue) -> dict[str, Any]:
    en, ru = made.text()
    return {"by": player, "hand": made.name, "faces": list(made.faces), "en": en, "ru": ru}


ENGINE = CupEngine
