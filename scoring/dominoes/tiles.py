"""Domino tiles as every dominoes game, scenario and the tile reader write them.

ARCHITECTURE.md writes a tile ``a-b`` with ``a <= b``; a tile is unordered (rules/dominoes.md
§1.1: ``3-5`` is ``5-3``), so ``5-3`` and ``5:3`` are read too and always written back as
``3-5``, which keeps journals and the camera's readings comparable.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.actions import ActionError, BilingualError, FieldType, ru_text

HIGHEST = 6  # the double-six set, §1.1 [SRC L38 "от 0-0 до 6-6"]
_SPELLING = re.compile(r"\s*([0-9])\s*[-:|/]\s*([0-9])\s*")


@dataclass(frozen=True, order=True)
class Tile:
    """One tile, stored as (lo, hi); ordered by lo then hi, which is only a stable sort order."""

    lo: int
    hi: int

    def __post_init__(self) -> None:
        if not 0 <= self.lo <= self.hi <= HIGHEST:
            raise ValueError(f"{self.lo}-{self.hi} is not a tile of the double-six set")

    def __str__(self) -> str:
        return f"{self.lo}-{self.hi}"

    @property
    def pips(self) -> int:
        return self.lo + self.hi

    @property
    def double(self) -> bool:
        return self.lo == self.hi

    def has(self, value: int) -> bool:
        return value in (self.lo, self.hi)

    def other(self, value: int) -> int:
        """The half that is not ``value`` (for a double, ``value`` itself)."""
        return self.hi if self.lo == value else self.lo


def tile(a: int, b: int) -> Tile:
    return Tile(min(a, b), max(a, b))


def parse_tile(text: Any) -> Tile:
    """Read ``a-b`` (or ``b-a``, ``a:b``, ``a|b``); ``ValueError`` says what is wrong."""
    if not isinstance(text, str):
        raise _not_a_tile(text)
    found = _SPELLING.fullmatch(text)
    if not found:
        raise _not_a_tile(text)
    a, b = int(found[1]), int(found[2])
    if max(a, b) > HIGHEST:
        raise BilingualError(
            f"{text!r}: a half shows 0 to {HIGHEST} pips",
            ru=f"{text!r}: на половине камня от 0 до {HIGHEST} очков",
        )
    return tile(a, b)


def _not_a_tile(text: Any) -> BilingualError:
    return BilingualError(
        f"{text!r} is not a tile (write it as a-b, e.g. 3-5)",
        ru=f"{text!r} — не камень домино (пишите a-b, например 3-5)",
    )


def full_set() -> tuple[Tile, ...]:
    """The 28 tiles, 0-0 .. 6-6 (§1.1)."""
    return tuple(Tile(lo, hi) for lo in range(HIGHEST + 1) for hi in range(lo, HIGHEST + 1))


FULL_SET = full_set()


def pips(tiles: Iterable[Tile]) -> int:
    return sum(t.pips for t in tiles)


def duplicates(tiles: Iterable[Tile]) -> list[Tile]:
    """Tiles named more than once (T01: a second 3-4 is an alert, never silently kept)."""
    seen: set[Tile] = set()
    out: list[Tile] = []
    for one in tiles:
        if one in seen and one not in out:
            out.append(one)
        seen.add(one)
    return out


def _field_tile(name: str, value: Any) -> Tile:
    try:
        return parse_tile(value)
    except ValueError as error:
        raise ActionError(
            "bad_field", f"{name}: {error}", name.split("[")[0], ru=f"{name}: {ru_text(error)}"
        ) from None


@dataclass(frozen=True)
class TileField(FieldType):
    """One tile; the action holds its canonical spelling ``lo-hi``."""

    description = "a tile such as 3-5"
    description_ru = "камень, например 3-5"

    def check(self, name: str, value: Any) -> str:
        return str(_field_tile(name, value))


@dataclass(frozen=True)
class TilesField(FieldType):
    """Distinct tiles, ``min_count``..``max_count`` of them (a revealed hand, a claim)."""

    min_count: int = 0
    max_count: int = 28

    @property
    def description(self) -> str:  # type: ignore[override]  # property over a class attribute
        return f"{self.min_count} to {self.max_count} tiles such as 3-5 6-6"

    @property
    def description_ru(self) -> str:  # type: ignore[override]  # property over a class attribute
        return f"от {self.min_count} до {self.max_count} камней, например 3-5 6-6"

    def check(self, name: str, value: Any) -> tuple[str, ...]:
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, list | tuple):
            raise ActionError(
                "bad_field",
                f"{name}: expected a list of tiles, got {value!r}",
                name,
                ru=f"{name}: нужен список камней, а не {value!r}",
            )
        if not self.min_count <= len(value) <= self.max_count:
            raise ActionError(
                "bad_field",
                f"{name}: {len(value)} tiles given, expected {self.min_count} to {self.max_count}",
                name,
                ru=f"{name}: камней {len(value)}, а нужно от {self.min_count} до {self.max_count}",
            )
        tiles = [_field_tile(f"{name}[{i}]", raw) for i, raw in enumerate(value)]
        twice = duplicates(tiles)
        if twice:
            raise ActionError(
                "bad_field",
                f"{name}: {twice[0]} is given twice",
                name,
                ru=f"{name}: {twice[0]} назван дважды",
            )
        return tuple(str(t) for t in tiles)

    def from_words(self, name: str, words: Sequence[str]) -> tuple[str, ...]:
        return self.check(name, [part for word in words for part in word.replace(",", " ").split()])


@dataclass(frozen=True)
class HandsField(FieldType):
    """Every seat's hand at a deal, in seating order: a list of tile lists (full information).

    A tile dealt twice is refused here (T01), whichever hands it is in.
    """

    description = "one list of tiles per seat, in seating order"
    description_ru = "по списку камней на каждое место, по порядку мест"

    def check(self, name: str, value: Any) -> tuple[tuple[str, ...], ...]:
        if not isinstance(value, list | tuple) or not all(
            isinstance(hand, list | tuple | str) for hand in value
        ):
            raise ActionError(
                "bad_field",
                f"{name}: expected a list of hands, got {value!r}",
                name,
                ru=f"{name}: нужен список рук (камни каждого места), а не {value!r}",
            )
        hands = tuple(TilesField().check(f"{name}[{i}]", hand) for i, hand in enumerate(value))
        twice = duplicates(parse_tile(t) for hand in hands for t in hand)
        if twice:
            raise ActionError(
                "bad_field",
                f"{name}: duplicate tile {twice[0]}",
                name,
                ru=f"{name}: камень {twice[0]} повторяется",
            )
        return hands

    def from_words(self, name: str, words: Sequence[str]) -> tuple[tuple[str, ...], ...]:
        """At the prompt hands are separated by ``/``: ``hands=1-1,2-3/4-4,0-6``."""
        text = " ".join(words)
        return self.check(name, [part.replace(",", " ").split() for part in text.split("/")])
