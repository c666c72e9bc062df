"""LCR, Left Centre Right (docs/rules/lcr.md, seed 000 L555-806), with LCR Wild, Wilder, the
last-chip and dot-to-win endings and chosen stakes.

Chips are counted by the engine: the table only reports the faces thrown (ordinary dice, read
as L607-612 map them: 1-3 dot, 4 L, 5 C, 6 R; 1 is Wild under ``wild``) and, where a Wild leaves a
choice, whom the chips go to or come from.  Everything a throw does without a choice is done at
once, so a camera's ``roll`` moves the chips by itself.

Verbs
  ``ante``  ``chips``: the chips a player buys before the game (``stakes: choose``, L668-670).
  ``flip``  pay 3 chips to the centre before throwing: this throw takes instead of gives
            (``wilder``, L650-656).
  ``roll``  ``dice``: the faces thrown, as many dice as the thrower's chips, at most 3.
  ``wild``  ``who`` [``second``]: whom a Wild throw takes chips from (or gives chips to, after
            a ``flip``); ``second`` is the second chip's player when two Wilds move two chips,
            ``who`` again when left out (L645).
  ``void``  the throw was invalid (§1.4 of dice.md): thrown again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations_with_replacement
from typing import Any

from scoring.actions import Action, IntField, NameField, Verb
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import (
    DiceGame,
    Options,
    check_count,
    left_of,
    not_now,
    right_of,
    roll_verb,
    rolled,
)
from scoring.engine import OptionsError, check_players, sheet_row
from scoring.verdicts import COMMON, IllegalMove, Kind, Message, Messages, Verdict

#: Ordinary dice read as LCR dice (L607-612, L721-724, L801); 1 is Wild in LCR Wild (L638).
LEFT, CENTRE, RIGHT, WILD = 4, 5, 6, 1
#: The most dice a player throws, whatever their chips (L600, L765).
MOST_DICE = 3
#: What Wilder's flip costs (L652).
FLIP_PRICE = 3
#: How a game ends: the last player with chips (L630), the last chip into the centre
#: (L658-660), or the last holder throwing only dots (L662-666).
ENDINGS = ("last_holder", "last_chip", "dots")
STAKES = ("fixed", "choose")


class Phase(StrEnum):
    ANTE = "ante"
    THROW = "throw"
    WILD = "wild"
    OVER = "over"


MESSAGES = FAMILY | Messages(
    {
        "ante": Message("{player} plays with {chips} chips", "{player} играет с {chips} фишками"),
        "give_left": Message(
            "L: {player} gives a chip to {other} on the left",
            "L: {player} отдаёт фишку соседу слева, {other}",
        ),
        "give_right": Message(
            "R: {player} gives a chip to {other} on the right",
            "R: {player} отдаёт фишку соседу справа, {other}",
        ),
        "give_centre": Message(
            "C: {player} puts a chip in the centre", "C: {player} кладёт фишку в центр"
        ),
        "take_left": Message(
            "L: {player} takes a chip from {other} on the left",
            "L: {player} берёт фишку у соседа слева, {other}",
        ),
        "take_right": Message(
            "R: {player} takes a chip from {other} on the right",
            "R: {player} берёт фишку у соседа справа, {other}",
        ),
        "take_centre": Message(
            "C: {player} takes a chip from the centre", "C: {player} берёт фишку из центра"
        ),
        "nothing_to_take": Message(
            "{player}: {other} has no chip to take", "{player}: у {other} нет фишки, брать нечего"
        ),
        "wild_take": Message(
            "Wild: {player} takes a chip from {other}", "Wild: {player} берёт фишку у {other}"
        ),
        "wild_give": Message(
            "Wild: {player} gives a chip to {other}", "Wild: {player} отдаёт фишку {other}"
        ),
        "wild_choose": Message(
            "Wild: {player} chooses whom {count} chip(s) go to or come from",
            "Wild: {player} выбирает, кому отдать или у кого взять фишек: {count}",
        ),
        "wild_pot": Message(
            "Three Wilds: {player} takes the centre's {pot} chips and wins at once",
            "Три Wild: {player} забирает из центра {pot} фишек и сразу побеждает",
        ),
        "wild_dump": Message(
            "Three Wilds after the flip: {player} puts all {chips} chips in the centre",
            "Три Wild после переворота: {player} кладёт в центр все фишки ({chips})",
        ),
        "flip": Message(
            "{player} pays 3 chips to the centre: this throw takes instead of gives",
            "{player} платит в центр 3 фишки: этот бросок берёт, а не отдаёт",
        ),
        "skip": Message(
            "{player} has no chips and does not throw", "У {player} нет фишек, он не бросает"
        ),
        "sole_holder": Message(
            "{player} alone has chips: only dots win", "Фишки только у {player}: победят лишь точки"
        ),
        "collects": Message(
            "{player} takes the centre's {pot} chips", "{player} забирает из центра {pot} фишек"
        ),
        "last_chip": Message(
            "{player} puts the last chip in the centre and wins",
            "{player} кладёт в центр последнюю фишку и побеждает",
        ),
        "carry_over": Message(
            "Every chip is in the centre: nobody wins, its {pot} chips stay for the next game",
            "Все фишки в центре: никто не выиграл, {pot} фишек остаются на следующую игру",
        ),
        "no_flip": Message(
            "{player} cannot flip: {reason}", "{player} не может перевернуть кости: {reason_ru}"
        ),
        "bad_wild": Message(
            "{player} cannot move Wild chips that way: {reason}",
            "{player} не может так разыграть Wild: {reason_ru}",
        ),
    }
)


@dataclass(frozen=True)
class LcrState:
    """The chips in front of each seat and in the centre; ``pending`` is the number of Wild
    chips waiting for the thrower's choice, ``flipped`` whether this turn paid for Wilder's
    flip; ``start`` the chips each seat began with (for the sheet)."""

    players: tuple[str, ...]
    chips: tuple[int, ...]
    start: tuple[int, ...]
    centre: int = 0
    thrower: int = 0
    phase: Phase = Phase.THROW
    flipped: bool = False
    pending: int = 0
    last: tuple[int, ...] = ()
    winner: int | None = None
    collected: int = 0

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def holders(self) -> list[int]:
        return [seat for seat, chips in enumerate(self.chips) if chips]


def moved(chips: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    """The chips with one seat's count changed: states are frozen, so a move is a new tuple."""
    return (*chips[:seat], chips[seat] + by, *chips[seat + 1 :])


class LcrEngine(DiceGame[LcrState]):
    """One engine for every LCR preset; the options say which variant rules apply."""

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("chips", "stakes", "wild", "wilder", "end"))
        self.chips = read.whole("chips", 3)
        self.choose = read.choice("stakes", "fixed", STAKES) == "choose"
        self.wild = read.flag("wild", False)
        self.wilder = read.flag("wilder", False)
        self.end = read.choice("end", "last_holder", ENDINGS)
        if self.wilder and not self.wild:
            raise OptionsError("wilder: Wilder is played on LCR Wild (L650), set wild: true too")
        verbs = [roll_verb(MOST_DICE, least=1)]
        if self.choose:
            verbs.append(Verb("ante", {"chips": IntField(1)}, ("chips",), summary="chips bought"))
        if self.wild:
            verbs.append(
                Verb(
                    "wild",
                    {"who": NameField(), "second": NameField()},
                    ("who",),
                    summary="whom Wild chips come from or go to",
                )
            )
        if self.wilder:
            verbs.append(Verb("flip", summary="pay 3 chips so that this throw takes"))
        super().__init__(game, preset, verbs, read)
        self._steps = {
            "ante": self._ante,
            "flip": self._flip,
            "roll": self._roll,
            "wild": self._wild,
        }

    def initial(self, players: Sequence[str]) -> LcrState:
        check_players(players, 3)  # L586
        count = len(players)
        if self.choose:
            return LcrState(tuple(players), (0,) * count, (0,) * count, phase=Phase.ANTE)
        return LcrState(tuple(players), (self.chips,) * count, (self.chips,) * count)

    # Rules ---------------------------------------------------------------------------------

    def _play(self, state: LcrState, action: Action) -> tuple[LcrState, list[Verdict]]:
        """One verb is open per phase (and Wilder's flip beside the throw): a throw read by the
        camera while a Wild choice waits must be refused, not taken as the next turn's."""
        expected = {
            Phase.ANTE: ("ante", "the chips bought", "ставка фишками"),
            Phase.THROW: ("roll", "a throw", "бросок"),
            Phase.WILD: ("wild", "the Wild chips' players", "выбор игроков для Wild"),
        }[state.phase]
        allowed = {expected[0], "flip"} if state.phase is Phase.THROW else {expected[0]}
        if action.verb not in allowed:
            raise not_now(action.by, action.verb, expected[1], expected[2])
        return self._steps[action.verb](state, action)

    def _throwing(self, state: LcrState, player: str | None) -> bool:
        """Only a throw can be void, not an ante or a Wild choice."""
        return state.phase is Phase.THROW

    def _ante(self, state: LcrState, action: Action) -> tuple[LcrState, list[Verdict]]:
        """Each player in turn says how many chips they buy (L670); then the first plays."""
        bought = action.args["chips"]
        chips = moved(state.chips, state.thrower, bought)
        verdicts = [MESSAGES.verdict(Kind.INFO, "ante", action.by, chips=bought)]
        state = replace(state, chips=chips, start=chips)
        if state.thrower + 1 < len(state.players):
            state = replace(state, thrower=state.thrower + 1)
            return state, [*verdicts, self._turn_verdict(state)]
        state = replace(state, thrower=0, phase=Phase.THROW)
        return state, [*verdicts, self._turn_verdict(state)]

    def _flip(self, state: LcrState, action: Action) -> tuple[LcrState, list[Verdict]]:
        """Wilder (L652): before the throw, 3 chips to the centre turn gives into takes."""
        if state.flipped:
            raise MESSAGES.illegal(
                "no_flip", action.by, reason="already paid", reason_ru="уже заплачено"
            )
        if state.chips[state.thrower] < FLIP_PRICE:
            raise MESSAGES.illegal(
                "no_flip",
                action.by,
                reason="fewer than 3 chips",
                reason_ru="меньше 3 фишек",
            )
        state = replace(
            state,
            chips=moved(state.chips, state.thrower, -FLIP_PRICE),
            centre=state.centre + FLIP_PRICE,
            flipped=True,
        )
        return state, [MESSAGES.verdict(Kind.INFO, "flip", action.by)]

    def dice_count(self, state: LcrState) -> int:
        """As many dice as chips, at most 3 (L598-603); after a flip the throw keeps the three
        dice its chips gave before paying [decision D9]."""
        return MOST_DICE if state.flipped else min(state.chips[state.thrower], MOST_DICE)

    def _roll(self, state: LcrState, action: Action) -> tuple[LcrState, list[Verdict]]:
        dice = action.args["dice"]
        check_count(action.by, dice, self.dice_count(state))
        seat, count = state.thrower, len(state.players)
        sole = state.holders() == [seat]
        verdicts = [rolled(action.by, dice)]
        state = replace(state, last=tuple(dice))
        wilds = dice.count(WILD) if self.wild else 0
        if wilds == MOST_DICE:
            return self._three_wilds(state, verdicts)
        # The L, C and R dice first, then the Wilds [decision D5].
        for die in dice:
            if die in (LEFT, RIGHT):
                other = left_of(seat, count) if die == LEFT else right_of(seat, count)
                side = "left" if die == LEFT else "right"
                state, said = self._pass(state, seat, other, side)
                verdicts += said
            elif die == CENTRE:
                state, said = self._centre(state, seat)
                verdicts += said
        if wilds:
            state, said = self._wilds(state, wilds)
            verdicts += said
            if state.phase is Phase.WILD:
                return state, verdicts
        if self.end == "dots" and sole and all(self._dot(die) for die in dice):
            return self._won(state, seat, verdicts)  # L664-666
        return self._turn_over(state, verdicts)

    def _dot(self, die: int) -> bool:
        return die not in (LEFT, CENTRE, RIGHT) and not (self.wild and die == WILD)

    def _pass(
        self, state: LcrState, seat: int, other: int, side: str
    ) -> tuple[LcrState, list[Verdict]]:
        """L or R: a chip to that neighbour (L617, L619), or from them after a flip (L654)."""
        player, name = state.players[seat], state.players[other]
        if not state.flipped:
            chips = moved(moved(state.chips, seat, -1), other, 1)
            said = MESSAGES.verdict(Kind.INFO, f"give_{side}", player, other=name)
            return replace(state, chips=chips), [said]
        if not state.chips[other]:
            return state, [MESSAGES.verdict(Kind.INFO, "nothing_to_take", player, other=name)]
        chips = moved(moved(state.chips, seat, 1), other, -1)
        said = MESSAGES.verdict(Kind.INFO, f"take_{side}", player, other=name)
        return replace(state, chips=chips), [said]

    def _centre(self, state: LcrState, seat: int) -> tuple[LcrState, list[Verdict]]:
        """C: a chip into the centre (L618), or out of it after a flip (L654)."""
        player = state.players[seat]
        if not state.flipped:
            state = replace(state, chips=moved(state.chips, seat, -1), centre=state.centre + 1)
            return state, [MESSAGES.verdict(Kind.INFO, "give_centre", player)]
        if not state.centre:
            return state, [
                MESSAGES.verdict(Kind.INFO, "nothing_to_take", player, other="the centre")
            ]
        state = replace(state, chips=moved(state.chips, seat, 1), centre=state.centre - 1)
        return state, [MESSAGES.verdict(Kind.INFO, "take_centre", player)]

    def _three_wilds(
        self, state: LcrState, verdicts: list[Verdict]
    ) -> tuple[LcrState, list[Verdict]]:
        """Three Wilds win the centre at once (L646); after a flip they put every chip of
        the thrower in the centre instead (L656)."""
        seat = state.thrower
        player = state.players[seat]
        if state.flipped:
            chips = state.chips[seat]
            state = replace(
                state, chips=moved(state.chips, seat, -chips), centre=state.centre + chips
            )
            verdicts.append(MESSAGES.verdict(Kind.INFO, "wild_dump", player, chips=chips))
            return self._turn_over(state, verdicts)
        verdicts.append(MESSAGES.verdict(Kind.INFO, "wild_pot", player, pot=state.centre))
        return self._won(state, seat, verdicts)

    def choices(self, state: LcrState, wilds: int) -> list[tuple[int, ...]]:
        """The ways the Wild chips can go: each a sorted tuple of opponents' seats, one per
        chip.  Taking (L644-645) needs the chips to be there; giving after a flip (L656) as
        many chips as the thrower has, to any opponents."""
        seat = state.thrower
        others = [s for s in range(len(state.players)) if s != seat]
        if state.flipped:
            count = min(wilds, state.chips[seat])
            return list(combinations_with_replacement(others, count)) if count else []
        count = min(wilds, sum(state.chips[s] for s in others))
        if not count:
            return []
        return [
            pick
            for pick in combinations_with_replacement(others, count)
            if all(pick.count(s) <= state.chips[s] for s in set(pick))
        ]

    def _wilds(self, state: LcrState, wilds: int) -> tuple[LcrState, list[Verdict]]:
        """One or two Wilds: chips from (or to) opponents of the thrower's choice; a choice
        the chips leave no room for is made at once [decision D6]."""
        options = self.choices(state, wilds)
        if len(options) > 1:
            state = replace(state, phase=Phase.WILD, pending=wilds)
            player = state.players[state.thrower]
            count = len(options[0])
            return state, [MESSAGES.verdict(Kind.INFO, "wild_choose", player, count=count)]
        if not options or not options[0]:
            return state, []
        return self._move_wilds(state, options[0])

    def _move_wilds(self, state: LcrState, pick: tuple[int, ...]) -> tuple[LcrState, list[Verdict]]:
        seat, chips, verdicts = state.thrower, state.chips, []
        player, step = state.players[seat], -1 if state.flipped else 1
        code = "wild_give" if state.flipped else "wild_take"
        for other in pick:
            chips = moved(moved(chips, seat, step), other, -step)
            verdicts.append(MESSAGES.verdict(Kind.INFO, code, player, other=state.players[other]))
        return replace(state, chips=chips, pending=0, phase=Phase.THROW), verdicts

    def _wild(self, state: LcrState, action: Action) -> tuple[LcrState, list[Verdict]]:
        options = self.choices(state, state.pending)
        names = [action.args["who"]]
        if len(options[0]) == 2:
            names.append(action.args.get("second", names[0]))
        elif "second" in action.args:
            raise self._bad_wild(action, "one chip only", "только одна фишка")
        if any(name not in state.players for name in names):
            raise COMMON.illegal(
                "unknown_player", ", ".join(names), players=", ".join(state.players)
            )
        pick = tuple(sorted(state.players.index(name) for name in names))
        if state.thrower in pick:
            raise self._bad_wild(action, "not from oneself", "не самому себе")
        if pick not in options:
            raise self._bad_wild(action, "they have too few chips", "у них мало фишек")
        state, verdicts = self._move_wilds(state, pick)
        return self._turn_over(state, verdicts)

    @staticmethod
    def _bad_wild(action: Action, reason: str, reason_ru: str) -> IllegalMove:
        return MESSAGES.illegal("bad_wild", action.by, reason=reason, reason_ru=reason_ru)

    def _turn_over(
        self, state: LcrState, verdicts: list[Verdict]
    ) -> tuple[LcrState, list[Verdict]]:
        """The throw is done: the end is judged, then the dice pass clockwise to the next
        player with chips (L596, L622, L626); the chipless are passed over."""
        holders = state.holders()
        state = replace(state, flipped=False, pending=0)
        if not holders:
            if self.end == "last_chip":  # L660
                seat = state.thrower
                said = MESSAGES.verdict(Kind.INFO, "last_chip", state.players[seat])
                return self._won(state, seat, [*verdicts, said])
            state = replace(state, phase=Phase.OVER)  # L664: a double pot next game
            carry = MESSAGES.verdict(Kind.GAME_OVER, "carry_over", pot=state.centre)
            return state, [*verdicts, carry, COMMON.verdict(Kind.GAME_OVER, "game_over")]
        if len(holders) == 1 and self.end == "last_holder":  # L630
            return self._won(state, holders[0], verdicts)
        count, seat = len(state.players), state.thrower
        for _ in range(count):
            seat = left_of(seat, count)
            if state.chips[seat]:
                break
            verdicts.append(MESSAGES.verdict(Kind.INFO, "skip", state.players[seat]))
        state = replace(state, thrower=seat)
        verdicts.append(self._turn_verdict(state))
        if self.end == "dots" and holders == [seat]:
            verdicts.append(MESSAGES.verdict(Kind.INFO, "sole_holder", state.players[seat]))
        return state, verdicts

    def _won(
        self, state: LcrState, seat: int, verdicts: list[Verdict]
    ) -> tuple[LcrState, list[Verdict]]:
        """The winner keeps their chips and takes the centre's (L630, L779)."""
        player, pot = state.players[seat], state.centre
        state = replace(
            state,
            chips=moved(state.chips, seat, pot),
            centre=0,
            collected=pot,
            winner=seat,
            phase=Phase.OVER,
            pending=0,
            flipped=False,
        )
        return state, [
            *verdicts,
            MESSAGES.verdict(Kind.POINTS, "collects", player, pot, pot=pot),
            COMMON.verdict(Kind.GAME_OVER, "game_over"),
            COMMON.verdict(Kind.GAME_OVER, "winner", player, state.chips[seat]),
        ]

    def _turn_verdict(self, state: LcrState) -> Verdict:
        return MESSAGES.verdict(Kind.TURN, "turn", state.players[state.thrower])

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: LcrState) -> str | None:
        return None if state.over else state.players[state.thrower]

    def scores(self, state: LcrState) -> dict[str, int]:
        return dict(zip(state.players, state.chips, strict=True))

    def winner(self, state: LcrState) -> str | None:
        return None if state.winner is None else state.players[state.winner]

    def details(self, state: LcrState) -> dict[str, Any]:
        """No ``dice`` key: every throw is all the thrower's dice, so the camera reads each
        settled scene as a fresh throw (session/interpreters/dice.py)."""
        return {
            "phase": str(state.phase),
            "centre": state.centre,
            "live": None if state.over else self.dice_count(state),
            "last_throw": list(state.last),
            "flipped": state.flipped,
            "pending": state.pending,
            "end": self.end,
        }

    def open_actions(self, state: LcrState) -> list[Action]:
        player = self.turn(state)
        if player is None:
            return []
        if state.phase is Phase.ANTE:
            return [Action("ante", player)]
        if state.phase is Phase.WILD:
            return [self._wild_action(state, pick) for pick in self.choices(state, state.pending)]
        out = [Action("roll", player)]
        if self.wilder and not state.flipped and state.chips[state.thrower] >= FLIP_PRICE:
            out.append(Action("flip", player))
        return out

    def _wild_action(self, state: LcrState, pick: tuple[int, ...]) -> Action:
        args = {"who": state.players[pick[0]]}
        if len(pick) == 2:
            args["second"] = state.players[pick[1]]
        return Action("wild", state.players[state.thrower], args)

    def sheet_rows(self, state: LcrState) -> list[dict[str, Any]]:
        """Chips at the start, net chips passed in play, the centre collected by the winner:
        the three add up to the total."""
        start = dict(zip(state.players, state.start, strict=True))
        won = {
            p: state.collected if seat == state.winner else 0
            for seat, p in enumerate(state.players)
        }
        net = {
            p: chips - start[p] - won[p]
            for p, chips in zip(state.players, state.chips, strict=True)
        }
        return [
            sheet_row("start", "Chips at the start", "Фишек в начале", start),
            sheet_row("passed", "Chips won (+) or lost (-) in play", "Фишки в игре (+/-)", net),
            sheet_row("centre", "Centre collected", "Забрано из центра", won),
        ]


ENGINE = LcrEngine
