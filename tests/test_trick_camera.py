"""The trick games from the camera's facts (session/interpreters/tricks.py): every scenario of
Deberts, the card game 1000 and Nine-card Don replayed with each card played arriving as the
card observer reports it (``CardPlaced(zone="trick")``, nobody named) and everything else
entered by the operator, refereed into the same journal as the scenario's own actions."""

from __future__ import annotations

from pathlib import Path

import pytest

from scoring.scenario import load
from session.families import family_for, interpreter_for
from session.journal import Journal
from session.live import LiveSession, Submit
from vision.cards.facts import CardPlaced

SCENARIOS = Path(__file__).parent / "scenarios" / "cards"
GAMES = {"deberts": "deberts", "thousand": "card_thousand", "don": "nine_card_don"}


def scenario_files() -> list[Path]:
    return [path for folder in GAMES for path in sorted((SCENARIOS / folder).glob("*.yaml"))]


@pytest.mark.parametrize(
    "path", scenario_files(), ids=lambda path: f"{path.parent.name}/{path.stem}"
)
def test_a_trick_game_is_refereed_from_the_cards_played(path: Path, tmp_path: Path) -> None:
    scenario = load(path)
    assert family_for(scenario.game).has_camera
    truth = scenario.match()
    journal = Journal.create(
        tmp_path / "game.sqlite", scenario.game, scenario.players, scenario.preset, scenario.options
    )
    session = LiveSession(journal, interpreter_for(scenario.game))
    played = 0
    for step in scenario.steps:
        if "expect" in step:
            continue
        action, _ = scenario.split_step(step)
        if not truth.submit(action).accepted:
            continue  # a refusal the scenario expects
        if action["do"] == "play":
            session.post(CardPlaced(str(action["card"]), zone="trick", confidence=0.98))
            played += 1
        else:
            session.post(Submit(action))
        events = [event for event in session.pump() if event.kind != "fact"]
        assert [event.kind for event in events] == ["accepted"], (action, events)
    assert [row.action for row in journal.rows()] == [e.action.to_dict() for e in truth.entries]
    assert session.view() == truth.view()
    journal.close()


def test_every_trick_game_has_scenarios_with_cards_played() -> None:
    for folder in GAMES:
        steps = [step for path in (SCENARIOS / folder).glob("*.yaml") for step in load(path).steps]
        assert sum(step.get("do") == "play" for step in steps) >= 10, folder


#: The deal before the first card, entered by the operator (the camera sees cards, not bids);
#: the turn-up is the rendered table's, the bottom card one the rendered tricks do not hold.
OPENING = [
    {"do": "deal", "by": "Boris", "turnup": "10H"},
    {"do": "pass", "by": "Anna"},
    {"do": "take", "by": "Boris"},
    {"do": "deal_rest", "by": "Boris", "bottom": "7D"},
]


def test_a_rendered_deberts_deal_is_refereed_from_the_camera(tmp_path: Path) -> None:
    """Rendered video (``vision.synth.cards.render_table``: the turn-up under the stock, three
    tricks of two cards, each gathered) -> card reader -> trick observer -> interpreter ->
    live session -> journal: every card played is the camera's."""
    pytest.importorskip("torch")
    import numpy as np

    from scoring.match import Match
    from scoring.registry import create_engine
    from session.families import perception_for
    from session.loop import run_headless
    from session.sources import camera_worker
    from tests.test_durak_camera import write_video
    from vision.synth.cards import render_table

    steps = render_table(np.random.default_rng(3), "deberts", alphabet="latin")
    facts = [fact for _, labels in steps for fact in labels["facts"]]
    assert facts[0] == {"fact": "card_placed", "card": "10H", "zone": "trump"}
    video = write_video(tmp_path / "deal.avi", [image for image, _ in steps])
    players = ("Anna", "Boris")
    journal = Journal.create(tmp_path / "deberts.sqlite", "deberts", players)
    session = LiveSession(journal, interpreter_for("deberts"))
    for action in OPENING:
        session.post(Submit(action))
    worker = camera_worker(session, str(video), perception_for("deberts"), realtime=False)
    events = run_headless(session, [worker], write=lambda line: None)
    assert not [event for event in events if event.kind in ("pending", "refused")]
    truth = Match(create_engine("deberts"), players)
    for action in OPENING:
        assert truth.submit(action).accepted
    for fact in facts:
        if fact.get("zone") == "trick":
            play = {"do": "play", "by": truth.view()["turn"], "card": fact["card"]}
            assert truth.submit(play).accepted, play
    rows = journal.rows()
    assert [row.action for row in rows] == [entry.action.to_dict() for entry in truth.entries]
    assert [row.action["do"] for row in rows if row.source == "camera"] == ["play"] * 6
    assert session.view() == truth.view()
    journal.close()
