"""``tableref --help`` names every kind each command takes: a user who reads the list of
commands learns that cards, shots and skittles are there without opening each command's help."""

from __future__ import annotations

import re

import pytest

from ui.cli import main

KINDS = {
    "detect": ("dice", "tiles", "cards", "balls", "shots"),
    "eval": ("dice", "dominoes", "cards", "shots"),
    "synth": ("dice", "dominoes", "shots", "cards"),
    "demo": ("Yahtzee", "skittles"),
}


def command_lines(capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """Each command's one-line help as ``tableref --help`` prints it (wrapped lines joined)."""
    assert main(["--help"]) == 0
    listing = capsys.readouterr().out.split("COMMAND", 1)[1]
    lines: dict[str, str] = {}
    command = None
    for line in listing.splitlines():
        started = re.match(r"^    (\w+)\s*(.*)$", line)
        if started:
            command = started.group(1)
            lines[command] = started.group(2)
        elif command is not None and line.strip():
            lines[command] += " " + line.strip()
    return lines


@pytest.mark.parametrize("command", sorted(KINDS))
def test_the_command_list_names_every_kind(command, capsys) -> None:
    line = command_lines(capsys)[command]
    assert [kind for kind in KINDS[command] if kind not in line] == []
