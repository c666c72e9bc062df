"""Reading a preset's options: one reader per kind of value, shared by every engine.

A typo or a bad value in a preset must fail when the preset loads, naming the option, never in
the middle of a game night.  Each engine checks its option names once and reads each value with
one of these, so an option of a given kind is refused with the same words in every game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scoring.engine import OptionsError


def check_known(options: Mapping[str, Any], known: Iterable[str], what: str) -> None:
    """A typo in a preset is refused by name instead of being silently ignored."""
    known = set(known)
    unknown = sorted(set(options) - known)
    if unknown:
        names = ", ".join(sorted(known))
        raise OptionsError(
            f"{unknown[0]}: not an option of {what} ({names})",
            ru=f"{unknown[0]}: у этой игры нет такого параметра (параметры: {names})",
        )


def option_count(
    options: Mapping[str, Any], key: str, default: int | None, minimum: int = 1
) -> int | None:
    """A whole-number option of at least ``minimum``, named in the error otherwise."""
    number = options.get(key, default)
    if number is None:
        return None
    if isinstance(number, bool) or not isinstance(number, int) or number < minimum:
        raise OptionsError(f"{key}: expected a whole number of at least {minimum}, got {number!r}")
    return number


def option_whole(options: Mapping[str, Any], key: str, default: int, minimum: int = 1) -> int:
    """A whole-number option the rules cannot do without: like :func:`option_count`, but a null
    is refused by name rather than left for the game to trip over."""
    number = option_count(options, key, default, minimum)
    if number is None:
        raise OptionsError(f"{key}: expected a whole number of at least {minimum}, got null")
    return number


def option_choice(
    options: Mapping[str, Any], key: str, choices: Sequence[Any], default: Any
) -> Any:
    """One of ``choices`` (names, or faces such as a bust face)."""
    choice = options.get(key, default)
    if choice not in choices:
        raise OptionsError(f"{key}: {choice!r} is not one of {', '.join(map(str, choices))}")
    return choice


def option_flag(options: Mapping[str, Any], key: str, default: bool) -> bool:
    flag = options.get(key, default)
    if not isinstance(flag, bool):
        raise OptionsError(f"{key}: expected true or false, got {flag!r}")
    return flag


def check_table_size(players_min: int, players_max: int | None) -> None:
    """A preset whose table no number of players fits is refused when it loads."""
    if players_max is not None and players_min > players_max:
        raise OptionsError(f"players_min: {players_min} is more than players_max {players_max}")
