"""The action language (scoring/actions.py): one checker for every way an action arrives.

An action is at once engine input, journal row, recording line and scenario step, so a
malformed one must be stopped here with a stable ``code``, the ``field`` a display can point
at, and a message that starts with that field's name (``dice[2]:`` for a single die); and a
valid one must survive JSON and back unchanged, or a replayed journal would not be the game
that was played.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.actions import (
    JOURNAL_VERBS,
    Action,
    ActionError,
    BoolField,
    ChoiceField,
    DiceField,
    IntField,
    NameField,
    Verb,
    action_from_json,
    parse_action,
)
from scoring.registry import create_engine

VERBS: Mapping[str, Verb] = create_engine("yahtzee").verbs
ROWS: tuple[str, ...] = VERBS["score"].fields["row"].choices  # type: ignore[attr-defined]

ROLL = {"do": "roll", "by": "Anna", "dice": [1, 3, 4, 5, 6]}


def rejection(raw: Any) -> ActionError:
    with pytest.raises(ActionError) as caught:
        parse_action(raw, VERBS)
    return caught.value


# ------------------------------------------------------------------------------------------
# Malformed actions: code, field, and a message that names the field.

MALFORMED: list[tuple[str, Any, str, str]] = [
    ("missing do", {"by": "Anna", "dice": [1, 2, 3, 4, 5]}, "missing_field", "do"),
    ("do is null", {"do": None, "by": "Anna"}, "missing_field", "do"),
    ("verb not a string", {"do": 3, "by": "Anna"}, "bad_field", "do"),
    ("verb a list", {"do": ["roll"], "by": "Anna"}, "bad_field", "do"),
    ("unknown verb", {"do": "jump", "by": "Anna"}, "unknown_verb", "do"),
    ("missing by", {"do": "roll", "dice": [1, 2, 3, 4, 5]}, "missing_field", "by"),
    ("empty by", {**ROLL, "by": ""}, "bad_field", "by"),
    ("blank by", {**ROLL, "by": "   "}, "bad_field", "by"),
    ("by not a string", {**ROLL, "by": 7}, "bad_field", "by"),
    ("unknown field", {**ROLL, "colour": "red"}, "unknown_field", "colour"),
    ("envelope typo", {**ROLL, "player": "Anna"}, "unknown_field", "player"),
    ("missing dice", {"do": "roll", "by": "Anna"}, "missing_field", "dice"),
    ("dice a string", {**ROLL, "dice": "1 3 4 5 6"}, "bad_field", "dice"),
    ("dice a number", {**ROLL, "dice": 5}, "bad_field", "dice"),
    ("dice an object", {**ROLL, "dice": {"0": 1}}, "bad_field", "dice"),
    ("die 7", {**ROLL, "dice": [1, 2, 7]}, "bad_field", "dice"),
    ("die 0", {**ROLL, "dice": [0, 2, 3]}, "bad_field", "dice"),
    ("die -1", {**ROLL, "dice": [-1]}, "bad_field", "dice"),
    ("die as text", {**ROLL, "dice": [1, "3"]}, "bad_field", "dice"),
    ("die True", {**ROLL, "dice": [True, 2]}, "bad_field", "dice"),
    ("die 2.0", {**ROLL, "dice": [2.0]}, "bad_field", "dice"),
    ("die null", {**ROLL, "dice": [None]}, "bad_field", "dice"),
    ("sixth die", {**ROLL, "dice": [1, 2, 3, 4, 5, 6]}, "bad_field", "dice"),
    ("no dice thrown", {**ROLL, "dice": []}, "bad_field", "dice"),
    ("five kept", {**ROLL, "dice": [1], "kept": [1, 2, 3, 4, 5]}, "bad_field", "kept"),
    ("kept die 9", {**ROLL, "dice": [1], "kept": [9]}, "bad_field", "kept"),
    ("sixth die kept", {"do": "keep", "by": "Anna", "dice": [1] * 6}, "bad_field", "dice"),
    ("missing row", {"do": "score", "by": "Anna"}, "missing_field", "row"),
    ("row not a string", {"do": "score", "by": "Anna", "row": 5}, "bad_field", "row"),
    ("row a list", {"do": "score", "by": "Anna", "row": ["ones"]}, "bad_field", "row"),
    ("unknown row", {"do": "score", "by": "Anna", "row": "bonus"}, "bad_field", "row"),
    ("row in the wrong case", {"do": "score", "by": "Anna", "row": "Ones"}, "bad_field", "row"),
    (
        "score with dice",
        {"do": "score", "by": "Anna", "row": "ones", "dice": [1]},
        "unknown_field",
        "dice",
    ),
    ("undo target 0", {"do": "undo", "target": 0}, "bad_field", "target"),
    ("undo target -2", {"do": "undo", "target": -2}, "bad_field", "target"),
    ("undo target True", {"do": "undo", "target": True}, "bad_field", "target"),
    ("undo target text", {"do": "undo", "target": "last"}, "bad_field", "target"),
    ("undo target 1.5", {"do": "undo", "target": 1.5}, "bad_field", "target"),
    ("undo with a row", {"do": "undo", "target": 1, "row": "ones"}, "unknown_field", "row"),
    ("undo with empty by", {"do": "undo", "by": ""}, "bad_field", "by"),
    ("correct without target", {"do": "correct", "action": ROLL}, "missing_field", "target"),
    ("correct without action", {"do": "correct", "target": 1}, "missing_field", "action"),
    ("correct target 0", {"do": "correct", "target": 0, "action": ROLL}, "bad_field", "target"),
]


@pytest.mark.parametrize(
    ("raw", "code", "field"),
    [case[1:] for case in MALFORMED],
    ids=[case[0] for case in MALFORMED],
)
def test_malformed_action_is_rejected_naming_its_field(raw: Any, code: str, field: str) -> None:
    error = rejection(raw)
    assert (error.code, error.field) == (code, field)
    assert re.match(rf"{field}(\[\d+\])?: ", str(error)), str(error)


@pytest.mark.parametrize("raw", [None, [], ["roll"], "roll", 3, True])
def test_not_an_object_is_not_an_action(raw: Any) -> None:
    error = rejection(raw)
    assert (error.code, error.field) == ("not_an_action", None)
    assert "JSON object" in str(error)


def test_unknown_verb_lists_the_verbs_this_game_knows() -> None:
    message = str(rejection({"do": "jump", "by": "Anna"}))
    assert "'jump'" in message
    assert "correct, keep, roll, score, undo" in message


def test_unknown_field_lists_the_fields_the_verb_takes() -> None:
    message = str(rejection({**ROLL, "colour": "red"}))
    assert "'roll'" in message and "dice, kept" in message


def test_unknown_row_lists_the_rows() -> None:
    message = str(rejection({"do": "score", "by": "Anna", "row": "bonus"}))
    assert "'bonus'" in message and ", ".join(ROWS) in message


@pytest.mark.parametrize(
    ("dice", "position"),
    [([1, 2, 7], "dice[2]"), ([0], "dice[0]"), ([1, "3"], "dice[1]"), ([6, True], "dice[1]")],
)
def test_a_bad_die_is_named_by_its_position(dice: list[Any], position: str) -> None:
    assert str(rejection({**ROLL, "dice": dice})).startswith(f"{position}:")


def test_too_many_dice_says_how_many_the_game_takes() -> None:
    message = str(rejection({**ROLL, "dice": [1, 2, 3, 4, 5, 6]}))
    assert "6 dice" in message and "1 to 5" in message


def test_the_first_unknown_field_is_reported_in_name_order() -> None:
    """Several unknown fields: the report must not depend on dict order."""
    assert rejection({**ROLL, "zeta": 1, "alpha": 2}).field == "alpha"


def test_correct_with_a_malformed_nested_action_reports_the_nested_field() -> None:
    """The replacement is checked by the same rules, so a bad die inside it is a bad die.

    The reported field is the nested one (``dice``), not a path such as ``action.dice``.
    """
    nested = {"do": "roll", "by": "Anna", "dice": [1, 2, 7]}
    error = rejection({"do": "correct", "target": 1, "action": nested})
    assert (error.code, error.field) == ("bad_field", "dice")
    assert str(error).startswith("dice[2]:")


@pytest.mark.parametrize(
    ("nested", "code", "field"),
    [
        ({"by": "Anna"}, "missing_field", "do"),
        ({"do": "jump", "by": "Anna"}, "unknown_verb", "do"),
        ({"do": "score", "row": "ones"}, "missing_field", "by"),
        ({"do": "score", "by": "Anna", "row": "bonus"}, "bad_field", "row"),
    ],
)
def test_correct_checks_its_replacement_like_any_action(
    nested: dict[str, Any], code: str, field: str
) -> None:
    error = rejection({"do": "correct", "target": 1, "action": nested})
    assert (error.code, error.field) == (code, field)


def test_correct_whose_action_is_not_an_object_names_the_action_field() -> None:
    error = rejection({"do": "correct", "target": 1, "action": 5})
    assert error.field == "action"
    assert str(error).startswith("action:")


# ------------------------------------------------------------------------------------------
# Valid actions: normalised, and unchanged by a trip through JSON.

VALID: list[tuple[dict[str, Any], Action]] = [
    (ROLL, Action("roll", "Anna", {"dice": (1, 3, 4, 5, 6)})),
    (
        {"do": "roll", "by": "Anna", "dice": [6, 6], "kept": [2, 2, 2]},
        Action("roll", "Anna", {"dice": (6, 6), "kept": (2, 2, 2)}),
    ),
    ({"do": "keep", "by": "Anna", "dice": []}, Action("keep", "Anna", {"dice": ()})),
    ({"do": "keep", "by": "Анна", "dice": [5, 5]}, Action("keep", "Анна", {"dice": (5, 5)})),
    ({"do": "score", "by": "Anna", "row": "chance"}, Action("score", "Anna", {"row": "chance"})),
    ({"do": "undo"}, Action("undo")),
    ({"do": "undo", "by": "Anna", "target": 3}, Action("undo", "Anna", {"target": 3})),
    ({"do": "undo", "target": "12"}, Action("undo", None, {"target": 12})),
    (
        {"do": "correct", "target": 2, "action": ROLL},
        Action(
            "correct",
            None,
            {"target": 2, "action": Action("roll", "Anna", {"dice": (1, 3, 4, 5, 6)})},
        ),
    ),
]


@pytest.mark.parametrize(("raw", "expected"), VALID)
def test_valid_action_is_normalised(raw: dict[str, Any], expected: Action) -> None:
    assert parse_action(raw, VERBS) == expected


def test_dice_lists_become_tuples() -> None:
    action = parse_action({"do": "roll", "by": "A", "dice": [1, 2], "kept": [3, 4, 5]}, VERBS)
    assert isinstance(action.args["dice"], tuple) and isinstance(action.args["kept"], tuple)


def test_parse_does_not_change_its_input() -> None:
    raw = json.loads(json.dumps(ROLL))
    parse_action(raw, VERBS)
    assert raw == ROLL


@pytest.mark.parametrize(("raw", "expected"), VALID)
def test_to_dict_round_trips_through_json(raw: dict[str, Any], expected: Action) -> None:
    action = parse_action(raw, VERBS)
    as_json = json.dumps(action.to_dict())
    assert parse_action(json.loads(as_json), VERBS) == action
    assert parse_action(action_from_json(action.to_json()), VERBS) == action
    assert action_from_json(str(action)) == action.to_dict()


def test_to_dict_writes_lists_and_nested_actions_as_plain_data() -> None:
    action = parse_action({"do": "correct", "target": 2, "action": ROLL}, VERBS)
    assert action.to_dict() == {"do": "correct", "target": 2, "action": ROLL}


def test_to_json_keeps_cyrillic_names_readable() -> None:
    action = parse_action({"do": "score", "by": "Анна", "row": "ones"}, VERBS)
    assert "Анна" in action.to_json()


ACTIONS = st.one_of(
    st.builds(
        lambda n, d: {"do": "roll", "by": n, "dice": d},
        st.text(min_size=1).filter(str.strip),
        st.lists(st.integers(1, 6), min_size=1, max_size=5),
    ),
    st.builds(
        lambda d, k: {"do": "roll", "by": "B", "dice": d, "kept": k},
        st.lists(st.integers(1, 6), min_size=1, max_size=5),
        st.lists(st.integers(1, 6), max_size=4),
    ),
    st.builds(
        lambda d: {"do": "keep", "by": "C", "dice": d},
        st.lists(st.integers(1, 6), max_size=5),
    ),
    st.builds(lambda r: {"do": "score", "by": "D", "row": r}, st.sampled_from(ROWS)),
    st.builds(lambda t: {"do": "undo", "target": t}, st.integers(1, 10**6)),
)


@given(
    st.one_of(
        ACTIONS,
        st.builds(
            lambda a, t: {"do": "correct", "target": t, "action": a}, ACTIONS, st.integers(1, 99)
        ),
    )
)
def test_every_valid_action_round_trips(raw: dict[str, Any]) -> None:
    action = parse_action(raw, VERBS)
    assert action.to_dict() == raw
    assert parse_action(action_from_json(action.to_json()), VERBS) == action


# ------------------------------------------------------------------------------------------
# JSON text and typed words.


@pytest.mark.parametrize(
    "text", ["", "{", '{"do": "roll",}', "{'do': 'roll'}", "roll 1 2 3", "[1, 2"]
)
def test_broken_json_is_not_an_action(text: str) -> None:
    with pytest.raises(ActionError) as caught:
        action_from_json(text)
    assert caught.value.code == "not_an_action"
    assert str(caught.value).startswith("not valid JSON")


def test_json_that_is_not_an_object_is_stopped_by_parse() -> None:
    with pytest.raises(ActionError) as caught:
        parse_action(action_from_json("[1, 2, 3]"), VERBS)
    assert caught.value.code == "not_an_action"


def test_dice_from_typed_words() -> None:
    field = DiceField()
    assert field.from_words("dice", ["1", "3,4", "5 6"]) == (1, 3, 4, 5, 6)
    with pytest.raises(ActionError) as caught:
        field.from_words("dice", ["1", "x"])
    assert (caught.value.field, str(caught.value)[:8]) == ("dice", "dice[1]:")
    with pytest.raises(ActionError):
        field.from_words("dice", ["-1"])


def test_single_values_from_typed_words() -> None:
    assert ChoiceField(("ones", "twos")).from_words("row", ["twos"]) == "twos"
    assert IntField(1).from_words("target", ["4"]) == 4
    with pytest.raises(ActionError) as caught:
        ChoiceField(("ones", "twos")).from_words("row", ["ones", "twos"])
    assert (caught.value.code, caught.value.field) == ("bad_field", "row")


def test_superscript_digit_target_is_an_action_error() -> None:
    assert rejection({"do": "undo", "target": "²"}).field == "target"


def test_typed_die_with_two_minus_signs_is_an_action_error() -> None:
    with pytest.raises(ActionError):
        DiceField().from_words("dice", ["--3"])


def test_target_message_states_a_lower_bound() -> None:
    assert "1 or more" in str(rejection({"do": "undo", "target": 0}))


def test_usage_marks_required_and_optional_fields() -> None:
    assert VERBS["roll"].usage() == "roll <dice> [kept]"
    assert JOURNAL_VERBS["undo"].usage() == "undo [target]"
    assert JOURNAL_VERBS["correct"].usage() == "correct <target> <action>"


# --------------------------------------------------------------------------------------------
# Flags and names, as the bluff and push-your-luck games use them.

FLAGS = {"stop": Verb("stop", {"bank": BoolField(), "to": NameField()}, ("bank",))}


@pytest.mark.parametrize("value", [1, "yes", None, 0.0])
def test_a_flag_is_true_or_false_only(value: Any) -> None:
    """JSON has booleans; ``1`` or ``"yes"`` in a file is a mistake worth naming."""
    with pytest.raises(ActionError) as refused:
        parse_action({"do": "stop", "by": "Anna", "bank": value}, FLAGS)
    assert refused.value.field == "bank" and str(refused.value).startswith("bank:")


@pytest.mark.parametrize(
    ("words", "flag"), [(["yes"], True), (["да"], True), (["0"], False), (["No"], False)]
)
def test_a_flag_is_typed_as_yes_or_no(words: list[str], flag: bool) -> None:
    assert BoolField().from_words("bank", words) is flag


def test_a_typed_flag_that_is_neither_is_refused() -> None:
    with pytest.raises(ActionError, match="bank: expected yes or no"):
        BoolField().from_words("bank", ["maybe"])


@pytest.mark.parametrize("value", ["", "   ", 7, ["Anna"]])
def test_a_name_is_a_non_blank_string(value: Any) -> None:
    with pytest.raises(ActionError) as refused:
        parse_action({"do": "stop", "by": "Anna", "bank": True, "to": value}, FLAGS)
    assert refused.value.field == "to"


def test_a_typed_name_may_have_spaces() -> None:
    assert NameField().from_words("to", ["Anna", "Maria"]) == "Anna Maria"
