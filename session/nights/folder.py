"""A night's folder: ``night.json`` (the group, a title, when it began) beside one journal per
game, named in playing order (``01-yahtzee.sqlite``, ``02-farkle.sqlite``...).

The folder holds no scores of its own: the standings are read from the journals every time, so
an undo or a correction in a game is in the night's standings at once, and a night copied to
another machine is whole.  A game may seat any of the group in any order (the first player
changes from game to game), never someone from outside it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from session.journal import Journal

META = "night.json"
#: A game's journal in the folder: its place in the night and the game's id.
GAME_FILE = re.compile(r"^(\d{2,})-([a-z0-9_]+)\.sqlite$")
MAX_TITLE = 120


class NightError(Exception):
    """The folder is not a night, or a game cannot join it: names the folder and the problem."""


@dataclass(frozen=True)
class Night:
    """One night's folder and its group."""

    folder: Path
    players: tuple[str, ...]
    title: str
    created: str

    # -----------------------------------------------------------------------------------------
    # Starting and opening.

    @classmethod
    def start(cls, folder: Path | str, players: Sequence[str], title: str = "") -> Night:
        """A new night in a new (or empty) folder; an existing night is never overwritten."""
        folder = Path(folder)
        if len(players) < 1 or len(set(players)) != len(players):
            raise NightError(f"{folder}: a night needs one or more players, each named once")
        if len(title) > MAX_TITLE or "\n" in title:
            raise NightError(f"{folder}: the title is one line of at most {MAX_TITLE} characters")
        if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
            raise NightError(f"{folder}: exists and is not an empty folder")
        folder.mkdir(parents=True, exist_ok=True)
        created = datetime.now(UTC).isoformat(timespec="seconds")
        night = cls(folder, tuple(players), title or f"Night of {created[:10]}", created)
        meta = {"players": list(players), "title": night.title, "created": created}
        partial = folder / (META + ".partial")
        partial.write_text(json.dumps(meta, ensure_ascii=False, indent=2) + "\n", "utf-8")
        os.replace(partial, folder / META)
        return night

    @classmethod
    def open(cls, folder: Path | str) -> Night:
        folder = Path(folder)
        path = folder / META
        if not path.is_file():
            raise NightError(
                f"{folder}: not a night (no {META}; start one with tableref night start)"
            )
        try:
            meta = json.loads(path.read_text("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise NightError(f"{path}: not readable JSON ({error})") from None
        return cls(folder, *_checked(path, meta))

    @staticmethod
    def holding(journal: Path | str) -> Night | None:
        """The night a journal file belongs to, or None for a session of its own."""
        path = Path(journal)
        if not GAME_FILE.match(path.name) or not (path.parent / META).is_file():
            return None
        try:
            return Night.open(path.parent)
        except NightError:
            return None

    # -----------------------------------------------------------------------------------------
    # Its games.

    def games(self) -> list[Path]:
        """The games' journals in playing order."""
        found = [
            (int(match.group(1)), path)
            for path in self.folder.iterdir()
            if (match := GAME_FILE.match(path.name)) and path.is_file()
        ]
        return [path for _, path in sorted(found)]

    def next_game(
        self,
        game: str,
        players: Sequence[str] | None = None,
        preset: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Journal:
        """The journal of the night's next game, created in the folder.  The game before it
        must be over: a night is played one game at a time, and a game left open would be
        lost from the standings."""
        seats = list(players or self.players)
        strangers = [player for player in seats if player not in self.players]
        if strangers:
            raise NightError(
                f"{self.folder}: {', '.join(strangers)} not in the night's group "
                f"({', '.join(self.players)})"
            )
        games = self.games()
        if games:
            last = games[-1]
            with Journal.open(last, readonly=True) as journal:
                if not journal.view()["over"]:
                    raise NightError(
                        f"{last}: this game is not over; finish it first "
                        f"(tableref play --resume {last})"
                    )
        number = len(games) + 1
        return Journal.create(
            self.folder / f"{number:02d}-{game}.sqlite", game, seats, preset, options
        )


def _checked(path: Path, meta: Any) -> tuple[tuple[str, ...], str, str]:
    """The players, title and start time of a ``night.json``, each checked."""
    if not isinstance(meta, dict):
        raise NightError(f"{path}: expected a JSON object")
    players = meta.get("players")
    if (
        not isinstance(players, list)
        or not players
        or not all(isinstance(p, str) and p for p in players)
        or len(set(players)) != len(players)
    ):
        raise NightError(f"{path}: 'players' must be a list of different names")
    title, created = meta.get("title", ""), meta.get("created", "")
    if not isinstance(title, str) or not isinstance(created, str):
        raise NightError(f"{path}: 'title' and 'created' must be text")
    return tuple(players), title, created
