"""Domino poker refereed from the camera, end to end: a rendered video of a showdown (each
player lays five tiles face up in front of them) -> the domino reader -> the showdown observer
-> the domino poker interpreter -> a live session -> the journal, wired by the family registry
exactly as ``tableref run --game domino_poker --camera VIDEO`` wires it; and the showdown
observer's grouping on readings made by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("onnxruntime")
cv2 = pytest.importorskip("cv2")

import numpy as np  # noqa: E402

from scoring.match import Match  # noqa: E402
from scoring.registry import create_engine  # noqa: E402
from session.families import family_for, interpreter_for, perception_for  # noqa: E402
from session.journal import Journal  # noqa: E402
from session.live import LiveSession  # noqa: E402
from session.loop import run_headless  # noqa: E402
from session.sources import camera_worker  # noqa: E402
from tests.test_durak_camera import write_video  # noqa: E402
from ui.cli import main  # noqa: E402
from vision.dominoes.showdown import HAND_SIZE, HandShown, ShowdownObserver  # noqa: E402
from vision.synth import scene  # noqa: E402
from vision.synth.dominoes import PlacedTile, TileStyle, paste_tile  # noqa: E402
from vision.types import Box, TileReading  # noqa: E402

PLAYERS = ("Anna", "Boris")
SIZE = (1280, 720)
SIDE = 40.0  # px: a half's side, a table camera's view of a real set
HANDS = {
    "Anna": ((6, 6), (5, 5), (4, 4), (3, 3), (2, 6)),
    "Boris": ((1, 3), (2, 4), (3, 5), (4, 6), (1, 5)),
}
IVORY = TileStyle((205, 230, 240), (25, 25, 25), (40, 60, 120), (60, 60, 60), False, 0.12)


def hand_tiles(halves: tuple[tuple[int, int], ...], row: float) -> list[PlacedTile]:
    """Five tiles side by side across the table at height ``row`` (a share of it)."""
    width, height = SIZE
    start = width * 0.28
    return [
        PlacedTile(tile, (start + k * SIDE * 2.4, height * row), 0.0, SIDE)
        for k, tile in enumerate(halves)
    ]


def showdown_frames(seed: int = 3) -> list[np.ndarray]:
    """The empty table, Anna's hand laid, then Boris's beside hers."""
    rng = np.random.default_rng(seed)
    width, height = SIZE
    table = scene.felt(rng, (height, width), (40, 110, 30))
    steps = [[], hand_tiles(HANDS["Anna"], 0.3), hand_tiles(HANDS["Anna"], 0.3)]
    steps[2] = steps[2] + hand_tiles(HANDS["Boris"], 0.7)
    images = []
    for number, tiles in enumerate(steps):
        image = table
        for k, tile in enumerate(tiles):
            image = paste_tile(image, IVORY, tile, np.random.default_rng([seed, number, k]))
        images.append(image)
    return images


@pytest.fixture(scope="module")
def showdown_video(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_video(tmp_path_factory.mktemp("poker") / "showdown.avi", showdown_frames())


def reveal(player: str) -> dict[str, Any]:
    return {"do": "reveal", "by": player, "tiles": [f"{min(t)}-{max(t)}" for t in HANDS[player]]}


def test_the_family_has_a_camera() -> None:
    family = family_for("domino_poker")
    assert family.has_camera and family.facts == ("hand_shown",)


def test_a_showdown_is_refereed_from_the_camera(showdown_video: Path, tmp_path: Path) -> None:
    journal = Journal.create(tmp_path / "poker.sqlite", "domino_poker", PLAYERS)
    session = LiveSession(journal, interpreter_for("domino_poker"))
    worker = camera_worker(
        session, str(showdown_video), perception_for("domino_poker"), realtime=False
    )
    run_headless(session, [worker], write=lambda line: None)
    rows = journal.rows()
    parse = Match(create_engine("domino_poker"), PLAYERS).parse
    assert [row.action for row in rows] == [parse(reveal(p)).to_dict() for p in PLAYERS]
    assert {row.source for row in rows} == {"camera"}
    truth = Match(create_engine("domino_poker"), PLAYERS)
    for player in PLAYERS:
        assert truth.submit(reveal(player)).accepted
    assert session.view() == truth.view()
    assert session.view()["over"] and session.view()["winner"] == "Anna"  # four doubles
    journal.close()


def test_tableref_run_referees_the_showdown_headless(showdown_video, tmp_path, capsys) -> None:
    journal = tmp_path / "run.sqlite"
    command = ["run", "--game", "domino_poker", "--players", "Anna,Boris"]
    command += ["--camera", str(showdown_video), "--panel", "none", "--headless", "--fps", "0"]
    assert main([*command, "--journal", str(journal)]) == 0
    out = capsys.readouterr().out
    assert "accepted #1 reveal" in out and "accepted #2 reveal" in out, out
    with Journal.open(journal) as reopened:
        assert reopened.view()["winner"] == "Anna"


# ---------------------------------------------------------------------------------------------
# The observer's grouping, on readings made by hand.


def readings(tiles: list[tuple[tuple[int, int], float, float]]) -> list[TileReading]:
    """Face-up tiles 80x40 px at the given centres."""
    return [TileReading(halves, Box(x - 40, y - 20, 80, 40), 0.95) for halves, x, y in tiles]


def settle(observer: ShowdownObserver, seen: list[TileReading], start: int) -> list[HandShown]:
    facts: list[HandShown] = []
    for frame in range(start, start + 6):
        facts += observer.update(seen, frame, frame / 10)
    return facts


def row(halves: tuple[tuple[int, int], ...], y: float, x0: float = 200) -> list[Any]:
    return [(tile, x0 + 96 * k, y) for k, tile in enumerate(halves)]


def test_a_hand_is_shown_only_once_it_holds_five_tiles() -> None:
    observer = ShowdownObserver()
    anna = row(HANDS["Anna"], 200)
    assert settle(observer, readings(anna[:4]), 0) == []  # still being laid
    (fact,) = settle(observer, readings(anna), 10)
    assert fact.tiles == ("6-6", "5-5", "4-4", "3-3", "2-6") and len(fact.tiles) == HAND_SIZE
    assert fact.frame_index == 14


def test_two_hands_shown_at_once_come_left_to_right_and_none_twice() -> None:
    observer = ShowdownObserver()
    left, right = row(HANDS["Boris"], 200, 100), row(HANDS["Anna"], 600, 700)
    facts = settle(observer, readings(right + left), 0)
    assert [fact.tiles[0] for fact in facts] == ["1-3", "6-6"]
    moved = [(tile, x + 3, y) for tile, x, y in right + left]
    assert settle(observer, readings(moved), 10) == []  # nudged: the same hands, not new ones


def test_two_hands_pushed_together_wait_and_an_empty_table_starts_a_new_showdown() -> None:
    observer = ShowdownObserver()
    both = row(HANDS["Anna"], 200) + row(HANDS["Boris"], 240, 200 + 96 * 5)
    assert settle(observer, readings(both), 0) == []  # ten tiles in one group: not a hand
    anna = row(HANDS["Anna"], 200)
    assert len(settle(observer, readings(anna), 10)) == 1
    assert settle(observer, [], 20) == []
    assert len(settle(observer, readings(anna), 30)) == 1  # shown again in the next showdown
