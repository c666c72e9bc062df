"""The shot record (scoring.carom.shot): every malformed input is refused naming its field, and
the queries the carom engines share answer from the record alone."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.actions import ActionError, parse_action
from scoring.carom.shot import ShotRecord, record_of, shot_verb
from scoring.verdicts import IllegalMove

BALLS = ("red", "pink", "black")
SKITTLES = ("big", "small_left", "side_front")
VERBS = {"shot": shot_verb(BALLS, SKITTLES, ("centre", "spot_front"), ("touch_cue", "push"))}


def shot(**fields: Any) -> dict[str, Any]:
    return {"do": "shot", "by": "Anna", "cue": "red", "contacts": [], **fields}


def record(**fields: Any) -> ShotRecord:
    return ShotRecord.from_action(parse_action(shot(**fields), VERBS))


MALFORMED = [
    ({"cue": "white"}, "cue"),
    ({"cue": 3}, "cue"),
    ({"contacts": "red>pink"}, "contacts"),
    ({"contacts": [["red"]]}, "contacts"),
    ({"contacts": [["big", "pink"]]}, "contacts"),  # only balls move
    ({"contacts": [["red", "red"]]}, "contacts"),
    ({"contacts": [["red", "table"]]}, "contacts"),
    ({"contacts": [["red", "cushion:Long Left"]]}, "contacts"),
    ({"contacts": [["red", "pink", -1]]}, "contacts"),
    ({"contacts": [["red", "pink", True]]}, "contacts"),
    ({"contacts": [["red", "pink", 0.5], ["pink", "big", 0.1]]}, "contacts"),
    ({"down": [["small_centre", "pink"]]}, "down"),
    ({"down": [["big", "pink"], ["big", "red"]]}, "down"),
    ({"down": [["small_left", "big"]]}, "down"),  # felled by a skittle not down before
    ({"down": [["big", "pink", 0.9], ["small_left", "big", 0.4]]}, "down"),
    ({"down": [["big", "stick"]]}, "down"),
    ({"pocketed": ["green"]}, "pocketed"),
    ({"pocketed": ["pink", "pink"]}, "pocketed"),
    ({"off_table": [["pink"]]}, "off_table"),
    ({"displaced": ["pink"]}, "displaced"),
    ({"stopped_on": {"nowhere": "red"}}, "stopped_on"),
    ({"stopped_on": {"centre": "green"}}, "stopped_on"),
    ({"stopped_on": {"centre": "red", "spot_front": "red"}}, "stopped_on"),
    ({"stopped_on": ["centre"]}, "stopped_on"),
    ({"facts": ["jumped"]}, "facts"),  # a fact this game does not know
]


@pytest.mark.parametrize(("fields", "name"), MALFORMED)
def test_malformed_field_is_named(fields: dict[str, Any], name: str) -> None:
    with pytest.raises(ActionError) as caught:
        parse_action(shot(**fields), VERBS)
    assert caught.value.code == "bad_field"
    assert caught.value.field == name
    assert str(caught.value).startswith(f"{name}:")


CROSS = [
    ({"pocketed": ["pink"], "off_table": ["pink"]}, "off_table"),
    ({"down": [["big", "pink"]], "displaced": ["big"]}, "displaced"),
    ({"pocketed": ["red"], "stopped_on": {"centre": "red"}}, "stopped_on"),
]


@pytest.mark.parametrize(("fields", "name"), CROSS)
def test_checks_across_fields(fields: dict[str, Any], name: str) -> None:
    action = parse_action(shot(**fields), VERBS)
    with pytest.raises(ActionError) as caught:
        ShotRecord.from_action(action)
    assert caught.value.field == name
    with pytest.raises(IllegalMove) as illegal:
        record_of(action)
    assert illegal.value.code == "bad_field"
    assert illegal.value.verdict.data["field"] == name


def test_missing_contacts_and_unknown_fact_list() -> None:
    with pytest.raises(ActionError) as caught:
        parse_action({"do": "shot", "by": "Anna", "cue": "red"}, VERBS)
    assert caught.value.code == "missing_field"
    with pytest.raises(ValueError, match="facts"):
        shot_verb(BALLS, SKITTLES, (), ("sneeze",))


def test_round_trip_keeps_the_record() -> None:
    raw = shot(
        contacts=[["red", "pink", 0.1], ["pink", "cushion:long_left", 0.3]],
        down=[["big", "pink", 0.4]],
        pocketed=[["black", 0.8]],
        stopped_on={"centre": "red"},
        facts=["push"],
    )
    action = parse_action(raw, VERBS)
    assert action.to_dict() == raw
    rec = ShotRecord.from_action(action)
    assert rec.pocketed == ("black",) and rec.facts == ("push",)
    assert rec.marks_taken == {"centre": "red"}


def test_contact_queries() -> None:
    rec = record(
        contacts=[
            ["red", "cushion"],
            ["red", "pink"],
            ["pink", "cushion:short_rear"],
            ["pink", "big"],
            ["black", "red"],
        ],
        down=[["big", "pink"], ["small_left", "big"], ["side_front", "clothing"]],
    )
    assert rec.first_contact("red") == "pink"
    assert rec.first_contact("red", among=("black",)) == "black"
    assert rec.balls_touched("red", ("pink", "black")) == ("pink", "black")
    assert rec.carom("red", ("pink", "black"))
    assert rec.cushion_before("red", "pink")
    assert rec.cushion_before("pink", "big")
    assert rec.set_moving("pink") == (1, "red")
    assert rec.set_moving("red") is None
    assert rec.cushions_between("pink", 2, 3) == 1
    assert rec.originator("small_left") == "pink"
    assert rec.chain("small_left") == ("small_left", "big")
    assert rec.felled_by("pink") == ("big", "small_left")
    assert rec.originator("side_front") == "clothing"
    assert rec.originator("big") == "pink" and rec.originator("side_front") != "pink"
    assert rec.knock_index("small_left") == 3
    assert rec.knock_index("side_front") == 5  # no contact recorded: after every contact
    assert not rec.touched("pink", "black")


def test_ball_queries() -> None:
    rec = record(contacts=[["red", "pink"]], pocketed=["pink"], off_table=["black"])
    assert rec.gone == ("pink", "black")
    assert not rec.has("push")
    assert record(facts=[["touch_cue", 0.2]]).has("push", "touch_cue")


def test_typed_at_the_prompt() -> None:
    verb = VERBS["shot"]
    assert verb.fields["contacts"].from_words("contacts", ["red/pink/0.1", "pink/cushion"]) == (
        ("red", "pink", 0.1),
        ("pink", "cushion"),
    )
    assert verb.fields["pocketed"].from_words("pocketed", [""]) == ()
    assert verb.fields["stopped_on"].from_words("stopped_on", ["centre/red"]) == {"centre": "red"}
