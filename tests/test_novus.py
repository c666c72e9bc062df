"""Novus (docs/rules/novus.md): what no scenario file covers (the table sizes, the options, the
short form at the prompt, the family, the view), and random games through both presets whose
discs are always all accounted for (on the board, pocketed, or owed)."""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from scoring.actions import Action
from scoring.engine import OptionsError
from scoring.match import Match
from scoring.novus.record import FIRST, STRIKER
from scoring.registry import catalogue
from session.families import family_for
from ui.cli import main

ROOT = Path(__file__).resolve().parents[1]


def engine_for(preset: str = "novus", **options: Any) -> Any:
    return catalogue()["novus"].create(preset, options)


def fill(engine: Any, state: Any, listed: Action, rng: random.Random) -> dict[str, Any]:
    """A shot that can be, drawn for the side to shoot: what the board holds bounds every
    count, and a pocket is likely enough that games end."""
    own_side = engine.side(state.turn)
    own, theirs = state.on_board[own_side], state.on_board[1 - own_side]
    dark = rng.randint(0, own) if rng.random() < 0.3 else 0
    firsts = [f for f in FIRST if allowed(f, own, dark, theirs)]
    first = rng.choice(firsts)
    rebound = rng.random() < 0.3
    raw: dict[str, Any] = {
        "do": "shot",
        "by": listed.by,
        "first": first,
        "rebound": rebound,
        "opposite_rail": rebound and rng.random() < 0.5,
        "dark": dark,
        "striker": rng.choice(STRIKER) if rng.random() < 0.15 else "board",
    }
    if first != "none":
        pocketed = rng.randint(0, min(own, 3))
        raw["pocketed"] = pocketed
        raw["pocketed_dark"] = rng.randint(0, min(pocketed, dark))
        raw["pocketed_opponent"] = rng.randint(0, min(theirs, 1)) if rng.random() < 0.1 else 0
        room = own - pocketed
        raw["over_rail"] = 1 if room and rng.random() < 0.05 else 0
    if rng.random() < 0.05:
        raw["breach"] = rng.choice(["outside_zone", "hand_on_board", "thick_end"])
    return raw


def allowed(first: str, own: int, dark: int, theirs: int) -> bool:
    """The first contacts the board allows (the record's own checks, §3)."""
    if first == "own_dark":
        return dark > 0
    if first in ("own", "both") and own - dark < 1:
        return False
    return not (first in ("opponent", "both") and theirs < 1)


def test_two_players_or_four() -> None:
    """R1: two players face each other; R12: four in two teams, no other number."""
    engine_for().initial(["Anna", "Boris"])
    for players in (["Anna"], ["Anna", "Boris", "Vera"]):
        with pytest.raises(OptionsError, match="seats 2 to 2"):
            engine_for().initial(players)
    with pytest.raises(OptionsError, match="seats 4 to 4"):
        engine_for("pairs").initial(["Anna", "Boris"])


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"discs": 0}, "discs: expected a whole number of at least 1"),
        ({"discs": 17}, "discs: at most 16"),
        ({"pairs": "yes"}, "pairs: expected true or false"),
        ({"pockets": 6}, "pockets: not an option of novus"),
    ],
)
def test_bad_options_are_refused_by_name(options: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        engine_for(**options)


def test_a_shot_is_a_decision_needing_only_its_first_contact() -> None:
    """§3: the referee names the first contact; the other fields default to nothing."""
    engine = engine_for()
    state = engine.initial(["Anna", "Boris"])
    assert engine.legal(state) == []
    (decision,) = engine.decisions(state)
    assert decision.action == Action("shot", "Anna") and decision.needs == ("first",)


def test_the_family_has_no_camera_and_its_own_view(capsys: Any) -> None:
    known = family_for("novus")
    assert not known.has_camera and "Novus board" in known.no_camera
    assert known.view == "novus"
    assert main(["games", "--json"]) == 0
    entries = {entry["game"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert entries["novus"]["family"] == "novus" and entries["novus"]["camera"] is False


def test_shots_are_typed_at_the_prompt_in_short_form(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    """Manual entry: ``verb field=value`` words, a refusal one line that names the field."""
    typed = (
        "Anna: shot first=own pocketed=2\n"
        "Anna: shot first=own pocketed=9\n"
        "Anna: shot first=own_dark dark=1 pocketed=1 pocketed_dark=1\n"
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    journal = tmp_path / "night.sqlite"
    code = main(["play", "novus", "--players", "Anna,Boris", "--journal", str(journal)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "Anna pocketed 2: 6 to go" in out
    refusal = [line for line in (out + err).splitlines() if "pocketed: 9 own discs" in line]
    assert refusal == ["error: Anna: pocketed: 9 own discs moved off, but 6 on the board"]
    assert "Fault: a direct shot at Anna's own dark disc (R9e)" in out


@pytest.mark.parametrize("preset", ["novus", "pairs"])
def test_random_games_end_with_every_disc_accounted_for(preset: str) -> None:
    engine = engine_for(preset)
    players = ["Anna", "Boris", "Vera", "Gleb"][: 4 if preset == "pairs" else 2]
    for seed in range(12):
        rng = random.Random(seed)
        match = Match(engine, players)
        for _ in range(2000):
            if match.view()["over"]:
                break
            (decision,) = engine.decisions(match.state)
            outcome = match.submit(fill(engine, match.state, decision.action, rng))
            assert outcome.accepted, (outcome.code, outcome.error)
            view = match.view()
            for player in players:
                counted = view["on_board"][player] + view["debt"][player] + view["scores"][player]
                assert counted == engine.discs
                assert 0 <= view["on_board"][player] <= engine.discs
            sheet = engine.score_sheet(match.state)
            assert sheet["rows"][-1]["cells"] == view["scores"]
        view = match.view()
        assert view["over"], f"{preset} seed {seed} did not end"
        winners = view["winner"] if isinstance(view["winner"], list) else [view["winner"]]
        assert all(view["on_board"][w] == 0 and view["debt"][w] == 0 for w in winners)
        assert all(view["scores"][w] == engine.discs for w in winners)


def test_the_view_draws_the_discs_left_and_the_fault(qtbot: Any) -> None:
    from ui.qt.views import NovusView, create_view

    engine = engine_for()
    match = Match(engine, ["Anna", "Boris"])
    match.submit({"do": "shot", "by": "Anna", "first": "own", "pocketed": 3})
    outcome = match.submit({"do": "shot", "by": "Anna", "first": "none"})
    view = create_view("novus")
    assert isinstance(view, NovusView)
    qtbot.addWidget(view)
    view.resize(1280, 720)
    view.show_state(match.view(), engine.score_sheet(match.state), "en", outcome.verdicts)
    discs = view.found("ball", "disc")
    assert len([g for g in discs if g.has("side0")]) == 6  # 8 - 3 + the penalty disc
    assert len([g for g in discs if g.has("side1")]) == 8
    assert len(view.found("ball", "striker")) == 1 and view.found("novus_board")
    texts = view.texts()
    assert "6 to go" in texts and "8 to go" in texts
    assert any("R9a" in line for line in texts)
    view.show_state(match.view(), engine.score_sheet(match.state), "ru", outcome.verdicts)
    assert "6 осталось" in view.texts()
