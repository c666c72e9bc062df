"""Poker-dice showdowns: zariki (rules/dice.md G6) and Indian dice (G7).

Every player in turn throws five dice up to ``throws`` times, setting dice aside between throws,
and the best poker-dice hand (:mod:`scoring.dice.hands`) wins the round.  What differs between
the two pages is preset data:

* G6 zariki (B L29-61): the opener is found by one die each (L39-41), throw 3 may only rethrow
  the dice rethrown on throw 2 (``reroll: lock_kept``, L45-46), one game whose exactly equal best
  hands play it again among themselves (``tie: playoff``, L59), and a bank of ``stake`` from
  each player that the winner takes (L60-61): the scores are the players' net stakes.
* G7 Indian dice (E L237-246): the round's first player may stop after one or two throws and
  everybody else then has that many (``first_sets_throws``), ``rounds: 3`` with the last one
  for two players only (``final_round``), exactly equal best hands share the round [ASM]: the
  scores are rounds won.

A turn is a :class:`~scoring.dice.turns.Throws` and the start may be thrown for
(:class:`~scoring.dice.turns.Opening`, §1.6), as in the bluff games.

Verbs: ``roll`` (``dice``, optional ``kept``), ``keep`` (``dice``), ``stand`` (keep the dice
showing and end the turn), ``void`` (an invalid throw, §1.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from scoring.actions import Action
from scoring.dice.hands import LABELS, RANKINGS, HandValue, best, value
from scoring.dice.turns import (
    OPENING_MESSAGES,
    OPENINGS,
    THROW_MESSAGES,
    Opening,
    TableRules,
    Throws,
    faces_text,
    roll_verbs,
)
from scoring.engine import (
    BaseEngine,
    OptionsError,
    check_seat,
    result_verdicts,
    sheet_row,
    winners,
)
from scoring.options import (
    check_known,
    check_table_size,
    option_choice,
    option_flag,
    option_whole,
)
from scoring.verdicts import COMMON, Kind, Message, MessageData, Messages, Verdict

MESSAGES = (
    COMMON
    | THROW_MESSAGES
    | OPENING_MESSAGES
    | Messages(
        {
            "stands": Message(
                "{player} stands on {dice}: {hand}", "{player} оставляет {dice}: {hand_ru}"
            ),
            "hand": Message("{player} ends with {dice}: {hand}", "У {player} {dice}: {hand_ru}"),
            "throws_set": Message(
                "{player} used {throws} throw(s): everybody else has {throws} this round",
                "{player} сделал бросков: {throws}; остальные в этом раунде бросают столько же",
            ),
            "must_use_throws": Message(
                "{player} must take all {throws} throws this round",
                "{player} должен сделать все {throws} броска в этом раунде",
            ),
            "round_won": Message(
                "{player} wins round {round} with {hand}",
                "{player} выигрывает раунд {round}: {hand_ru}",
            ),
            "round_shared": Message(
                "Round {round} is shared by {winners} with {hand}",
                "Раунд {round} поровну: {winners} ({hand_ru})",
            ),
            "playoff": Message(
                "{winners} tie with {hand}: they play again among themselves",
                "Ничья у {winners} ({hand_ru}): они переигрывают между собой",
            ),
            "bank_won": Message(
                "{player} takes the bank of {bank}", "{player} забирает банк: {bank}"
            ),
            "final_round": Message(
                "Round {round} is for {finalists} only",
                "В раунде {round} играют только {finalists}",
            ),
        }
    )
)

OPTIONS = (
    "throws", "reroll", "ranking", "die", "opening", "first_sets_throws", "others_throws",
    "rounds", "final_round", "finalists", "tie", "stake", "void_rethrow", "void_costs_throw",
    "players_min", "players_max",
)  # fmt: skip
FINAL_ROUNDS = ("all", "strongest", "weakest")
TIES = ("playoff", "shared")
OTHERS_THROWS = ("exact", "up_to")


@dataclass(frozen=True)
class ShowdownRules(TableRules):
    """A preset, read and checked once."""

    throws: int
    lock_kept: bool
    ranking: str
    labels: tuple[str, ...]
    first_sets_throws: bool
    others_throws: str
    rounds: int
    final_round: str
    finalists: int
    tie: str
    stake: int

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> ShowdownRules:
        check_known(options, OPTIONS, "the showdown")
        rules = cls(
            throws=option_whole(options, "throws", 3),
            lock_kept=option_choice(options, "reroll", ("free", "lock_kept"), "free")
            == "lock_kept",
            ranking=option_choice(options, "ranking", tuple(RANKINGS), "no_straights"),
            labels=LABELS[option_choice(options, "die", tuple(LABELS), "pips")],
            opening=option_choice(options, "opening", tuple(OPENINGS), "seating"),
            first_sets_throws=option_flag(options, "first_sets_throws", False),
            others_throws=option_choice(options, "others_throws", OTHERS_THROWS, "exact"),
            rounds=option_whole(options, "rounds", 1),
            final_round=option_choice(options, "final_round", FINAL_ROUNDS, "all"),
            finalists=option_whole(options, "finalists", 2),
            tie=option_choice(options, "tie", TIES, "playoff"),
            stake=option_whole(options, "stake", 0, minimum=0),
            **TableRules.shared(options),
        )
        if rules.stake and rules.tie != "playoff":
            raise OptionsError("stake: a bank needs one winner, so it needs tie: playoff")
        check_table_size(rules.players_min, rules.players_max)
        return rules


@dataclass(frozen=True)
class Played:
    """A finished round or play-off: who ended with which dice, and who won it."""

    round: int
    playoff: int
    hands: tuple[tuple[str, tuple[int, ...]], ...]
    winners: tuple[str, ...]


@dataclass(frozen=True)
class ShowdownState:
    players: tuple[str, ...]
    opening: Opening | None
    round: int = 1
    playoff: int = 0
    order: tuple[str, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    throws: Throws = field(default_factory=Throws)
    limit: int | None = None
    played: tuple[Played, ...] = ()
    over: bool = False

    @property
    def player(self) -> str | None:
        """Who is to act: the opening thrower, the player whose turn it is, None once over."""
        if self.over:
            return None
        if self.opening is not None:
            return self.opening.thrower
        return self.order[len(self.hands)]


class ShowdownEngine(BaseEngine[ShowdownState]):
    """The engine behind zariki and Indian dice."""

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.preset = preset
        self.rules = ShowdownRules.read(options)
        self._verbs = roll_verbs()

    def initial(self, players: Sequence[str]) -> ShowdownState:
        opening = self.rules.seat(players)
        state = ShowdownState(tuple(players), opening)
        return state if opening is not None else self._start_round(state, 1, players[0])[0]

    # ----------------------------------------------------------------------------------------
    # Rules.

    def apply(self, state: ShowdownState, action: Action) -> tuple[ShowdownState, list[Verdict]]:
        check_seat(state.players, state.player, action)
        if state.opening is not None:
            opening, verdicts = state.opening.apply(action, self.rules.labels)
            if opening.starter is None:
                return replace(state, opening=opening), verdicts
            state, more = self._start_round(replace(state, opening=None), 1, opening.starter)
            return state, verdicts + more
        if action.verb == "void":
            throws = state.throws.void(action.by, self._limit(state), self.rules.void)
            return replace(state, throws=throws), [
                self.rules.void.verdict(action.by, action.args["reason"])
            ]
        if action.verb == "keep":
            throws, verdict = state.throws.keep(
                action.by, action.args["dice"], self._limit(state), self.rules.labels
            )
            return replace(state, throws=throws), [verdict]
        if action.verb == "stand":
            return self._stand(state, action.by)
        throws, verdict = state.throws.roll(
            action.by,
            action.args["dice"],
            action.args.get("kept"),
            self._limit(state),
            self.rules.lock_kept,
            self.rules.labels,
        )
        state = replace(state, throws=throws)
        if throws.used < self._limit(state) or throws.rethrow is not None:
            return state, [verdict]
        state, verdicts = self._end_turn(state, "hand")
        return state, [verdict, *verdicts]

    def _limit(self, state: ShowdownState) -> int:
        return self.rules.throws if state.limit is None else state.limit

    def _stand(
        self, state: ShowdownState, player: str | None
    ) -> tuple[ShowdownState, list[Verdict]]:
        state.throws.check_stand(player)
        if (
            state.limit is not None
            and self.rules.others_throws == "exact"
            and state.throws.used < state.limit
        ):
            raise MESSAGES.illegal("must_use_throws", player, throws=state.limit)
        return self._end_turn(state, "stands")

    def _text(self, dice: Sequence[int]) -> MessageData:
        en, ru = self._value(dice).text(self.rules.labels)
        return {"dice": faces_text(dice, self.rules.labels), "hand": en, "hand_ru": ru}

    def _value(self, dice: Sequence[int]) -> HandValue:
        return value(dice, RANKINGS[self.rules.ranking])

    def _end_turn(self, state: ShowdownState, code: str) -> tuple[ShowdownState, list[Verdict]]:
        player, dice = state.player, state.throws.dice
        verdicts = [MESSAGES.verdict(Kind.INFO, code, player, **self._text(dice))]
        if self.rules.first_sets_throws and state.limit is None:
            state = replace(state, limit=state.throws.used)
            if len(state.order) > 1:
                verdicts.append(
                    MESSAGES.verdict(Kind.INFO, "throws_set", player, throws=state.limit)
                )
        state = replace(state, hands=(*state.hands, dice), throws=Throws())
        if len(state.hands) < len(state.order):
            return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", state.player)]
        state, more = self._end_round(state)
        return state, verdicts + more

    def _end_round(self, state: ShowdownState) -> tuple[ShowdownState, list[Verdict]]:
        values = {p: self._value(d) for p, d in zip(state.order, state.hands, strict=True)}
        top = best(values)
        played = Played(
            state.round, state.playoff, tuple(zip(state.order, state.hands, strict=True)), ()
        )
        text = self._text(state.hands[state.order.index(top[0])])
        if len(top) > 1 and self.rules.tie == "playoff":
            state = replace(state, played=(*state.played, played))
            verdict = MESSAGES.verdict(Kind.HAND_OVER, "playoff", winners=", ".join(top), **text)
            state, more = self._begin(state, state.round, state.playoff + 1, tuple(top))
            return state, [verdict, *more]
        state = replace(state, played=(*state.played, replace(played, winners=tuple(top))))
        if len(top) == 1:
            verdicts = [
                MESSAGES.verdict(Kind.HAND_OVER, "round_won", top[0], round=state.round, **text)
            ]
        else:
            verdicts = [
                MESSAGES.verdict(
                    Kind.HAND_OVER,
                    "round_shared",
                    round=state.round,
                    winners=", ".join(top),
                    **text,
                )
            ]
        if state.round < self.rules.rounds:
            starter = self._round_starter(state, state.round + 1)
            state, more = self._start_round(state, state.round + 1, starter)
            return state, verdicts + more
        state = replace(state, over=True, hands=(), order=())
        if self.rules.stake:
            bank = self.rules.stake * len(state.players)
            verdicts.append(MESSAGES.verdict(Kind.POINTS, "bank_won", top[0], bank=bank))
        return state, verdicts + result_verdicts(self.scores(state))

    def _round_starter(self, state: ShowdownState, number: int) -> str:
        """Each round opens one seat further clockwise than the one before [ASM]."""
        first = state.played[0].hands[0][0]
        return state.players[(state.players.index(first) + number - 1) % len(state.players)]

    def _start_round(
        self, state: ShowdownState, number: int, starter: str
    ) -> tuple[ShowdownState, list[Verdict]]:
        seat = state.players.index(starter)
        order = state.players[seat:] + state.players[:seat]
        verdicts: list[Verdict] = []
        if self._is_final(state, number):
            chosen = set(self._finalists(state))
            order = tuple(p for p in order if p in chosen)
            verdicts.append(
                MESSAGES.verdict(Kind.INFO, "final_round", round=number, finalists=", ".join(order))
            )
        state, more = self._begin(state, number, 0, order)
        return state, verdicts + more

    def _begin(
        self, state: ShowdownState, number: int, playoff: int, order: tuple[str, ...]
    ) -> tuple[ShowdownState, list[Verdict]]:
        state = replace(
            state, round=number, playoff=playoff, order=order, hands=(), throws=Throws(), limit=None
        )
        return state, [MESSAGES.verdict(Kind.TURN, "turn", state.player)]

    def _is_final(self, state: ShowdownState, number: int) -> bool:
        return (
            self.rules.final_round != "all"
            and number == self.rules.rounds
            and number > 1
            and self.rules.finalists < len(state.players)
        )

    def _finalists(self, state: ShowdownState) -> list[str]:
        """The two strongest (or weakest) after the earlier rounds: rounds won, then the hands
        of the latest round, then of the one before, then seat order [ASM]."""
        strongest = self.rules.final_round == "strongest"

        def strength(player: str) -> tuple[Any, ...]:
            won = sum(player in p.winners for p in state.played)
            hands = [
                self._value(dict(p.hands)[player])
                for p in reversed(state.played)
                if player in dict(p.hands) and p.playoff == 0
            ]
            return (won, *hands)

        ranked = sorted(state.players, key=strength, reverse=strongest)
        return ranked[: self.rules.finalists]

    # ----------------------------------------------------------------------------------------
    # Scores and views.

    def scores(self, state: ShowdownState) -> dict[str, int]:
        """Rounds won; with a bank (G6), the net stakes: everybody stakes on every game and
        its winner takes the bank (play-offs are part of their game)."""
        finished = [played for played in state.played if played.winners]
        won = {p: sum(p in played.winners for played in finished) for p in state.players}
        if not self.rules.stake:
            return won
        bank = self.rules.stake * len(state.players)
        return {p: bank * won[p] - self.rules.stake * len(finished) for p in state.players}

    def view(self, state: ShowdownState) -> dict[str, Any]:
        scores = self.scores(state)
        winner: str | list[str] | None = None
        if state.over:
            top = winners(scores)
            winner = top[0] if len(top) == 1 else top
        return {
            "game": self.game,
            "preset": self.preset,
            "players": list(state.players),
            "turn": state.player,
            "opening": None if state.opening is None else state.opening.view(),
            "round": state.round,
            "rounds": self.rules.rounds,
            "playoff": state.playoff,
            "order": list(state.order),
            "throw": state.throws.used,
            "throws": self._limit(state),
            "dice": list(state.throws.dice),
            "kept": list(state.throws.kept),
            "locked": list(state.throws.locked),
            "labels": list(self.rules.labels),
            "hands": {
                p: {**self._text(d), "faces": self._text(d)["dice"], "dice": list(d)}
                for p, d in zip(state.order, state.hands, strict=False)
            },
            "played": [
                {
                    "round": p.round,
                    "playoff": p.playoff,
                    "hands": {name: list(dice) for name, dice in p.hands},
                    "winners": list(p.winners),
                }
                for p in state.played
            ],
            "bank": self.rules.stake * len(state.players),
            "scores": scores,
            "over": state.over,
            "winner": winner,
        }

    def score_sheet(self, state: ShowdownState) -> dict[str, Any]:
        """One line per round and play-off (each player's hand, the winners marked), then the
        rounds won and, with a bank, the stakes."""
        rows: list[dict[str, Any]] = []
        for p in state.played:
            key = f"round_{p.round}" + (f"_playoff_{p.playoff}" if p.playoff else "")
            en = f"Round {p.round}" + (f", play-off {p.playoff}" if p.playoff else "")
            ru = f"Раунд {p.round}" + (f", переигровка {p.playoff}" if p.playoff else "")
            hands = dict(p.hands)
            cells = {
                name: (
                    self._text(hands[name])["dice"] + (" *" if name in p.winners else "")
                    if name in hands
                    else None
                )
                for name in state.players
            }
            rows.append({"key": key, "en": en, "ru": ru, "kind": "row", "cells": cells})
        won = {n: sum(n in p.winners for p in state.played) for n in state.players}
        rows.append(
            {"key": "rounds_won", "en": "Rounds won", "ru": "Выиграно раундов",
             "kind": "subtotal", "cells": won}
        )  # fmt: skip
        title = ("Stakes", "Ставки") if self.rules.stake else self.total_title
        rows.append(sheet_row("total", *title, self.scores(state), "total"))
        return {"columns": list(state.players), "rows": rows}

    def open_actions(self, state: ShowdownState) -> list[Action]:
        """The opening throw, or: a roll while throws are left, every keep the locks allow, a
        stand once the player may stop, and a void wherever a roll is due."""
        player = state.player
        if player is None:
            return []
        if state.opening is not None:
            return [Action("roll", player)]
        throws, limit = state.throws, self._limit(state)
        actions = throws.open_actions(player, limit)
        may_stop = state.limit is None or self.rules.others_throws == "up_to"
        if throws.used and not throws.rethrow is not None and (may_stop or throws.used >= limit):
            actions.append(Action("stand", player))
        return actions


ENGINE = ShowdownEngine
