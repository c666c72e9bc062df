"""Liar's Dice with a hand each (rules/dice.md G10, H L485-499): bids on all the dice.

Every round all players throw their own dice at once, under their cups (L487): the referee sees
no faces, so the throw is not an action; a die that lands on another makes that player throw
all his dice again, reported as ``void`` before the first bid (T49, ``stacked``).  Then the
players bid in turn, clockwise from the round's starter: a ``bid`` is a quantity and a face
counted over everybody's dice ("five 2s", L488).  The next player bids higher or challenges
(L489); on a ``challenge`` everybody reveals (L490) and the referee counts: at least the bid,
the bidder wins, otherwise the challenger does.  The loser of the challenge loses a die for good
(L491, §7 #16) and starts the next round (L492); the last player with dice wins (L520).  When
two players are left with one die each, they bid on the sum of both dice (L493).

Options: ``bidding`` (L489 and the three variants of L528-530), ``wild_ones`` (L525-526),
``opening`` (by agreement, or the highest throw of two dice, L486), ``dice`` per player (L481).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, IntField, Verb
from scoring.dice.bluffing import common as bluffing
from scoring.dice.bluffing.common import CHALLENGE
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
from scoring.engine import BaseEngine, check_seat, result_verdicts
from scoring.options import check_known, option_choice, option_flag, option_whole
from scoring.verdicts import COMMON, Kind, Message, Messages, Verdict

#: The raise rules: L489's base rule, then the variants (a), (b), (c) of L528-530, with the
#: words the referee uses when a bid breaks them.
BIDDING = {
    "same_face": ("a higher quantity of the same face", "больше костей того же номинала"),
    "quantity_or_face": (
        "a higher quantity of any face, or the same quantity of a higher face",
        "больше костей любого номинала или столько же костей старшего номинала",
    ),
    "face_any_quantity": (
        "a higher quantity of the same face, or any quantity of a higher face",
        "больше костей того же номинала или сколько угодно костей старшего номинала",
    ),
    "face_same_quantity": (
        "a higher quantity of the same face, or the same quantity of a higher face",
        "больше костей того же номинала или столько же костей старшего номинала",
    ),
}

MESSAGES = (
    COMMON
    | THROW_MESSAGES
    | bluffing.MESSAGES
    | Messages(
        {
            "bid": Message("{player} bids {bid}", "{player} ставит: {bid_ru}"),
            "bid_too_low": Message(
                "{bid} does not beat {previous}: bid {rule}",
                "«{bid_ru}» не выше, чем «{previous_ru}»: нужно {rule_ru}",
            ),
            "bid_over_dice": Message(
                "Only {total} dice are in play", "В игре всего {total} костей"
            ),
            "bid_on_sum": Message(
                "Two dice are left: bid on their sum", "Осталось две кости: ставка на их сумму"
            ),
            "bid_needs_face": Message(
                "A bid is a quantity and a face", "Ставка — это количество и номинал"
            ),
            "bidding_started": Message(
                "The dice were thrown at the start of the round and bidding has begun",
                "Кости бросали в начале раунда, торги уже идут",
            ),
            "already_revealed": Message(
                "{player} has already shown the dice", "{player} уже открыл кости"
            ),
            "not_in_play": Message("{player} has no dice left", "У {player} не осталось костей"),
            "shown_dice": Message("{player} shows {dice}", "{player} открывает {dice}"),
            "counted": Message(
                "{count} counted against the bid {bid}",
                "Насчитано {count} при ставке «{bid_ru}»",
            ),
            "bid_holds": Message(
                "The bid stands: {player} loses", "Ставка верна: {player} проиграл"
            ),
            "bid_fails": Message(
                "The bid fails: {player} loses", "Ставка не сыграла: {player} проиграл"
            ),
            "loses_die": Message(
                "{player} loses a die ({left} left)", "{player} теряет кость (осталось {left})"
            ),
        }
    )
)

OPTIONS = (
    "dice", "bidding", "wild_ones", "sum_duel", "opening", "void_rethrow", "void_costs_throw",
    "players_min", "players_max",
)  # fmt: skip


@dataclass(frozen=True)
class BidRules(TableRules):
    dice: int
    bidding: str
    wild_ones: bool
    sum_duel: bool

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> BidRules:
        check_known(options, OPTIONS, "Liar's Dice")
        return cls(
            dice=option_whole(options, "dice", DICE),
            bidding=option_choice(options, "bidding", tuple(BIDDING), "same_face"),
            wild_ones=option_flag(options, "wild_ones", False),
            sum_duel=option_flag(options, "sum_duel", True),
            opening=option_choice(options, "opening", ("seating", "two_dice"), "seating"),
            **TableRules.shared(options),
        )


@dataclass(frozen=True)
class Bid:
    """``quantity`` dice showing ``face``; a bid on the sum of two dice has face 0."""

    seat: int
    quantity: int
    face: int

    def words(self) -> tuple[str, str]:
        if not self.face:
            return f"a sum of {self.quantity}", f"сумма {self.quantity}"
        return f"{self.quantity} × {self.face}", f"{self.quantity} × {self.face}"


@dataclass(frozen=True)
class Judged:
    """A challenge settled: the bid, what was counted, and who lost a die."""

    round: int
    bid: Bid
    challenger: int
    count: int
    loser: int
    shown: tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class BidState:
    players: tuple[str, ...]
    dice: tuple[int, ...]
    opening: Opening | None = None
    round: int = 1
    turn: int = 0
    bids: tuple[Bid, ...] = ()
    challenger: int | None = None
    shown: tuple[tuple[int, tuple[int, ...]], ...] = ()
    voids: tuple[str, ...] = ()
    judged: tuple[Judged, ...] = ()
    over: bool = False

    @property
    def alive(self) -> tuple[bool, ...]:
        return tuple(d > 0 for d in self.dice)

    @property
    def to_show(self) -> list[int]:
        """Seats still to reveal after a challenge, in seat order."""
        done = {seat for seat, _ in self.shown}
        return [s for s, alive in enumerate(self.alive) if alive and s not in done]

    @property
    def player(self) -> str | None:
        if self.over:
            return None
        if self.opening is not None:
            return self.opening.thrower
        if self.challenger is not None:
            return self.players[self.to_show[0]]
        return self.players[self.turn]

    @property
    def one_die_each(self) -> bool:
        """L493: two players left with one die each."""
        return sorted(d for d in self.dice if d) == [1, 1]


class BidEngine(BaseEngine[BidState]):
    """The engine behind Liar's Dice with a hand of dice each."""

    total_title = ("Dice left", "Осталось костей")

    def _on_sum(self, state: BidState) -> bool:
        """Bids are on the sum of two dice when the preset plays L493 and one die each is left."""
        return self.rules.sum_duel and state.one_die_each

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.preset = preset
        self.rules = BidRules.read(options)
        self._verbs: dict[str, Verb] = {
            "bid": Verb(
                "bid",
                {"quantity": IntField(1), "face": IntField(1, 6), "sum": IntField(2, 12)},
                summary="how many dice of a face all players hold together (or a sum of two)",
            ),
            "challenge": CHALLENGE,
            "reveal": bluffing.reveal_verb(self.rules.dice),
            "void": VOID,
            **opening_verbs(self.rules.opening),
        }

    def initial(self, players: Sequence[str]) -> BidState:
        opening = self.rules.seat(players)
        return BidState(tuple(players), (self.rules.dice,) * len(players), opening)

    # ----------------------------------------------------------------------------------------
    # Rules.

    def apply(self, state: BidState, action: Action) -> tuple[BidState, list[Verdict]]:
        if action.verb == "void" and state.opening is None and not state.over:
            return self._void(state, action)
        if action.verb == "reveal" and state.challenger is not None and not state.over:
            return self._reveal(state, action)
        check_seat(state.players, state.player, action)
        if state.opening is not None:
            return throw_for_start(state, action, "turn")
        if state.challenger is not None:
            raise MESSAGES.illegal("must_reveal", action.by, claimant=state.player)
        if action.verb == "bid":
            return self._bid(state, action)
        if action.verb == "challenge":
            return self._challenge(state, action)
        raise bluffing.misplaced(action)

    def _seat_in_play(self, state: BidState, player: str | None) -> int:
        if player not in state.players:
            raise MESSAGES.illegal("unknown_player", player, players=", ".join(state.players))
        seat = state.players.index(player)
        if not state.dice[seat]:
            raise MESSAGES.illegal("not_in_play", player)
        return seat

    def _void(self, state: BidState, action: Action) -> tuple[BidState, list[Verdict]]:
        """T49: a die on another die; the player throws all his dice again, before bidding."""
        seat = self._seat_in_play(state, action.by)
        if state.bids or state.challenger is not None:
            raise MESSAGES.illegal("bidding_started", action.by)
        verdict = self.rules.void.verdict(action.by, action.args["reason"])
        return replace(state, voids=(*state.voids, state.players[seat])), [verdict]

    def _read_bid(self, state: BidState, action: Action) -> Bid:
        args, seat = action.args, state.turn
        if self._on_sum(state):
            if "sum" not in args or "quantity" in args or "face" in args:
                raise MESSAGES.illegal("bid_on_sum", action.by)
            return Bid(seat, args["sum"], 0)
        if "sum" in args or "quantity" not in args or "face" not in args:
            raise MESSAGES.illegal("bid_needs_face", action.by)
        total = sum(state.dice)
        if args["quantity"] > total:
            raise MESSAGES.illegal("bid_over_dice", action.by, total=total)
        return Bid(seat, args["quantity"], args["face"])

    def _raises(self, bid: Bid, previous: Bid) -> bool:
        q, f, pq, pf = bid.quantity, bid.face, previous.quantity, previous.face
        if not f:
            return q > pq
        return {
            "same_face": f == pf and q > pq,
            "quantity_or_face": q > pq or (q == pq and f > pf),
            "face_any_quantity": (f == pf and q > pq) or f > pf,
            "face_same_quantity": (f == pf and q > pq) or (q == pq and f > pf),
        }[self.rules.bidding]

    def _bid(self, state: BidState, action: Action) -> tuple[BidState, list[Verdict]]:
        bid = self._read_bid(state, action)
        en, ru = bid.words()
        if state.bids and not self._raises(bid, state.bids[-1]):
            before = state.bids[-1].words()
            rule = BIDDING[self.rules.bidding] if bid.face else ("a higher sum", "большая сумма")
            raise MESSAGES.illegal(
                "bid_too_low", action.by, bid=en, bid_ru=ru, previous=before[0],
                previous_ru=before[1], rule=rule[0], rule_ru=rule[1],
            )  # fmt: skip
        following = bluffing.next_in(state.players, state.alive, state.turn)
        state = replace(state, bids=(*state.bids, bid), turn=following)
        return state, [
            MESSAGES.verdict(Kind.INFO, "bid", action.by, bid=en, bid_ru=ru),
            MESSAGES.verdict(Kind.TURN, "turn", state.players[following]),
        ]

    def _challenge(self, state: BidState, action: Action) -> tuple[BidState, list[Verdict]]:
        if not state.bids:
            raise MESSAGES.illegal("no_claim_to_challenge", action.by)
        bidder = state.players[state.bids[-1].seat]
        verdict = MESSAGES.verdict(
            Kind.INFO, "challenged", action.by, call="Liar!", call_ru="Лжец!", claimant=bidder
        )
        return replace(state, challenger=state.turn), [verdict]

    def _reveal(self, state: BidState, action: Action) -> tuple[BidState, list[Verdict]]:
        seat = self._seat_in_play(state, action.by)
        if seat not in state.to_show:
            raise MESSAGES.illegal("already_revealed", action.by)
        dice = action.args["dice"]
        if len(dice) != state.dice[seat]:
            raise MESSAGES.illegal(
                "wrong_dice_count", action.by, dice_count=state.dice[seat], kept=0,
                thrown=len(dice),
            )  # fmt: skip
        state = replace(state, shown=(*state.shown, (seat, dice)))
        verdicts = [MESSAGES.verdict(Kind.INFO, "shown_dice", action.by, dice=faces_text(dice))]
        if state.to_show:
            return state, verdicts
        return self._judge(state, verdicts)

    def count(self, bid: Bid, dice: Sequence[int]) -> int:
        """What the dice show against a bid: its face (ones too when wild, unless the bid is on
        ones, L526), or the sum of the dice for a bid on the sum."""
        if not bid.face:
            return sum(dice)
        wild = self.rules.wild_ones and bid.face != 1
        return sum(1 for d in dice if d == bid.face or (wild and d == 1))

    def _judge(self, state: BidState, verdicts: list[Verdict]) -> tuple[BidState, list[Verdict]]:
        bid, challenger = state.bids[-1], state.challenger
        assert challenger is not None
        everything = [d for _, dice in state.shown for d in dice]
        count = self.count(bid, everything)
        holds = count >= bid.quantity
        loser = challenger if holds else bid.seat
        en, ru = bid.words()
        dice = tuple(d - 1 if s == loser else d for s, d in enumerate(state.dice))
        name = state.players[loser]
        verdicts += [
            MESSAGES.verdict(Kind.INFO, "counted", count=count, bid=en, bid_ru=ru),
            MESSAGES.verdict(Kind.HAND_OVER, "bid_holds" if holds else "bid_fails", name),
            MESSAGES.verdict(Kind.POINTS, "loses_die", name, -1, left=dice[loser]),
        ]
        judged = Judged(state.round, bid, challenger, count, loser, state.shown)
        state = replace(
            state, dice=dice, judged=(*state.judged, judged), bids=(), challenger=None, shown=(),
            voids=(), round=state.round + 1,
        )  # fmt: skip
        if not dice[loser]:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "out", name))
        if sum(state.alive) == 1:
            state = replace(state, over=True)
            return state, verdicts + result_verdicts(self.scores(state))
        starter = loser if dice[loser] else bluffing.next_in(state.players, state.alive, loser)
        state = replace(state, turn=starter)
        return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", state.players[starter])]

    # ----------------------------------------------------------------------------------------
    # Scores and views.

    def scores(self, state: BidState) -> dict[str, int]:
        return dict(zip(state.players, state.dice, strict=True))

    def view(self, state: BidState) -> dict[str, Any]:
        def bid_view(bid: Bid) -> dict[str, Any]:
            out: dict[str, Any] = {"by": state.players[bid.seat]}
            if bid.face:
                return {**out, "quantity": bid.quantity, "face": bid.face}
            return {**out, "sum": bid.quantity}

        last = state.judged[-1] if state.judged else None
        return {
            "game": self.game,
            "preset": self.preset,
            "players": list(state.players),
            "turn": state.player,
            "opening": None if state.opening is None else state.opening.view(),
            "round": state.round,
            "dice": self.scores(state),
            "dice_in_play": sum(state.dice),
            "on_sum": self._on_sum(state),
            "bids": [bid_view(b) for b in state.bids],
            "bid": bid_view(state.bids[-1]) if state.bids else None,
            "challenger": None if state.challenger is None else state.players[state.challenger],
            "shown": {state.players[s]: list(d) for s, d in state.shown},
            "rethrown": list(state.voids),
            "last": None if last is None else {
                "bid": bid_view(last.bid),
                "challenger": state.players[last.challenger],
                "count": last.count,
                "loser": state.players[last.loser],
                "shown": {state.players[s]: list(d) for s, d in last.shown},
            },
            "scores": self.scores(state),
            "over": state.over,
            "winner": state.players[state.alive.index(True)] if state.over else None,
        }  # fmt: skip

    def score_sheet(self, state: BidState) -> dict[str, Any]:
        """One line per challenge (the bid, the count, the die lost), then the dice left."""
        rows: list[dict[str, Any]] = []
        for j in state.judged:
            en, ru = j.bid.words()
            bidder = state.players[j.bid.seat]
            rows.append(
                {
                    "key": f"round_{j.round}",
                    "en": f"Round {j.round}: {bidder} bid {en}, counted {j.count}",
                    "ru": f"Раунд {j.round}: {bidder}, ставка {ru}, насчитано {j.count}",
                    "kind": "row",
                    "cells": {p: -1 if s == j.loser else None for s, p in enumerate(state.players)},
                }
            )
        rows.append(self.total_row(self.scores(state)))
        return {"columns": list(state.players), "rows": rows}

    def open_actions(self, state: BidState) -> list[Action]:
        player = state.player
        if player is None:
            return []
        if state.opening is not None:
            return [Action("roll", player)]
        if state.challenger is not None:
            return [Action("reveal", state.players[seat]) for seat in state.to_show]
        actions: list[Action] = []
        if not state.bids:
            actions += [
                Action("void", name, {"reason": "stacked"})
                for name, alive in zip(state.players, state.alive, strict=True)
                if alive
            ]
        else:
            actions.append(Action("challenge", player))
        previous = state.bids[-1] if state.bids else None
        if self._on_sum(state):
            candidates = [Bid(state.turn, total, 0) for total in range(2, 13)]
        else:
            candidates = [
                Bid(state.turn, quantity, face)
                for quantity in range(1, sum(state.dice) + 1)
                for face in range(1, 7)
            ]
        for bid in candidates:
            if previous is None or self._raises(bid, previous):
                actions.append(Action("bid", player, self._bid_args(bid)))
        return actions

    @staticmethod
    def _bid_args(bid: Bid) -> dict[str, int]:
        if not bid.face:
            return {"sum": bid.quantity}
        return {"quantity": bid.quantity, "face": bid.face}


ENGINE = BidEngine
