"""Vegas Golf (docs/rules/vegas_golf.md): the rules no scenario file covers, and random rounds
through every preset whose chips always settle to nothing in all (what one pays another wins)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from scoring.actions import ActionError, parse_action
from scoring.engine import OptionsError
from scoring.match import Match
from scoring.registry import catalogue
from session.families import family_for
from tests.dice_play import act, refusal
from ui.cli import main

PLAYERS = ["Anna", "Boris", "Vera"]


def engine_for(preset: str = "vegas_golf", **options: Any) -> Any:
    return catalogue()["vegas_golf"].create(preset, options)


def hole(engine: Any, state: Any, *strokes: int) -> Any:
    """Every player's strokes on the current hole, in seat order."""
    for player, count in zip(engine.view(state)["players"], strokes, strict=True):
        state = act(engine, state, {"do": "strokes", "by": player, "strokes": count})
    return state


def test_a_side_game_needs_two_players() -> None:
    """D12: the chips are settled against the others, so one player alone is refused."""
    with pytest.raises(OptionsError, match="seats 2"):
        engine_for().initial(["Anna"])


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"pars": [4, 7]}, "pars: 7 is not a par"),
        ({"pars": []}, "pars: expected a list"),
        ({"chips": ["birdie", "albatross"]}, "chips: 'albatross' is not a chip"),
        ({"wild": "cart\npath"}, "wild: expected the house rule's name on one line"),
        ({"wild_sign": "neutral"}, "wild_sign: 'neutral' is not one of"),
        ({"mulligans": "yes"}, "mulligans: expected true or false"),
        ({"skins": True}, "skins: not an option of vegas_golf"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        engine_for(**options)


def test_the_optional_verbs_exist_only_where_their_rule_is_played() -> None:
    """WILD only when the group named one (D6); Mulligans and the final challenge only when
    chosen before the round (L826, L831); the outdrive and the cart with the Lady and BEER
    chips (D14, D15)."""
    engine = engine_for()
    assert set(engine.verbs) >= {"strokes", "chip", "challenge", "outdrive", "cart"}
    assert "mulligan" not in engine.verbs and "final" not in engine.verbs
    with pytest.raises(ActionError, match="chip: 'wild' is not one of"):
        parse_action({"do": "chip", "by": "Anna", "chip": "wild"}, engine.verbs)
    bare = engine_for(chips=["birdie", "sand"])
    assert set(bare.verbs) == {"strokes", "chip"}
    counted = engine_for(chips=["birdie", "eagle"])
    assert set(counted.verbs) == {"strokes"}  # nothing left to call
    assert set(engine_for("mulligans").verbs) >= {"mulligan"}
    assert set(engine_for("final_challenge").verbs) >= {"final"}


def test_the_default_course_is_a_par_72_card_and_nine_holes_its_front_nine() -> None:
    """D11."""
    view = engine_for().view(engine_for().initial(PLAYERS))
    assert view["holes"] == 18 and view["par"] == 4 and view["hole"] == 1
    assert sum(engine_for().pars) == 72 and sum(engine_for("nine_holes").pars) == 36


def test_cant_putt_this_is_given_later_if_nobody_got_it_on_the_first_hole() -> None:
    """D8: the chip enters play by `chip` while nobody holds it, whatever the hole."""
    engine = engine_for(pars=[4, 4])
    state = hole(engine, engine.initial(PLAYERS), 4, 4, 4)
    state = act(engine, state, {"do": "chip", "by": "Vera", "chip": "cant_putt_this"})
    assert engine.view(state)["chips"]["Vera"] == ["cant_putt_this"]
    raw = {"do": "challenge", "by": "Vera", "against": "Anna", "winner": "Anna"}
    state = act(engine, state, raw)  # no chip named: nothing moves but the result
    assert engine.view(state)["chips"]["Vera"] == ["cant_putt_this"]


def test_a_challenge_cannot_move_beer_or_cant_putt_this() -> None:
    """D8: BEER leaves only on a par 3 (L851), Can't Putt This by the challenges themselves."""
    engine = engine_for(pars=[3, 4])
    state = act(engine, engine.initial(PLAYERS), {"do": "chip", "by": "Anna", "chip": "beer"})
    state = act(engine, state, {"do": "chip", "by": "Boris", "chip": "cant_putt_this"})
    state = hole(engine, state, 3, 3, 3)
    for chip in ("beer", "cant_putt_this"):
        raw = {"do": "challenge", "by": "Boris", "against": "Anna", "winner": "Boris"}
        with pytest.raises(ActionError, match=f"chip: '{chip}' is not one of"):
            parse_action({**raw, "chip": chip}, engine.verbs)


def test_the_final_challenge_may_come_before_the_last_strokes() -> None:
    """D9: played on the green of the last hole, before the players hole out: the round then
    ends with the last strokes."""
    engine = engine_for("final_challenge", pars=[4, 4])
    state = act(engine, engine.initial(PLAYERS), {"do": "chip", "by": "Anna", "chip": "sand"})
    state = act(engine, state, {"do": "chip", "by": "Boris", "chip": "cant_putt_this"})
    state = hole(engine, state, 4, 4, 4)
    raw = {"do": "final", "by": "Boris", "winner": "Anna", "loser": "Vera", "chip": "sand"}
    state = act(engine, state, raw)
    view = engine.view(state)
    assert not view["over"] and view["chips"]["Vera"] == ["cant_putt_this", "sand"]
    assert refusal(engine, state, raw) == "not_holder"  # Vera holds it now
    again = {"do": "final", "by": "Vera", "winner": "Anna", "loser": "Boris"}
    assert refusal(engine, state, again) == "final_done"
    state = hole(engine, state, 4, 4, 4)
    assert engine.view(state)["over"]


def test_without_a_holder_the_final_challenge_is_not_due() -> None:
    """D9: nobody was given Can't Putt This, so the round ends with the last strokes."""
    engine = engine_for("final_challenge", pars=[4])
    state = hole(engine, engine.initial(PLAYERS), 4, 5, 6)
    assert engine.view(state)["over"]


def test_a_final_challenge_names_two_players() -> None:
    engine = engine_for("final_challenge", pars=[4])
    state = act(
        engine, engine.initial(PLAYERS), {"do": "chip", "by": "Anna", "chip": "cant_putt_this"}
    )
    state = hole(engine, state, 4, 4, 4)
    assert engine.view(state)["phase"] == "final"
    assert [d.verb for d in engine.decisions(state)] == ["final"] and not engine.legal(state)
    raw = {"do": "final", "by": "Anna", "winner": "Boris", "loser": "Boris"}
    assert refusal(engine, state, raw) == "not_opponent"
    assert refusal(engine, state, {**raw, "loser": "Gleb"}) == "unknown_player"


def test_the_sheet_shows_the_card_and_the_settlement() -> None:
    """R18, D2: one row per hole begun, the strokes, the chips held and their bets, what they
    come to against the table plus the payments on the spot: the total, equal to the scores."""
    engine = engine_for(pars=[4, 3])
    state = act(engine, engine.initial(PLAYERS), {"do": "chip", "by": "Anna", "chip": "water"})
    state = act(engine, state, {"do": "chip", "by": "Vera", "chip": "lady"})
    state = act(engine, state, {"do": "outdrive", "by": "Vera", "from": "Boris"})
    state = hole(engine, state, 3, 4, 5)
    sheet = engine.score_sheet(state)
    rows = {row["key"]: row for row in sheet["rows"]}
    assert [row["key"] for row in sheet["rows"]] == [
        "hole_1",
        "hole_2",
        "strokes",
        "chips",
        "bets",
        "chips_settled",
        "on_the_spot",
        "total",
    ]
    assert rows["hole_1"]["cells"] == {"Anna": 3, "Boris": 4, "Vera": 5}
    assert rows["hole_2"]["cells"] == {"Anna": None, "Boris": None, "Vera": None}
    assert rows["strokes"]["cells"] == {"Anna": 3, "Boris": 4, "Vera": 5}
    assert rows["chips"]["cells"] == {"Anna": "Birdie, Water", "Boris": "", "Vera": "Lady chip"}
    assert rows["bets"]["cells"] == {"Anna": 0, "Boris": 0, "Vera": -1}
    assert rows["chips_settled"]["cells"] == {"Anna": 1, "Boris": 1, "Vera": -2}
    assert rows["on_the_spot"]["cells"] == {"Anna": 0, "Boris": -2, "Vera": 2}
    assert rows["total"]["cells"] == engine.view(state)["scores"]
    assert rows["total"]["cells"] == {"Anna": 1, "Boris": -1, "Vera": 0}


@pytest.mark.parametrize("preset", list(catalogue()["vegas_golf"].presets))
@pytest.mark.parametrize("seed", range(3))
def test_random_rounds_settle_to_nothing_in_all(preset: str, seed: int) -> None:
    """Whatever is entered, one player's winnings are the others' losses (D2), the sheet ends
    in the scores, and the round ends once every hole's strokes are in."""
    engine = engine_for(preset)
    rng = random.Random(seed)
    match = Match(engine, PLAYERS)
    for _ in range(2000):
        view = match.view()
        if view["over"]:
            break
        assert sum(view["scores"].values()) == 0
        assert engine.score_sheet(match.state)["rows"][-1]["cells"] == view["scores"]
        raw = random_entry(engine, match, rng)
        assert match.submit(raw).accepted, raw
    view = match.view()
    assert view["over"] and sum(view["scores"].values()) == 0
    assert all(None not in strokes for strokes in view["strokes"].values())
    json.dumps(engine.score_sheet(match.state))


def random_entry(engine: Any, match: Match, rng: random.Random) -> dict[str, Any]:
    """One open action completed with random data the rules accept."""
    options = [*engine.legal(match.state), *engine.decisions(match.state)]
    while True:
        option = rng.choice(options)
        action = getattr(option, "action", option)
        raw = action.to_dict()
        for name in getattr(option, "needs", ()):
            kind = engine.verbs[action.verb].fields[name]
            choices = getattr(kind, "choices", None)
            if name == "strokes":
                raw[name] = rng.randint(2, 9)
            else:
                raw[name] = rng.choice(choices if choices else PLAYERS)
        if match.check(raw)[0].accepted:
            return raw


def test_the_family_has_no_camera_and_the_game_is_listed(capsys: Any) -> None:
    """A round is scored on the course: the family says why there is no camera."""
    known = family_for("vegas_golf")
    assert not known.has_camera and "golf course" in known.no_camera
    assert main(["games", "--json"]) == 0
    entries = {entry["game"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert entries["vegas_golf"]["family"] == "golf_course"
    assert entries["vegas_golf"]["camera"] is False
