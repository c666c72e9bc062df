"""The shot record: one action per shot, the contract between the table and every cue game.

A camera's ball tracker (or a referee at the console) reports each shot once all balls are at
rest, as one ``shot`` action; the game engines only read it.  The record says *what happened*,
never what it scores: the same record is judged by Seven Skittles and by Five Pins.

    {"do": "shot", "by": "Anna", "cue": "red",
     "contacts": [["red", "pink", 0.12], ["pink", "cushion", 0.31], ["pink", "big", 0.47]],
     "down": [["big", "pink", 0.50]],
     "pocketed": ["black"], "off_table": [], "displaced": ["small_left"],
     "stopped_on": {"centre": "red"},
     "facts": ["touch_clothing"]}

Fields (names of balls, skittles, marks and facts come from the game's preset):

- ``cue`` (required): the ball struck with the cue.
- ``contacts`` (required, may be empty): in time order, each ``[mover, other]`` or
  ``[mover, other, t]`` (``t``: seconds since the stroke).  ``mover`` is a ball; ``other`` is
  another ball, a skittle, ``"cushion"`` or ``"cushion:<which>"``.
- ``down``: skittles knocked down (the base left the cloth, even if it rocked back upright),
  each ``[skittle, felled_by]`` or ``[skittle, felled_by, t]``; ``felled_by`` is a ball, a
  skittle listed *earlier* in ``down`` (a chain, so every fall leads back to one origin), or
  one of :data:`FELLERS`: ``cue``, ``hand``, ``clothing`` (a touch) or ``self`` (it fell by
  itself).
- ``pocketed``, ``off_table``: balls, each a name or ``[name, t]``.
- ``displaced``: skittles moved off their marks but still standing (not knocked).
- ``stopped_on``: ``{mark: ball}`` for balls at rest on a skittle or spot mark.
- ``facts``: what the camera cannot see, confirmed by the referee's buttons; each a name or
  ``[name, t]`` out of :data:`FACTS` (a game takes the subset it knows).

Malformed records are refused before any rule is applied, with the field named: unknown
names, a mover that is not a ball, a ball contacting itself, times out of order or negative,
a skittle down twice or felled by a skittle not yet down, a ball both pocketed and off the
table, a skittle both down and displaced, a pocketed ball resting on a mark.  Single fields are
checked by their field types (:class:`~scoring.actions.ActionError` at parse time); checks
across fields by :meth:`ShotRecord.from_action`, which engines turn into an illegal verdict
with code ``bad_field`` via :func:`record_of`.

The queries on :class:`ShotRecord` are game-neutral: order of contacts, cushions before a
contact, caroms, who felled each skittle, what left the table, which facts were confirmed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import Action, ActionError, FieldType, Verb
from scoring.verdicts import IllegalMove, Kind, Message, Messages

SHOT = "shot"
CUSHION = "cushion"

#: Every fact a shot record may carry (a game accepts the subset its preset names).
FACTS = (
    "touch_cue",  # the cue touched a ball or skittle other than the stroke itself
    "touch_hand",  # a hand touched a ball or skittle
    "touch_clothing",  # clothing, chalk, bridge ... touched a ball or skittle
    "push",  # a push shot
    "double_hit",  # the cue struck the cue ball twice
    "miscue",  # struck with something other than the tip
    "foot_off_floor",
    "balls_moving",  # the stroke was played while balls still moved
    "wrong_ball",  # the striker played a ball that is not his cue ball
    "jumped",  # a ball flew over the skittles before touching a ball
    "frozen",  # the cue ball was touching the ball it played
    "self_fall",  # a skittle fell by itself
    "interference",  # a third party or force majeure
)

#: What else than a ball or a skittle can knock a skittle down (``down``'s ``felled_by``).
FELLERS = ("cue", "hand", "clothing", "self")

_WHICH = re.compile(r"[a-z][a-z0-9_]*")


def is_cushion(name: str) -> bool:
    """``cushion`` or ``cushion:<which>``: every cushion counts the same for the rules."""
    return name == CUSHION or name.startswith(CUSHION + ":")


# --------------------------------------------------------------------------------------------
# Field types: each checks one field on its own and normalises lists to tuples.


def _bad(name: str, message: str, ru: str) -> ActionError:
    return ActionError("bad_field", f"{name}: {message}", name, ru=f"{name}: {ru}")


def _list(name: str, value: Any) -> Sequence[Any]:
    if not isinstance(value, list | tuple):
        raise _bad(name, f"expected a list, got {value!r}", f"нужен список, а не {value!r}")
    return value


def _time(name: str, where: str, value: Any) -> float | int:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise _bad(
            name,
            f"{where}: time {value!r} is not a number of seconds",
            f"{where}: время {value!r} — не число секунд",
        )
    if value < 0:
        raise _bad(
            name,
            f"{where}: time {value} is before the stroke",
            f"{where}: время {value} — раньше удара",
        )
    return value


#: What :func:`_one_of` says a value is not, in Russian, by its English ``what``.
NOT_RU = {
    "a ball": "не шар",
    "a ball (only balls move)": "не шар (двигаются только шары)",
    "a ball, skittle or cushion": "не шар, не кегля и не борт",
    "a skittle": "не кегля",
    "skittle": "не кегля",
    "a ball or skittle": "не шар и не кегля",
    "a mark": "не отметка",
    "fact": "не факт удара",
}

#: :class:`TimedNamesField`'s ``what`` as the Russian plural of its description.
PLURAL_RU = {"a ball": "шаров", "skittle": "кеглей", "fact": "фактов удара"}


def _one_of(name: str, where: str, value: Any, choices: Collection[str], what: str) -> str:
    if not isinstance(value, str) or value not in choices:
        at = f"{where}: " if where else ""
        listed = ", ".join(sorted(choices))
        raise _bad(
            name,
            f"{at}{value!r} is not {what} ({listed})",
            f"{at}{value!r} — {NOT_RU[what]} ({listed})",
        )
    return value


def _in_order(name: str, times: Iterable[tuple[int, float | int | None]]) -> None:
    """Times that are given must not go backwards (items without a time are not compared)."""
    last: float | int | None = None
    for index, t in times:
        if t is None:
            continue
        if last is not None and t < last:
            raise _bad(
                name,
                f"[{index}]: time {t} is earlier than {last} before it",
                f"[{index}]: время {t} раньше предыдущего ({last})",
            )
        last = t


def _word_item(word: str) -> Any:
    """One typed list item: ``red/pink/0.12`` is ``["red", "pink", 0.12]``, ``black`` a name."""
    parts: list[Any] = []
    for part in word.split("/"):
        try:
            parts.append(float(part) if "." in part else int(part))
        except ValueError:
            parts.append(part)
    return parts[0] if len(parts) == 1 else parts


class _ListField(FieldType):
    """A list typed at the prompt as comma-separated items, parts of an item joined by ``/``."""

    def from_words(self, name: str, words: Sequence[str]) -> Any:
        items = [_word_item(w) for word in words for w in word.replace(",", " ").split()]
        return self.check(name, items)


@dataclass(frozen=True)
class BallField(FieldType):
    """One ball of the game (the cue ball struck)."""

    balls: tuple[str, ...]

    @property
    def description(self) -> str:  # type: ignore[override]  # property over a class attribute
        return "a ball: " + ", ".join(self.balls)

    @property
    def description_ru(self) -> str:  # type: ignore[override]  # property over a class attribute
        return "шар: " + ", ".join(self.balls)

    def check(self, name: str, value: Any) -> str:
        return _one_of(name, "", value, self.balls, "a ball")


@dataclass(frozen=True)
class ContactsField(_ListField):
    """Contacts in time order: ``[mover, other]`` or ``[mover, other, t]``."""

    balls: tuple[str, ...]
    skittles: tuple[str, ...]
    cushions: tuple[str, ...] | None = None

    description = "contacts [mover, other(, t)] in time order"
    description_ru = "касания [шар, во что попал(, t)] по порядку времени"

    def _other(self, name: str, where: str, other: Any, mover: str) -> str:
        if isinstance(other, str) and is_cushion(other):
            which = other.partition(":")[2]
            if other == CUSHION:
                return other
            known = self.cushions
            if (known is None and _WHICH.fullmatch(which)) or (known and which in known):
                return other
            raise _bad(
                name,
                f"{where}: {other!r} is not a cushion of this table",
                f"{where}: {other!r} — не борт этого стола",
            )
        _one_of(name, where, other, (*self.balls, *self.skittles), "a ball, skittle or cushion")
        if other == mover:
            raise _bad(
                name,
                f"{where}: {mover!r} cannot contact itself",
                f"{where}: {mover!r} не может столкнуться сам с собой",
            )
        return other

    def check(self, name: str, value: Any) -> tuple[tuple[Any, ...], ...]:
        out: list[tuple[Any, ...]] = []
        for index, item in enumerate(_list(name, value)):
            where = f"[{index}]"
            if not isinstance(item, list | tuple) or len(item) not in (2, 3):
                raise _bad(
                    name,
                    f"{where}: expected [mover, other] or [mover, other, t]",
                    f"{where}: нужно [шар, во что попал] или [шар, во что попал, t]",
                )
            mover = _one_of(name, where, item[0], self.balls, "a ball (only balls move)")
            other = self._other(name, where, item[1], mover)
            time = (_time(name, where, item[2]),) if len(item) == 3 else ()
            out.append((mover, other, *time))
        _in_order(name, ((i, c[2] if len(c) == 3 else None) for i, c in enumerate(out)))
        return tuple(out)


@dataclass(frozen=True)
class DownField(_ListField):
    """Skittles knocked down: ``[skittle, felled_by]`` or ``[skittle, felled_by, t]``."""

    balls: tuple[str, ...]
    skittles: tuple[str, ...]

    description = "skittles down [skittle, felled_by(, t)]"
    description_ru = "сбитые кегли [кегля, чем сбита(, t)]"

    def check(self, name: str, value: Any) -> tuple[tuple[Any, ...], ...]:
        out: list[tuple[Any, ...]] = []
        down: set[str] = set()
        for index, item in enumerate(_list(name, value)):
            where = f"[{index}]"
            if not isinstance(item, list | tuple) or len(item) not in (2, 3):
                raise _bad(
                    name,
                    f"{where}: expected [skittle, felled_by] or [skittle, by, t]",
                    f"{where}: нужно [кегля, чем сбита] или [кегля, чем сбита, t]",
                )
            skittle = _one_of(name, where, item[0], self.skittles, "a skittle")
            if skittle in down:
                raise _bad(
                    name,
                    f"{where}: {skittle!r} is down twice",
                    f"{where}: {skittle!r} сбита дважды",
                )
            by = _one_of(
                name, where, item[1], (*self.balls, *self.skittles, *FELLERS), "a ball or skittle"
            )
            if by in self.skittles and by not in down:
                raise _bad(
                    name,
                    f"{where}: {skittle!r} felled by {by!r}, which is not down before",
                    f"{where}: {skittle!r} сбита кеглей {by!r}, которая ещё не упала",
                )
            down.add(skittle)
            time = (_time(name, where, item[2]),) if len(item) == 3 else ()
            out.append((skittle, by, *time))
        _in_order(name, ((i, d[2] if len(d) == 3 else None) for i, d in enumerate(out)))
        return tuple(out)


@dataclass(frozen=True)
class TimedNamesField(_ListField):
    """Distinct names out of ``names``, each a name or ``[name, t]`` (balls pocketed, facts)."""

    names: tuple[str, ...]
    what: str = "a ball"
    distinct: bool = True

    @property
    def description(self) -> str:  # type: ignore[override]  # property over a class attribute
        return f"a list of {self.what}s ({', '.join(self.names)}), each a name or [name, t]"

    @property
    def description_ru(self) -> str:  # type: ignore[override]  # property over a class attribute
        names = ", ".join(self.names)
        return f"список {PLURAL_RU[self.what]} ({names}), каждый — имя или [имя, t]"

    def check(self, name: str, value: Any) -> tuple[Any, ...]:
        out: list[Any] = []
        seen: set[str] = set()
        for index, item in enumerate(_list(name, value)):
            where = f"[{index}]"
            timed = isinstance(item, list | tuple)
            if timed and len(item) != 2:
                raise _bad(
                    name,
                    f"{where}: expected a name or [name, t]",
                    f"{where}: нужно имя или [имя, t]",
                )
            label = _one_of(name, where, item[0] if timed else item, self.names, self.what)
            if self.distinct and label in seen:
                raise _bad(
                    name,
                    f"{where}: {label!r} is listed twice",
                    f"{where}: {label!r} встречается дважды",
                )
            seen.add(label)
            out.append((label, _time(name, where, item[1])) if timed else label)
        return tuple(out)


@dataclass(frozen=True)
class StoppedOnField(FieldType):
    """``{mark: ball}``: balls at rest on a mark after the shot."""

    marks: tuple[str, ...]
    balls: tuple[str, ...]

    description = "a mapping of mark to the ball resting on it"
    description_ru = "какой шар стоит на какой отметке: {отметка: шар}"

    def check(self, name: str, value: Any) -> dict[str, str]:
        if isinstance(value, list | tuple):  # as typed at the prompt: mark/ball items
            if not all(isinstance(i, list | tuple) and len(i) == 2 for i in value):
                raise _bad(
                    name,
                    f"expected mark/ball pairs, got {value!r}",
                    f"нужны пары отметка/шар, а не {value!r}",
                )
            value = dict(value)
        if not isinstance(value, Mapping):
            raise _bad(
                name,
                f"expected {{mark: ball}}, got {value!r}",
                f"нужно {{отметка: шар}}, а не {value!r}",
            )
        out: dict[str, str] = {}
        for mark, ball in value.items():
            _one_of(name, "", mark, self.marks, "a mark")
            _one_of(name, f"[{mark}]", ball, self.balls, "a ball")
            if ball in out.values():
                raise _bad(
                    name,
                    f"[{mark}]: {ball!r} rests on two marks",
                    f"[{mark}]: {ball!r} стоит на двух отметках",
                )
            out[mark] = ball
        return out

    def from_words(self, name: str, words: Sequence[str]) -> dict[str, str]:
        items = [_word_item(w) for word in words for w in word.replace(",", " ").split()]
        return self.check(name, items)


def shot_verb(
    balls: Sequence[str],
    skittles: Sequence[str],
    marks: Sequence[str],
    facts: Sequence[str],
    cushions: Sequence[str] | None = None,
) -> Verb:
    """The ``shot`` verb for a table with these names (``cushions``: the ``<which>`` names
    allowed after ``cushion:``; None allows any lower-case word)."""
    unknown = sorted(set(facts) - set(FACTS))
    if unknown:
        raise ValueError(f"facts: {unknown[0]!r} is not a shot fact ({', '.join(FACTS)})")
    balls, skittles = tuple(balls), tuple(skittles)
    return Verb(
        SHOT,
        {
            "cue": BallField(balls),
            "contacts": ContactsField(
                balls, skittles, None if cushions is None else tuple(cushions)
            ),
            "down": DownField(balls, skittles),
            "pocketed": TimedNamesField(balls),
            "off_table": TimedNamesField(balls),
            "displaced": TimedNamesField(skittles, "skittle"),
            "stopped_on": StoppedOnField(tuple(marks), balls),
            "facts": TimedNamesField(tuple(facts), "fact", distinct=False),
        },
        required=("cue", "contacts"),
        summary="one shot as seen: contacts in order, skittles down, balls pocketed or off",
    )


# --------------------------------------------------------------------------------------------
# The record and its queries.


@dataclass(frozen=True)
class Contact:
    """``mover`` ran into ``other`` (a ball, a skittle or a cushion); ``t`` if timed."""

    mover: str
    other: str
    t: float | None = None

    @property
    def cushion(self) -> bool:
        return is_cushion(self.other)

    def involves(self, ball: str) -> bool:
        return ball in (self.mover, self.other)


@dataclass(frozen=True)
class Fall:
    """``skittle`` was knocked down by ``by`` (a ball or a skittle that fell before it)."""

    skittle: str
    by: str
    t: float | None = None


def _timed(item: Any) -> tuple[str, float | None]:
    return (item[0], item[1]) if isinstance(item, tuple | list) else (item, None)


@dataclass(frozen=True)
class ShotRecord:
    """One validated shot.  Every query is a pure function of the record."""

    by: str
    cue: str
    contacts: tuple[Contact, ...] = ()
    down: tuple[Fall, ...] = ()
    pocketed: tuple[str, ...] = ()
    off_table: tuple[str, ...] = ()
    displaced: tuple[str, ...] = ()
    stopped_on: tuple[tuple[str, str], ...] = ()
    facts: tuple[str, ...] = ()

    @classmethod
    def from_action(cls, action: Action) -> ShotRecord:
        """The record of a parsed ``shot`` action; checks across fields raise ActionError."""
        args = action.args
        record = cls(
            by=action.by or "",
            cue=args["cue"],
            contacts=tuple(Contact(*c) for c in args["contacts"]),
            down=tuple(Fall(*d) for d in args.get("down", ())),
            pocketed=tuple(_timed(p)[0] for p in args.get("pocketed", ())),
            off_table=tuple(_timed(p)[0] for p in args.get("off_table", ())),
            displaced=tuple(_timed(s)[0] for s in args.get("displaced", ())),
            stopped_on=tuple(sorted(args.get("stopped_on", {}).items())),
            facts=tuple(_timed(f)[0] for f in args.get("facts", ())),
        )
        record._check()
        return record

    def _check(self) -> None:
        both = sorted(set(self.pocketed) & set(self.off_table))
        if both:
            raise _bad("off_table", f"{both[0]!r} is also pocketed", f"{both[0]!r} ещё и в лузе")
        both = sorted(set(self.down_names) & set(self.displaced))
        if both:
            raise _bad("displaced", f"{both[0]!r} is also down", f"{both[0]!r} ещё и сбита")
        gone = set(self.pocketed) | set(self.off_table)
        for mark, ball in self.stopped_on:
            if ball in gone:
                raise _bad(
                    "stopped_on",
                    f"[{mark}]: {ball!r} is not on the table",
                    f"[{mark}]: {ball!r} нет на столе",
                )

    # ---- contacts ----------------------------------------------------------------------

    def touched(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` touched (either one moving into the other)."""
        return self.first_index(a, b) is not None

    def first_index(self, a: str, b: str) -> int | None:
        """Index of the first contact between ``a`` and ``b`` in either direction."""
        for index, contact in enumerate(self.contacts):
            if {contact.mover, contact.other} == {a, b}:
                return index
        return None

    def balls_touched(self, ball: str, balls: Collection[str]) -> tuple[str, ...]:
        """The distinct balls out of ``balls`` that ``ball`` touched, in the order touched."""
        out: list[str] = []
        for contact in self.contacts:
            if contact.involves(ball):
                other = contact.other if contact.mover == ball else contact.mover
                if other in balls and other != ball and other not in out:
                    out.append(other)
        return tuple(out)

    def first_contact(self, ball: str, among: Collection[str] | None = None) -> str | None:
        """The first thing (not a cushion) ``ball`` touched, optionally only out of ``among``."""
        for contact in self.contacts:
            if contact.cushion or not contact.involves(ball):
                continue
            other = contact.other if contact.mover == ball else contact.mover
            if among is None or other in among:
                return other
        return None

    def cushions_between(self, ball: str, start: int, end: int | None = None) -> int:
        """How many cushions ``ball`` hit in contacts ``start`` .. ``end - 1``."""
        return sum(c.cushion and c.mover == ball for c in self.contacts[start:end])

    def cushion_before(self, ball: str, other: str) -> bool:
        """Whether ``ball`` hit a cushion before it first touched ``other`` (False if never)."""
        index = self.first_index(ball, other)
        return index is not None and self.cushions_between(ball, 0, index) > 0

    def set_moving(self, ball: str) -> tuple[int, str] | None:
        """The first contact that struck ``ball`` (a resting ball): its index and the striker."""
        if ball == self.cue:
            return None
        for index, contact in enumerate(self.contacts):
            if contact.other == ball:
                return index, contact.mover
            if contact.mover == ball:
                return None  # reported moving before anything struck it
        return None

    def carom(self, ball: str, others: Collection[str]) -> bool:
        """Whether ``ball`` touched every one of ``others``."""
        return set(others) <= set(self.balls_touched(ball, others))

    # ---- skittles ----------------------------------------------------------------------

    @property
    def down_names(self) -> tuple[str, ...]:
        return tuple(fall.skittle for fall in self.down)

    def chain(self, skittle: str) -> tuple[str, ...]:
        """The skittles from ``skittle`` back to the one a ball felled (``skittle`` first)."""
        felled = {fall.skittle: fall.by for fall in self.down}
        out = [skittle]
        while felled.get(out[-1]) in felled:
            out.append(felled[out[-1]])
        return tuple(out)

    def originator(self, skittle: str) -> str | None:
        """What started the fall of ``skittle`` through chains: a ball or one of
        :data:`FELLERS`; None if it is not down."""
        felled = {fall.skittle: fall.by for fall in self.down}
        if skittle not in felled:
            return None
        return felled[self.chain(skittle)[-1]]

    def felled_by(self, ball: str) -> tuple[str, ...]:
        """The skittles whose falls ``ball`` started, in the order they fell."""
        return tuple(s for s in self.down_names if self.originator(s) == ball)

    def knock_index(self, skittle: str) -> int:
        """Where in the contacts the fall of ``skittle`` began: its originating ball's first
        contact with the chain's first skittle, else by time, else after every contact."""
        root = self.chain(skittle)[-1]
        ball = self.originator(skittle)
        for index, contact in enumerate(self.contacts):
            if contact.mover == ball and contact.other == root:
                return index
        when = next((f.t for f in self.down if f.skittle == root), None)
        if when is not None:
            for index, contact in enumerate(self.contacts):
                if contact.t is not None and contact.t > when:
                    return index
        return len(self.contacts)

    # ---- balls and facts ---------------------------------------------------------------

    @property
    def gone(self) -> tuple[str, ...]:
        """Balls no longer on the table: pocketed, then off the table."""
        return self.pocketed + self.off_table

    @property
    def marks_taken(self) -> dict[str, str]:
        return dict(self.stopped_on)

    def has(self, *facts: str) -> bool:
        """Whether any of ``facts`` was confirmed for this shot."""
        return any(fact in self.facts for fact in facts)


MESSAGES = Messages(
    {
        "bad_field": Message("Shot record refused: {error}", "Запись удара отклонена: {error_ru}"),
    }
)


def record_of(action: Action) -> ShotRecord:
    """The record of a ``shot``, or an illegal verdict ``bad_field`` naming the field."""
    try:
        return ShotRecord.from_action(action)
    except ActionError as error:
        raise IllegalMove(
            MESSAGES.verdict(
                Kind.ILLEGAL,
                "bad_field",
                action.by,
                error=str(error),
                error_ru=error.ru,
                field=error.field,
            )
        ) from None
