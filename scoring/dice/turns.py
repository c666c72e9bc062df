"""The throws of one player's turn, and the throw that decides who starts (rules/dice.md §1.4-1.6).

:class:`Throws` is a turn of up to ``limit`` throws of five dice in the open: dice set aside by
``keep`` stay down and the rest are thrown again, ``lock_kept`` (§1.5) keeps the dice that
stayed down on throw 2 down on throw 3, and a void throw (§1.4) is owed again.  :class:`Opening`
is the throw for the start (§1.6): the contenders throw in seat order, the best starts, a tie
throws again.  The showdowns (:mod:`scoring.dice.showdown`) and the bluff games
(:mod:`scoring.dice.bluffing.common`) play their turns with these, and the sheet games take the
texts, so that a code such as ``kept`` or ``locked_die`` reads the same in every game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.actions import Action, DiceField, Verb
from scoring.dice.hands import LABELS, value
from scoring.dice.throws import MESSAGES as ANY_THROW
from scoring.dice.throws import VOID, VoidPolicy, is_subset
from scoring.engine import check_players
from scoring.options import option_count
from scoring.verdicts import Kind, Message, Messages, Verdict

#: Poker dice are always five (§1.1).
DICE = 5

#: What a turn of throws announces and refuses, in every engine that keeps one: a throw says
#: which of the turn's throws it is (the sheet games add their own words to ``no_throws_left``).
THROW_MESSAGES = ANY_THROW | Messages(
    {
        "rolled": Message(
            "{player} throws {dice} (throw {throw} of {throws})",
            "{player} бросает {dice} (бросок {throw} из {throws})",
        ),
        "kept": Message("{player} keeps {dice}", "{player} откладывает {dice}"),
        "no_throws_left": Message(
            "{player} has used all {throws} throws", "{player} использовал все броски ({throws})"
        ),
        "wrong_dice_count": Message(
            "{dice_count} dice must be on the table: {kept} kept + {thrown} thrown",
            "На столе должно быть {dice_count} костей: {kept} отложено + {thrown} брошено",
        ),
        "not_on_table": Message(
            "Cannot keep {dice}: the dice showing are {showing}",
            "Нельзя отложить {dice}: на столе {showing}",
        ),
        "locked_die": Message(
            "{locked} stayed down on the last throw and may not be thrown again",
            "{locked} не перебрасывались на прошлом броске и бросать их снова нельзя",
        ),
        "must_rethrow": Message(
            "{player}'s last throw was void: throw again first",
            "Последний бросок {player} не засчитан: сначала перебросьте",
        ),
        "rethrow_all": Message(
            "After that void throw all {dice_count} dice are thrown again",
            "После этого неправильного броска перебрасываются все {dice_count} костей",
        ),
    }
)

#: What the throw for the start announces and refuses.
OPENING_MESSAGES = Messages(
    {
        "opening_throw": Message(
            "{player} throws {dice} for the start", "{player} бросает {dice} за право начать"
        ),
        "opening_tie": Message(
            "{players} tie for the start and throw again",
            "{players} равны и бросают ещё раз за право начать",
        ),
        "opens": Message("{player} starts", "Начинает {player}"),
        "opening_first": Message(
            "First {player} throws {dice_count} dice to decide who starts",
            "Сначала {player} бросает костей: {dice_count}, чтобы решить, кто начинает",
        ),
    }
)


def faces_text(dice: Sequence[int], labels: Sequence[str] = LABELS["pips"]) -> str:
    """Poker-dice faces as the players read them: pips, or card faces (§1.1); "-" for none."""
    return " ".join(labels[d - 1] for d in dice) or "-"


def sub_multisets(dice: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct multiset of faces that can be set aside from ``dice``, sorted."""
    found = {
        tuple(sorted(d for i, d in enumerate(dice) if mask >> i & 1))
        for mask in range(1 << len(dice))
    }
    return sorted(found)


def roll_verbs() -> dict[str, Verb]:
    """``roll`` and ``keep`` as the sheet games have them (docs/ARCHITECTURE.md), ``stand``."""
    faces = DiceField(min_count=1, max_count=DICE)
    return {
        "roll": Verb(
            "roll",
            {"dice": faces, "kept": DiceField(min_count=0, max_count=DICE - 1)},
            ("dice",),
            summary="the faces thrown in the open (all dice, or only the rethrown ones)",
        ),
        "keep": Verb(
            "keep",
            {"dice": DiceField(min_count=0, max_count=DICE)},
            ("dice",),
            summary="set these faces aside before the next throw",
        ),
        "stand": Verb("stand", summary="keep the dice showing; the turn ends"),
        "void": VOID,
    }


@dataclass(frozen=True)
class Throws:
    """One player's throws in the open: how many are used, what shows, what is set aside,
    what may not be thrown again (``lock_kept``, §1.5), and a rethrow owed after a void throw
    (``rethrow`` is the policy's "thrown" or "all")."""

    used: int = 0
    dice: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    locked: tuple[int, ...] = ()
    rethrow: str | None = None

    def _may_throw(self, player: str | None, limit: int) -> None:
        if self.used >= limit and self.rethrow is None:
            raise THROW_MESSAGES.illegal("no_throws_left", player, throws=limit)

    def _check_keep(self, player: str | None, dice: Sequence[int], limit: int) -> None:
        if self.used == 0:
            raise THROW_MESSAGES.illegal("must_roll_first", player)
        self._may_throw(player, limit)
        if dice and self.rethrow == "all":
            raise THROW_MESSAGES.illegal("rethrow_all", player, dice_count=DICE)
        if not is_subset(dice, self.dice):
            raise THROW_MESSAGES.illegal(
                "not_on_table", player, dice=faces_text(dice), showing=faces_text(self.dice)
            )
        if not is_subset(self.locked, dice):
            raise THROW_MESSAGES.illegal("locked_die", player, locked=faces_text(self.locked))

    def keep(
        self,
        player: str | None,
        dice: tuple[int, ...],
        limit: int,
        labels: Sequence[str] = LABELS["pips"],
    ) -> tuple[Throws, Verdict]:
        self._check_keep(player, dice, limit)
        verdict = THROW_MESSAGES.verdict(Kind.INFO, "kept", player, dice=faces_text(dice, labels))
        return replace(self, kept=dice), verdict

    def roll(
        self,
        player: str | None,
        thrown: tuple[int, ...],
        kept: tuple[int, ...] | None,
        limit: int,
        lock_kept: bool,
        labels: Sequence[str] = LABELS["pips"],
    ) -> tuple[Throws, Verdict]:
        """The faces of one throw: all five, or the rethrown ones beside the kept ones."""
        self._may_throw(player, limit)
        if kept is not None:
            self._check_keep(player, kept, limit)
        else:
            kept = () if self.used == 0 or self.rethrow == "all" else self.kept
            if not is_subset(self.locked, kept) and self.rethrow != "all":
                raise THROW_MESSAGES.illegal("locked_die", player, locked=faces_text(self.locked))
        if len(kept) + len(thrown) != DICE:
            raise THROW_MESSAGES.illegal(
                "wrong_dice_count", player, dice_count=DICE, kept=len(kept), thrown=len(thrown)
            )
        used = min(self.used + 1, limit)
        locked = kept if lock_kept and self.used >= 1 and self.rethrow != "all" else ()
        throws = Throws(used, (*kept, *thrown), (), locked)
        verdict = THROW_MESSAGES.verdict(
            Kind.INFO,
            "rolled",
            player,
            dice=faces_text(throws.dice, labels),
            throw=used,
            throws=limit,
        )
        return throws, verdict

    def void(self, player: str | None, limit: int, policy: VoidPolicy) -> Throws:
        """The throw just made is void (§1.4): it is thrown again (:attr:`VoidPolicy.owed`),
        perhaps at the cost of an attempt; owing all the dice again lifts keeps and locks."""
        self._may_throw(player, limit)
        used = min(self.used + 1, limit) if policy.costs_throw else self.used
        if policy.owed == "all":
            return replace(self, used=used, kept=(), locked=(), rethrow="all")
        return replace(self, used=used, rethrow=policy.owed)

    def check_stand(self, player: str | None) -> None:
        if self.used == 0:
            raise THROW_MESSAGES.illegal("must_roll_first", player)
        if self.rethrow is not None:
            raise THROW_MESSAGES.illegal("must_rethrow", player)

    def open_actions(self, player: str, limit: int) -> list[Action]:
        """A roll and a void while a throw is due, the roll holding the locked dice when no
        keep does; every keep the locks allow that leaves a die to throw."""
        if self.used >= limit and self.rethrow is None:
            return []
        roll = Action("roll", player)
        if self.rethrow != "all" and not is_subset(self.locked, self.kept):
            roll = Action("roll", player, {"kept": self.locked})
        actions = [Action("void", player, {"reason": "cocked"})]
        if self.rethrow == "all" or len(self.kept) < DICE:
            actions.insert(0, roll)
        if self.used and self.rethrow != "all":
            actions += [
                Action("keep", player, {"dice": keep})
                for keep in sub_multisets(self.dice)
                if len(keep) < DICE and is_subset(self.locked, keep)
            ]
        return actions


#: The throw in the open that decides who starts (a game whose turns throw in the open already
#: has its ``roll``).
OPENING_ROLL = Verb(
    "roll",
    {"dice": DiceField(min_count=1, max_count=DICE)},
    ("dice",),
    summary="the faces thrown in the open to decide who starts",
)

#: Who starts (§1.6), and with how many dice: by seating (or agreement), one die highest
#: (B L39-41), two dice highest (H L486), the best five-dice hand (H L512).
OPENINGS = {"seating": 0, "high_die": 1, "two_dice": 2, "best_hand": DICE}


@dataclass(frozen=True)
class Opening:
    """The throw for the start: the contenders throw in seat order and the best starts; a tie
    throws again among the tied (§1.6 [ASM])."""

    method: str
    contenders: tuple[str, ...]
    throws: tuple[tuple[int, ...], ...] = ()
    starter: str | None = None

    @classmethod
    def start(cls, method: str, players: tuple[str, ...]) -> Opening | None:
        return None if method == "seating" else cls(method, players)

    @property
    def thrower(self) -> str:
        return self.contenders[len(self.throws)]

    def _score(self, dice: Sequence[int]) -> Any:
        if self.method == "best_hand":
            return value(dice)
        return sum(dice)

    def apply(
        self, action: Action, labels: Sequence[str] = LABELS["pips"]
    ) -> tuple[Opening, list[Verdict]]:
        """An opening throw (or a void one); anything else waits for the start to be decided."""
        player, need = action.by, OPENINGS[self.method]
        if action.verb == "void":
            return self, []
        if action.verb != "roll" or "kept" in action.args:
            raise OPENING_MESSAGES.illegal("opening_first", player, dice_count=need)
        dice = action.args["dice"]
        if len(dice) != need:
            raise THROW_MESSAGES.illegal(
                "wrong_dice_count", player, dice_count=need, kept=0, thrown=len(dice)
            )
        throws = (*self.throws, dice)
        verdicts = [
            OPENING_MESSAGES.verdict(
                Kind.INFO, "opening_throw", player, dice=faces_text(dice, labels)
            )
        ]
        if len(throws) < len(self.contenders):
            return replace(self, throws=throws), verdicts
        scores = [self._score(d) for d in throws]
        top = tuple(p for p, s in zip(self.contenders, scores, strict=True) if s == max(scores))
        if len(top) > 1:
            tie = OPENING_MESSAGES.verdict(Kind.INFO, "opening_tie", players=", ".join(top))
            return Opening(self.method, top), [*verdicts, tie]
        opens = OPENING_MESSAGES.verdict(Kind.TURN, "opens", top[0])
        return replace(self, throws=throws, starter=top[0]), [*verdicts, opens]

    def view(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "contenders": list(self.contenders),
            "throws": {p: list(d) for p, d in zip(self.contenders, self.throws, strict=False)},
        }


@dataclass(frozen=True)
class TableRules:
    """What the poker-dice engines (showdowns and bluffs) read alike from a preset: who starts
    (§1.6), how a void throw is taken (§1.4) and how many the table seats.  Their rules extend
    it; each reads ``opening`` itself, since each game has its own ways to start."""

    opening: str
    void: VoidPolicy
    players_min: int
    players_max: int | None

    @staticmethod
    def shared(options: Mapping[str, Any]) -> dict[str, Any]:
        """The void policy and the table size, for the extending rules' constructor."""
        return {
            "void": VoidPolicy.read(options),
            "players_min": option_count(options, "players_min", 2),
            "players_max": option_count(options, "players_max", None),
        }

    def seat(self, players: Sequence[str]) -> Opening | None:
        """Check the table, and begin the throw for the start where the game has one."""
        check_players(players, self.players_min, self.players_max)
        return Opening.start(self.opening, tuple(players))


def opening_verbs(method: str) -> dict[str, Verb]:
    """The verb a game throwing under cups adds for the throw for the start, if it has one."""
    return {} if method == "seating" else {"roll": OPENING_ROLL}


def throw_for_start(state: Any, action: Action, seat: str) -> tuple[Any, list[Verdict]]:
    """One throw for the start on a bluff game's state (a dataclass with ``players`` and
    ``opening``): once the start is decided the opening is done and the state's field ``seat``
    (whose turn it is) holds the starter's seat."""
    opening, verdicts = state.opening.apply(action)
    if opening.starter is None:
        return replace(state, opening=opening), verdicts
    return replace(state, opening=None, **{seat: state.players.index(opening.starter)}), verdicts
