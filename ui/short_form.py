"""The typed short form of actions, one module for the command line and the Qt console.

At the ``play`` prompt and in the console's entry line an action is JSON or ``[Player:] verb
words``: the words fill the verb's one required field (``roll 1 3 4 5 6``, ``score chance``),
a verb without fields is one word (``stop``), a verb with several fields takes ``field=value``
words (``bid quantity=5 face=3``, lists with commas), and ``correct`` takes its target and
then the replacement action as the rest of the line (``correct 3 roll 1 2 3 4 5``, ``correct
target=3 action={...}``).  :func:`describe` writes an action the same way back (the referee
reading it out).  A typing mistake is a :class:`CliError`, one ``error:`` line, never a
traceback.  The command line (:mod:`ui.cli`, ``ui.commands``) and the
console (:mod:`ui.qt.console`) both import this module, and it imports neither.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.actions import (
    CORRECT,
    JOURNAL_VERBS,
    MAX_NESTING,
    FieldType,
    Verb,
    action_from_json,
)
from ui.commands import CommandError


class CliError(CommandError):
    """A mistake the user can fix; reported as one ``error:`` line, never as a traceback.

    ``ru`` is the message in Russian, written where it is raised from the same values
    (:func:`scoring.actions.error_text` picks the language); an error without one, such as
    a bad command line, is English in both.
    """

    def __init__(self, message: str, ru: str | None = None) -> None:
        super().__init__(message)
        self.ru = ru


COMMANDS = ("sheet", "help", "quit")


def read_action(line: str, verbs: Mapping[str, Verb], turn: str | None, over: bool = False) -> Any:
    """One typed line as a raw action: JSON as written, or ``[Player:] verb words...``.

    The player defaults to whose turn it is; the words fill the verb's one required field
    (for ``undo``, its optional target), read by that field's own ``from_words``.  A
    ``correct`` is ``correct <target> <action>`` or ``correct target=N action=...``, the
    replacement last, itself JSON or a short form (:func:`_correction`).
    """
    return _read(line, verbs, turn, over, depth=0)


def _read(line: str, verbs: Mapping[str, Verb], turn: str | None, over: bool, depth: int) -> Any:
    """:func:`read_action` for a line ``depth`` corrections deep."""
    line = line.strip()
    if line.startswith("{"):
        return action_from_json(line)
    known = {**verbs, **JOURNAL_VERBS}
    who, rest = _player_prefix(line, known)
    words = rest.split()
    if not words:
        raise CliError(
            f"what does {who} do? e.g. '{who}: roll 1 2 3 4 5'",
            f"что делает {who}? например '{who}: roll 1 2 3 4 5'",
        )
    verb = known.get(words[0].lower())
    if verb is None:
        verbs, commands = ", ".join(known), ", ".join(COMMANDS)
        raise CliError(
            f"unknown verb {words[0]!r}; verbs: {verbs}; commands: {commands}",
            f"неизвестный глагол {words[0]!r}; глаголы: {verbs}; команды: {commands}",
        )
    action: dict[str, Any] = {"do": verb.name}
    if who or verb.needs_player:
        if not (who or turn):
            if over:
                raise CliError(
                    "the game is over: 'undo' takes back the last action, 'quit' leaves",
                    "игра окончена: 'undo' отменяет последнее действие, 'quit' — выход",
                )
            raise CliError(
                f"nobody is to play yet: name the player, e.g. 'Anna: {verb.name}'",
                f"ход ещё ничей: назовите игрока, например 'Anna: {verb.name}'",
            )
        action["by"] = who or turn
    if verb.name == CORRECT:
        after_verb = rest.split(None, 1)[1:]
        return {**action, **_correction(" ".join(after_verb), verbs, turn, over, depth)}
    if not verb.fields:
        if words[1:]:
            raise CliError(
                f"{verb.name} takes no words: type just '{verb.name}'",
                f"после {verb.name} слов не нужно: введите просто '{verb.name}'",
            )
        return action
    if any("=" in word for word in words[1:]):
        return {**action, **_named_fields(verb, words[1:])}
    if not words[1:] and not verb.required:
        return action  # every field optional: the bare verb (a `deal` of hand sizes only)
    name, field = _word_field(verb)
    if words[1:] or name in verb.required:
        action[name] = field.from_words(name, words[1:])
    return action


def _player_prefix(line: str, known: Mapping[str, Verb]) -> tuple[str, str]:
    """``Boris: roll ...`` as the player and the rest.  A colon after a verb and more words is
    not a prefix but part of the action (``correct 2 Anna: roll ...``, JSON's ``"do": ...``)."""
    who, colon, rest = line.partition(":")
    first = who.split()
    if not colon or (len(first) > 1 and first[0].lower() in known):
        return "", line
    if not who.strip():
        raise CliError(
            "a player's name goes before ':', e.g. 'Boris: roll 1 2 3 4 5'",
            "имя игрока пишется перед ':', например 'Boris: roll 1 2 3 4 5'",
        )
    return who.strip(), rest


#: How a correction is typed, for the error that says so.
CORRECT_USAGE = (
    "type correct as 'correct <target> <action>' or 'correct target=N action=...', the "
    "action last, as a short form or JSON: correct 3 roll 1 2 3 4 5"
)
CORRECT_USAGE_RU = (
    "исправление вводится как 'correct <target> <action>' или 'correct target=N action=...', "
    "действие последним, коротко или в JSON: correct 3 roll 1 2 3 4 5"
)


def _correction(
    text: str, verbs: Mapping[str, Verb], turn: str | None, over: bool, depth: int
) -> dict[str, Any]:
    """A correction's target and replacement: the target first (``3`` or ``target=3``), then the
    whole rest of the line as the action (``roll 1 2 3 4 5``, ``Anna: ...``, ``action={...}``),
    read like any typed action, so JSON with spaces and commas stays whole."""
    target_word, _, action_text = text.strip().partition(" ")
    action_text = action_text.strip().removeprefix("action=").strip()
    if not target_word or not action_text:
        raise CliError(CORRECT_USAGE, CORRECT_USAGE_RU)
    if depth >= MAX_NESTING:
        raise CliError(
            f"corrections nested more than {MAX_NESTING} deep",
            f"уровней вложенности исправлений больше {MAX_NESTING}",
        )
    target_field = JOURNAL_VERBS[CORRECT].fields["target"]
    target = target_field.from_words("target", [target_word.removeprefix("target=")])
    return {"target": target, "action": _read(action_text, verbs, turn, over, depth + 1)}


def _named_fields(verb: Verb, words: Sequence[str]) -> dict[str, Any]:
    """``field=value`` words (``bid quantity=5 face=3``), each read by its field's own parser;
    a list is written with commas (``faces=3,2``)."""
    fields: dict[str, Any] = {}
    for word in words:
        name, equals, value = word.partition("=")
        if not equals or name not in verb.fields:
            takes = ", ".join(f"{n}=..." for n in verb.fields)
            raise CliError(
                f"{word!r}: {verb.name} takes {takes}", f"{word!r}: {verb.name} принимает {takes}"
            )
        fields[name] = verb.fields[name].from_words(name, value.split(","))
    return fields


def _word_field(verb: Verb) -> tuple[str, FieldType]:
    """The one field a short form fills: the verb's single required field, or its only field."""
    names = _short_fields(verb)
    if len(names) != 1:
        fields = ", ".join(f'"{name}": ...' for name in verb.fields)
        named = " ".join(f"{name}=..." for name in verb.fields)
        example = f'{{"do": "{verb.name}", {fields}}}'
        raise CliError(
            f'type {verb.name} as "{verb.name} {named}" or as JSON: {example}',
            f'{verb.name} вводится как "{verb.name} {named}" или в JSON: {example}',
        )
    return names[0], verb.fields[names[0]]


def _short_fields(verb: Verb) -> list[str]:
    """The fields a short form may fill by bare words: the verb's required ones, else all."""
    return list(verb.required) or list(verb.fields)


def describe(action: Mapping[str, Any]) -> str:
    """An action as the referee reads it out: ``Anna: roll 3 4 4 6 2``."""
    args = {
        key: value
        for key, value in action.items()
        if key not in ("do", "by") and value not in ([], {}, None)  # a shot's empty lists
    }
    text = f"{action['do']} {words(args)}".strip()
    return f"{action['by']}: {text}" if action.get("by") else text


def template(action: Mapping[str, Any], verbs: Mapping[str, Verb]) -> str:
    """An action open now as the user would type it, the values the table has still to show
    left as ``<field>`` (a decision fixes the verb and the player, not the dice rolled):
    ``Anna: roll <dice>``, ``Anna: fold``."""
    text = describe(action)
    verb = verbs.get(str(action.get("do")))
    if verb is None:
        return text
    missing = [name for name in verb.required if action.get(name) in (None, [], {})]
    if len(missing) == 1 and missing == _short_fields(verb):
        return f"{text} <{missing[0]}>"
    return " ".join([text, *(f"{name}=<{name}>" for name in missing)])


def words(args: Mapping[str, Any]) -> str:
    """An action's arguments as typed at the prompt: the first bare, any others after their
    names (``5 kept 1 2 3 4``); lists as space-separated words, nested actions as JSON.  An
    action with a list of groups or a mapping (a shot record) reads ``red; contacts: red pink
    0.12, pink big 0.47; down: big pink 0.5``: groups by commas, fields by semicolons."""
    if any(_grouped(value) for value in args.values()):  # a shot: each field stands apart
        items = list(args.items())
        head = [_value_words(items[0][1])] if items else []
        return "; ".join(head + [f"{name}: {_value_words(value)}" for name, value in items[1:]])
    parts = []
    for index, (name, value) in enumerate(args.items()):
        if index:
            parts.append(name)
        parts.append(_value_words(value))
    return " ".join(parts)


def _grouped(value: Any) -> bool:
    """A list of groups, or a mapping that is no nested action: too rich for bare words."""
    if isinstance(value, Mapping):
        return "do" not in value
    return isinstance(value, list | tuple) and any(
        isinstance(item, list | tuple | Mapping) for item in value
    )


def _value_words(value: Any) -> str:
    if isinstance(value, Mapping):
        if "do" in value:  # a nested action (correct's replacement)
            return json.dumps(value, ensure_ascii=False)
        return ", ".join(f"{key} {_value_words(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return (", " if _grouped(value) else " ").join(_value_words(item) for item in value)
    return str(value)
