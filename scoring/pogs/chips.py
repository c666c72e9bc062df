"""The chips of pogs by class (L337 §5): ordinary, нулячки, plastic, and what each is worth in
ordinary chips when stakes are matched (§5.2-5.3).

Chips are counted per class as a triple ``(plain, new, plastic)``: whoever holds them, whatever
stack or base they lie in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The classes, in the order of every triple.
CLASSES = ("plain", "new", "plastic")
#: Worth in ordinary chips: a нулячка is staked against two ordinary, a plastic chip against
#: two ordinary or one нулячка (§5.2-5.3).
VALUES = (1, 2, 2)
NAMES = {
    "plain": ("ordinary", "простые"),
    "new": ("нулячки (new)", "нулячки"),
    "plastic": ("plastic", "пластиковые"),
}

Chips = tuple[int, int, int]
NONE: Chips = (0, 0, 0)


def value(chips: Chips) -> int:
    """What the chips are worth in ordinary chips."""
    return sum(count * worth for count, worth in zip(chips, VALUES, strict=True))


def count(chips: Chips) -> int:
    return sum(chips)


def plus(a: Chips, b: Chips) -> Chips:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def minus(a: Chips, b: Chips) -> Chips:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def covers(held: Chips, wanted: Chips) -> bool:
    """Whether ``held`` has every chip of ``wanted``, class by class."""
    return all(h >= w for h, w in zip(held, wanted, strict=True))


def of_fields(args: Mapping[str, Any], first: str = "plain") -> Chips:
    """A triple from a verb's fields: ``first`` (ordinary, or all flipped) and ``new``,
    ``plastic`` (absent: none)."""
    return (int(args.get(first, 0)), int(args.get("new", 0)), int(args.get("plastic", 0)))


def spoken(chips: Chips, lang: str) -> str:
    """``3 ordinary + 1 нулячки`` for a verdict: the classes present, in order."""
    parts = [
        f"{n} {NAMES[name][1 if lang == 'ru' else 0]}"
        for n, name in zip(chips, CLASSES, strict=True)
        if n
    ]
    return " + ".join(parts) if parts else "0"
