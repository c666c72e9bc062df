"""The scorer of one throw in the set-aside games: dice 1000 (dice.md G12, G13) and Farkle (G14).

Both games score the same way: single 1s and 5s, three or more equal faces, and (Farkle) a
few six-dice patterns, counted **only inside one throw** (L188-190, L571).  What each pattern
is worth is the preset's business, so everything here is a pure function of a
:class:`ScoreTable` read from the preset's options and the faces of one throw:

* :func:`value`: the points of a set-aside in which every die scores (None if one does not);
* :func:`set_asides`: every set-aside the player may choose from a throw, with its points;
* :func:`best`: the highest-scoring set-aside; :func:`scores`: whether a throw scores at all;
* :func:`instant_win`: a throw that wins the game outright (1000: five equal at once, L190).

A set-aside is scored by splitting it into combinations, each worth its table value; when a
set can be split several ways (four 1s: a triple and a single, or a four of a kind) the best
split counts, as a player would count it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations as subsets
from itertools import combinations_with_replacement
from typing import Any

from scoring.dice.throws import FACES
from scoring.engine import OptionsError

Dice = Sequence[int]

#: The options this module reads from a preset; the engines pass the rest on to their rules.
OPTIONS = (
    "dice",
    "singles",
    "triple_per_face",
    "three_ones",
    "four_kind",
    "five_kind",
    "six_kind",
    "six_ones",
    "straight",
    "three_pairs",
    "three_pairs_with_four",
    "two_triplets",
)


@dataclass(frozen=True)
class KindRule:
    """What n equal faces thrown at once are worth, for n = 4, 5, 6 (G12 L189-190, G14 L583-590).

    Exactly one of: ``points`` (fixed: "4K = 1000"), ``times_triple`` (a multiple of the
    face's triple: "4K = 2x triple"), ``per_face`` (face times this: 1000's "6666 = 600") or
    ``win`` (the throw wins the game: 1000's five equal, Farkle's six 1s alternative).
    """

    points: int | None = None
    times_triple: int | None = None
    per_face: int | None = None
    win: bool = False

    @classmethod
    def read(cls, key: str, raw: Any) -> KindRule | None:
        if raw is None:
            return None
        if not isinstance(raw, Mapping):
            raise OptionsError(f"{key}: expected null or a mapping such as {{points: 1000}}")
        unknown = sorted(set(raw) - {"points", "times_triple", "per_face", "win"})
        if unknown:
            raise OptionsError(
                f"{key}: {unknown[0]!r} is not points, times_triple, per_face or win"
            )
        given = [name for name in ("points", "times_triple", "per_face") if name in raw]
        wins = raw.get("win", False)
        if not isinstance(wins, bool) or len(given) + wins != 1:
            raise OptionsError(
                f"{key}: give exactly one of points, times_triple, per_face, win: true"
            )
        for name in given:
            if not _whole(raw[name]):
                raise OptionsError(f"{key}.{name}: expected a whole number, got {raw[name]!r}")
        return cls(**raw)

    def value(self, face: int, triple: int) -> int:
        if self.points is not None:
            return self.points
        if self.times_triple is not None:
            return self.times_triple * triple
        return (self.per_face or 0) * face


@dataclass(frozen=True)
class ScoreTable:
    """A preset's scoring values; None switches a combination off (it then scores as its parts)."""

    dice: int
    singles: tuple[tuple[int, int], ...]
    triple_per_face: int
    three_ones: int
    kinds: tuple[tuple[int, KindRule | None], ...]
    six_ones: KindRule | None
    straight: int | None
    three_pairs: int | None
    three_pairs_with_four: bool
    two_triplets: int | None

    @classmethod
    def read(cls, options: Mapping[str, Any]) -> ScoreTable:
        singles = options.get("singles", {})
        if not isinstance(singles, Mapping) or not all(
            face in FACES and _whole(points) for face, points in singles.items()
        ):
            raise OptionsError("singles: expected face: points, such as {1: 100, 5: 50}")
        dice = options.get("dice", 6)
        if dice not in (5, 6):
            raise OptionsError(f"dice: the set-aside games throw 5 or 6 dice, got {dice!r}")
        for key in ("triple_per_face", "three_ones"):
            if not _whole(options.get(key)):
                raise OptionsError(f"{key}: expected a whole number, got {options.get(key)!r}")
        for key in ("straight", "three_pairs", "two_triplets"):
            if options.get(key) is not None and not _whole(options[key]):
                raise OptionsError(f"{key}: expected null or a whole number")
        if not isinstance(options.get("three_pairs_with_four", True), bool):
            raise OptionsError("three_pairs_with_four: expected true or false")
        return cls(
            dice=dice,
            singles=tuple(sorted(singles.items())),
            triple_per_face=options["triple_per_face"],
            three_ones=options["three_ones"],
            kinds=tuple(
                (n, KindRule.read(key, options.get(key)))
                for n, key in ((4, "four_kind"), (5, "five_kind"), (6, "six_kind"))
            ),
            six_ones=KindRule.read("six_ones", options.get("six_ones")),
            straight=options.get("straight"),
            three_pairs=options.get("three_pairs"),
            three_pairs_with_four=options.get("three_pairs_with_four", True),
            two_triplets=options.get("two_triplets"),
        )

    def triple(self, face: int) -> int:
        """Three equal faces: face x ``triple_per_face``, three 1s their own value (L188, L563)."""
        return self.three_ones if face == 1 else face * self.triple_per_face

    def kind_rule(self, face: int, n: int) -> KindRule | None:
        if face == 1 and n == 6 and self.six_ones is not None:
            return self.six_ones
        return dict(self.kinds).get(n)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True)
class Combo:
    """One scoring combination: its dice (sorted), its points, and whether it wins outright."""

    dice: tuple[int, ...]
    points: int
    win: bool = False


@dataclass(frozen=True)
class SetAside:
    """Dice a player may set aside from a throw, and what they score together."""

    dice: tuple[int, ...]
    points: int


@cache
def combos(table: ScoreTable) -> tuple[Combo, ...]:
    """Every combination the table knows, for a throw of up to ``table.dice`` dice."""
    out = [Combo((face,), points) for face, points in table.singles]
    for face in FACES:
        out.append(Combo((face,) * 3, table.triple(face)))
        for n in range(4, table.dice + 1):
            rule = table.kind_rule(face, n)
            if rule is not None:
                out.append(Combo((face,) * n, rule.value(face, table.triple(face)), rule.win))
    if table.dice == 6:
        if table.straight is not None:
            out.append(Combo(FACES, table.straight))
        if table.three_pairs is not None:
            for a, b, c in _three_pairs(table.three_pairs_with_four):
                out.append(Combo((a, a, b, b, c, c), table.three_pairs))
        if table.two_triplets is not None:
            for a, b in subsets(FACES, 2):
                out.append(Combo((a, a, a, b, b, b), table.two_triplets))
    return tuple(out)


def _three_pairs(with_four: bool) -> list[tuple[int, int, int]]:
    """The faces of three pairs: three different faces, or (L570 "including four of a kind and
    a pair") a face used twice; six equal faces are three pairs by the same reading."""
    if with_four:
        return list(combinations_with_replacement(FACES, 3))
    return list(subsets(FACES, 3))


@cache
def _best_split(table: ScoreTable, dice: tuple[int, ...]) -> int | None:
    """The most the sorted ``dice`` are worth with every die in some combination, or None.

    The lowest die must belong to some combination, so only those are tried: each split is
    found once, and a set of up to six dice takes at most a few hundred steps.
    """
    if not dice:
        return 0
    best: int | None = None
    have = Counter(dice)
    for combo in combos(table):
        if combo.win or dice[0] not in combo.dice or Counter(combo.dice) - have:
            continue
        rest = _best_split(table, tuple(sorted((have - Counter(combo.dice)).elements())))
        if rest is not None and (best is None or combo.points + rest > best):
            best = combo.points + rest
    return best


def value(table: ScoreTable, dice: Dice) -> int | None:
    """What a set-aside is worth if every die in it scores, else None (G14 L554: set aside
    scoring dice only)."""
    return _best_split(table, tuple(sorted(dice)))


def set_asides(table: ScoreTable, dice: Dice) -> list[SetAside]:
    """Every distinct set-aside open after this throw, best first (T33: 1,2,2,5,5,6 gives
    1+5+5 = 200, 1+5 = 150, 5+5 = 100, 1 = 100, 5 = 50)."""
    return list(_set_asides(table, tuple(sorted(dice))))


@cache
def _set_asides(table: ScoreTable, dice: tuple[int, ...]) -> tuple[SetAside, ...]:
    found: dict[tuple[int, ...], int] = {}
    for size in range(1, len(dice) + 1):
        for part in subsets(dice, size):
            if part not in found:
                points = _best_split(table, part)
                if points is not None:
                    found[part] = points
    return tuple(
        sorted(
            (SetAside(part, points) for part, points in found.items()),
            key=lambda option: (-option.points, -len(option.dice), option.dice),
        )
    )


def best(table: ScoreTable, dice: Dice) -> SetAside | None:
    """The highest-scoring set-aside (the most dice among equals), or None for a bust."""
    options = set_asides(table, dice)
    return options[0] if options else None


def scores(table: ScoreTable, dice: Dice) -> bool:
    """Whether any die of the throw scores; a throw that does not is a bust ("Farkle")."""
    return best(table, dice) is not None


def instant_win(table: ScoreTable, dice: Dice) -> bool:
    """Whether the throw holds a winning combination (1000: five equal at once, L190, L441)."""
    have = Counter(dice)
    return any(combo.win and not Counter(combo.dice) - have for combo in combos(table))
