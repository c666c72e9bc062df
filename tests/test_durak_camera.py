"""Durak refereed from the camera, end to end: a rendered video of a played bout -> the card
reader -> the card observer -> the Durak interpreter -> a live session -> the journal, wired by
the family registry exactly as ``tableref run --game durak --camera VIDEO`` wires it.

The camera sees the trump turned up (the deal), the cards laid and the table cleared; the
operator enters what it cannot see (the draws from the stock) and confirms what the rules leave
open (who leads the first bout: the lowest trump, which lies hidden in a hand).  The bout is
drawn here, step by step, with the card renderer's own pieces (:mod:`vision.synth.cards`
renders single tables, not a bout played).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("torch")
cv2 = pytest.importorskip("cv2")

import numpy as np  # noqa: E402

from scoring.cards import parse_card  # noqa: E402
from scoring.match import Match  # noqa: E402
from scoring.registry import create_engine  # noqa: E402
from session.families import interpreter_for, perception_for  # noqa: E402
from session.journal import Journal  # noqa: E402
from session.live import Confirm, LiveSession, SessionEvent, Submit  # noqa: E402
from session.loop import run_headless  # noqa: E402
from session.sources import camera_worker  # noqa: E402
from ui.cli import main  # noqa: E402
from vision.cards.faces import RATIO, card_mask, draw_back, style_named  # noqa: E402
from vision.synth import scene  # noqa: E402
from vision.synth.cards import BACKS, SIZE, camera, centred_quad, paint, worn_face  # noqa: E402

PLAYERS = ("Anna", "Boris")
WIDTH = 115.0
FRAMES_A_STEP = 8  # the observer settles on 5 agreeing frames
#: The hand as played: what the camera sees and what the operator enters (deal, draws).
SCRIPT: list[dict[str, Any]] = [
    {"do": "deal", "trump": "9H"},
    {"do": "attack", "by": "Anna", "cards": ["7S"]},
    {"do": "defend", "by": "Boris", "beat": "7S", "with": "10S"},
    {"do": "throw_in", "by": "Anna", "cards": ["10C"]},
    {"do": "defend", "by": "Boris", "beat": "10C", "with": "QC"},
    {"do": "done", "by": "Anna"},
    {"do": "draw", "by": "Anna", "count": 2},
    {"do": "draw", "by": "Boris", "count": 2},
]
UNSEEN = ("draw",)  # what the operator enters: the camera does not see it


def defence(attack: np.ndarray) -> np.ndarray:
    """A defending card across ``attack``, down-right of it and turned, as players lay it."""
    tl, tr, _, bl = attack.astype(np.float64)
    u, v = (tr - tl) / WIDTH, (bl - tl) / (WIDTH * RATIO)
    centre = tl + u * WIDTH * 0.86 + v * WIDTH * RATIO * 0.77
    return centred_quad((float(centre[0]), float(centre[1])), math.atan2(u[1], u[0]) + 0.2, WIDTH)


def bout_frames(seed: int = 11) -> list[np.ndarray]:
    """One image per step of the bout: the stock with the 9H under it, then 7S, 10S on it,
    10C beside, QC on it, and the table cleared."""
    height, width = SIZE
    style = style_named("classic")
    first = centred_quad((0.4 * width, 0.45 * height), 0.05, WIDTH)
    second = centred_quad((0.62 * width, 0.45 * height), -0.04, WIDTH)
    laid = [("7S", first), ("10S", defence(first)), ("10C", second), ("QC", defence(second))]
    steps = [laid[:k] for k in range(len(laid) + 1)] + [[]]
    stock = (0.1 * width, 0.5 * height)
    under = [("9H", centred_quad((stock[0] + 0.33 * WIDTH * RATIO, stock[1]), math.pi / 2, WIDTH))]
    under += [(None, centred_quad(stock, 0.0, WIDTH) + np.float32(k)) for k in range(3)]
    rng = np.random.default_rng(seed)
    table = scene.felt(rng, SIZE, (40, 110, 30))
    alpha, back = card_mask(style.corner), draw_back(BACKS[0])
    faces = {
        code: worn_face(parse_card(code), style, "latin", np.random.default_rng([seed, k]))
        for k, code in enumerate(["9H", *(code for code, _ in laid)])
    }
    images = []
    for number, step in enumerate(steps):
        image = table
        for k, (code, quad) in enumerate(under + step):
            sprite = back if code is None else faces[code]
            image = paint(image, sprite, alpha, quad, np.random.default_rng([seed, 2, k]))
        images.append(camera(image, np.random.default_rng([seed, 3, number])))
    return images


def write_video(path: Path, images: list[np.ndarray]) -> Path:
    """An MJPG video holding each image for :data:`FRAMES_A_STEP` frames, as a table at rest
    between moves."""
    height, width = images[0].shape[:2]
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (width, height))
    for image in images:
        for _ in range(FRAMES_A_STEP):
            writer.write(image)
    writer.release()
    return path


@pytest.fixture(scope="module")
def bout_video(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_video(tmp_path_factory.mktemp("durak") / "bout.avi", bout_frames())


def test_a_durak_bout_is_refereed_from_the_camera(bout_video: Path, tmp_path: Path) -> None:
    journal = Journal.create(tmp_path / "durak.sqlite", "durak", PLAYERS)
    session = LiveSession(journal, interpreter_for("durak"))
    held: list[dict[str, Any]] = []

    def operator(event: SessionEvent) -> None:
        """Confirms a held proposal as the hand was played; enters what the camera cannot see."""
        done = len(journal.rows())
        if event.kind == "pending" and event.pending is not None:
            held.append(dict(event.pending.proposal.action))
            session.post(Confirm(event.pending.id, SCRIPT[done]))
        elif event.kind == "accepted" and done < len(SCRIPT) and SCRIPT[done]["do"] in UNSEEN:
            session.post(Submit(SCRIPT[done]))

    session.subscribe(operator)
    worker = camera_worker(session, str(bout_video), perception_for("durak"), realtime=False)
    run_headless(session, [worker], write=lambda line: None)
    rows = journal.rows()
    parse = Match(create_engine("durak"), PLAYERS).parse
    assert [row.action for row in rows] == [parse(action).to_dict() for action in SCRIPT]
    by_camera = [row.action["do"] for row in rows if row.source == "camera"]
    assert by_camera == ["deal", "attack", "defend", "throw_in", "defend", "done"]
    assert held == [{"do": "attack", "by": "Anna", "cards": ["7S"]}]  # who leads: the operator's
    truth = Match(create_engine("durak"), PLAYERS)
    for action in SCRIPT:
        assert truth.submit(action).accepted
    assert session.view() == truth.view()
    journal.close()


def test_tableref_run_deals_from_the_camera_and_holds_the_first_lead(
    bout_video, tmp_path, capsys
) -> None:
    """Headless and with no operator, ``tableref run`` takes the deal from the camera and holds
    the first lead for the operator, naming both players who might have led it."""
    command = ["run", "--game", "durak", "--players", "Anna,Boris", "--camera", str(bout_video)]
    command += ["--panel", "none", "--headless", "--fps", "0"]
    journal = tmp_path / "run.sqlite"
    assert main([*command, "--journal", str(journal)]) == 0
    captured = capsys.readouterr()
    assert "warning" not in captured.err
    lines = captured.out.splitlines()
    assert any(line.startswith("accepted #1 deal: trump=9H (camera") for line in lines), lines
    held = [line for line in lines if line.startswith("held #1 attack by Anna")]
    assert held and "could also be attack by Boris" in held[0], lines
    with Journal.open(journal) as reopened:
        assert [row.action["do"] for row in reopened.rows()] == ["deal"]
