"""A dice night as one thing: the folder of journals, the standings across its games (each
game's own ranking, points within one scale, the G1 settlement), ``tableref night`` and
``tableref sheet --format pdf``, with the printed pages read back as PNGs (pdftoppm)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from scoring.engine import open_now
from scoring.match import Match
from scoring.registry import create_engine
from scoring.scenario import Scenario
from session.journal import Journal
from session.nights.folder import Night, NightError
from session.nights.ranking import beaten, places
from session.nights.standings import GameResult, parse_exact, read_standings, reckon
from ui.cli import main

PLAYERS = ("Anna", "Boris", "Vera")
SCREENS = Path(__file__).resolve().parents[1] / "test-output" / "screens"


def played(game: str, players: tuple[str, ...], seed: int, **options: Any) -> Scenario:
    """A whole game of random moves out of ``legal`` (a throw's faces drawn, six dice first
    for Farkle), as a scenario to import: judged in memory, written in one transaction."""
    match = Match(create_engine(game, None, options or None), players)
    rng = random.Random(seed)
    while choices := [a.to_dict() for a in open_now(match.engine, match.state) if a.verb != "void"]:
        rng.shuffle(choices)  # a roll listed with every die kept takes no faces: try the next
        assert any(match.submit(raw).accepted for raw in _completed(choices, rng)), choices
    return Scenario(game, players, tuple(e.action.to_dict() for e in match.entries), None, options)


def _completed(choices: list[dict[str, Any]], rng: random.Random) -> Iterator[dict[str, Any]]:
    for listed in choices:
        if listed["do"] == "roll" and "dice" not in listed:
            for count in range(6, 0, -1):
                yield {**listed, "dice": [rng.randint(1, 6) for _ in range(count)]}
        else:
            yield listed


def add_game(night: Night, scenario: Scenario) -> Path:
    path = night.folder / f"{len(night.games()) + 1:02d}-{scenario.game}.sqlite"
    Journal.from_scenario(scenario, path).close()
    return path


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Night:
    """Yahtzee, dice poker with school (G1), Yahtzee again with another first player, Farkle."""
    folder = tmp_path_factory.mktemp("nights") / "friday"
    night = Night.start(folder, PLAYERS, "Friday")
    add_game(night, played("yahtzee", PLAYERS, 1))
    add_game(night, played("poker_school", PLAYERS, 2))
    add_game(night, played("yahtzee", ("Vera", "Anna", "Boris"), 3))
    add_game(night, played("farkle", PLAYERS, 4, target=1000))
    return night


# ---------------------------------------------------------------------------------------------
# The reckonings, on games whose results are known.


def result(number: int, game: str, scores: dict[str, Any], winner: Any, **extra: Any) -> GameResult:
    view = {"players": list(scores), "scores": scores, "winner": winner, "over": True}
    table = tuple(places(view))
    return GameResult(
        number, f"{number:02d}-{game}.sqlite", game, game, game, game, tuple(scores), True,
        scores, tuple(winner if isinstance(winner, list) else [winner]), table, beaten(list(table)),
        extra.get("settlement"), {"columns": list(scores), "rows": []},
    )  # fmt: skip


def test_the_night_adds_places_points_of_one_scale_and_the_settlement() -> None:
    night = Night(Path("x"), ("A", "B", "C"), "t", "2026-01-01T20:00:00+00:00")
    games = [
        result(1, "yahtzee", {"A": 200, "B": 150, "C": 150}, "A"),
        # golf counts the fewest points best: C wins with 12
        result(2, "golf", {"A": 30, "B": 20, "C": 12}, "C"),
        result(
            3,
            "poker_school",
            {"A": 10, "B": -3, "C": -4},
            "A",
            settlement={"A": Fraction(29, 3), "B": Fraction(-10, 3), "C": Fraction(-13, 3)},
        ),
        result(4, "yahtzee", {"B": 180, "C": 180, "A": 90}, ["B", "C"]),
    ]
    standings = reckon(night, games)
    assert [p for _, p, _ in games[1].places] == ["C", "B", "A"]
    assert dict(games[0].night_points) == {"A": 2, "B": Fraction(1, 2), "C": Fraction(1, 2)}
    assert dict(games[3].night_points) == {"B": Fraction(3, 2), "C": Fraction(3, 2), "A": 0}
    overall = [(s.place, s.player, s.points, s.wins) for s in standings.overall]
    # 4 points each; A and C won twice and share first place, B won once
    assert overall == [(1, "A", 4, 2), (1, "C", 4, 2), (3, "B", 4, 1)]
    scales = {s.key: dict(s.totals) for s in standings.scales}
    assert scales["yahtzee"] == {"A": 290, "B": 330, "C": 330}
    assert scales["golf"] == {"A": 30, "B": 20, "C": 12}
    assert standings.settlement == {
        "A": Fraction(29, 3),
        "B": Fraction(-10, 3),
        "C": Fraction(-13, 3),
    }
    data = standings.to_dict()
    assert data["settlement"] == {"A": "9 2/3", "B": "-3 1/3", "C": "-4 1/3"}
    json.dumps(data)


def test_players_level_on_points_and_wins_share_a_place() -> None:
    night = Night(Path("x"), ("A", "B"), "t", "")
    standings = reckon(night, [result(1, "pig", {"A": 100, "B": 100}, ["A", "B"])])
    assert [(s.place, s.points) for s in standings.overall] == [(1, Fraction(1, 2))] * 2


def test_exact_numbers_read_back() -> None:
    assert [parse_exact(v) for v in (12, "-2/3", "33 1/3", "-16 2/3", "0")] == [
        12,
        Fraction(-2, 3),
        Fraction(100, 3),
        Fraction(-50, 3),
        0,
    ]
    with pytest.raises(ValueError, match="not an exact number"):
        parse_exact("1.5")


# ---------------------------------------------------------------------------------------------
# From the journals of a played night.


def test_standings_read_from_the_journals(night: Night) -> None:
    standings = read_standings(night)
    assert [g.game for g in standings.games] == ["yahtzee", "poker_school", "yahtzee", "farkle"]
    assert all(g.over for g in standings.games)
    for game in standings.games:  # three seats share 0 + 1 + 2 night points in every game
        assert sum(game.night_points.values()) == 3
    assert sum(s.points for s in standings.overall) == 12
    yahtzee = next(s for s in standings.scales if s.key == "yahtzee")
    firsts = [g for g in standings.games if g.game == "yahtzee"]
    assert yahtzee.games == 2
    assert dict(yahtzee.totals) == {p: sum(g.scores[p] for g in firsts) for p in PLAYERS}
    assert standings.settlement is not None and sum(standings.settlement.values()) == 0
    assert {s.key for s in standings.scales} == {"yahtzee", "poker_school", "farkle"}


def test_a_night_takes_its_next_game_only_when_the_last_is_over(tmp_path: Path) -> None:
    night = Night.start(tmp_path / "n", PLAYERS)
    with night.next_game("yahtzee", ("Boris", "Anna")) as journal:
        assert journal.path.name == "01-yahtzee.sqlite" and journal.players == ("Boris", "Anna")
        journal.submit({"do": "roll", "by": "Boris", "dice": [1, 2, 3, 4, 5]})
    with pytest.raises(NightError, match=r"01-yahtzee\.sqlite: this game is not over"):
        night.next_game("farkle")
    with pytest.raises(NightError, match="Zed not in the night's group"):
        night.next_game("farkle", ("Anna", "Zed"))
    with pytest.raises(NightError, match="exists and is not an empty folder"):
        Night.start(night.folder, PLAYERS)
    assert Night.holding(night.folder / "01-yahtzee.sqlite") == Night.open(night.folder)
    standings = read_standings(night)
    assert not standings.games[0].over and standings.overall[0].played == 0
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "night.json").write_text('{"players": "Anna"}')
    with pytest.raises(NightError, match="'players' must be a list"):
        Night.open(tmp_path / "bad")


# ---------------------------------------------------------------------------------------------
# The command line and the printed pages.


def test_night_commands_start_continue_and_report(tmp_path: Path, capsys: Any) -> None:
    folder = tmp_path / "sat"
    assert main(["night", "start", str(folder), "--players", "Anna,Boris", "--title", "Sat"]) == 0
    assert main(["night", "next", str(folder), "--game", "pig"]) == 0
    assert "recording to" in capsys.readouterr().out
    assert main(["night", "next", str(folder), "--game", "pig"]) == 2
    assert "this game is not over" in capsys.readouterr().err
    assert main(["night", "status", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1  # one error line: not a night
    assert main(["night", "report", str(folder), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["title"] == "Sat" and report["games"][0]["over"] is False


def pages(pdf: Path, name: str) -> list[np.ndarray]:
    """Each page of ``pdf`` as a grey image, rendered by pdftoppm at 100 dpi (the PNGs stay
    in test-output/screens to be looked at)."""
    from PIL import Image

    SCREENS.mkdir(parents=True, exist_ok=True)
    for old in SCREENS.glob(f"{name}-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(pdf), str(SCREENS / name)], check=True)
    return [np.asarray(Image.open(p).convert("L")) for p in sorted(SCREENS.glob(f"{name}-*.png"))]


def ruled_lines(page: np.ndarray) -> int:
    """Horizontal rules across most of the page: the header band counts once, then one rule
    under every row of a table."""
    rows = np.where((page < 170).mean(axis=1) > 0.6)[0]
    return 0 if rows.size == 0 else int(np.count_nonzero(np.diff(rows) > 1) + 1)


needs_pdftoppm = pytest.mark.skipif(
    shutil.which("pdftoppm") is None, reason="pdftoppm (Debian's poppler-utils) is not installed"
)


@needs_pdftoppm
def test_a_sheet_prints_as_the_paper_pad(night: Night, tmp_path: Path) -> None:
    game = night.games()[1]  # dice poker with school, in Russian
    out = tmp_path / "sheet.pdf"
    assert main(["sheet", str(game), "--format", "pdf", "-o", str(out), "--lang", "ru"]) == 0
    (page,) = pages(out, "night-sheet-ru")
    assert page.shape == (1170, 827)  # A4 upright at 100 dpi
    with Journal.open(game, readonly=True) as journal:
        rows = journal.match.engine.score_sheet(journal.match.state)["rows"]
    assert ruled_lines(page) == 1 + len(rows)
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "Покер на костях со школой" in text and "Выигрыш или проигрыш" in text


@needs_pdftoppm
def test_the_night_report_prints_standings_then_every_sheet(night: Night, tmp_path: Path) -> None:
    out = tmp_path / "night.pdf"
    assert main(["night", "report", str(night.folder), "-o", str(out)]) == 0
    printed = pages(out, "night-report-en")
    assert len(printed) == 1 + len(night.games())
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "Standings of the night" in text and "Settlement against the average (G1)" in text
    for path, page in zip(night.games(), printed[1:], strict=True):
        with Journal.open(path, readonly=True) as journal:
            rows = journal.match.engine.score_sheet(journal.match.state)["rows"]
        assert ruled_lines(page) == 1 + len(rows), path.name


def test_the_night_as_csv(night: Night, capsys: Any) -> None:
    assert main(["night", "report", str(night.folder), "--format", "csv", "--lang", "ru"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "section,line,Anna,Boris,Vera"
    assert lines[2].startswith("overall,Очки вечера,")
    assert any(line.startswith("settlement,Расчёт к среднему (G1),") for line in lines)
    assert sum(1 for line in lines if line.startswith("game ")) == 2 * len(night.games())
