"""The pogs referee (docs/rules/pogs.md): a session of stacks, each staked, drawn for, called
and thrown out, with every chip accounted for by class.

Nothing is seen by a camera: the operator enters what each throw flipped and the re-throws the
players call.  The referee keeps the stakes equal in worth (§5), the draw's order and its
re-throws (§2.1), the base or the takes of each throw (§2.2-2.3), whose throw it is, the loans
(§3.7) and what each player has won, in ordinary chips.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from scoring.actions import Action, ChoiceField, IntField, NameField, Verb
from scoring.engine import (
    BaseEngine,
    OptionsError,
    best_of,
    check_players,
    result_verdicts,
    seat_of,
    sheet_row,
)
from scoring.options import check_known, option_choice, option_flag, option_whole
from scoring.pogs.chips import (
    CLASSES,
    NAMES,
    NONE,
    Chips,
    count,
    covers,
    minus,
    of_fields,
    plus,
    spoken,
    value,
)
from scoring.pogs.messages import FOULS, MESSAGES, PHASES, REASONS, VARIANTS
from scoring.verdicts import COMMON, IllegalMove, Kind, MessageData, Verdict

#: The most chips of one class a player brings or moves in one action.
MOST = 999
ZONES = ("table", "chair", "floor")


class Phase(StrEnum):
    STAKE = "stake"
    DRAW = "draw"
    CALL = "call"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class PogsState:
    """The session: each seat's chips, this stack's stakes (None: not yet; no chips: sat out),
    the stack and the base, the draw in progress (the seats still in it, those that flipped in
    this pass, the next to throw, whether he is finishing off his second chip), the draw's
    winner, the variant, the thrower, the loans (borrower, lender, chips) and each finished
    stack's net per seat, and each seat's net when the last stack was played out."""

    players: tuple[str, ...]
    held: tuple[Chips, ...]
    stakes: tuple[Chips | None, ...]
    phase: Phase = Phase.STAKE
    round: int = 1
    stake_value: int | None = None
    stack: Chips = NONE
    base: Chips = NONE
    drawing: tuple[int, ...] = ()
    flipped: tuple[int, ...] = ()
    at: int = 0
    finishing: bool = False
    leader: int | None = None
    variant: str | None = None
    thrower: int = 0
    loans: tuple[tuple[int, int, Chips], ...] = ()
    nets: tuple[tuple[int, ...], ...] = ()
    settled: tuple[int, ...] = ()


def set_at(values: tuple[Any, ...], seat: int, item: Any) -> tuple[Any, ...]:
    return (*values[:seat], item, *values[seat + 1 :])


def chip_data(chips: Chips, key: str = "chips") -> MessageData:
    """A verdict's words for some chips, in both languages."""
    return {key: spoken(chips, "en"), f"{key}_ru": spoken(chips, "ru")}


def refuse(code: str, player: str | None, **data: Any) -> IllegalMove:
    return MESSAGES.illegal(code, player, **data)


class PogsEngine(BaseEngine[PogsState]):
    """Every preset: the variant called or agreed, the draw's chips, the zone, one pocket, the
    purse and the number of stacks are options."""

    total_title = ("Won (ordinary chips)", "Выигрыш (в простых фишках)")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        check_known(options, ("variant", "draw_chips", "zone", "pocket", "purse", "rounds"), game)
        self.game, self.preset = game, preset
        self.variant = option_choice(options, "variant", ("called", *VARIANTS), "called")
        self.draw_chips = option_choice(options, "draw_chips", (1, 2), 1)
        self.zone = option_choice(options, "zone", ZONES, "table")
        self.pocket = option_flag(options, "pocket", False)
        self.rounds = option_whole(options, "rounds", 3)
        self.purse = self._purse(options.get("purse", [10, 0, 0]))
        chips = {name: IntField(0, MOST) for name in CLASSES}
        lender = {"from": NameField()}
        verbs = [
            Verb("stake", chips, ("plain",), summary="chips into the stack"),
            Verb("sit_out", summary="this stack without me"),
            Verb("borrow", {**lender, **chips}, ("from", "plain"), summary="borrow chips"),
            Verb("repay", {"to": NameField()}, ("to",), summary="return a loan"),
            Verb(
                "draw",
                {"flipped": IntField(0, self.draw_chips)},
                ("flipped",),
                summary="the draw: chips flipped",
            ),
            Verb(
                "throw",
                {
                    "flipped": IntField(0, MOST),
                    "new": IntField(0, MOST),
                    "plastic": IntField(0, MOST),
                },
                ("flipped",),
                summary="chips flipped (of them new, plastic)",
            ),
            Verb("rethrow", {"reason": ChoiceField(tuple(REASONS))}, ("reason",)),
            Verb("flick", summary="a chip flicked off the edge"),
            Verb("foul", {"kind": ChoiceField(tuple(FOULS))}, ("kind",), summary="unfair play"),
        ]
        if self.variant == "called":
            verbs.append(Verb("call", {"variant": ChoiceField(tuple(VARIANTS))}, ("variant",)))
        self._verbs = {verb.name: verb for verb in verbs}
        self._handlers = {
            "stake": self._stake,
            "sit_out": self._sit_out,
            "borrow": self._borrow,
            "repay": self._repay,
            "draw": self._draw,
            "call": self._call,
            "throw": self._throw,
            "rethrow": self._rethrow,
            "flick": self._flick,
            "foul": self._foul,
        }

    @staticmethod
    def _purse(raw: Any) -> Chips:
        if (
            not isinstance(raw, list)
            or len(raw) != 3
            or any(isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MOST for n in raw)
            or not sum(raw)
        ):
            raise OptionsError(
                f"purse: expected the chips a player brings as [ordinary, new, plastic], "
                f"0 to {MOST} each and at least one chip, got {raw!r}"
            )
        return (raw[0], raw[1], raw[2])

    # Seats ----------------------------------------------------------------------------------

    def initial(self, players: Sequence[str]) -> PogsState:
        check_players(players, 4 if self.pocket else 2, 4 if self.pocket else None)
        seats = len(players)
        return PogsState(
            tuple(players), (self.purse,) * seats, (None,) * seats, settled=(0,) * seats
        )

    def admit(self, state: PogsState, action: Action) -> None:
        seat_of(state.players, action.by, state.phase is Phase.OVER)

    def turn(self, state: PogsState) -> int | None:
        """Who acts: the first not yet staked, the drawer, the draw's winner, the thrower."""
        if state.phase is Phase.STAKE:
            return next(seat for seat, stake in enumerate(state.stakes) if stake is None)
        if state.phase is Phase.DRAW:
            return state.drawing[state.at]
        if state.phase is Phase.CALL:
            return state.leader
        if state.phase is Phase.PLAY:
            return state.thrower
        return None

    def _expect(self, state: PogsState, action: Action, *phases: Phase) -> int:
        """The actor's seat where the verb is open in these phases (the turn's own verbs check
        the turn too)."""
        seat = state.players.index(action.by or "")
        if state.phase not in phases:
            english, russian = PHASES[str(state.phase)]
            raise refuse("wrong_phase", action.by, phase=english, phase_ru=russian)
        return seat

    def _own_turn(self, state: PogsState, action: Action, *phases: Phase) -> int:
        seat = self._expect(state, action, *phases)
        turn = self.turn(state)
        if seat != turn:
            raise COMMON.illegal("not_your_turn", action.by, turn=state.players[turn or 0])
        return seat

    # The stakes (§5, D2) and the loans (§3.7, D11) -------------------------------------------

    def _stake(self, state: PogsState, action: Action) -> tuple[PogsState, list[Verdict]]:
        seat = self._expect(state, action, Phase.STAKE)
        if state.stakes[seat] is not None:
            raise refuse("already_staked", action.by)
        chips = of_fields(action.args)
        if not count(chips):
            raise refuse("empty_stake", action.by)
        if not covers(state.held[seat], chips):
            raise refuse("not_held", action.by, **chip_data(chips))
        worth = value(chips)
        if state.stake_value is not None and worth != state.stake_value:
            raise refuse("unequal_stake", action.by, worth=worth, wanted=state.stake_value)
        state = replace(
            state,
            held=set_at(state.held, seat, minus(state.held[seat], chips)),
            stakes=set_at(state.stakes, seat, chips),
            stake_value=worth,
        )
        said = [MESSAGES.verdict(Kind.INFO, "staked", action.by, worth=worth, **chip_data(chips))]
        return self._start(state, said)

    def _sit_out(self, state: PogsState, action: Action) -> tuple[PogsState, list[Verdict]]:
        seat = self._expect(state, action, Phase.STAKE)
        if state.stakes[seat] is not None:
            raise refuse("already_staked", action.by)
        state = replace(state, stakes=set_at(state.stakes, seat, NONE))
        return self._start(state, [MESSAGES.verdict(Kind.INFO, "sat_out", action.by)])

    def stakers(self, state: PogsState) -> tuple[int, ...]:
        return tuple(seat for seat, stake in enumerate(state.stakes) if stake and count(stake))

    def _start(self, state: PogsState, said: list[Verdict]) -> tuple[PogsState, list[Verdict]]:
        """Once everyone has staked or sat out: the stack, and the draw among the stakers."""
        if any(stake is None for stake in state.stakes):
            return state, said
        stakers = self.stakers(state)
        if len(stakers) < 2:
            for seat, stake in enumerate(state.stakes):  # a lone stake goes back
                if stake:
                    state = replace(
                        state, held=set_at(state.held, seat, plus(state.held[seat], stake))
                    )
            state = replace(state, phase=Phase.OVER)
            said.append(MESSAGES.verdict(Kind.GAME_OVER, "too_few"))
            return state, said + result_verdicts(self.scores(state))
        stack = NONE
        for seat in stakers:
            stack = plus(stack, state.stakes[seat] or NONE)
        state = replace(state, phase=Phase.DRAW, stack=stack, drawing=stakers, at=0, flipped=())
        names = ", ".join(state.players[seat] for seat in stakers)
        said.append(
            MESSAGES.verdict(
                Kind.INFO, "stack", round=state.round, players=names, **chip_data(stack)
            )
        )
        return state, said

    def _borrow(self, state: PogsState, action: Action) -> tuple[PogsState, list[Verdict]]:
        seat = self._expect(state, action, Phase.STAKE)
        if count(state.held[seat]):
            raise refuse("has_chips", action.by)
        if state.stakes[seat] is not None:
            raise refuse("already_staked", action.by)
        lender = self._other(state, action, action.args["from"])
        chips = of_fields(action.args)
        if not count(chips):
            raise refuse("empty_stake", action.by)
        if not covers(state.held[lender], chips):
            raise refuse("not_held", state.players[lender], **chip_data(chips))
        held = set_at(state.held, lender, minus(state.held[lender], chips))
        held = set_at(held, seat, plus(held[seat], chips))
        state = replace(state, held=held, loans=(*state.loans, (seat, lender, chips)))
        other = state.players[lender]
        return state, [
            MESSAGES.verdict(Kind.INFO, "borrowed", action.by, other=other, **chip_data(chips))
        ]

    def _repay(self, state: PogsState, action: Action) -> tuple[PogsState, list[Verdict]]:
        seat = self._expect(state, action, Phase.STAKE)
        lender = self._other(state, action, action.args["to"])
        loan = next((loan for loan in state.loans if loan[:2] == (seat, lender)), None)
        other = state.players[lender]
        if loan is None:
            raise refuse("no_loan", action.by, other=other)
        chips = loan[2]
        if not covers(state.held[seat], chips):
            raise refuse("not_held", action.by, **chip_data(chips))
        held = set_at(state.held, seat, minus(state.held[seat], chips))
        held = set_at(held, lender, plus(held[lender], chips))
        loans = list(state.loans)
        loans.remove(loan)
        state = replace(state, held=held, loans=tuple(loans))
        return state, [
            MESSAGES.verdict(Kind.INFO, "repaid", action.by, other=other, **chip_data(chips))
        ]

    @staticmethod
    def _other(state: PogsState, action: Action, name: str) -> int:
        if name not in state.players:
            raise COMMON.illegal("unknown_player", name, players=", ".join(state.players))
        if name == action.by:
            raise refuse("not_other", action.by)
        return state.players.index(name)

    # The draw (§2.1, D3, D4) and the call (D5) ------------------------------------------------

    def _draw(self, state: PogsState, action: Action) -> tuple[PogsState, list[Verdict]]:
        seat = self._own_turn(state, action, Phase.DRAW)
        flipped = action.args["flipped"]
        thrown = 1 if state.finishing else self.draw_chips
        if flipped > thrown:
            raise refuse("too_many_draw", action.by, flipped=flipped, chips=thrown)
        if not state.finishing and thrown == 2 and flipped == 1:
            return replace(state, finishing=True), [
                MESSAGES.verdict(Kind.INFO, "finish_off", action.by)
            ]
        won = flipped == thrown
        said = [MESSAGES.verdict(Kind.INFO, "draw_flipped" if won else "draw_missed", action.by)]
        state = replace(
            state,
            finishing=False,
            flipped=(*state.flipped, seat) if won else state.flipped,
            at=state.at + 1,
        )
        if state.at < len(state.drawing):
            return state, said
        if len(state.flipped) != 1:  # several flipped: they argue it out; none: all again
            again = state.flipped or state.drawing
            state = replace(state, drawing=again, flipped=(), at=0)
            names = ", ".join(state.players[s] for s in again)
            return state, [*said, MESSAGES.verdict(Kind.INFO, "draw_again", players=names)]
        leader = state.flipped[0]
        said.append(MESSAGES.verdict(Kind.INFO, "draw_won", state.players[leader]))
        state = replace(state, leader=leader, thrower=leader, drawing=(), flipped=(), at=0)
        if self.variant == "called":
            return replace(state, phase=Phase.CALL), said
        return replace(state, phase=Phase.PLAY, variant=self.variant), said

    def _call(self, state: PogsState, action: Action) -> tuple[PogsState, list[Verdict]]:
        self._expect(state, action, Phase.CALL)
        leader = state.players[state.leader or 0]
        if action.by != leader:
            raise refuse("not_draw_winner", action.by, other=leader)
        variant = action.args["variant"]
        english, russian = VARIANTS[variant]
        state = replace(state, phase=Phase.PLAY, variant=variant)
        return state, [
            MESSAGES.verdict(Kind.INFO, "called", action.by, variant=english, variant_ru=russian)
        ]

    # Throwing the stack (§2.2-2.3, D6) --------------------------------------------------------

    def _throw(self, state: PogsState, action: Action) -> tuple[PogsState, list[Verdict]]:
        seat = self._own_turn(state, action, Phase.PLAY)
        flipped = action.args["flipped"]
        new, plastic = action.args.get("new", 0), action.args.get("plastic", 0)
        if new + plastic > flipped:
            raise refuse("bad_split", action.by, new=new, plastic=plastic, flipped=flipped)
        chips: Chips = (flipped - new - plastic, new, plastic)
        if not covers(state.stack, chips):
            raise refuse(
                "too_many", action.by, **chip_data(chips), **chip_data(state.stack, "stack")
            )
        state = replace(state, stack=minus(state.stack, chips))
        player = action.by
        said: list[Verdict] = []
        if state.variant == "bases":
            if flipped:
                said.append(MESSAGES.verdict(Kind.POINTS, "to_base", player, **chip_data(chips)))
            state = replace(state, base=plus(state.base, chips))
            if not count(state.stack):
                base = state.base
                held = set_at(state.held, seat, plus(state.held[seat], base))
                state = replace(state, held=held, base=NONE)
                said.append(
                    MESSAGES.verdict(
                        Kind.POINTS, "takes_base", player, value(base), **chip_data(base)
                    )
                )
                return self._stack_over(state, said)
            if flipped:
                return state, [*said, MESSAGES.verdict(Kind.TURN, "again", player)]
            return self._pass(state, said)
        if flipped:
            held = set_at(state.held, seat, plus(state.held[seat], chips))
            state = replace(state, held=held)
            said.append(
                MESSAGES.verdict(Kind.POINTS, "takes", player, value(chips), **chip_data(chips))
            )
        if not count(state.stack):
            return self._stack_over(state, said)
        return self._pass(state, said)

    def _pass(self, state: PogsState, said: list[Verdict]) -> tuple[PogsState, list[Verdict]]:
        """The stack goes clockwise to the next player who staked."""
        stakers = self.stakers(state)
        later = [s for s in stakers if s > state.thrower]
        following = later[0] if later else stakers[0]
        state = replace(state, thrower=following)
        other = state.players[following]
        return state, [*said, MESSAGES.verdict(Kind.TURN, "passes", other=other)]

    def _stack_over(self, state: PogsState, said: list[Verdict]) -> tuple[PogsState, list[Verdict]]:
        nets = self.nets(state)
        per_seat = tuple(now - before for now, before in zip(nets, state.settled, strict=True))
        said.append(MESSAGES.verdict(Kind.HAND_OVER, "stack_over", round=state.round))
        seats = len(state.players)
        state = replace(
            state,
            nets=(*state.nets, per_seat),
            settled=nets,
            stakes=(None,) * seats,
            stake_value=None,
            stack=NONE,
            leader=None,
            variant=None,
        )
        if state.round >= self.rounds:
            state = replace(state, phase=Phase.OVER)
            return state, said + result_verdicts(self.scores(state))
        return replace(state, phase=Phase.STAKE, round=state.round + 1), said

    # Reports: re-throws (§3.1-3.4, D7), flicking (§3.3, D8), unfair play (§4, D9) -------------

    def _rethrow(self, state: PogsState, action: Action) -> tuple[PogsState, list[Verdict]]:
        self._own_turn(state, action, Phase.DRAW, Phase.PLAY)
        reason = action.args["reason"]
        if reason == "chip_on_chip":
            raise refuse("not_interference", action.by)
        if reason == "bottom_only":
            raise refuse("not_lyapa", action.by)
        english, russian = REASONS[reason]
        return state, [
            MESSAGES.verdict(Kind.INFO, "rethrow", action.by, reason=english, reason_ru=russian)
        ]

    def _flick(self, state: PogsState, action: Action) -> tuple[PogsState, list[Verdict]]:
        self._own_turn(state, action, Phase.DRAW, Phase.PLAY)
        if self.zone == "floor":
            raise refuse("no_edge", action.by)
        return state, [MESSAGES.verdict(Kind.INFO, "flick", action.by)]

    def _foul(self, state: PogsState, action: Action) -> tuple[PogsState, list[Verdict]]:
        seat = self._expect(state, action, Phase.PLAY)
        english, russian = FOULS[action.args["kind"]]
        words: MessageData = {"what": english, "what_ru": russian}
        if seat == state.thrower:
            said = [MESSAGES.verdict(Kind.FOUL, "foul_pass", action.by, **words)]
            return self._pass(state, said)
        thrower = state.players[state.thrower]
        return state, [MESSAGES.verdict(Kind.FOUL, "foul_again", action.by, other=thrower, **words)]

    # What is open ---------------------------------------------------------------------------

    def open_actions(self, state: PogsState) -> list[Action]:
        turn = self.turn(state)
        if turn is None:
            return []
        player = state.players[turn]
        if state.phase is Phase.DRAW:
            return [Action("draw", player)]
        if state.phase is Phase.CALL:
            return [Action("call", player, {"variant": v}) for v in VARIANTS]
        if state.phase is Phase.PLAY:
            return [Action("throw", player)]
        out = []
        for seat, p in enumerate(state.players):
            if state.stakes[seat] is not None:
                continue
            if count(state.held[seat]):
                out.append(Action("stake", p))
            else:
                out.append(Action("borrow", p))
            out.append(Action("sit_out", p))
        for borrower, lender, chips in state.loans:
            if covers(state.held[borrower], chips):
                out.append(Action("repay", state.players[borrower], {"to": state.players[lender]}))
        return out

    # Scores and the sheet (D1, D10) ---------------------------------------------------------

    def nets(self, state: PogsState) -> tuple[int, ...]:
        """Each seat's chips net in ordinary chips: held less brought, plus lent, less owed."""
        out = [value(held) - value(self.purse) for held in state.held]
        for borrower, lender, chips in state.loans:
            out[borrower] -= value(chips)
            out[lender] += value(chips)
        return tuple(out)

    def partners(self, seat: int, seats: int) -> tuple[int, ...]:
        """One pocket: seats 1 and 3 against 2 and 4 (D10); otherwise each alone."""
        return tuple(s for s in range(seats) if s % 2 == seat % 2) if self.pocket else (seat,)

    def scores(self, state: PogsState) -> dict[str, int]:
        """What the stacks played out have won (D1): a stake in the stack is at risk, not yet
        lost, so the scores move only when a stack is over."""
        nets = state.settled
        seats = len(state.players)
        return {
            p: sum(nets[s] for s in self.partners(seat, seats))
            for seat, p in enumerate(state.players)
        }

    def view(self, state: PogsState) -> dict[str, Any]:
        scores = self.scores(state)
        turn = self.turn(state)
        names = state.players

        def by_class(chips: Chips) -> dict[str, int]:
            return dict(zip(CLASSES, chips, strict=True))

        return {
            "players": list(names),
            "turn": None if turn is None else names[turn],
            "scores": scores,
            "over": state.phase is Phase.OVER,
            "winner": best_of(scores) if state.phase is Phase.OVER else None,
            "phase": str(state.phase),
            "round": state.round,
            "rounds": self.rounds,
            "variant": state.variant,
            "stack": by_class(state.stack),
            "base": by_class(state.base),
            "held": {p: by_class(chips) for p, chips in zip(names, state.held, strict=True)},
            "staked": {
                p: None if stake is None else by_class(stake)
                for p, stake in zip(names, state.stakes, strict=True)
            },
            "drawing": [names[s] for s in state.drawing],
            "finishing": state.finishing,
            "loans": [
                {"borrower": names[b], "lender": names[lender], "chips": by_class(chips)}
                for b, lender, chips in state.loans
            ],
            "pocket": self.pocket,
        }

    def score_sheet(self, state: PogsState) -> dict[str, Any]:
        """Each player's chips by class and their worth, what he brought, the loans, each stack's
        net; the total is the net (the team's under one pocket, each partner's half shown)."""
        names = state.players
        rows = []
        for index, name in enumerate(CLASSES):
            english, russian = NAMES[name]
            cells = {p: held[index] for p, held in zip(names, state.held, strict=True)}
            rows.append(sheet_row(f"held_{name}", f"Chips: {english}", f"Фишки: {russian}", cells))
        worth = {p: value(held) for p, held in zip(names, state.held, strict=True)}
        rows.append(sheet_row("worth", "Worth", "Стоимость", worth, "subtotal"))
        brought = dict.fromkeys(names, -value(self.purse))
        rows.append(sheet_row("brought", "Brought (less)", "Принёс (минус)", brought))
        nets = self.nets(state)
        loans = {p: nets[s] - worth[p] + value(self.purse) for s, p in enumerate(names)}
        rows.append(sheet_row("loans", "Loans (+ lent, - owed)", "Долги (+ дал, - взял)", loans))
        for number, per_seat in enumerate(state.nets, start=1):
            cells = dict(zip(names, per_seat, strict=True))
            rows.append(sheet_row(f"stack_{number}", f"Stack {number}", f"Игра {number}", cells))
        scores = self.scores(state)
        if self.pocket:
            half = {p: f"{scores[p] / 2:g}" for p in names}
            rows.append(sheet_row("share", "Each partner's half", "Доля каждого", half))
        rows.append(self.total_row(scores))
        return {"columns": list(names), "rows": rows}


ENGINE = PogsEngine
