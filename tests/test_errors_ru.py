"""Every error a user can get while typing actions at ``play`` (and in a ``shot`` record) is one
Russian line under ``--lang ru``, and the English texts of ``--lang en`` are unchanged.

Three layers: scripted ``play`` sessions feeding each class of malformed input (compared with
today's English texts under ``--lang en``); every field type of every game's verbs (walked from
the catalogue, every preset) fed bad values, so a new field type without Russian texts fails here;
and one ``field=value`` typo and one missing field per verb of every game through ``play``.
"""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from scoring.actions import (
    JOURNAL_VERBS,
    ActionError,
    ActionField,
    BoolField,
    ChoiceField,
    DiceField,
    FieldType,
    IntField,
    NameField,
    Verb,
    error_text,
    parse_action,
)
from scoring.card_games.card_ball.rules import BallsField
from scoring.card_games.golf.rules import GolfCardField
from scoring.card_games.holdem.pushes import PushedChipsField
from scoring.cards import CardField, CardsField
from scoring.carom.shot import (
    FELLERS,
    BallField,
    ContactsField,
    DownField,
    StoppedOnField,
    TimedNamesField,
)
from scoring.dice.game_of_chips import ChipsField
from scoring.dominoes.tiles import HandsField as TileHandsField
from scoring.dominoes.tiles import TileField, TilesField
from scoring.durak.verbs import HandsField as CardHandsField
from scoring.durak.verbs import SizesField
from scoring.match import Match
from scoring.registry import catalogue, create_engine
from scoring.reversi.board import SquareField, SquaresField
from ui.cli import main
from ui.short_form import COMMANDS, CliError, read_action

CYRILLIC = re.compile("[а-яА-ЯёЁ]")

#: English sentence words that must never be left in a Russian error.
ENGLISH = re.compile(
    r"\b(expected|missing|unknown|is not|given|got|takes|nested|twice|listed|before|earlier|"
    r"cannot|write|digits|deep|valid|whole|number|list|such as|one of|only|nobody|over|type|"
    r"name|player|verb|field|action object|card|tile|ball|skittle|face|deck|joker|time|goes)\b"
)

#: ASCII words a Russian error may hold besides the game's own names: format words, and typed
#: values as Python writes them.
ALLOWED = {
    "JSON",
    "UTF",
    "true",
    "false",
    "yes",
    "no",
    "null",
    "escape",
    "uXXXX",
    "True",
    "False",
    "QS",
}

DEEP = "[" * 17 + "]" * 17
SESSIONS = {
    "yahtzee": (
        "Anna,Boris",
        [
            "foo bar",
            "Anna: roll 9",
            "Anna: roll 1 2 3 4 5 6",
            "Anna: roll x",
            "Anna: roll",
            "undo x",
            "undo 0",
            "undo 1234567890123456789",
            "Anna: score nothing",
            '{"do":"roll"}',
            '{"do":"roll","by":"Anna"}',
            '{"by":"Anna"}',
            '{"do":5}',
            '{"do":"zap","by":"Anna"}',
            '{"do":"roll","by":""}',
            '{"do":"roll","by":"Anna","dice":[1],"spin":1}',
            '{"do":"roll","by":"Anna","dice":"12"}',
            '{"do":"roll","by":"Anna","dice":[true]}',
            '{"do":"score","by":"Anna","row":5}',
            '{"do":"undo","target":true}',
            '{"do":"roll"',
            '{"do":"roll","by":"Anna","dice":' + DEEP + "}",
            '{"do": "roll", "by": "Anna", "dice": [1, 2] "x"}',
            '{"do":"undo","target":1234567890123456789}',
            '{"do":"undo","target":"x"}',
            '{"do":"correct","target":1,"action":5}',
            '{"do":"correct","target":1}',
            '{"do":"correct","target":1,"action":{"do":"roll","by":"Anna","dice":[9]}}',
            "correct 1",
            "correct x roll 1 2 3 4 5",
            "correct 1 Anna: roll 7",
            ": roll 1 2 3",
            "Anna:",
            "Anna: roll dice=1,2 kept=9",
            "Anna: roll spin=1",
            "Anna: roll 1 2 3 4 5",
            "correct 1 undo",
            "correct 1 " * 18 + "roll 1 2 3 4 5",
            "undo 5",
            "bad \udcff line",
        ],
    ),
    "durak": (
        "Anna,Boris",
        [
            "Anna: done now",
            "Anna: defend 6H",
            "Anna: attack cards= to=Boris",
            "Anna: attack 6H 6H",
            "Anna: attack ZZ",
            "Anna: attack 6X",
            "Anna: attack 1H",
            "Anna: defend beat=ZZ with=6H",
            '{"do":"attack","by":"Anna","cards":5}',
            '{"do":"attack","by":"Anna","cards":["6H"],"to":""}',
            '{"do":"attack","by":"Anna","cards":["6H"],"to":5}',
            "Anna: deal sizes=x",
            '{"do":"deal","by":"Anna","sizes":[]}',
            '{"do":"deal","by":"Anna","sizes":[-1]}',
            '{"do":"deal","by":"Anna","hands":5}',
            '{"do":"deal","by":"Anna","hands":{"Anna":["ZZ"]}}',
            '{"do":"deal","by":"Anna","hands":{"":["6H"]}}',
            '{"do":"draw","by":"Anna","count":0}',
        ],
    ),
    "card_thousand": (
        "Anna,Boris,Vera",
        [
            "Anna: play 2H",
            "Anna: bid points=x",
            "Anna: bid points=100 dark=maybe",
            '{"do":"bid","by":"Anna","points":100,"dark":"yes"}',
        ],
    ),
    "kozel": (
        "Anna,Boris",
        [
            "Anna: lay 9-9",
            "Anna: lay x",
            "Anna: reveal 1-1 1-1",
            '{"do":"reveal","by":"Anna","tiles":5}',
            '{"do":"reveal","by":"Anna","tiles":["1-1","x"]}',
            "Anna: deal hands=1-1/1-1",
            '{"do":"deal","by":"Anna","hands":5}',
            '{"do":"lay","by":"Anna","tile":"1-1","end":"middle"}',
            '{"do":"lay","by":"Anna","tile":5}',
        ],
    ),
    "golf": (
        "Anna,Boris",
        ["Anna: deal ZZ", "Anna: deal 1H", '{"do":"deal","by":"Anna","card":5}'],
    ),
    "card_ball": (
        "Anna,Boris",
        [
            "Anna: shot pocketed=16",
            "Anna: shot pocketed=3,3",
            "Anna: shot rail=maybe",
            '{"do":"shot","by":"Anna","pocketed":5}',
            '{"do":"shot","by":"Anna","rail":"yes"}',
            '{"do":"shot","by":"Anna","pocketed":[true]}',
        ],
    ),
    "seven_skittles": (
        "Anna,Boris",
        [
            "Anna: shot",
            "shot cue=red",
            "Anna: start",
            "Anna: shot cue=zz",
            '{"do":"shot","by":"Anna","cue":"red","contacts":5}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[["red"]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[["big","red"]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[["red","red"]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[["red","cushion:x y"]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[["red","pink",-1]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[["red","pink","x"]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[["red","pink",2],["pink","black",1]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"down":[["x"]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"down":[["big","red"],["big","red"]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"down":[["big","zz"]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"down":[["big","small_front"]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"pocketed":[["pink"]]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"pocketed":["pink","pink"]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"pocketed":["zz"]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"facts":["zz"]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"stopped_on":5}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"stopped_on":[1]}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"stopped_on":{"zz":"pink"}}',
            '{"do":"shot","by":"Anna","cue":"red","contacts":[],"stopped_on":{"centre":"zz"}}',
        ],
    ),
}


EXPECTED_EN = {
    "yahtzee": [
        "error: unknown verb 'foo'; verbs: roll, keep, score, void, undo, correct; commands: sheet, help, quit",  # noqa: E501
        "error: dice[0]: 9 is not a face of this die (1..6)",
        "error: dice: 6 dice given, this game takes 1 to 5",
        "error: dice[0]: 'x' is not a die face",
        "error: dice: 0 dice given, this game takes 1 to 5",
        "error: target: expected a whole number, 1 or more, got 'x'",
        "error: target: 0 is not a whole number, 1 or more",
        "error: target: a number of 19 digits (at most 18)",
        "error: row: 'nothing' is not one of ones, twos, threes, fours, fives, sixes, three_of_a_kind, four_of_a_kind, full_house, small_straight, large_straight, yahtzee, chance",  # noqa: E501
        "error: by: missing (who does 'roll'?)",
        "error: dice: missing (1 to 5 dice, faces 1..6)",
        "error: do: missing (which verb is this action?)",
        "error: do: expected a verb name, got 5",
        "error: do: unknown verb 'zap'; this game knows correct, keep, roll, score, undo, void",
        "error: by: expected a player's name, got ''",
        "error: spin: 'roll' takes no such field (it takes dice, kept)",
        "error: dice: expected a list of dice, got '12'",
        "error: dice[0]: True is not a die face",
        "error: row: expected a name, got 5",
        "error: target: expected a whole number, 1 or more, got True",
        "error: not valid JSON: Expecting ',' delimiter at column 13",
        "error: JSON nested 18 levels deep (an action has 16 at most)",
        "error: not valid JSON: Expecting ',' delimiter at column 45",
        "error: number: a number of 19 digits (at most 18)",
        "error: target: expected a whole number, 1 or more, got 'x'",
        "error: action: expected an action object, got 5",
        "error: action: missing (an action object)",
        "error: dice[0]: 9 is not a face of this die (1..6)",
        "error: type correct as 'correct <target> <action>' or 'correct target=N action=...', the action last, as a short form or JSON: correct 3 roll 1 2 3 4 5",  # noqa: E501
        "error: target: expected a whole number, 1 or more, got 'x'",
        "error: dice[0]: 7 is not a face of this die (1..6)",
        "error: a player's name goes before ':', e.g. 'Boris: roll 1 2 3 4 5'",
        "error: what does Anna do? e.g. 'Anna: roll 1 2 3 4 5'",
        "error: kept[0]: 9 is not a face of this die (1..6)",
        "error: 'spin=1': roll takes dice=..., kept=...",
        "error: action: a correction replaces a game action, not 'undo'",
        "error: corrections nested more than 16 deep",
        "error: There is no action 5 in play to change",
        "error: 'bad \\udcff line' is not one line of UTF-8 text: nothing done",
    ],
    "durak": [
        "error: done takes no words: type just 'done'",
        'error: type defend as "defend beat=... with=..." or as JSON: {"do": "defend", "beat": ..., "with": ...}',  # noqa: E501
        "error: cards: 0 cards given, expected 1 to 52",
        "error: cards[1]: 6H is given twice",
        "error: cards[0]: 'ZZ': 'Z' is not a rank (2 3 4 5 6 7 8 9 10 J Q K A)",
        "error: cards[0]: '6X': 'X' is not a suit (C D H S)",
        "error: cards[0]: '1H': '1' is not a rank (2 3 4 5 6 7 8 9 10 J Q K A)",
        "error: beat: 'ZZ': 'Z' is not a rank (2 3 4 5 6 7 8 9 10 J Q K A)",
        "error: cards: expected a list of cards, got 5",
        "error: to: expected a name, got ''",
        "error: to: expected a name, got 5",
        "error: sizes[0]: expected a whole number, 0 or more, got 'x'",
        "error: sizes: expected a list of hand sizes in seat order, such as [6, 6, 6]",
        "error: sizes[0]: -1 is not a whole number, 0 or more",
        "error: hands: expected each player's cards, such as {Anna: [6H, 7S], Boris: [8D, 9C]}",
        "error: hands.Anna[0]: 'ZZ': 'Z' is not a rank (2 3 4 5 6 7 8 9 10 J Q K A)",
        "error: hands: expected a name, got ''",
        "error: count: 0 is not a whole number, 1 or more",
    ],
    "card_thousand": [
        "error: card: 2H is not in this game's 24-card deck",
        "error: points: expected a whole number from 100 to 400, got 'x'",
        "error: dark: expected yes or no, got 'maybe'",
        "error: dark: expected true or false, got 'yes'",
    ],
    "kozel": [
        "error: tile: '9-9': a half shows 0 to 6 pips",
        "error: tile: 'x' is not a tile (write it as a-b, e.g. 3-5)",
        "error: tiles: 1-1 is given twice",
        "error: tiles: expected a list of tiles, got 5",
        "error: tiles[1]: 'x' is not a tile (write it as a-b, e.g. 3-5)",
        "error: hands: duplicate tile 1-1",
        "error: hands: expected a list of hands, got 5",
        "error: end: 'middle' is not one of left, right, up, down",
        "error: tile: 5 is not a tile (write it as a-b, e.g. 3-5)",
    ],
    "golf": [
        "error: card: 'ZZ': 'Z' is not a rank (2 3 4 5 6 7 8 9 10 J Q K A) (X is a joker)",
        "error: card: '1H': '1' is not a rank (2 3 4 5 6 7 8 9 10 J Q K A) (X is a joker)",
        "error: card: 5 is not a card (write rank + suit, e.g. 10H or QS) (X is a joker)",
    ],
    "card_ball": [
        "error: pocketed[0]: '16' is not a ball 1..15",
        "error: pocketed[1]: ball 3 is given twice",
        "error: rail: expected yes or no, got 'maybe'",
        "error: pocketed: expected a list of balls, got 5",
        "error: rail: expected true or false, got 'yes'",
        "error: pocketed[0]: True is not a ball 1..15",
    ],
    "seven_skittles": [
        'error: type shot as "shot cue=... contacts=... down=... pocketed=... off_table=... displaced=... stopped_on=... facts=..." or as JSON: {"do": "shot", "cue": ..., "contacts": ..., "down": ..., "pocketed": ..., "off_table": ..., "displaced": ..., "stopped_on": ..., "facts": ...}',  # noqa: E501
        "error: nobody is to play yet: name the player, e.g. 'Anna: shot'",
        "error: cue: 'zz' is not a ball (black, pink, red)",
        "error: contacts: expected a list, got 5",
        "error: contacts: [0]: expected [mover, other] or [mover, other, t]",
        "error: contacts: [0]: 'big' is not a ball (only balls move) (black, pink, red)",
        "error: contacts: [0]: 'red' cannot contact itself",
        "error: contacts: [0]: 'cushion:x y' is not a cushion of this table",
        "error: contacts: [0]: time -1 is before the stroke",
        "error: contacts: [0]: time 'x' is not a number of seconds",
        "error: contacts: [1]: time 1 is earlier than 2 before it",
        "error: down: [0]: expected [skittle, felled_by] or [skittle, by, t]",
        "error: down: [1]: 'big' is down twice",
        "error: down: [0]: 'zz' is not a ball or skittle (big, black, clothing, cue, hand, pink, red, self, side_front, side_rear, small_front, small_left, small_rear, small_right)",  # noqa: E501
        "error: down: [0]: 'big' felled by 'small_front', which is not down before",
        "error: pocketed: [0]: expected a name or [name, t]",
        "error: pocketed: [1]: 'pink' is listed twice",
        "error: pocketed: [0]: 'zz' is not a ball (black, pink, red)",
        "error: facts: [0]: 'zz' is not fact (interference, self_fall, touch_clothing, touch_cue, touch_hand, wrong_ball)",  # noqa: E501
        "error: stopped_on: expected {mark: ball}, got 5",
        "error: stopped_on: expected mark/ball pairs, got [1]",
        "error: stopped_on: 'zz' is not a mark (centre, side_front, side_rear, small_front, small_left, small_rear, small_right, spot_front, spot_rear)",  # noqa: E501
        "error: stopped_on: [centre]: 'zz' is not a ball (black, pink, red)",
    ],
}


def run_cli(capsys: Any, monkeypatch: Any, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def play_errors(
    capsys: Any,
    monkeypatch: Any,
    tmp_path: Path,
    game: str,
    players: str,
    lines: list[str],
    lang: str,
) -> list[str]:
    journal = tmp_path / f"{game}-{lang}.sqlite"
    journal.unlink(missing_ok=True)
    argv = ("play", game, "--players", players, "--journal", str(journal), "--lang", lang)
    status, _, err = run_cli(capsys, monkeypatch, *argv, stdin="\n".join(lines) + "\n")
    assert status == 0, err
    return err.splitlines()


def identifiers(verbs: dict[str, Verb]) -> set[str]:
    """What a user types and a Russian error quotes as typed: verb, field and value names."""
    names = {*verbs, *JOURNAL_VERBS, *COMMANDS, *FELLERS, "cushion", "do", "by", "number"}
    for verb in {**verbs, **JOURNAL_VERBS}.values():
        names.update(verb.fields)
        for field in verb.fields.values():
            if dataclasses.is_dataclass(field):
                for item in dataclasses.fields(field):
                    value = getattr(field, item.name)
                    if isinstance(value, tuple):
                        names.update(v for v in value if isinstance(v, str))
    return names


def assert_russian(text: str, names: set[str]) -> None:
    """One line with Cyrillic, no English sentence word, and no ASCII word but the names
    typed (verbs, fields, players, choices), quoted values and format words."""
    assert "\n" not in text, text
    assert CYRILLIC.search(text), text
    bare = re.sub(r"'[^']*'|\"[^\"]*\"|<[^>]*>|\{[^}]*\}|\w+=", " ", text)
    bare = re.sub(r"\b[\w:]+(\[[^]]*\])+", " ", bare)  # dice[0], hands.Anna[0]
    known = names | ALLOWED
    bare = re.sub(r"\b\w+\b", lambda word: " " if word.group() in known else word.group(), bare)
    assert not ENGLISH.search(bare), text
    words = set(re.findall(r"\b[A-Za-z][A-Za-z_]+\b", bare))
    assert not words, (sorted(words), text)


def session_names(game: str, players: str) -> set[str]:
    return identifiers(create_engine(game).verbs) | set(players.split(",")) | {"spin"}


# ---------------------------------------------------------------------------------------------
# 1. Scripted sessions: each class of malformed input.


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_play_errors_are_russian(game, capsys, monkeypatch, tmp_path) -> None:
    players, lines = SESSIONS[game]
    errors = play_errors(capsys, monkeypatch, tmp_path, game, players, lines, "ru")
    assert len(errors) == len(EXPECTED_EN[game])
    names = session_names(game, players)
    for line in errors:
        assert line.startswith("error: "), line
        assert_russian(line.removeprefix("error: "), names)


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_play_errors_in_english_are_unchanged(game, capsys, monkeypatch, tmp_path) -> None:
    players, lines = SESSIONS[game]
    errors = play_errors(capsys, monkeypatch, tmp_path, game, players, lines, "en")
    assert errors == EXPECTED_EN[game]
    assert not any(CYRILLIC.search(line) for line in errors)


def test_a_shot_record_checked_across_fields_is_refused_in_russian(
    capsys, monkeypatch, tmp_path
) -> None:
    both = (
        '{"do": "shot", "by": "Anna", "cue": "red", "contacts": [], '
        '"pocketed": ["pink"], "off_table": ["pink"]}'
    )
    lines = ["Anna: start", both]
    [ru] = play_errors(capsys, monkeypatch, tmp_path, "seven_skittles", "Anna,Boris", lines, "ru")
    [en] = play_errors(capsys, monkeypatch, tmp_path, "seven_skittles", "Anna,Boris", lines, "en")
    assert en == "error: Shot record refused: off_table: 'pink' is also pocketed"
    assert ru == "error: Запись удара отклонена: off_table: 'pink' ещё и в лузе"


SHOT_RECORDS = {
    "list": (b"[1, 2]", "a shot record is a JSON object, got list"),
    "broken": (b'{"do": "shot"', "not valid JSON: Expecting ',' delimiter at column 14"),
    "binary": (b"\xff\xfe", "not a text file (a shot record is JSON)"),
    "deep": (b"[" * 17 + b"]" * 17, "JSON nested 17 levels deep (an action has 16 at most)"),
    "long": (b'{"x": 1234567890123456789}', "number: a number of 19 digits (at most 18)"),
}


@pytest.mark.parametrize("name", sorted(SHOT_RECORDS))
def test_shot_record_errors(name, capsys, monkeypatch, tmp_path) -> None:
    data, english = SHOT_RECORDS[name]
    record = tmp_path / f"{name}.json"
    record.write_bytes(data)
    argv = ("shot", str(record), "seven_skittles", "--players", "Anna,Boris", "--lang")
    status, _, err = run_cli(capsys, monkeypatch, *argv, "en")
    assert (status, err) == (2, f"error: {record}: {english}\n")
    status, _, err = run_cli(capsys, monkeypatch, *argv, "ru")
    assert status == 2 and err.startswith(f"error: {record}: "), err
    assert_russian(err.removeprefix(f"error: {record}: ").strip(), {"number"})


def test_shot_refusal_of_a_malformed_record_is_russian(capsys, monkeypatch, tmp_path) -> None:
    record = tmp_path / "shot.json"
    record.write_text('{"do": "shot", "cue": "red", "contacts": 5}', encoding="utf-8")
    argv = ("shot", str(record), "seven_skittles", "--players", "Anna,Boris", "--lang")
    status, out, _ = run_cli(capsys, monkeypatch, *argv, "en")
    assert (status, out) == (1, "refused: contacts: expected a list, got 5\n")
    status, out, _ = run_cli(capsys, monkeypatch, *argv, "ru")
    assert (status, out) == (1, "refused: contacts: нужен список, а не 5\n")


def test_the_game_is_over_is_russian() -> None:
    verbs = create_engine("yahtzee").verbs
    with pytest.raises(CliError) as caught:
        read_action("roll 1 2 3 4 5", verbs, None, over=True)
    assert str(caught.value) == "the game is over: 'undo' takes back the last action, 'quit' leaves"
    assert_russian(error_text(caught.value, "ru"), identifiers(verbs))


# ---------------------------------------------------------------------------------------------
# 2. Every field type of every game, fed bad values.


def _first(values: tuple[str, ...], index: int = 0) -> str:
    return values[min(index, len(values) - 1)]


#: Bad raw (JSON) values for each field type, given the field; each one must be refused.
BAD_VALUES: dict[type[FieldType], Callable[[Any], list[Any]]] = {
    DiceField: lambda f: ["12", [True], [99], [f.faces[0]] * 100],
    ChoiceField: lambda f: [5, "§not a choice§"],
    IntField: lambda f: [True, "x", f.minimum - 1, "1" * 19, 1.5],
    BoolField: lambda f: ["yes", 1],
    NameField: lambda f: ["", 5, "\udcff"],
    CardField: lambda f: [5, "ZZ", "6X", "1H", "", "A"],
    CardsField: lambda f: [5, ["ZZ"], ["6H", "6H"], ["6H"] * 60],
    GolfCardField: lambda f: [5, "ZZ", "6X"],
    TileField: lambda f: [5, "x", "9-9"],
    TilesField: lambda f: [5, ["x"], ["1-1", "1-1"], ["0-0"] * 40],
    TileHandsField: lambda f: [5, [["x"]], [["1-1"], ["1-1"]], [5]],
    SizesField: lambda f: [[], ["x"], [-1], 5],
    CardHandsField: lambda f: [5, {"": ["6H"]}, {"Anna": ["ZZ"]}, {"Anna": ["6H", "6H"]}],
    BallsField: lambda f: [5, [16], [3, 3], [True]],
    ChipsField: lambda f: [5, [], [0], [11], [3, 3], [True]],
    PushedChipsField: lambda f: [5, [], [0], [-5], [True], ["x"]],
    SquareField: lambda f: [5, "", "z9", "a0", "a99"],
    SquaresField: lambda f: [5, ["z9"], ["a1", "A1"], "a1"],
    BallField: lambda f: ["zz", 5],
    ContactsField: lambda f: [
        5,
        [[f.balls[0]]],
        [["zz", f.balls[0]]],
        [[f.balls[0], f.balls[0]]],
        [[f.balls[0], "cushion:x y"]],
        [[f.balls[0], "zz"]],
        [[f.balls[0], _first(f.balls, 1), -1]],
        [[f.balls[0], _first(f.balls, 1), "x"]],
        [[f.balls[0], _first(f.balls, 1), 2], [f.balls[0], _first(f.balls, 1), 1]],
    ],
    DownField: lambda f: [
        5,
        [["x"]],
        [["zz", f.balls[0]]],
        [[f.skittles[0], f.balls[0]], [f.skittles[0], f.balls[0]]],
        [[f.skittles[0], "zz"]],
        [[f.skittles[0], _first(f.skittles, 1)]],
        [[f.skittles[0], f.balls[0], -1]],
    ],
    TimedNamesField: lambda f: (
        [5, [[f.names[0]]], ["zz"], [[f.names[0], -1]]]
        + ([[f.names[0], f.names[0]]] if f.distinct else [])
    ),
    StoppedOnField: lambda f: [
        5,
        [1],
        {"zz": f.balls[0]},
        {f.marks[0]: "zz"},
        {f.marks[0]: f.balls[0], _first(f.marks, 1): f.balls[0]},
    ],
    ActionField: lambda f: [5, "roll", [1]],
}

#: A bad ``field=value`` word for each field type, as typed at the prompt (ActionField is
#: never typed so: ``correct`` reads its replacement itself).
BAD_WORD: dict[type[FieldType], str] = {
    DiceField: "x",
    ChipsField: "x",
    PushedChipsField: "x",
    SquareField: "z9",
    SquaresField: "z9",
    ChoiceField: "zz",
    IntField: "x",
    BoolField: "maybe",
    NameField: "",
    CardField: "ZZ",
    CardsField: "ZZ",
    GolfCardField: "ZZ",
    TileField: "x",
    TilesField: "x",
    TileHandsField: "x",
    SizesField: "x",
    CardHandsField: "x",
    BallsField: "16",
    BallField: "zz",
    ContactsField: "zz",
    DownField: "zz",
    TimedNamesField: "zz",
    StoppedOnField: "zz",
}


def every_field() -> Iterator[tuple[str, str, str, FieldType, dict[str, Verb]]]:
    """(game, preset, field name, field type, verbs) for every field of every verb of every
    preset of every game, and the journal verbs'."""
    for game_id, game in sorted(catalogue().items()):
        for preset in game.presets:
            verbs = create_engine(game_id, preset).verbs
            for verb in {**verbs, **JOURNAL_VERBS}.values():
                for name, field in verb.fields.items():
                    yield game_id, preset, name, field, verbs


def test_every_field_type_has_bad_values_and_a_russian_description() -> None:
    classes = {type(field) for *_, field, _ in every_field()}
    untested = sorted(cls.__qualname__ for cls in classes if cls not in BAD_VALUES)
    assert not untested, f"field types without bad values (and Russian texts?) here: {untested}"
    for *_, field, _ in every_field():
        assert CYRILLIC.search(field.description_ru), field
        assert not CYRILLIC.search(field.description), field


def _refusal(field: FieldType, name: str, value: Any, verbs: dict[str, Verb]) -> ActionError:
    with pytest.raises(ActionError) as caught:
        if isinstance(field, ActionField):
            parse_action({"do": "correct", "target": 1, name: value}, verbs)
        else:
            field.check(name, value)
    return caught.value


def test_every_field_refuses_bad_values_in_both_languages() -> None:
    checked = 0
    for game, preset, name, field, verbs in every_field():
        names = identifiers(verbs) | {"Anna", name}
        for value in BAD_VALUES[type(field)](field):
            error = _refusal(field, name, value, verbs)
            where = (game, preset, name, value, str(error))
            assert error_text(error, "en") == str(error), where
            assert not CYRILLIC.search(str(error)), where
            assert_russian(error_text(error, "ru"), names)
            checked += 1
        if type(field) in BAD_WORD:
            with pytest.raises(ActionError) as caught:
                field.from_words(name, BAD_WORD[type(field)].split(","))
            assert_russian(caught.value.ru, names)
    assert checked > 1000


# ---------------------------------------------------------------------------------------------
# 3. Every verb of every game through `play --lang ru`: a typo in each field, a missing field.


def verb_lines(verbs: dict[str, Verb], player: str) -> list[str]:
    lines = []
    for verb in verbs.values():
        lines.append(f'{{"do": "{verb.name}", "by": "{player}", "zz_unknown": 1}}')
        if verb.required:
            lines.append(f'{{"do": "{verb.name}", "by": "{player}"}}')
        for name, field in verb.fields.items():
            if type(field) in BAD_WORD:
                lines.append(f"{player}: {verb.name} {name}={BAD_WORD[type(field)]}")
    return lines


def seated(engine: Any) -> list[str]:
    """The fewest players the game seats."""
    names = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya", "Ivan"]
    for count in range(1, len(names) + 1):
        try:
            Match(engine, names[:count])
        except Exception:  # the game seats more
            continue
        return names[:count]
    raise AssertionError("no table size fits")


@pytest.mark.parametrize("game", sorted(catalogue()))
def test_every_verb_of_every_game_errs_in_russian(game, capsys, monkeypatch, tmp_path) -> None:
    engine = create_engine(game)
    players = seated(engine)
    lines = verb_lines(engine.verbs, players[0])
    names = identifiers(engine.verbs) | set(players) | {"zz_unknown"}
    for lang in ("ru", "en"):
        journal = tmp_path / f"{lang}.sqlite"
        argv = ("play", game, "--players", ",".join(players), "--journal", str(journal))
        status, _, err = run_cli(capsys, monkeypatch, *argv, "--lang", lang, stdin="\n".join(lines))
        assert status == 0, err
        errors = err.splitlines()
        assert len(errors) == len(lines), (lines, errors)
        for line in errors:
            assert line.startswith("error: ")
            if lang == "ru":
                assert_russian(line.removeprefix("error: "), names)
            else:
                assert not CYRILLIC.search(line), line


# ---------------------------------------------------------------------------------------------
# Starting a session: the game, the preset, the players and the options the user named.

STARTS = [
    (("nogame", "--players", "Anna"), "unknown game 'nogame' (games: "),
    (("yahtzee", "--preset", "nope", "--players", "Anna"), "preset 'nope' is not a preset of"),
    (("durak", "--players", "Anna"), "players: this game seats 2 to 6, got 1"),
    (("yahtzee", "--players", "Anna", "--option", "foo=1"), "foo: not an option of the dice"),
]


@pytest.mark.parametrize(("argv", "english"), STARTS)
def test_starting_a_session_is_refused_in_the_asked_language(
    argv, english, capsys, monkeypatch, tmp_path
) -> None:
    journal = str(tmp_path / "j.sqlite")
    status, _, err = run_cli(capsys, monkeypatch, "play", *argv, "--journal", journal)
    assert status == 2 and err.startswith(f"error: {english}")
    status, _, err = run_cli(
        capsys, monkeypatch, "play", *argv, "--journal", journal, "--lang", "ru"
    )
    assert status == 2 and err.count("\n") == 1
    text = err.removeprefix("error: ").strip()
    listed = re.sub(r"\(.*\)", "", text)  # the lists of games, presets and options as named
    assert CYRILLIC.search(text) and not ENGLISH.search(listed), text
    assert not (tmp_path / "j.sqlite").exists()
