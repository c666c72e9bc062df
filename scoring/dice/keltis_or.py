"""Keltis Ór dice (docs/rules/keltis_or.md, seed 000 L1279-1379): three dice of faces 1-5 and
a stone, five colours of tiles worth 0 to 10, paths built up or down, and wish stones.

Ordinary dice are read with 6 as the stone (decision K3).  A turn is a throw of the three dice
and at most one rethrow of any of them (L1302, L1312-1314), then one action (L1304-1308): take
a tile whose value some of the dice make exactly, the stone counting 0 (L1325-1329), and lay it
on that colour's path, which must run up or down (L1335-1337); or take the wish stones the dice
show (L1353-1355); or pass (L1359).  The game ends at once when the 24 wish stones are gone
(L1363-1365).  What a tile carries is printed on it, so the table names it when the tile is
taken (decision K6).

Verbs
  ``roll``   ``dice``: the faces thrown; on the rethrow ``kept``: the faces left lying.
  ``take``   ``colour``, ``value``, ``item`` (none, stone, clover, leprechaun, coins) and, for
             coins, ``coins``: a tile taken and what it carries.
  ``stones`` take the wish stones the dice show.
  ``pass``   do nothing this turn.
  ``void``   the throw was invalid (§1.4 of dice.md): thrown again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from scoring.actions import Action, ChoiceField, DiceField, IntField, Verb
from scoring.dice.game import MESSAGES as FAMILY
from scoring.dice.game import DiceGame, Options, check_count, left_of, not_now, rolled
from scoring.dice.throws import FACES, is_subset
from scoring.engine import OptionsError, check_players, result_verdicts, sheet_row
from scoring.verdicts import Kind, Message, Messages, Verdict

#: The stone face, read from an ordinary die's 6 (decision K3); it counts 0 (L1329).
STONE = 6
DICE = 3
#: The tiles: five colours (L1296, names decision K4), values 0 to 10.
COLOURS = ("red", "yellow", "green", "blue", "purple")
VALUES = tuple(range(11))
ITEMS = ("none", "stone", "clover", "leprechaun", "coins")
#: Wish stones at the start (L1365).
WISH_STONES = 24
#: Points for a path of 1, 2, ... tiles, the last entry for any longer (decision K9).
PATH_POINTS = (-4, -3, -2, 1, 2, 3, 6, 10)
#: The most leprechauns earn this (L1378).
LEPRECHAUN_BONUS = 3

MESSAGES = FAMILY | Messages(
    {
        "laid": Message(
            "{player} takes {colour} {value} and lays it on the {colour} path ({length} long)",
            "{player} берёт {colour} {value} и кладёт на путь цвета {colour} (длина {length})",
        ),
        "item": Message("{player} gets {item}", "{player} получает: {item_ru}"),
        "clover": Message(
            "Clover: a wish stone lengthens {player}'s {colour} path",
            "Клевер: камень желаний удлиняет путь {colour} игрока {player}",
        ),
        "wish": Message(
            "{player} takes {count} wish stone(s); {left} left",
            "{player} берёт камней желаний: {count}; осталось {left}",
        ),
        "passes": Message("{player} passes", "{player} пасует"),
        "no_stones": Message(
            "No wish stones left: the game ends", "Камни желаний кончились: игра окончена"
        ),
        "cannot_take": Message(
            "{player} cannot take {colour} {value}: {reason}",
            "{player} не может взять {colour} {value}: {reason_ru}",
        ),
        "no_stone_shown": Message(
            "{player}: no stone shows on the dice", "{player}: на костях нет камня"
        ),
        "kept_not_thrown": Message(
            "{player}: the dice kept ({kept}) are not the dice on the table ({dice})",
            "{player}: отложенные кости ({kept}) не совпадают с костями на столе ({dice})",
        ),
    }
)

_ITEM_WORDS = {
    "stone": ("a wish stone", "камень желаний"),
    "clover": ("a clover", "клевер"),
    "leprechaun": ("a leprechaun", "лепрекон"),
    "coins": ("{coins} gold coin(s)", "золотые монеты: {coins}"),
}


@dataclass(frozen=True)
class Path:
    """A player's path of one colour: the tile values in the order laid, and the wish stones
    clovers laid on it (L1349), which lengthen it but set no direction."""

    values: tuple[int, ...] = ()
    clovers: int = 0

    @property
    def length(self) -> int:
        return len(self.values) + self.clovers

    def takes(self, value: int) -> bool:
        """Whether ``value`` continues the path: any value starts it, the second sets the
        direction, later ones keep it (L1335)."""
        if len(self.values) < 2:
            return value not in self.values
        rising = self.values[1] > self.values[0]
        return value > self.values[-1] if rising else value < self.values[-1]


@dataclass(frozen=True)
class Hoard:
    """What one player has collected."""

    paths: tuple[Path, ...] = (Path(),) * len(COLOURS)
    stones: int = 0
    leprechauns: int = 0
    coins: int = 0


@dataclass(frozen=True)
class KeltisState:
    """``dice`` the faces on the table this turn; ``throws`` how many of the two are made;
    ``taken`` the tiles gone from the table, as (colour index, value)."""

    players: tuple[str, ...]
    hoards: tuple[Hoard, ...]
    seat: int = 0
    dice: tuple[int, ...] = ()
    throws: int = 0
    taken: frozenset[tuple[int, int]] = frozenset()
    supply: int = WISH_STONES
    over: bool = False


def makes(dice: Sequence[int], value: int) -> bool:
    """Whether one, two or three of the dice add up to ``value`` exactly, a stone counting 0;
    a 0 needs a stone (L1325-1329)."""
    return any(
        sum(0 if d == STONE else d for d in pick) == value and (value or STONE in pick)
        for size in range(1, len(dice) + 1)
        for pick in combinations(dice, size)
    )


def path_points(length: int, table: Sequence[int]) -> int:
    """A path's points by its length (L1373, decision K9); an unbuilt path scores nothing."""
    return 0 if length == 0 else table[min(length, len(table)) - 1]


def with_item(hoard: Hoard, colour: int, item: str, coins: int) -> tuple[Hoard, int]:
    """The hoard after the tile's item (L1341-1349) and the wish stones it took from the
    supply."""
    if item == "stone":
        return replace(hoard, stones=hoard.stones + 1), 1
    if item == "leprechaun":
        return replace(hoard, leprechauns=hoard.leprechauns + 1), 0
    if item == "coins":
        return replace(hoard, coins=hoard.coins + coins), 0
    if item == "clover":
        path = hoard.paths[colour]
        paths = list(hoard.paths)
        paths[colour] = replace(path, clovers=path.clovers + 1)
        return replace(hoard, paths=tuple(paths)), 1
    return hoard, 0


class KeltisOrEngine(DiceGame[KeltisState]):
    def __init__(self, game: str, preset: str, options: Mapping[str, Any]) -> None:
        read = Options(options, ("path_points", "stone_points"))
        table = options.get("path_points", list(PATH_POINTS))
        if (
            not isinstance(table, list | tuple)
            or not table
            or any(isinstance(p, bool) or not isinstance(p, int) for p in table)
        ):
            raise OptionsError(f"path_points: expected a list of whole numbers, got {table!r}")
        self.path_table = tuple(table)
        self.stone_points = read.whole("stone_points", 1, 0)
        verbs = [
            Verb(
                "roll",
                {
                    "dice": DiceField(FACES, 1, DICE),
                    "kept": DiceField(FACES, 0, DICE - 1),
                },
                ("dice",),
                summary="the faces thrown (on the rethrow, the faces kept too)",
            ),
            Verb(
                "take",
                {
                    "colour": ChoiceField(COLOURS),
                    "value": IntField(0, 10),
                    "item": ChoiceField(ITEMS),
                    "coins": IntField(1, 10),
                },
                ("colour", "value", "item"),
                summary="a tile taken and what it carries",
            ),
            Verb("stones", summary="take the wish stones the dice show"),
            Verb("pass", summary="do nothing this turn"),
        ]
        super().__init__(game, preset, verbs, read)
        self._steps = {
            "roll": self._roll,
            "take": self._take,
            "stones": self._stones,
            "pass": self._pass,
        }

    def initial(self, players: Sequence[str]) -> KeltisState:
        check_players(players, 2, 2)  # "your opponent", "both players" (L1283, L1367)
        return KeltisState(tuple(players), (Hoard(),) * len(players))

    # Rules ---------------------------------------------------------------------------------

    def _play(self, state: KeltisState, action: Action) -> tuple[KeltisState, list[Verdict]]:
        """The first throw comes before anything; after it, the rethrow or one action."""
        if action.verb != "roll" and not state.throws:
            raise not_now(action.by, action.verb, "a throw", "бросок")
        return self._steps[action.verb](state, action)

    def _throwing(self, state: KeltisState, player: str | None) -> bool:
        """A void throw is thrown again: the first, or the rethrow while it is open."""
        return state.throws < 2

    def _roll(self, state: KeltisState, action: Action) -> tuple[KeltisState, list[Verdict]]:
        """Three dice, then one rethrow of 1, 2 or 3 of them, which need not be made
        (L1302, L1312-1314)."""
        if state.throws == 2:
            raise not_now(action.by, "roll", "a tile, stones or a pass", "фишка, камни или пас")
        thrown, kept = action.args["dice"], action.args.get("kept", ())
        if not state.throws and kept:
            raise not_now(action.by, "roll", "all three dice", "все три кости")
        if kept and not is_subset(kept, state.dice):
            raise MESSAGES.illegal(
                "kept_not_thrown",
                action.by,
                kept=" ".join(map(str, kept)),
                dice=" ".join(map(str, state.dice)),
            )
        check_count(action.by, thrown, DICE - len(kept))
        dice = (*kept, *thrown)
        state = replace(state, dice=dice, throws=state.throws + 1)
        return state, [rolled(action.by, dice)]

    def _take(self, state: KeltisState, action: Action) -> tuple[KeltisState, list[Verdict]]:
        colour, value = COLOURS.index(action.args["colour"]), action.args["value"]
        item, coins = action.args["item"], action.args.get("coins", 1)
        hoard = state.hoards[state.seat]
        reason = self._refusal(state, hoard, colour, value)
        if reason is None and "coins" in action.args and item != "coins":
            reason = (
                "coins are counted only on a coins tile",
                "монеты считают только у фишки с монетами",
            )
        if reason is not None:
            raise MESSAGES.illegal(
                "cannot_take",
                action.by,
                colour=COLOURS[colour],
                value=value,
                reason=reason[0],
                reason_ru=reason[1],
            )
        paths = list(hoard.paths)
        paths[colour] = replace(paths[colour], values=(*paths[colour].values, value))
        hoard = replace(hoard, paths=tuple(paths))
        verdicts = [
            MESSAGES.verdict(
                Kind.INFO,
                "laid",
                action.by,
                colour=COLOURS[colour],
                value=value,
                length=paths[colour].length,
            )
        ]
        hoard, used = with_item(hoard, colour, item, coins)
        if item == "clover":
            verdicts.append(
                MESSAGES.verdict(Kind.INFO, "clover", action.by, colour=COLOURS[colour])
            )
        elif item != "none":
            en, ru = _ITEM_WORDS[item]
            verdicts.append(
                MESSAGES.verdict(
                    Kind.INFO,
                    "item",
                    action.by,
                    item=en.format(coins=coins),
                    item_ru=ru.format(coins=coins),
                )
            )
        state = replace(
            state,
            hoards=self._with_hoard(state, hoard),
            taken=state.taken | {(colour, value)},
            supply=state.supply - used,
        )
        return self._turn_over(state, verdicts)

    def _refusal(
        self, state: KeltisState, hoard: Hoard, colour: int, value: int
    ) -> tuple[str, str] | None:
        """Why a tile cannot be taken now, or None (L1325-1329, L1337)."""
        if (colour, value) in state.taken:
            return "it is gone", "её уже взяли"
        if not makes(state.dice, value):
            return "the dice do not make it", "кости не дают это число"
        if not hoard.paths[colour].takes(value):
            return "the path runs the other way", "путь идёт в другую сторону"
        return None

    def _stones(self, state: KeltisState, action: Action) -> tuple[KeltisState, list[Verdict]]:
        """The wish stones the dice show, exactly, or what is left (L1353-1355)."""
        shown = state.dice.count(STONE)
        if not shown:
            raise MESSAGES.illegal("no_stone_shown", action.by)
        count = min(shown, state.supply)
        hoard = state.hoards[state.seat]
        hoard = replace(hoard, stones=hoard.stones + count)
        supply = state.supply - count
        state = replace(state, hoards=self._with_hoard(state, hoard), supply=supply)
        said = MESSAGES.verdict(Kind.INFO, "wish", action.by, count=count, left=supply)
        return self._turn_over(state, [said])

    def _pass(self, state: KeltisState, action: Action) -> tuple[KeltisState, list[Verdict]]:
        """Passing is always open (L1359)."""
        return self._turn_over(state, [MESSAGES.verdict(Kind.INFO, "passes", action.by)])

    def _with_hoard(self, state: KeltisState, hoard: Hoard) -> tuple[Hoard, ...]:
        hoards = list(state.hoards)
        hoards[state.seat] = hoard
        return tuple(hoards)

    def _turn_over(
        self, state: KeltisState, verdicts: list[Verdict]
    ) -> tuple[KeltisState, list[Verdict]]:
        """The game ends at once with the last wish stone (L1363); else the dice pass on."""
        if state.supply == 0:
            state = replace(state, over=True, dice=(), throws=0)
            scores = self.scores(state)
            verdicts.append(MESSAGES.verdict(Kind.GAME_OVER, "no_stones"))
            return state, verdicts + result_verdicts(scores)
        seat = left_of(state.seat, len(state.players))
        state = replace(state, seat=seat, dice=(), throws=0)
        return state, [*verdicts, MESSAGES.verdict(Kind.TURN, "turn", state.players[seat])]

    # Views ---------------------------------------------------------------------------------

    def turn(self, state: KeltisState) -> str | None:
        return None if state.over else state.players[state.seat]

    def parts(self, state: KeltisState) -> dict[str, dict[str, int]]:
        """Each player's points by kind (L1371-1378): paths, wish stones, coins, and the
        leprechaun bonus, shared by everyone tied for the most (decision K10)."""
        most = max(h.leprechauns for h in state.hoards)
        out: dict[str, dict[str, int]] = {}
        for player, hoard in zip(state.players, state.hoards, strict=True):
            out[player] = {
                "paths": sum(path_points(p.length, self.path_table) for p in hoard.paths),
                "stones": hoard.stones * self.stone_points,
                "coins": hoard.coins,
                "leprechauns": LEPRECHAUN_BONUS if most and hoard.leprechauns == most else 0,
            }
        return out

    def scores(self, state: KeltisState) -> dict[str, int]:
        return {player: sum(kinds.values()) for player, kinds in self.parts(state).items()}

    def details(self, state: KeltisState) -> dict[str, Any]:
        return {
            "dice": list(state.dice),
            "throw": state.throws,
            "supply": state.supply,
            "tiles_left": {
                colour: [v for v in VALUES if (index, v) not in state.taken]
                for index, colour in enumerate(COLOURS)
            },
            "hoards": {
                player: {
                    "paths": {
                        colour: {"values": list(path.values), "length": path.length}
                        for colour, path in zip(COLOURS, hoard.paths, strict=True)
                        if path.length
                    },
                    "stones": hoard.stones,
                    "leprechauns": hoard.leprechauns,
                    "coins": hoard.coins,
                }
                for player, hoard in zip(state.players, state.hoards, strict=True)
            },
        }

    def open_actions(self, state: KeltisState) -> list[Action]:
        player = self.turn(state)
        if player is None:
            return []
        if not state.throws:
            return [Action("roll", player)]
        hoard = state.hoards[state.seat]
        out = [
            Action("take", player, {"colour": colour, "value": value})
            for index, colour in enumerate(COLOURS)
            for value in VALUES
            if self._refusal(state, hoard, index, value) is None
        ]
        if STONE in state.dice:
            out.append(Action("stones", player))
        out.append(Action("pass", player))
        if state.throws == 1:
            out.append(Action("roll", player))
        return out

    def sheet_rows(self, state: KeltisState) -> list[dict[str, Any]]:
        parts = self.parts(state)
        titles = {
            "paths": ("Paths", "Пути"),
            "stones": ("Wish stones", "Камни желаний"),
            "coins": ("Gold coins", "Золотые монеты"),
            "leprechauns": ("Most leprechauns", "Больше всех лепреконов"),
        }
        return [
            sheet_row(key, en, ru, {p: parts[p][key] for p in state.players})
            for key, (en, ru) in titles.items()
        ]


ENGINE = KeltisOrEngine
