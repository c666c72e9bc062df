"""The optimal-strategy advice in words (en, ru), for ``tableref hint`` and the console."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the solver needs numpy; `tableref --help` stays light
    from scoring.dice.optimal.advice import Advice, Choice

WORDS = {
    "heading": (
        "optimal play for {player}, expected final score:",
        "оптимальная игра для {player}, ожидаемый итог:",
    ),
    "expected": (
        "{player}: expected final score {expected:.2f} with optimal play",
        "{player}: ожидаемый итог при оптимальной игре {expected:.2f}",
    ),
    "keep": ("keep {dice}", "оставить {dice}"),
    "keep_none": ("throw all again", "перебросить все"),
    "write": ("write {row}", "записать: {row}"),
    "or": ("or", "или"),
    "best": ("<- best", "<- лучшее"),
    "solving": (
        "solving the optimal strategy of {game} once (seconds to a minute on one core); "
        "it is kept in {path}",
        "оптимальная стратегия {game} считается один раз (от секунд до минуты на одном ядре); "
        "она сохраняется в {path}",
    ),
    "unsupported": ("no optimal advice: {reason}", "оптимального совета нет: {reason}"),
}


def word(key: str, lang: str, **values: object) -> str:
    en, ru = WORDS[key]
    return (ru if lang == "ru" else en).format(**values)


def choice_text(choice: Choice, title: Callable[[str], str], lang: str) -> str:
    """``keep 3 4 5 6`` or ``write Small straight``."""
    if choice.keep is not None:
        if not choice.keep:
            return word("keep_none", lang)
        return word("keep", lang, dice=" ".join(str(face) for face in choice.keep))
    assert choice.row is not None
    return word("write", lang, row=title(choice.row))


def advice_lines(
    advice: Advice, title: Callable[[str], str], lang: str = "en", keeps: int = 5
) -> list[str]:
    """The heading, the ``keeps`` best keeps, then every row, each with its expected final
    score; the best choice of all is marked."""
    if not advice.keeps and not advice.rows:
        return [word("expected", lang, player=advice.player, expected=advice.expected)]
    shown = [*advice.keeps[:keeps], *advice.rows]
    texts = [choice_text(choice, title, lang) for choice in shown]
    width = max(len(text) for text in texts)
    best = advice.best
    lines = [word("heading", lang, player=advice.player)]
    for choice, text in zip(shown, texts, strict=True):
        mark = f"  {word('best', lang)}" if choice == best else ""
        lines.append(f"  {text:<{width}}  {choice.expected:7.2f}{mark}")
    return lines


def ranked_lines(
    advice: Advice, title: Callable[[str], str], lang: str = "en", keeps: int = 3
) -> list[str]:
    """The ``keeps`` best keeps and every row in one ranking, best first (the console's list)."""
    shown = sorted([*advice.keeps[:keeps], *advice.rows], key=lambda choice: -choice.expected)
    texts = [choice_text(choice, title, lang) for choice in shown]
    width = max((len(text) for text in texts), default=0)
    return [
        f"{text:<{width}}  {choice.expected:7.2f}"
        for choice, text in zip(shown, texts, strict=True)
    ]


def best_line(advice: Advice, title: Callable[[str], str], lang: str = "en") -> str:
    """One line: the best choice, then the best of the other kind (a keep or a row), each
    with its expected final score: ``Anna: keep 2 3 4 5 → 170.19 (or write Fives → 158.35)``."""
    best = advice.best
    if best is None:
        return word("expected", lang, player=advice.player, expected=advice.expected)
    line = f"{advice.player}: {choice_text(best, title, lang)} → {best.expected:.2f}"
    others = advice.rows if best.keep is not None else advice.keeps
    if others:
        other = others[0]
        line += f" ({word('or', lang)} {choice_text(other, title, lang)} → {other.expected:.2f})"
    return line


def row_titles(engine: Any, lang: str) -> Callable[[str], str]:
    """A row's title in ``lang``: the advice names rows as the sheet prints them."""

    def title(name: str) -> str:
        row = engine.rules.row(name)
        return str(row.ru if lang == "ru" else row.en)

    return title
