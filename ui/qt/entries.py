"""Journal rows as the sentences players confirm: ``#12 Anna rolled 1 3 4 5 6``.

Each common verb has an English and a Russian phrase (Russian in the present tense, which
needs no gender); cards are written as players read them (``10♥``, ``Д♠``), tiles as ``6-4``,
score rows by their title on the sheet.  Any other verb falls back to its fields, so a new
game's actions are still readable.  Rows from the camera or the panel say where they came from
and how sure the reader was.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, is_dataclass
from typing import Any

from scoring.cards import parse_card

PHRASES: dict[str, tuple[str, str]] = {
    "roll": ("{by} rolled {dice}", "{by}: бросок {dice}"),
    "keep": ("{by} kept {dice}", "{by} откладывает {dice}"),
    "score": ("{by} scored {row}", "{by} записывает в «{row}»"),
    "cross": ("{by} crossed out {row}", "{by} вычёркивает «{row}»"),
    "announce": ("{by} announced {row}", "{by} заказывает «{row}»"),
    "void": ("{by}: throw void ({reason})", "{by}: бросок не засчитан ({reason})"),
    "stop": ("{by} stopped", "{by} останавливается"),
    "attack": ("{by} led {cards}", "{by} ходит {cards}"),
    "defend": ("{by} beat {beat} with {with}", "{by} бьёт {beat} картой {with}"),
    "throw_in": ("{by} threw in {cards}", "{by} подкидывает {cards}"),
    "transfer": ("{by} passed the attack on with {cards}", "{by} переводит {cards}"),
    "take": ("{by} took the cards", "{by} берёт карты"),
    "done": ("{by}: done", "{by}: бито"),
    "play": ("{by} played {card}", "{by} ходит {card}"),
    "lay": ("{by} laid {tile}", "{by} кладёт {tile}"),
    "draw": ("{by} drew", "{by} добирает"),
    "pass": ("{by} passed", "{by}: пас"),
    "shot": ("{by}: shot", "{by}: удар"),
    "start": ("{by} breaks", "{by} разбивает"),
    "respotted": ("Table set again", "Стол выставлен"),
    "deal": ("New deal", "Новая сдача"),
    "undo": ("Undo #{target}", "Отмена #{target}"),
    "correct": ("Correction of #{target}: {action}", "Исправление #{target}: {action}"),
}

ENDS = {
    "left": ("on the left", "слева"),
    "right": ("on the right", "справа"),
    "up": ("on top", "сверху"),
    "down": ("below", "снизу"),
}
DOWN = (", down: {down}", ", сбиты: {down}")
SOURCES = {
    "camera": ("camera", "камера"),
    "panel": ("panel", "пульт"),
    "operator": ("operator", "оператор"),
    "import": ("import", "импорт"),
    "phone": ("phone", "телефон"),
}
CARD_FIELDS = ("cards", "card", "beat", "with", "trump", "turnup")


#: A card code standing alone in a verdict's text: ``6C``, ``10H``, ``QS``.
CARD_CODE = re.compile(r"(?<![\w-])(10|[2-9JQKA])([CDHS])(?![\w-])")


def with_card_symbols(sentence: str, lang: str) -> str:
    """A card game's verdict text with its card codes as players read them (``6♣``, ``Д♠``)."""
    return CARD_CODE.sub(lambda m: parse_card(m.group(0)).shown(lang), sentence)


def _cards(value: Any, lang: str) -> str:
    values = value if isinstance(value, list | tuple) else [value]
    return " ".join(parse_card(str(v)).shown(lang) for v in values)


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " ".join(_plain(v) for v in value)
    return str(value)


def _down(value: Any) -> str:
    """A shot's ``down`` list: names, or [name, what felled it] pairs."""
    names = [v[0] if isinstance(v, list | tuple) else v for v in value or []]
    return ", ".join(str(n).replace("_", " ") for n in names)


def action_text(
    action: Mapping[str, Any], lang: str, titles: Mapping[str, tuple[str, str]] | None = None
) -> str:
    """One action as a sentence in ``lang``; ``titles`` maps sheet row keys to (en, ru)."""
    verb = str(action.get("do", "?"))
    ru = lang == "ru"
    values: dict[str, Any] = {k: v for k, v in action.items() if k != "do"}
    values.setdefault("by", "")
    for key in CARD_FIELDS:
        if key in values and values[key] is not None:
            try:
                values[key] = _cards(values[key], lang)
            except ValueError:
                values[key] = _plain(values[key])
    if "row" in values and titles and values["row"] in titles:
        values["row"] = titles[values["row"]][1 if ru else 0]
    if verb == "correct" and isinstance(values.get("action"), Mapping):
        values["action"] = action_text(values["action"], lang, titles)
    values = {k: v if k in CARD_FIELDS or k == "action" else _plain(v) for k, v in values.items()}
    if verb not in PHRASES:
        fields = " ".join(f"{k}={v}" for k, v in values.items() if k != "by")
        return f"{values['by']}: {verb} {fields}".strip() if values["by"] else f"{verb} {fields}"
    try:
        out = PHRASES[verb][1 if ru else 0].format(**values)
    except KeyError:  # a verb used without its usual field: say the verb and its fields
        fields = " ".join(f"{k}={v}" for k, v in values.items() if k != "by")
        return f"{values['by']}: {verb} {fields}".strip()
    if verb == "lay" and action.get("end") in ENDS:
        out += " " + ENDS[action["end"]][1 if ru else 0]
    if verb == "shot" and action.get("down"):
        out += DOWN[1 if ru else 0].format(down=_down(action["down"]))
    return out


def row_dict(row: Any) -> Mapping[str, Any]:
    """A journal row as a dict: a mapping as it is, a ``JournalRow`` by its fields."""
    if isinstance(row, Mapping):
        return row
    if is_dataclass(row) and not isinstance(row, type):
        return asdict(row)
    raise TypeError(f"a journal row is a mapping or a JournalRow, got {type(row).__name__}")


def entry_text(row: Any, lang: str, titles: Mapping[str, tuple[str, str]] | None = None) -> str:
    """``#seq`` and the action's sentence, with the source and confidence when a reader
    (not the operator) made the entry: ``#12 Anna rolled 1 3 4 5 6 · camera 82%``."""
    data = row_dict(row)
    out = f"#{data['seq']} {action_text(data['action'], lang, titles)}"
    source = data.get("source")
    if source and source != "operator":
        name = SOURCES.get(source, (source, source))[1 if lang == "ru" else 0]
        confidence = data.get("confidence")
        if confidence is not None:
            name += f" {round(confidence * 100)}%"
        out += f" · {name}"
    return out


def sheet_titles(sheet: Mapping[str, Any]) -> dict[str, tuple[str, str]]:
    """Row keys to their (en, ru) titles, so ``score row=small_straight`` reads as on the pad."""
    rows: Sequence[Mapping[str, Any]] = sheet.get("rows", [])
    return {str(r["key"]): (str(r["en"]), str(r["ru"])) for r in rows}
