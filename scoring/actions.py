"""The one action language: parsing and validating actions.

Every event in a game is a flat JSON object ``{"do": VERB, "by": PLAYER, ...arguments}``.
The same object is the engine's input, a journal row, a recording line and a scenario step,
so it is checked in one place.  A malformed action raises :class:`ActionError`, which names
the offending field; nothing downstream ever sees a half-valid action.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Keys every action may carry besides its verb's own fields.
ENVELOPE_KEYS = ("do", "by")

#: What a typed or quoted whole number looks like (ASCII digits only: "²".isdigit() is true).
WHOLE_NUMBER = re.compile(r"-?[0-9]+")

#: The most digits a number in an action may have.  Nothing counted at a table (points, a
#: history number, a frame, microseconds since boot) comes near 10**18, and Python refuses to
#: read an integer of more than 4300 digits with a ValueError, so a longer one is refused here.
MAX_DIGITS = 18

#: How deeply a JSON action may nest its objects and lists: a ``correct`` carrying a shot
#: record with its lists is four levels.  The JSON decoder recurses per level and fails with a
#: RecursionError near a thousand, so nesting is measured before decoding and refused here.
MAX_NESTING = 16

#: A JSON string between quotes (escapes included), blanked before brackets are counted.
JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')

#: Journal-only verbs, understood by every game (see :mod:`scoring.match`).
UNDO = "undo"
CORRECT = "correct"


class BilingualError(ValueError):
    """A ValueError that carries its Russian twin: ``str(error)`` is the English text, ``ru``
    the Russian one, both written where it is raised from the same values (field, verb and
    player names and typed values stay as typed in both).  :func:`error_text` picks one."""

    def __init__(self, message: str, *, ru: str) -> None:
        super().__init__(message)
        self.ru = ru


class ActionError(BilingualError):
    """A malformed action: unknown verb, missing, unknown or mistyped field, value out of range.

    ``code`` is a stable reason code (``unknown_verb``, ``missing_field``, ``unknown_field``,
    ``bad_field``, ``not_an_action``); ``field`` names the offending field where there is one;
    ``ru`` is the message in Russian (required, so that no refusal is English-only).
    """

    def __init__(self, code: str, message: str, field: str | None = None, *, ru: str) -> None:
        super().__init__(message, ru=ru)
        self.code = code
        self.field = field


def error_text(error: BaseException, lang: str) -> str:
    """An error's text in ``lang``: the Russian twin (``ru``) of an :class:`ActionError`, a
    :class:`BilingualError` or any error carrying one (``ui.short_form.CliError``) for
    ``"ru"``, else (and for an error that has none) its English ``str``."""
    if lang == "ru":
        ru = getattr(error, "ru", None)
        if isinstance(ru, str) and ru:
            return ru
    return str(error)


def ru_text(error: BaseException) -> str:
    """An error's Russian text, for wrapping it into another (its English where it has none)."""
    return error_text(error, "ru")


#: The JSON decoder's messages (``json.JSONDecodeError.msg``, a fixed set) in Russian.
JSON_MESSAGES_RU = {
    "Expecting value": "ожидалось значение",
    "Expecting ',' delimiter": "ожидалась запятая",
    "Expecting ':' delimiter": "ожидалось двоеточие",
    "Expecting property name enclosed in double quotes": "ожидалось имя поля в двойных кавычках",
    "Unterminated string starting at": "строка не закрыта кавычкой",
    "Invalid control character": "недопустимый управляющий символ",
    "Invalid \\uXXXX escape": "неверная последовательность \\uXXXX",
    "Invalid \\escape": "неверная escape-последовательность",
    "Extra data": "лишний текст после JSON",
    "Illegal trailing comma before end of object": "лишняя запятая перед концом объекта",
    "Illegal trailing comma before end of array": "лишняя запятая перед концом списка",
}


def json_message_ru(msg: str) -> str:
    """The JSON decoder's message in Russian (matched on its fixed start: some carry the
    offending character after it)."""
    for english, russian in JSON_MESSAGES_RU.items():
        if msg.startswith(english):
            return russian
    return "ошибка разбора"


@dataclass(frozen=True)
class Action:
    """One validated action.  ``args`` holds the verb's fields, already normalised."""

    verb: str
    by: str | None = None
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.verb}
        if self.by is not None:
            out["by"] = self.by
        for key, value in self.args.items():
            out[key] = value.to_dict() if isinstance(value, Action) else _plain(value)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(", ", ": "))

    def __str__(self) -> str:
        return self.to_json()


def _plain(value: Any) -> Any:
    """Tuples become lists so that an action round-trips through JSON and YAML unchanged."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


# --------------------------------------------------------------------------------------------
# Field types.  Each one checks a raw JSON value and returns it normalised (lists -> tuples).


class FieldType:
    """How one argument of a verb is checked; subclasses say what a valid value is."""

    description = "a value"
    #: ``description`` in Russian, used in the Russian messages (every field type has one).
    description_ru = "значение"

    def check(self, name: str, value: Any) -> Any:
        raise NotImplementedError

    def from_words(self, name: str, words: Sequence[str]) -> Any:
        """Read the value from the words typed at a text prompt (``roll 1 3 4 5 6``)."""
        if len(words) != 1:
            raise ActionError(
                "bad_field",
                f"{name}: expected one word, got {len(words)}",
                name,
                ru=f"{name}: нужно одно слово, а введено слов: {len(words)}",
            )
        return self.check(name, words[0])


@dataclass(frozen=True)
class DiceField(FieldType):
    """A list of die faces, ``min_count``..``max_count`` long, each in ``faces``."""

    faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    min_count: int = 0
    max_count: int = 5

    @property
    def description(self) -> str:  # type: ignore[override]  # property over a class attribute
        return f"{self.min_count} to {self.max_count} dice, faces {self.faces[0]}..{self.faces[-1]}"

    @property
    def description_ru(self) -> str:  # type: ignore[override]  # property over a class attribute
        faces = f"{self.faces[0]}..{self.faces[-1]}"
        return f"от {self.min_count} до {self.max_count} костей, грани {faces}"

    def check(self, name: str, value: Any) -> tuple[int, ...]:
        if not isinstance(value, list | tuple):
            raise ActionError(
                "bad_field",
                f"{name}: expected a list of dice, got {value!r}",
                name,
                ru=f"{name}: нужен список костей, а не {value!r}",
            )
        if not self.min_count <= len(value) <= self.max_count:
            raise ActionError(
                "bad_field",
                f"{name}: {len(value)} dice given, this game takes "
                f"{self.min_count} to {self.max_count}",
                name,
                ru=f"{name}: костей {len(value)}, а в этой игре их от {self.min_count} "
                f"до {self.max_count}",
            )
        for index, die in enumerate(value):
            if isinstance(die, bool) or not isinstance(die, int):
                raise ActionError(
                    "bad_field",
                    f"{name}[{index}]: {die!r} is not a die face",
                    name,
                    ru=f"{name}[{index}]: {die!r} — не грань кости",
                )
            if die not in self.faces:
                raise ActionError(
                    "bad_field",
                    f"{name}[{index}]: {die} is not a face of this die "
                    f"({self.faces[0]}..{self.faces[-1]})",
                    name,
                    ru=f"{name}[{index}]: {die} — не грань этой кости "
                    f"({self.faces[0]}..{self.faces[-1]})",
                )
        return tuple(value)

    def from_words(self, name: str, words: Sequence[str]) -> tuple[int, ...]:
        values: list[Any] = []
        for word in words:
            for part in word.replace(",", " ").split():
                number = whole_number(name, part)
                values.append(part if number is None else number)
        return self.check(name, values)


@dataclass(frozen=True)
class ChoiceField(FieldType):
    """One name out of a fixed set (a score-sheet row, a table end)."""

    choices: tuple[str, ...]

    @property
    def description(self) -> str:  # type: ignore[override]  # property over a class attribute
        return "one of " + ", ".join(self.choices)

    @property
    def description_ru(self) -> str:  # type: ignore[override]  # property over a class attribute
        return "одно из: " + ", ".join(self.choices)

    def check(self, name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise ActionError(
                "bad_field",
                f"{name}: expected a name, got {value!r}",
                name,
                ru=f"{name}: нужно {self.description_ru}, а не {value!r}",
            )
        if value not in self.choices:
            raise ActionError(
                "bad_field",
                f"{name}: {value!r} is not {self.description}",
                name,
                ru=f"{name}: {value!r} нет среди вариантов ({', '.join(self.choices)})",
            )
        return value


@dataclass(frozen=True)
class IntField(FieldType):
    """A whole number in ``minimum``..``maximum``."""

    minimum: int = 1
    maximum: int | None = None

    @property
    def description(self) -> str:  # type: ignore[override]  # property over a class attribute
        if self.maximum is None:
            return f"a whole number, {self.minimum} or more"
        return f"a whole number from {self.minimum} to {self.maximum}"

    @property
    def description_ru(self) -> str:  # type: ignore[override]  # property over a class attribute
        if self.maximum is None:
            return f"целое число от {self.minimum}"
        return f"целое число от {self.minimum} до {self.maximum}"

    def check(self, name: str, value: Any) -> int:
        if isinstance(value, str) and (number := whole_number(name, value)) is not None:
            value = number
        if isinstance(value, bool) or not isinstance(value, int):
            raise ActionError(
                "bad_field",
                f"{name}: expected {self.description}, got {value!r}",
                name,
                ru=f"{name}: нужно {self.description_ru}, а не {value!r}",
            )
        if value < self.minimum or (self.maximum is not None and value > self.maximum):
            raise ActionError(
                "bad_field",
                f"{name}: {value} is not {self.description}",
                name,
                ru=f"{name}: нужно {self.description_ru}, а не {value}",
            )
        return value


@dataclass(frozen=True)
class BoolField(FieldType):
    """A yes/no flag (``stop: true``); typed as yes/no, true/false or 1/0 at the prompt."""

    description = "true or false"
    description_ru = "true или false"

    def check(self, name: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise ActionError(
                "bad_field",
                f"{name}: expected true or false, got {value!r}",
                name,
                ru=f"{name}: нужно true или false, а не {value!r}",
            )
        return value

    def from_words(self, name: str, words: Sequence[str]) -> bool:
        word = " ".join(words).strip().lower()
        if word in ("yes", "true", "1", "да"):
            return True
        if word in ("no", "false", "0", "нет"):
            return False
        raise ActionError(
            "bad_field",
            f"{name}: expected yes or no, got {word!r}",
            name,
            ru=f"{name}: нужно да или нет (yes или no), а не {word!r}",
        )


@dataclass(frozen=True)
class NameField(FieldType):
    """A name: a player, a team, a table.  The engine checks that it names someone present."""

    description = "a name"
    description_ru = "имя"

    def check(self, name: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise ActionError(
                "bad_field",
                f"{name}: expected a name, got {value!r}",
                name,
                ru=f"{name}: нужно имя, а не {value!r}",
            )
        _check_text(name, value)
        return value

    def from_words(self, name: str, words: Sequence[str]) -> str:
        return self.check(name, " ".join(words))


@dataclass(frozen=True)
class Verb:
    """A verb's signature: its fields, which of them are required, and whether ``by`` is."""

    name: str
    fields: Mapping[str, FieldType] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    needs_player: bool = True
    summary: str = ""

    def usage(self) -> str:
        parts = [self.name] + [f"<{n}>" if n in self.required else f"[{n}]" for n in self.fields]
        return " ".join(parts)


# --------------------------------------------------------------------------------------------
# Parsing.


def whole_number(name: str, text: str) -> int | None:
    """A typed whole number (``"12"``, ``"-3"``) as an int, None for text that is not one; one
    of more than :data:`MAX_DIGITS` digits is refused, naming the field."""
    text = text.strip()
    if not WHOLE_NUMBER.fullmatch(text):
        return None
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ActionError(
            "bad_field",
            f"{name}: a number of {digits} digits (at most {MAX_DIGITS})",
            name,
            ru=f"{name}: цифр в числе: {digits}, а можно не больше {MAX_DIGITS}",
        )
    return int(text)


def action_from_json(text: str) -> dict[str, Any]:
    """Decode one action written as JSON, with an :class:`ActionError` for broken JSON, for
    nesting deeper than :data:`MAX_NESTING` and for numbers longer than :data:`MAX_DIGITS`."""
    depth = json_nesting(text)
    if depth > MAX_NESTING:
        raise ActionError(
            "not_an_action",
            f"JSON nested {depth} levels deep (an action has {MAX_NESTING} at most)",
            ru=f"уровней вложенности в JSON: {depth}, а в действии их не больше {MAX_NESTING}",
        )
    try:
        raw = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as error:
        raise ActionError(
            "not_an_action",
            f"not valid JSON: {error.msg} at column {error.colno}",
            ru=f"это не JSON: {json_message_ru(error.msg)} (столбец {error.colno})",
        ) from None
    return raw


def json_nesting(text: str) -> int:
    """How many objects and lists deep JSON text goes (brackets inside strings not counted)."""
    depth = deepest = 0
    for bracket in re.finditer(r"[\[\]{}]", JSON_STRING.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _json_int(digits: str) -> int:
    """The JSON decoder's reader of integers, refusing one of more than MAX_DIGITS digits."""
    number = whole_number("number", digits)
    assert number is not None  # the decoder hands over only JSON integers
    return number


def _check_text(name: str, value: str) -> None:
    """Text that cannot be written as UTF-8 (a lone surrogate, from bytes that were not UTF-8)
    would fail when the journal stores it, after the action was judged: refused now."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ActionError(
            "bad_field",
            f"{name}: {value!r} is not valid text",
            name,
            ru=f"{name}: {value!r} — не текст в UTF-8",
        ) from None


def parse_action(raw: Any, verbs: Mapping[str, Verb]) -> Action:
    """Validate a raw action (a decoded JSON/YAML object) against a game's verbs.

    ``undo`` and ``correct`` are known to every game; a ``correct`` carries a whole replacement
    action, validated recursively against the same verbs.
    """
    if not isinstance(raw, Mapping):
        raise ActionError(
            "not_an_action",
            f"an action is a JSON object, got {raw!r}",
            ru=f"действие — это объект JSON, а не {raw!r}",
        )
    verb_name = raw.get("do")
    if verb_name is None:
        raise ActionError(
            "missing_field",
            "do: missing (which verb is this action?)",
            "do",
            ru="do: не указано (какой это глагол?)",
        )
    if not isinstance(verb_name, str):
        raise ActionError(
            "bad_field",
            f"do: expected a verb name, got {verb_name!r}",
            "do",
            ru=f"do: нужен глагол, а не {verb_name!r}",
        )
    known = {**JOURNAL_VERBS, **verbs}
    verb = known.get(verb_name)
    if verb is None:
        raise ActionError(
            "unknown_verb",
            f"do: unknown verb {verb_name!r}; this game knows {', '.join(sorted(known))}",
            "do",
            ru=f"do: неизвестный глагол {verb_name!r}; "
            f"в этой игре есть: {', '.join(sorted(known))}",
        )
    by = raw.get("by")
    if by is not None and (not isinstance(by, str) or not by.strip()):
        raise ActionError(
            "bad_field",
            f"by: expected a player's name, got {by!r}",
            "by",
            ru=f"by: нужно имя игрока, а не {by!r}",
        )
    if by is not None:
        _check_text("by", by)
    if verb.needs_player and by is None:
        raise ActionError(
            "missing_field",
            f"by: missing (who does {verb_name!r}?)",
            "by",
            ru=f"by: не указано (кто делает {verb_name!r}?)",
        )
    unknown = sorted(set(raw) - set(ENVELOPE_KEYS) - set(verb.fields))
    if unknown:
        raise ActionError(
            "unknown_field",
            f"{unknown[0]}: {verb_name!r} takes no such field "
            f"(it takes {', '.join(verb.fields) or 'no fields'})",
            unknown[0],
            ru=f"{unknown[0]}: у {verb_name!r} нет такого поля "
            f"({'поля: ' + ', '.join(verb.fields) if verb.fields else 'полей у него нет'})",
        )
    args: dict[str, Any] = {}
    for name, field_type in verb.fields.items():
        if name not in raw:
            if name in verb.required:
                raise ActionError(
                    "missing_field",
                    f"{name}: missing ({field_type.description})",
                    name,
                    ru=f"{name}: не указано ({field_type.description_ru})",
                )
            continue
        if isinstance(field_type, ActionField):
            if not isinstance(raw[name], Mapping):
                raise ActionError(
                    "bad_field",
                    f"{name}: expected an action object, got {raw[name]!r}",
                    name,
                    ru=f"{name}: нужно {ActionField.description_ru}, а не {raw[name]!r}",
                )
            args[name] = parse_action(raw[name], verbs)
        else:
            args[name] = field_type.check(name, raw[name])
    return Action(verb_name, by, args)


@dataclass(frozen=True)
class ActionField(FieldType):
    """A whole nested action: the replacement carried by ``correct``."""

    description = "an action object"
    description_ru = "действие — объект JSON"

    def check(self, name: str, value: Any) -> Any:  # pragma: no cover - parse_action recurses
        raise NotImplementedError


JOURNAL_VERBS: dict[str, Verb] = {
    UNDO: Verb(
        UNDO,
        {"target": IntField(1)},
        needs_player=False,
        summary="take back an earlier action (by its number; the last one if omitted)",
    ),
    CORRECT: Verb(
        CORRECT,
        {"target": IntField(1), "action": ActionField()},
        required=("target", "action"),
        needs_player=False,
        summary="replace an earlier action by a corrected one; the history stays",
    ),
}
