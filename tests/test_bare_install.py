"""A bare ``pip install .`` (no extras: no OpenCV, no PyTorch, no Qt) gives a ``tableref`` that
works for what needs none of them and says in one line which extra the rest needs (issue 25: the
bare package once crashed on every command, ``--help`` included, importing cv2 at start-up).

The package is installed from a copy of this checkout into a fresh virtual environment, with
the machine's own pip configuration (its local wheels), as a new user would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: What the copy leaves out: the dev environment, build output and git's own files.
NOT_COPIED = shutil.ignore_patterns(
    ".venv", "build", ".git", "test-output", "*.egg-info", "sessions"
)


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``tableref`` script of a fresh venv holding only the package and its dependencies."""
    where = tmp_path_factory.mktemp("bare")
    source = where / "source"
    shutil.copytree(ROOT, source, ignore=NOT_COPIED)
    venv.EnvBuilder(with_pip=True).create(where / "venv")
    python = where / "venv" / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(source)],
        check=True,
        capture_output=True,
        timeout=600,
        env={**os.environ, "PYTHONWARNINGS": "ignore::UserWarning"},
    )
    return where / "venv" / "bin" / "tableref"


def run(script: Path, *argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")
    }
    env["XDG_CACHE_HOME"] = str(cwd / "cache")
    return subprocess.run(
        [str(script), *argv], capture_output=True, text=True, timeout=300, cwd=cwd, env=env
    )


def test_the_bare_package_has_no_opencv_torch_or_qt(bare: Path) -> None:
    python = bare.with_name("python")
    probe = "import importlib.util as u; print([m for m in %r if u.find_spec(m)])"
    heavy = ("cv2", "torch", "ultralytics", "onnxruntime", "PySide6")
    found = subprocess.run(
        [str(python), "-c", probe % (heavy,)], capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "[]"


def test_help_games_and_play_work(bare: Path, tmp_path: Path) -> None:
    assert run(bare, "--help", cwd=tmp_path).returncode == 0
    games = run(bare, "games", cwd=tmp_path)
    assert games.returncode == 0 and "yahtzee" in games.stdout
    played = subprocess.run(
        [
            str(bare),
            "play",
            "yahtzee",
            "--players",
            "Anna",
            "--journal",
            str(tmp_path / "j.sqlite"),
        ],
        input="roll 6 6 6 6 6\nscore yahtzee\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert played.returncode == 0, played.stderr
    assert "Anna writes 50 in Yahtzee" in played.stdout


def test_the_demo_falls_back_to_the_bundled_actions(bare: Path, tmp_path: Path) -> None:
    demo = run(bare, "demo", cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr
    assert demo.stdout.startswith(
        "OpenCV is not installed: replaying the actions without the camera"
    )
    assert "Winner: Boris with 379" in demo.stdout


@pytest.mark.parametrize(
    ("argv", "extra"),
    [
        (("detect", "cards", "photo.jpg"), "[vision]"),
        (
            ("run", "--game", "yahtzee", "--players", "Anna", "--camera", "0", "--headless"),
            "[vision]",
        ),
        (("replay", "REPLAY", "--gui"), "[demo]"),
    ],
)
def test_a_command_needing_an_extra_names_it_in_one_line(
    bare: Path, tmp_path: Path, argv: tuple[str, ...], extra: str
) -> None:
    (tmp_path / "photo.jpg").write_bytes(b"not really")
    recording = tmp_path / "r.tableref"
    recording.mkdir()
    argv = tuple(str(recording) if arg == "REPLAY" else arg for arg in argv)
    result = run(bare, *argv, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: "), result.stderr
    assert extra in result.stderr
    assert "Traceback" not in result.stderr
