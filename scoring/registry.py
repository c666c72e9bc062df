"""The catalogue of games: one preset file per game in ``scoring/presets/``.

A preset file names the engine (a module's ``ENGINE``, or ``module:Class``), the game's family
(``family: dice``: what the table shows and how it is read) and holds the game's variants as
data, so adding a game means adding an engine module (or reusing one) and a preset file;
nothing here changes.  A file without a family is refused when the catalogue is read, naming
the file.  What a family *is* (its camera, interpreter, views) is the session's business
(:mod:`session.families`, which ``scoring`` may not import); here a family is only a name.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from scoring.engine import Engine
from scoring.yaml_data import load_yaml

PRESETS_DIR = Path(__file__).parent / "presets"


class UnknownGame(LookupError):
    """A game or preset name that the catalogue does not hold; ``ru`` its Russian text."""

    def __init__(self, message: str, *, ru: str | None = None) -> None:
        super().__init__(message)
        self.ru = ru

    def __str__(self) -> str:  # a LookupError's str would quote its message
        return str(self.args[0])


class PresetError(UnknownGame):
    """A preset file the catalogue cannot take (no ``family:``), named in the message.  A
    LookupError like :class:`UnknownGame`, so the command line reports it as one line."""


@dataclass(frozen=True)
class Game:
    """A game as its preset file describes it."""

    id: str
    engine: str
    title_en: str
    title_ru: str
    spec: str
    default: str
    presets: Mapping[str, Mapping[str, Any]]
    descriptions: Mapping[str, str]
    #: The family the preset file names (``family:``), looked up in :mod:`session.families`.
    family: str = ""
    #: The preset file, so an error about the game can name it.
    path: Path | None = None

    def options(self, preset: str | None = None) -> dict[str, Any]:
        name = preset or self.default
        if name not in self.presets:
            presets = ", ".join(self.presets)
            raise UnknownGame(
                f"preset {name!r} is not a preset of {self.id} (presets: {presets})",
                ru=f"у игры {self.id} нет набора правил {name!r} (наборы: {presets})",
            )
        return dict(self.presets[name])

    def engine_class(self) -> type:
        """``engine: package.module`` names the module's ``ENGINE``; ``package.module:Class``
        names a class, so one module can hold the engines of a few small games."""
        module, _, name = self.engine.partition(":")
        return getattr(importlib.import_module(module), name or "ENGINE")

    def create(
        self, preset: str | None = None, overrides: Mapping[str, Any] | None = None
    ) -> Engine:
        """An engine for one preset, with a scenario's or a user's option overrides on top."""
        name = preset or self.default
        options = {**self.options(name), **(overrides or {})}
        return self.engine_class()(self.id, name, options)


def _read(path: Path) -> Game:
    raw = load_yaml(path.read_text(encoding="utf-8"))
    presets = raw["presets"]
    title = raw.get("title", {})
    family = raw.get("family")
    if not isinstance(family, str) or not family.isidentifier():
        raise PresetError(
            f"{path}: a preset file names its game's family, e.g. 'family: dice' (got {family!r})"
        )
    return Game(
        id=raw["game"],
        engine=raw["engine"],
        title_en=title.get("en", raw["game"]),
        title_ru=title.get("ru", raw["game"]),
        spec=raw.get("spec", ""),
        default=raw.get("default", next(iter(presets))),
        presets={name: body.get("options", {}) for name, body in presets.items()},
        descriptions={name: body.get("description", "") for name, body in presets.items()},
        family=family,
        path=path,
    )


@cache
def catalogue() -> dict[str, Game]:
    """Every game, by id, read once from the preset files."""
    games = [_read(path) for path in sorted(PRESETS_DIR.glob("*.yaml"))]
    return {game.id: game for game in games}


def game(game_id: str) -> Game:
    games = catalogue()
    if game_id not in games:
        names = ", ".join(sorted(games))
        raise UnknownGame(
            f"unknown game {game_id!r} (games: {names})",
            ru=f"неизвестная игра {game_id!r} (игры: {names})",
        )
    return games[game_id]


def create_engine(
    game_id: str, preset: str | None = None, overrides: Mapping[str, Any] | None = None
) -> Engine:
    return game(game_id).create(preset, overrides)
