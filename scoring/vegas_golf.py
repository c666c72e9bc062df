"""Vegas Golf (docs/rules/vegas_golf.md, seed 000 L807-851): a round of golf kept hole by hole,
with the side game's chips and their settlement.

The round is played on a course, not at a table under a camera, so everything comes from the
operator (or the panel): each player's strokes on the hole, and the chip events the group calls
out.  The referee counts the chips: which are earned from the strokes alone (Birdie, Eagle,
three pars in a row, Seven, 8 Ball), who holds each chip, the putting challenges of Can't Putt
This, the Mulligans handed in, and what every player wins or pays at the end.

There is one chip of each kind [decision D1]: a player who earns a chip takes it from whoever
holds it, and the holder of a chip at the end settles it with every other player.

Verbs
  ``strokes``  ``strokes``: the player's strokes on the current hole; the hole closes when every
               player has one.
  ``chip``     ``chip``: the player earns a chip the group called (a sand trap, a 1-putt, WILD).
  ``challenge`` ``against``, ``winner`` [``chip``]: Can't Putt This's holder challenges an
               opponent to a putt (L822-824); the winner may take a good chip from the loser or
               give him a bad one.
  ``final``    ``winner``, ``loser`` [``chip``]: the optional last-hole challenge (L825-827).
  ``mulligan`` the player hands in this nine's Mulligan chip (L831).
  ``outdrive`` ``from``: a lady outdrove ``from``, who pays her twice the bet on the spot (L850).
  ``cart``     the beer cart came: the holder of the BEER chip buys a round (L851).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from scoring.actions import Action, ChoiceField, IntField, NameField, Verb
from scoring.engine import BaseEngine, OptionsError, best_of, check_players, sheet_row
from scoring.options import check_known, option_choice, option_flag
from scoring.verdicts import COMMON, IllegalMove, Kind, Message, Messages, Verdict

#: The most strokes entered on one hole: a bigger number is a typo [decision D12].
MOST_STROKES = 20
#: A hole's par is 3, 4 or 5 on the courses the seed speaks of (L813, L818, L851); 6 is allowed.
PARS = (3, 4, 5, 6)
#: A par-72 card (36 out, 36 in), the default course [decision D11].
COURSE = (4, 5, 4, 3, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5)
#: The longest text of the WILD chip's house rule.
WILD_TEXT = 60


@dataclass(frozen=True)
class Chip:
    """One chip of the set: its id, titles, whether it is good (+) or bad (-) for its holder, and
    what it is worth in bets (the seed's "tip: make it a double bet", L815-817, L849)."""

    id: str
    en: str
    ru: str
    good: bool
    bets: int = 1
    counted: bool = False  # earned from the strokes alone, never called by the group


CHIPS: tuple[Chip, ...] = (
    Chip("birdie", "Birdie", "Бёрди", True, counted=True),  # L811
    Chip("one_putt", "1Putt", "1Putt (в один удар на грине)", True),  # L812
    Chip("closest_to_pin", "Closest to the pin", "Ближайший к флагу", True),  # L813
    Chip("sandy", "Sandy", "Сэнди", True),  # L814
    Chip("chip_in", "Chip In", "Chip In", True, 2),  # L815
    Chip("eagle", "Eagle", "Игл", True, 3, counted=True),  # L816
    Chip("three_pars", "3 pars in a row", "3 пара подряд", True, 2, counted=True),  # L817
    Chip("longest_drive", "Longest drive", "Самый длинный драйв", True),  # L818
    Chip("cant_putt_this", "Can't Putt This", "Can't Putt This", True, 0),  # L819-827
    Chip("sand", "Sand", "Песок", False),  # L835
    Chip("water", "Water", "Вода", False),  # L836
    Chip("trees", "Trees", "Деревья", False),  # L837
    Chip("three_putt", "3Putt", "3Putt (три удара на грине)", False),  # L838
    Chip("eight_ball", "8 Ball", "8 Ball", False, counted=True),  # L839
    Chip("lost_ball", "Lost ball", "Потерянный мяч", False),  # L840
    Chip("out_of_bounds", "Out of bounds", "Аут", False),  # L841
    Chip("seven", "Seven", "Семь", False, counted=True),  # L842
    Chip("skull", "Skull", "Череп", False),  # L843
    Chip("putt_off", "Putt off", "Putt Off (с грина)", False),  # L844
    Chip("cursing", "%$*#?!", "%$*#?!", False),  # L845
    Chip("grave_digger", "Grave digger", "Могильщик", False),  # L846
    Chip("magic_carpet", "Magic carpet", "Ковёр-самолёт", False),  # L847
    Chip("worm_burner", "Worm burner", "Червяк", False),  # L848
    Chip("you_suck", "You suck", "You Suck", False, 3),  # L849
    Chip("lady", "Lady chip", "Дамская фишка", False),  # L850
    Chip("beer", "BEER!", "ПИВО!", False, 0),  # L851
)
CHIP_IDS = tuple(chip.id for chip in CHIPS)
#: The one chip that moves only by the challenges' rules (L819-827).
CANT_PUTT = "cant_putt_this"
#: The chip a house rule names before the first hole (L829).
WILD = "wild"
SIGNS = ("positive", "negative")


class Phase(StrEnum):
    PLAY = "play"
    FINAL = "final"  # the last hole's strokes are in, the optional final challenge is due
    OVER = "over"


MESSAGES = Messages(
    {
        "strokes": Message(
            "{player}: {strokes} on hole {hole} (par {par})",
            "{player}: {strokes} на лунке {hole} (пар {par})",
        ),
        "takes": Message("{player} takes the {chip} chip", "{player} получает фишку «{chip_ru}»"),
        "takes_from": Message(
            "{player} takes the {chip} chip from {other}",
            "{player} забирает фишку «{chip_ru}» у {other}",
        ),
        "gives": Message(
            "{player} gives the {chip} chip to {other}",
            "{player} отдаёт фишку «{chip_ru}» игроку {other}",
        ),
        "tie_stays": Message(
            "{chip}: earned by {names} alike, the chip stays where it is",
            "{chip_ru}: заработали сразу {names}, фишка остаётся где была",
        ),
        "hole_over": Message(
            "Hole {hole} is done; hole {next} (par {par})",
            "Лунка {hole} сыграна; лунка {next} (пар {par})",
        ),
        "challenge": Message(
            "Putting challenge: {player} beats {other}",
            "Вызов на патт: {player} побеждает {other}",
        ),
        "final": Message(
            "Last-hole challenge: {player} wins, {other} loses and keeps Can't Putt This",
            "Вызов на последней лунке: побеждает {player}, {other} проигрывает и оставляет "
            "себе Can't Putt This",
        ),
        "final_due": Message(
            "Can't Putt This must be played on the last hole: {player} calls the challenge",
            "Can't Putt This нужно разыграть на последней лунке: {player} вызывает",
        ),
        "mulligan": Message(
            "{player} hands in the Mulligan chip", "{player} сдаёт фишку Маллигана"
        ),
        "outdrive": Message(
            "{other} was outdriven by {player} and pays her {bets} bets",
            "{player} выбила дальше {other}: {other} платит ей ставок: {bets}",
        ),
        "cart": Message(
            "The beer cart! {player} holds BEER and buys a round",
            "Пивная тележка! ПИВО у {player}: он покупает всем по кругу",
        ),
        "round_over": Message(
            "The round is over: the chips are settled", "Раунд окончен: фишки рассчитаны"
        ),
    }
)


#: The chips called on one par only (D13, L813, L851): the par, then the refusal's English,
#: Russian and code.
ONLY_ON_PAR: Mapping[str, tuple[int, str, str, str]] = {
    "beer": (3, "BEER is given on a par 3 only", "ПИВО дают только на пар 3", "not_par_three"),
    "longest_drive": (
        5,
        "Longest drive is played on a par 5 only",
        "самый длинный драйв играют только на пар 5",
        "not_par_five",
    ),
}


def refuse(player: str | None, reason: str, reason_ru: str, code: str) -> IllegalMove:
    """One refusal with its reason in both languages; the code says which rule it was.  A
    verb without a player (the beer cart) gives the reason alone."""
    who = f"{player}: " if player else ""
    data = {"reason": reason, "reason_ru": reason_ru}
    return IllegalMove(
        Verdict(Kind.ILLEGAL, code, who + reason, who + reason_ru, player, data=data)
    )


@dataclass(frozen=True)
class RoundState:
    """The round so far: ``strokes`` one tuple per hole begun (a seat's entry None until it is
    in), ``holder`` the seat holding each chip of the engine's set (None: in the box),
    ``streak`` each seat's holes at par or better since its last three-pars chip, ``mulligans``
    the Mulligans handed in during the current nine, ``paid`` the bets each seat got (+) or paid
    (-) on the spot (L850), ``rounds`` the rounds of beer each seat bought."""

    players: tuple[str, ...]
    strokes: tuple[tuple[int | None, ...], ...]
    holder: tuple[int | None, ...]
    streak: tuple[int, ...]
    mulligans: tuple[int, ...]
    paid: tuple[int, ...]
    rounds: tuple[int, ...]
    challenged: bool = False
    final_done: bool = False
    phase: Phase = Phase.PLAY

    @property
    def hole(self) -> int:
        """The current hole, counted from 0."""
        return len(self.strokes) - 1

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER


def bumped(values: tuple[int, ...], seat: int, by: int) -> tuple[int, ...]:
    """A per-seat tuple with one seat's value changed: states are frozen."""
    return (*values[:seat], values[seat] + by, *values[seat + 1 :])


class VegasGolfEngine(BaseEngine[RoundState]):
    """One engine for every Vegas Golf preset: the course, the chips in play and the optional
    rules are options."""

    total_title = ("Chips settled (bets)", "Расчёт по фишкам (ставки)")

    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        check_known(
            options, ("pars", "chips", "wild", "wild_sign", "mulligans", "final_challenge"), game
        )
        self.game, self.preset = game, preset
        self.pars = self._pars(options.get("pars", list(COURSE)))
        self.wild = self._wild(options.get("wild", ""))
        good = option_choice(options, "wild_sign", SIGNS, "positive") == "positive"
        self.mulligans = option_flag(options, "mulligans", False)
        self.final = option_flag(options, "final_challenge", False)
        named = self._chips(options.get("chips", list(CHIP_IDS)))
        wild = (Chip(WILD, f"WILD ({self.wild})", f"WILD ({self.wild})", good),)
        self.chips: tuple[Chip, ...] = (*named, *(wild if self.wild else ()))
        self.index = {chip.id: place for place, chip in enumerate(self.chips)}
        called = tuple(chip.id for chip in self.chips if not chip.counted)
        moved = tuple(chip.id for chip in self.chips if self._movable(chip))
        verbs = [
            Verb(
                "strokes",
                {"strokes": IntField(1, MOST_STROKES)},
                ("strokes",),
                summary="strokes on the current hole",
            )
        ]
        if called:
            verbs.append(
                Verb("chip", {"chip": ChoiceField(called)}, ("chip",), summary="a chip earned")
            )
        if "lady" in self.index:  # the outdrive payment is the Lady chip's rule (L850)
            verbs.append(
                Verb(
                    "outdrive",
                    {"from": NameField()},
                    ("from",),
                    summary="a lady outdrove this player: 2 bets on the spot",
                )
            )
        if "beer" in self.index:
            verbs.append(Verb("cart", needs_player=False, summary="the beer cart came"))
        if CANT_PUTT in self.index:
            chip = ChoiceField(moved) if moved else None
            extra = {"chip": chip} if chip is not None else {}
            verbs.append(
                Verb(
                    "challenge",
                    {"against": NameField(), "winner": NameField(), **extra},
                    ("against", "winner"),
                    summary="Can't Putt This: a putting challenge",
                )
            )
            if self.final:
                verbs.append(
                    Verb(
                        "final",
                        {"winner": NameField(), "loser": NameField(), **extra},
                        ("winner", "loser"),
                        summary="the last hole's putting challenge",
                    )
                )
        if self.mulligans:
            verbs.append(Verb("mulligan", summary="hand in this nine's Mulligan chip"))
        self._verbs = {verb.name: verb for verb in verbs}
        self._handlers = {
            "strokes": self._strokes,
            "chip": self._chip,
            "challenge": self._challenge,
            "final": self._final,
            "mulligan": self._mulligan,
            "outdrive": self._outdrive,
            "cart": self._cart,
        }

    # Options --------------------------------------------------------------------------------

    @staticmethod
    def _pars(value: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or not value or len(value) > 36:
            raise OptionsError(f"pars: expected a list of 1 to 36 holes' pars, got {value!r}")
        for par in value:
            if isinstance(par, bool) or par not in PARS:
                raise OptionsError(f"pars: {par!r} is not a par (3, 4, 5 or 6)")
        return tuple(value)

    @staticmethod
    def _wild(value: Any) -> str:
        """WILD is the group's own rule, named before the first hole (L829): its words."""
        if not isinstance(value, str) or len(value) > WILD_TEXT or "\n" in value:
            raise OptionsError(
                f"wild: expected the house rule's name on one line of at most {WILD_TEXT} "
                f"characters, got {value!r}"
            )
        return value.strip()

    @staticmethod
    def _chips(value: Any) -> tuple[Chip, ...]:
        """The chips of the set bought (L809, L833: they depend on the version)."""
        if not isinstance(value, list) or not value:
            raise OptionsError(f"chips: expected a list of chip names, got {value!r}")
        for name in value:
            if name not in CHIP_IDS:
                raise OptionsError(f"chips: {name!r} is not a chip ({', '.join(CHIP_IDS)})")
        return tuple(chip for chip in CHIPS if chip.id in value)

    @staticmethod
    def _movable(chip: Chip) -> bool:
        """What a challenge may move (L823): any good or bad chip but Can't Putt This itself and
        BEER, which leaves only on a par 3 (L851)."""
        return chip.id not in (CANT_PUTT, "beer")

    # The rules --------------------------------------------------------------------------------

    def initial(self, players: Sequence[str]) -> RoundState:
        check_players(players, 2)
        count = len(players)
        zero = (0,) * count
        return RoundState(
            tuple(players),
            ((None,) * count,),
            (None,) * len(self.chips),
            zero,
            zero,
            zero,
            zero,
        )

    def admit(self, state: RoundState, action: Action) -> None:
        """Anyone may enter at any time, in any order (a group plays on, the scorer writes as
        it is called out); a stranger and anything after the round are refused, and once the
        last hole's strokes are in only the due final challenge is open."""
        if action.by is not None and action.by not in state.players:
            raise COMMON.illegal("unknown_player", action.by, players=", ".join(state.players))
        if state.over:
            raise COMMON.illegal("game_over", action.by)
        if state.phase is Phase.FINAL and action.verb != "final":
            raise refuse(
                action.by,
                "the last hole's challenge is due first",
                "сначала вызов на последней лунке",
                "final_due",
            )

    def _strokes(self, state: RoundState, action: Action) -> tuple[RoundState, list[Verdict]]:
        """A player's strokes on the hole, once [decision D12]: a second entry is a mistake to
        undo or correct, never silently replaced."""
        seat, hole = state.players.index(action.by or ""), state.hole
        if state.strokes[hole][seat] is not None:
            raise refuse(
                action.by,
                "strokes already entered on this hole (undo or correct them)",
                "удары на этой лунке уже записаны (отмените или исправьте)",
                "already_entered",
            )
        strokes = action.args["strokes"]
        row = (*state.strokes[hole][:seat], strokes, *state.strokes[hole][seat + 1 :])
        state = replace(state, strokes=(*state.strokes[:hole], row))
        said = [
            MESSAGES.verdict(
                Kind.INFO, "strokes", action.by, strokes=strokes, hole=hole + 1, par=self.pars[hole]
            )
        ]
        if any(entry is None for entry in row):
            return state, said
        return self._close(state, said)

    def _close(self, state: RoundState, said: list[Verdict]) -> tuple[RoundState, list[Verdict]]:
        """Every stroke of the hole is in: the chips the strokes earn change hands (L811, L816,
        L817, L839, L842), then the next hole begins, or the round ends."""
        hole, par = state.hole, self.pars[state.hole]
        row = [entry or 0 for entry in state.strokes[hole]]
        streak = tuple(
            run + 1 if strokes <= par else 0 for run, strokes in zip(state.streak, row, strict=True)
        )
        earned = {
            "eagle": [s for s, n in enumerate(row) if n <= par - 2],  # D3: 3+ under is an Eagle
            "birdie": [s for s, n in enumerate(row) if n == par - 1],
            "three_pars": [s for s, run in enumerate(streak) if run >= 3],
            "eight_ball": [s for s, n in enumerate(row) if n >= 8],
            "seven": [s for s, n in enumerate(row) if n == 7],
        }
        streak = tuple(0 if run >= 3 else run for run in streak)  # D4: a new run starts
        state = replace(state, streak=streak)
        for chip, seats in earned.items():
            if chip not in self.index or not seats:
                continue
            if len(seats) > 1:  # D5: earned alike, nobody takes it
                names = ", ".join(state.players[s] for s in seats)
                said.append(self._said("tie_stays", None, chip, names=names))
                continue
            state, moved = self._take(state, seats[0], chip)
            said += moved
        if hole + 1 < len(self.pars):
            nine = (hole + 1) % 9 == 0
            state = replace(
                state,
                strokes=(*state.strokes, (None,) * len(state.players)),
                challenged=False,
                mulligans=(0,) * len(state.players) if nine else state.mulligans,
            )
            said.append(
                MESSAGES.verdict(
                    Kind.INFO,
                    "hole_over",
                    None,
                    hole=hole + 1,
                    next=hole + 2,
                    par=self.pars[hole + 1],
                )
            )
            return state, said
        holder = self._holder(state, CANT_PUTT)
        if self.final and holder is not None and not state.final_done:
            said.append(MESSAGES.verdict(Kind.INFO, "final_due", state.players[holder]))
            return replace(state, phase=Phase.FINAL), said
        return self._end(state, said)

    def _end(self, state: RoundState, said: list[Verdict]) -> tuple[RoundState, list[Verdict]]:
        state = replace(state, phase=Phase.OVER)
        said.append(MESSAGES.verdict(Kind.GAME_OVER, "round_over"))
        said.append(COMMON.verdict(Kind.GAME_OVER, "game_over"))
        return state, said

    def _chip(self, state: RoundState, action: Action) -> tuple[RoundState, list[Verdict]]:
        seat, chip = state.players.index(action.by or ""), action.args["chip"]
        par = self.pars[state.hole]
        if chip == CANT_PUTT and self._holder(state, CANT_PUTT) is not None:
            raise refuse(
                action.by,
                "Can't Putt This moves only by a putting challenge",
                "Can't Putt This переходит только через вызов на патт",
                "challenge_only",
            )
        if chip in ONLY_ON_PAR and par != ONLY_ON_PAR[chip][0]:
            raise refuse(action.by, *ONLY_ON_PAR[chip][1:])
        if self._holder(state, chip) == seat:
            raise refuse(
                action.by, "already holds that chip", "эта фишка уже у него", "already_held"
            )
        return self._take(state, seat, chip)

    def _take(self, state: RoundState, seat: int, chip: str) -> tuple[RoundState, list[Verdict]]:
        """The chip comes to ``seat`` from whoever held it (or from the box) [decision D1]."""
        before = self._holder(state, chip)
        if before == seat:
            return state, []
        index = self.index[chip]
        state = replace(state, holder=(*state.holder[:index], seat, *state.holder[index + 1 :]))
        player = state.players[seat]
        if before is None:
            return state, [self._said("takes", player, chip)]
        return state, [self._said("takes_from", player, chip, other=state.players[before])]

    def _challenge(self, state: RoundState, action: Action) -> tuple[RoundState, list[Verdict]]:
        """Can't Putt This (L821-824): after the first hole its holder may challenge any
        opponent, once a hole [decision D7]; the chip stays with its holder [decision D8]."""
        by = action.by or ""
        self._check_holder(state, by)
        if state.hole == 0:
            raise refuse(
                by, "no challenge on the first hole", "на первой лунке вызова нет", "first_hole"
            )
        if state.challenged:
            raise refuse(by, "one challenge a hole", "один вызов за лунку", "challenged")
        against, winner = action.args["against"], action.args["winner"]
        self._check_player(state, against)
        if against == by:
            raise refuse(
                by, "a challenge is against an opponent", "вызывают соперника", "not_opponent"
            )
        if winner not in (by, against):
            raise refuse(
                by,
                f"{winner} did not putt in this challenge",
                f"{winner} не участвовал в этом вызове",
                "not_in_challenge",
            )
        loser = against if winner == by else by
        state, said = self._settle(state, action, winner, loser, "challenge")
        return replace(state, challenged=True), said

    def _final(self, state: RoundState, action: Action) -> tuple[RoundState, list[Verdict]]:
        """The optional rule (L825-827): on the last hole everyone within two flagsticks putts;
        the nearest wins, the farthest loses and keeps Can't Putt This [decision D9]."""
        by = action.by or ""
        self._check_holder(state, by)
        if state.hole != len(self.pars) - 1:
            raise refuse(
                by,
                "the final challenge is played on the last hole",
                "этот вызов играют на последней лунке",
                "not_last_hole",
            )
        if state.final_done:
            raise refuse(by, "the final challenge was played", "вызов уже сыгран", "final_done")
        winner, loser = action.args["winner"], action.args["loser"]
        self._check_player(state, winner)
        self._check_player(state, loser)
        if winner == loser:
            raise refuse(
                by,
                "the winner and the loser are two players",
                "победитель и проигравший — разные игроки",
                "not_opponent",
            )
        state, said = self._settle(state, action, winner, loser, "final")
        state, moved = self._take(state, state.players.index(loser), CANT_PUTT)
        state = replace(state, final_done=True)
        said += moved
        if state.phase is Phase.FINAL:
            return self._end(state, said)
        return state, said

    def _settle(
        self, state: RoundState, action: Action, winner: str, loser: str, code: str
    ) -> tuple[RoundState, list[Verdict]]:
        """The winner takes one good chip from the loser or gives him one bad chip (L823), the
        one ``chip`` names; none named, none moves."""
        said = [MESSAGES.verdict(Kind.INFO, code, winner, other=loser)]
        chip = action.args.get("chip")
        if chip is None:
            return state, said
        good = self.chips[self.index[chip]].good
        owner = loser if good else winner
        if self._holder(state, chip) != state.players.index(owner):
            reason = (
                "the loser holds no such good chip" if good else "the winner holds no such bad chip"
            )
            reason_ru = (
                "у проигравшего нет такой хорошей фишки"
                if good
                else "у победителя нет такой плохой фишки"
            )
            raise refuse(action.by, reason, reason_ru, "not_held")
        if good:
            state, moved = self._take(state, state.players.index(winner), chip)
            return state, said + moved
        state, _ = self._take(state, state.players.index(loser), chip)
        return state, [*said, self._said("gives", winner, chip, other=loser)]

    def _mulligan(self, state: RoundState, action: Action) -> tuple[RoundState, list[Verdict]]:
        """One Mulligan chip a nine, handed in when used (L831) [decision D10]."""
        seat = state.players.index(action.by or "")
        if state.mulligans[seat]:
            raise refuse(
                action.by,
                "this nine's Mulligan is used",
                "Маллиган этой девятки сдан",
                "no_mulligan",
            )
        state = replace(state, mulligans=bumped(state.mulligans, seat, 1))
        return state, [MESSAGES.verdict(Kind.INFO, "mulligan", action.by)]

    def _outdrive(self, state: RoundState, action: Action) -> tuple[RoundState, list[Verdict]]:
        """A lady who outdrives a man is paid twice the bet on the spot, no chip changing
        hands (L850); she asks before the second stroke, which the scorer judges."""
        seat, other = state.players.index(action.by or ""), action.args["from"]
        self._check_player(state, other)
        if other == action.by:
            raise refuse(
                action.by, "one cannot outdrive oneself", "себя не обыграть", "not_opponent"
            )
        paid = bumped(bumped(state.paid, seat, 2), state.players.index(other), -2)
        said = MESSAGES.verdict(Kind.POINTS, "outdrive", action.by, 2, other=other, bets=2)
        return replace(state, paid=paid), [said]

    def _cart(self, state: RoundState, action: Action) -> tuple[RoundState, list[Verdict]]:
        """The BEER chip's holder buys a round when the cart comes, and keeps the chip (L851)."""
        holder = self._holder(state, "beer") if "beer" in self.index else None
        if holder is None:
            raise refuse(action.by, "nobody holds BEER", "ПИВО ни у кого нет", "no_beer")
        state = replace(state, rounds=bumped(state.rounds, holder, 1))
        return state, [MESSAGES.verdict(Kind.INFO, "cart", state.players[holder])]

    # Helpers ----------------------------------------------------------------------------------

    def _holder(self, state: RoundState, chip: str) -> int | None:
        index = self.index.get(chip)
        return None if index is None else state.holder[index]

    def _check_holder(self, state: RoundState, by: str) -> None:
        if self._holder(state, CANT_PUTT) != state.players.index(by):
            raise refuse(
                by,
                "only Can't Putt This's holder challenges",
                "вызывает только владелец Can't Putt This",
                "not_holder",
            )

    @staticmethod
    def _check_player(state: RoundState, name: str) -> None:
        if name not in state.players:
            raise COMMON.illegal("unknown_player", name, players=", ".join(state.players))

    def _said(self, code: str, player: str | None, chip: str, **data: Any) -> Verdict:
        known = self.chips[self.index[chip]]
        return MESSAGES.verdict(Kind.INFO, code, player, chip=known.en, chip_ru=known.ru, **data)

    # What is open ------------------------------------------------------------------------------

    def open_actions(self, state: RoundState) -> list[Action]:
        if state.over:
            return []
        holder = self._holder(state, CANT_PUTT)
        if state.phase is Phase.FINAL:
            return [Action("final", state.players[holder or 0])]
        row = state.strokes[state.hole]
        out = [
            Action("strokes", p)
            for p, entry in zip(state.players, row, strict=True)
            if entry is None
        ]
        if "chip" in self.verbs:
            out += [Action("chip", p) for p in state.players]
        if holder is not None and state.hole > 0 and not state.challenged:
            out.append(Action("challenge", state.players[holder]))
        if (
            self.final
            and holder is not None
            and not state.final_done
            and state.hole == len(self.pars) - 1
        ):
            out.append(Action("final", state.players[holder]))
        if self.mulligans:
            out += [
                Action("mulligan", p)
                for p, used in zip(state.players, state.mulligans, strict=True)
                if not used
            ]
        if "outdrive" in self.verbs:
            out += [Action("outdrive", p) for p in state.players]
        if self._holder(state, "beer") is not None:
            out.append(Action("cart"))
        return out

    # Views ------------------------------------------------------------------------------------

    def settlement(self, state: RoundState) -> dict[str, int]:
        """What each player wins (+) or pays (-) in bets: every chip held is paid by (a good
        one) or to (a bad one) each other player [decision D2], plus the payments on the spot."""
        count = len(state.players)
        net = self.chip_bets(state)
        total = sum(net.values())
        return {
            p: count * net[p] - total + state.paid[seat] for seat, p in enumerate(state.players)
        }

    def chip_bets(self, state: RoundState) -> dict[str, int]:
        """Each player's chips in bets: the good ones held less the bad ones."""
        net = dict.fromkeys(state.players, 0)
        for chip, seat in zip(self.chips, state.holder, strict=True):
            if seat is not None:
                net[state.players[seat]] += chip.bets if chip.good else -chip.bets
        return net

    def held(self, state: RoundState) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {p: [] for p in state.players}
        for chip, seat in zip(self.chips, state.holder, strict=True):
            if seat is not None:
                out[state.players[seat]].append(chip.id)
        return out

    def totals(self, state: RoundState) -> dict[str, int]:
        return {
            p: sum(row[seat] or 0 for row in state.strokes) for seat, p in enumerate(state.players)
        }

    def view(self, state: RoundState) -> dict[str, Any]:
        scores = self.settlement(state)
        turn = None
        if not state.over:
            row = state.strokes[state.hole]
            waiting = [p for p, entry in zip(state.players, row, strict=True) if entry is None]
            holder = self._holder(state, CANT_PUTT)
            turn = state.players[holder or 0] if state.phase is Phase.FINAL else waiting[0]
        return {
            "players": list(state.players),
            "turn": turn,
            "scores": scores,
            "over": state.over,
            "winner": best_of(scores) if state.over else None,
            "phase": str(state.phase),
            "hole": state.hole + 1,
            "par": self.pars[state.hole],
            "holes": len(self.pars),
            "strokes": {
                p: [row[seat] for row in state.strokes] for seat, p in enumerate(state.players)
            },
            "totals": self.totals(state),
            "chips": self.held(state),
            "mulligans_left": {
                p: 0 if used or not self.mulligans else 1
                for p, used in zip(state.players, state.mulligans, strict=True)
            },
            "beer_rounds": dict(zip(state.players, state.rounds, strict=True)),
            "wild": self.wild or None,
        }

    def score_sheet(self, state: RoundState) -> dict[str, Any]:
        """The card (strokes per hole, the round's total) and the chips' settlement: the chips
        each holds, their bets, what they come to against the table, the payments on the spot;
        the last two add up to the total."""
        rows = []
        for hole, row in enumerate(state.strokes):
            cells = dict(zip(state.players, row, strict=True))
            par = self.pars[hole]
            rows.append(
                sheet_row(
                    f"hole_{hole + 1}",
                    f"Hole {hole + 1} (par {par})",
                    f"Лунка {hole + 1} (пар {par})",
                    cells,
                )
            )
        rows.append(sheet_row("strokes", "Strokes", "Удары", self.totals(state), "subtotal"))
        names = {chip.id: chip.en for chip in self.chips}  # the chips' own names, as printed
        held = {p: ", ".join(names[c] for c in chips) for p, chips in self.held(state).items()}
        rows.append(sheet_row("chips", "Chips held", "Фишки на руках", held))
        rows.append(
            sheet_row("bets", "Chips' bets (+/-)", "Ставки фишек (+/-)", self.chip_bets(state))
        )
        paid = dict(zip(state.players, state.paid, strict=True))
        chips = {p: total - paid[p] for p, total in self.settlement(state).items()}
        rows.append(
            sheet_row("chips_settled", "Chips against the table", "Фишки против стола", chips)
        )
        rows.append(
            sheet_row("on_the_spot", "Paid on the spot (Lady)", "Выплаты на месте (дамы)", paid)
        )
        rows.append(self.total_row(self.settlement(state)))
        return {"columns": list(state.players), "rows": rows}


ENGINE = VegasGolfEngine
