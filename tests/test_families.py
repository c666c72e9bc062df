"""The family registry (session/families.py): every game of the catalogue names a family its
preset file declares, and every family is complete: a camera wired to an interpreter, or
declared camera-less with the reason; a view the windows know; gestures its interpreter
takes."""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType

import pytest

from scoring.registry import PresetError, _read, catalogue, game
from session import families
from session.families import (
    FAMILIES,
    PANEL_DEFAULTS,
    Family,
    NoCamera,
    Table,
    UnknownFamily,
    _family_of,
    check_catalogue,
    family,
    family_for,
    interpreter_for,
    perception_for,
)
from ui.cli import main

#: Every game of these families has a camera wired to its live session.
CAMERA_FAMILIES = (
    "dice",
    "durak",
    "tricks",
    "devyatka",
    "golf",
    "card_ball",
    "dominoes",
    "domino_poker",
    "carom",
)
#: A family declared camera-less, as a family whose camera is not built yet is: the registry
#: keeps the reason, ``tableref run`` says it and referees from the panel and the operator.
#: Every family of the catalogue has a camera now, so Card Ball's is taken away here.
UNWATCHED = Family(
    "card_ball",
    shows="cards",
    view="scores",
    no_camera="a pool table whose cards are laid where no camera looks",
)


@pytest.fixture
def unwatched(monkeypatch: pytest.MonkeyPatch) -> Family:
    """Card Ball's family declared camera-less for one test."""
    monkeypatch.setattr(
        families, "FAMILIES", MappingProxyType({**FAMILIES, "card_ball": UNWATCHED})
    )
    return UNWATCHED


def test_every_game_of_the_catalogue_has_a_complete_family() -> None:
    families = check_catalogue()
    assert set(families) == set(catalogue())
    for game_id, known in families.items():
        assert known is FAMILIES[game(game_id).family], game_id
        assert known.view, f"{known.name}: no view"
        assert known.shows in ("dice", "cards", "tiles", "balls", "discs"), known.name
        if known.has_camera:
            assert known.camera is not None and known.facts, known.name
            assert not known.no_camera, f"{known.name}: a camera and a reason for none"
            names = known.camera.reader_names()
            assert known.camera.default_reader() in (names or (None,)), known.name
            assert interpreter_for(game_id).family is not None, game_id
        else:
            assert known.no_camera, f"{known.name}: no camera and no reason given"
            assert not known.can_rerun, known.name
        own = set(known.gestures) - set(PANEL_DEFAULTS)
        if own:  # a gesture of the family's own is its interpreter's to take
            assert known.interpreter is not None and hasattr(known.interpreter, "button"), own


@pytest.mark.parametrize("name", CAMERA_FAMILIES)
def test_the_camera_families_have_a_camera(name: str) -> None:
    games = [g for g, known in check_catalogue().items() if known.name == name]
    assert games
    assert all(family_for(g).has_camera for g in games)


def test_a_family_name_is_looked_up_or_refused() -> None:
    assert family("durak").interpreter is not None
    with pytest.raises(UnknownFamily, match="unknown family 'poker'"):
        family("poker")


def test_a_preset_file_without_a_family_is_refused_naming_the_file(tmp_path: Path) -> None:
    source = (Path(game("durak").path or "")).read_text(encoding="utf-8")
    path = tmp_path / "durak.yaml"
    path.write_text(source.replace("family: durak\n", ""), encoding="utf-8")
    with pytest.raises(PresetError, match=f"{path}: a preset file names its game's family"):
        _read(path)


def test_a_preset_file_naming_an_unknown_family_is_refused_naming_the_file(tmp_path) -> None:
    source = (Path(game("durak").path or "")).read_text(encoding="utf-8")
    path = tmp_path / "durak.yaml"
    path.write_text(source.replace("family: durak", "family: poker"), encoding="utf-8")
    with pytest.raises(UnknownFamily, match=f"{path}: family 'poker' is not a known family"):
        _family_of(_read(path))


def test_games_json_gives_every_game_its_family_and_camera(capsys) -> None:
    assert main(["games", "--json"]) == 0
    entries = {entry["game"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert set(entries) == set(catalogue())
    for game_id, entry in entries.items():
        assert entry["family"] == game(game_id).family
        assert entry["camera"] is family_for(game_id).has_camera
    assert entries["durak"]["camera"] is True and entries["yahtzee"]["camera"] is True
    assert entries["golf"]["camera"] is True and entries["card_ball"]["camera"] is True


def test_a_camera_less_family_says_why(unwatched: Family) -> None:
    assert family_for("card_ball") is unwatched and not unwatched.has_camera
    described = unwatched.to_json()
    assert described["camera"] is False and described["readers"] == []
    assert described["no_camera"] == unwatched.no_camera
    assert interpreter_for("card_ball").family is None  # the panel's buttons alone
    with pytest.raises(NoCamera, match=r"for card_ball \(card_ball\): a pool table whose"):
        perception_for("card_ball")


def test_the_durak_camera_is_the_card_reader_and_the_card_observer() -> None:
    pytest.importorskip("torch")
    from session.sources import CardPerception
    from vision.cards.observe import CardObserver

    perception = perception_for("durak")
    assert isinstance(perception, CardPerception)
    assert isinstance(perception.observer, CardObserver) and perception.observer.game == "durak"
    assert perception.reader.name == "combined"
    corners = perception.reader.corners.corners  # the combined reader's corner reader
    assert int((~corners.refused).sum()) == 36 + 1  # the preset's deck, blank
    assert len(perception.reader.detector.codes) == 36
    camera = family("durak").camera
    assert camera is not None
    with pytest.raises(ValueError, match=r"unknown cards reader .pips..*learned"):
        camera.reader("pips", Table.of("durak"))


def test_every_family_view_is_a_view_of_the_windows() -> None:
    pytest.importorskip("PySide6")
    from ui.qt.views import VIEWS, view_class

    assert {known.view for known in FAMILIES.values()} <= set(VIEWS)
    assert view_class("nine_card_don") is VIEWS["card_sheet"]


@pytest.fixture
def bare_table(tmp_path: Path) -> Path:
    """Three frames of an empty card table."""
    cv2 = pytest.importorskip("cv2")
    import numpy as np

    from vision.synth import scene

    folder = tmp_path / "frames"
    folder.mkdir()
    table = scene.felt(np.random.default_rng(3), (480, 640), (40, 110, 30))
    for index in range(3):
        cv2.imwrite(str(folder / f"frame_{index:02d}.png"), table)
    return folder


def run_command(game: str, camera: Path, *more: str) -> list[str]:
    players = "Anna,Boris,Vera" if game == "card_ball" else "Anna,Boris"
    command = ["run", "--game", game, "--players", players, "--camera", str(camera)]
    return [*command, "--panel", "none", "--headless", "--fps", "0", *more]


def test_tableref_run_durak_takes_the_camera(bare_table: Path, tmp_path, capsys) -> None:
    """The run once refused a Durak camera ("no camera perception for the durak family yet");
    now the family's card reader and observer read the frames."""
    pytest.importorskip("torch")
    journal = tmp_path / "durak.sqlite"
    assert main([*run_command("durak", bare_table), "--journal", str(journal)]) == 0
    captured = capsys.readouterr()
    assert "warning" not in captured.err
    assert "camera: connected" in captured.out
    assert "ended after 3 frames" in captured.out


@pytest.mark.parametrize(
    ("more", "said"),
    [
        (["--reader", "pips"], "error: unknown cards reader 'pips' (readers: combined, detector"),
        (["--deck", "54-klingon"], "error: '54-klingon': a deck name is SIZE[-ALPHABET][-STYLE]"),
    ],
)
def test_tableref_run_refuses_a_reader_or_deck_the_family_lacks(
    bare_table: Path, tmp_path, capsys, more: list[str], said: str
) -> None:
    """Before a journal file is made, not by refereeing without the camera."""
    pytest.importorskip("torch")
    journal = tmp_path / "durak.sqlite"
    assert main([*run_command("durak", bare_table, *more), "--journal", str(journal)]) == 2
    assert capsys.readouterr().err.startswith(said)
    assert not journal.exists()


def test_tableref_run_names_the_deck_on_the_table(bare_table: Path, tmp_path, capsys) -> None:
    pytest.importorskip("torch")
    command = run_command("durak", bare_table, "--deck", "36-russian")
    assert main([*command, "--journal", str(tmp_path / "durak.sqlite")]) == 0
    assert "ended after 3 frames" in capsys.readouterr().out


def test_tableref_run_of_a_camera_less_family_says_why_and_goes_on(
    bare_table, tmp_path, capsys, unwatched: Family
) -> None:
    journal = tmp_path / "card_ball.sqlite"
    assert main([*run_command("card_ball", bare_table), "--journal", str(journal)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("warning: no camera perception for card_ball (card_ball): a pool")
    assert "refereeing from the panel and the operator" in err and journal.exists()
