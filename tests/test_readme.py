"""The README's examples do what it says: each ``tableref play`` line of its "More games" block,
with the actions written in its comment, is played through the real command line with no
refused action (a README a new user follows and gets ``error:`` from is a defect)."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from ui.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def play_examples() -> list[tuple[list[str], list[str]]]:
    """Each ``tableref play`` line of the README (not the ones with ``...``) and the actions of
    its comment and of the comment-only lines under it, split at ``|``."""
    examples: list[tuple[list[str], list[str]]] = []
    current: tuple[list[str], list[str]] | None = None
    for line in README.read_text(encoding="utf-8").splitlines():
        command, _, comment = line.partition("#")
        steps = [step.strip() for step in comment.split("|") if step.strip()]
        if command.startswith("tableref play "):
            current = None if "..." in line else (shlex.split(command)[1:], steps)
            if current is not None:
                examples.append(current)
        elif current is not None and line.startswith(" ") and not command.strip():
            current[1].extend(steps)
        else:
            current = None
    return [example for example in examples if example[1]]


EXAMPLES = play_examples()


def test_the_readme_has_play_examples() -> None:
    games = {arguments[1] for arguments, _ in EXAMPLES}
    assert {"durak", "deberts", "kozel"} <= games


@pytest.mark.parametrize(
    ("arguments", "steps"), EXAMPLES, ids=[example[0][1] for example in EXAMPLES]
)
def test_readme_play_example_is_accepted(arguments, steps, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(steps) + "\n"))
    code = main([*arguments, "--journal", str(tmp_path / "readme.sqlite")])
    out, err = capsys.readouterr()
    refused = [line for line in (out + err).splitlines() if re.match(r"\s*error:", line)]
    assert code == 0
    assert refused == []
